/**
 * The action editor's form, driven only by the registry's field specs: the texts typed per field
 * and the rules that turn them into an action payload (or per-field errors). Pure.
 */
import type { ActionField, ActionSpec } from '../../core/actions/registry';
import type { ActionPayload } from '../../core/scene/schema';
import { SCENE_LIMITS } from '../../core/scene/limits';
import { formatNumber, parseNumberInput } from './numbers';

/** Form texts keyed by field name; a point field uses `<name>.x` and `<name>.y`. */
export type FormValues = Record<string, string>;
export type FormErrors = Record<string, string>;

export const pointKeys = (f: ActionField) => [`${f.name}.x`, `${f.name}.y`] as const;
/** A rectangle field's four texts: `<name>.x0`, `.y0`, `.x1`, `.y1`. */
export const rectKeys = (f: ActionField) => [`${f.name}.x0`, `${f.name}.y0`, `${f.name}.x1`, `${f.name}.y1`] as const;

/** The form texts for an action value (or the registry defaults where the value has none). */
export function formFromValues(spec: ActionSpec, values: Record<string, unknown> = {}): FormValues {
  const out: FormValues = {};
  for (const f of spec.fields) {
    const v = values[f.name] ?? f.default;
    switch (f.kind) {
      case 'point': {
        const [kx, ky] = pointKeys(f);
        const p = Array.isArray(v) ? (v as number[]) : undefined;
        out[kx] = p ? formatNumber(p[0], 1) : '';
        out[ky] = p ? formatNumber(p[1], 1) : '';
        break;
      }
      case 'number':
        out[f.name] = typeof v === 'number' ? formatNumber(v, 3) : '';
        break;
      case 'rect': {
        const r = Array.isArray(v) ? (v as number[]) : undefined;
        rectKeys(f).forEach((k, i) => (out[k] = r ? formatNumber(r[i], 1) : ''));
        break;
      }
      case 'facing':
        out[f.name] = v === 'LEFT' ? 'LEFT' : 'RIGHT';
        break;
      default:
        out[f.name] = typeof v === 'string' ? v : '';
    }
  }
  return out;
}

export type FormResult = { ok: true; payload: ActionPayload } | { ok: false; errors: FormErrors };

/** Reads the form: every field checked against its spec (required, finite, min/max, length). */
export function readActionForm(spec: ActionSpec, form: FormValues): FormResult {
  const errors: FormErrors = {};
  const payload: Record<string, unknown> = { type: spec.type };
  const coordRule = { min: -SCENE_LIMITS.maxCoordinate, max: SCENE_LIMITS.maxCoordinate };
  for (const f of spec.fields) {
    switch (f.kind) {
      case 'point': {
        const [kx, ky] = pointKeys(f);
        const tx = form[kx] ?? '';
        const ty = form[ky] ?? '';
        if (f.optional && tx.trim() === '' && ty.trim() === '') break;
        if (tx.trim() === '' && ty.trim() === '') {
          errors[f.name] = 'pick a point on the stage or type x and y';
          break;
        }
        const x = parseNumberInput(tx, coordRule);
        const y = parseNumberInput(ty, coordRule);
        if (!x.ok) errors[kx] = `x: ${x.reason}`;
        if (!y.ok) errors[ky] = `y: ${y.reason}`;
        if (x.ok && y.ok) payload[f.name] = [x.value, y.value];
        break;
      }
      case 'number': {
        const r = parseNumberInput(form[f.name] ?? '', { min: f.min, max: f.max, optional: f.optional });
        if (!r.ok) errors[f.name] = r.reason;
        else if (r.value !== undefined) payload[f.name] = r.value;
        break;
      }
      case 'text': {
        const t = (form[f.name] ?? '').trim();
        if (t === '') {
          if (!f.optional) errors[f.name] = 'must not be empty';
        } else if (t.length > SCENE_LIMITS.maxStringLength) errors[f.name] = `at most ${SCENE_LIMITS.maxStringLength} characters`;
        else payload[f.name] = t;
        break;
      }
      case 'facing':
        payload[f.name] = form[f.name] === 'LEFT' ? 'LEFT' : 'RIGHT';
        break;
      case 'hand': {
        // A choice: the typed value if it is one of the options, else the field's default.
        const v = form[f.name];
        payload[f.name] = f.choices?.some((c) => c.value === v) ? v : f.default;
        break;
      }
      case 'gesture': {
        // Any id: the scene's own gestures are not known here; one that names nothing loads with a warning and is skipped.
        const id = (form[f.name] ?? '').trim();
        if (id === '') errors[f.name] = 'pick a gesture';
        else payload[f.name] = id;
        break;
      }
      case 'prop':
      case 'object': {
        const id = (form[f.name] ?? '').trim();
        if (id === '') {
          if (!f.optional) errors[f.name] = f.kind === 'prop' ? 'pick a prop' : 'pick a stickman or a prop';
        } else payload[f.name] = id;
        break;
      }
      case 'rect': {
        const values = rectKeys(f).map((k) => parseNumberInput(form[k] ?? '', coordRule));
        const bad = values.findIndex((r) => !r.ok);
        if (bad >= 0) {
          const r = values[bad];
          errors[f.name] = `${['x0', 'y0', 'x1', 'y1'][bad]}: ${r.ok ? '' : r.reason}`;
          break;
        }
        const [x0, y0, x1, y1] = values.map((r) => (r.ok ? r.value : 0)) as number[];
        if (!(x1 > x0 && y1 > y0)) errors[f.name] = 'x1 must be right of x0 and y1 below y0';
        else payload[f.name] = [x0, y0, x1, y1];
        break;
      }
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, payload: payload as ActionPayload };
}

/** The form key an edit issue path points at (`…seconds` → "seconds", `…target_position[0]` → "target_position.x"). */
export function fieldOfIssuePath(spec: ActionSpec, path: string): string | null {
  for (const f of spec.fields) {
    const m = path.match(new RegExp(`\\.${f.name}(\\[(\\d)\\])?$`));
    if (!m) continue;
    if (f.kind === 'point' && m[2] !== undefined) return pointKeys(f)[Number(m[2])];
    return f.name;
  }
  return null;
}
