/**
 * Parsing what a person types into a number field. Non-finite or malformed input is refused
 * with a reason, so NaN never reaches the document (DESIGN.md §10).
 */
export interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  /** Empty input means "use the default" (returns value undefined) instead of an error. */
  optional?: boolean;
}

export type ParsedNumber = { ok: true; value: number | undefined } | { ok: false; reason: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function parseNumberInput(text: string, rule: NumberRule = {}): ParsedNumber {
  const t = text.trim().replace(/^−/, '-');
  if (t === '') return rule.optional ? { ok: true, value: undefined } : { ok: false, reason: 'a number is required' };
  if (!NUMBER.test(t)) return { ok: false, reason: `"${text.trim().slice(0, 20)}" is not a number` };
  const value = Number(t);
  if (!Number.isFinite(value)) return { ok: false, reason: 'must be a finite number' };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, reason: 'must be a whole number' };
  if (rule.min !== undefined && value < rule.min) return { ok: false, reason: `must be at least ${rule.min}` };
  if (rule.max !== undefined && value > rule.max) return { ok: false, reason: `must be at most ${rule.max}` };
  return { ok: true, value };
}

/** Short display of a number for an input: up to `digits` decimals, no trailing zeros, no "-0". */
export function formatNumber(value: number | undefined, digits = 2): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  const r = Number(value.toFixed(digits)) + 0;
  return String(r);
}

export const DEG = 180 / Math.PI;
