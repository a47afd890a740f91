/** Small text helpers shared by the action kinds' text and phrase functions. */

/** A number as a person reads it: at most two decimals, no trailing zeros. */
export const num = (v: number): string => String(Math.round(v * 100) / 100);

/** "(1500, 1400)". */
export const point = (p: readonly [number, number]): string => `(${num(p[0])}, ${num(p[1])})`;

/** Quoted speech, cut to 40 characters: “Hello”. */
export const quote = (text: string): string => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

/** A definition's label without its trailing ellipsis ("Walk to…" → "Walk to"). */
export const bareLabel = (spec: { label: string }): string => spec.label.replace(/…$/, '');
