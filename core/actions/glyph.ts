/**
 * A kind's icon as line-drawing data on a 16 × 16 grid (stroked, no fill). Emoji are not drawn
 * on every system (the test Chromium has no emoji font), so icons are drawn from this data by the
 * UI; core only describes them.
 */
export type GlyphPart = { path: string } | { circle: readonly [cx: number, cy: number, r: number] };

export type Glyph = readonly GlyphPart[];

export const path = (d: string): GlyphPart => ({ path: d });
export const circle = (cx: number, cy: number, r: number): GlyphPart => ({ circle: [cx, cy, r] });
