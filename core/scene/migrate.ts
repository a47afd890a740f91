/**
 * Version 1.0 → 1.1: 1.0 files have no `id`/`stage_object_id` and write every reference
 * (queue keys, rule source/target/actor) as a `file_id` integer. The new id is the file_id as a string;
 * `any` stays `any`. Queue keys are JSON object keys, so they already read as the file_id's string.
 *
 * 1.0 writers did not always give queue items and rules an id of their own; a missing one is
 * filled in here (`a<n>` / `r<n>`, skipping ids already used) so a 1.0 file never fails on it.
 */
import { modelOfKind } from '../../objects/core/models';
import type { SceneIssue } from './errors';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function refToId(ref: unknown): unknown {
  if (typeof ref === 'number' && Number.isInteger(ref)) return String(ref);
  return ref; // 'any' stays 'any'; anything else is left for the schema to reject with its path
}

/** Hands out `<prefix><n>` ids not present in `used` (and records them). */
function idFiller(used: Set<unknown>, prefix: string): () => string {
  let n = 0;
  return () => {
    let id: string;
    do id = `${prefix}${++n}`; while (used.has(id));
    used.add(id);
    return id;
  };
}

export function migrate10to11(raw: Json, issues: SceneIssue[]): Json {
  const objects = Array.isArray(raw.objects)
    ? raw.objects.map((o, i) => {
        if (!isObject(o)) return o;
        if (Object.hasOwn(o, 'id')) issues.push({ path: `$.objects[${i}].id`, message: 'version 1.0 objects must not carry an id (ids are derived from file_id)' });
        if (typeof o.file_id !== 'number' || !Number.isInteger(o.file_id)) {
          issues.push({ path: `$.objects[${i}].file_id`, message: 'version 1.0 objects need an integer file_id (their id is derived from it)' });
        }
        const id = typeof o.file_id === 'number' ? String(o.file_id) : undefined;
        const out: Json = { ...o, id };
        // 1.1 added the keys that mirror the id (a prop's stage_object_id).
        for (const key of modelOfKind(typeof o.kind === 'string' ? o.kind : undefined)?.idMirrors ?? []) out[key] = id;
        return out;
      })
    : raw.objects;

  let queues = raw.queues;
  if (isObject(raw.queues)) {
    const lists = Object.values(raw.queues).filter(Array.isArray) as unknown[][];
    const used = new Set<unknown>(lists.flat().filter(isObject).map((item) => item.id));
    const nextActionId = idFiller(used, 'a');
    // fromEntries defines own keys: `out[key] = …` would turn a `__proto__` key into a prototype.
    queues = Object.fromEntries(
      Object.entries(raw.queues).map(([key, items]) => [
        key,
        Array.isArray(items) ? items.map((item) => (isObject(item) && !Object.hasOwn(item, 'id') ? { id: nextActionId(), ...item } : item)) : items,
      ]),
    );
  }

  let rules = raw.rules;
  if (Array.isArray(raw.rules)) {
    const nextRuleId = idFiller(new Set(raw.rules.filter(isObject).map((r) => r.id)), 'r');
    rules = raw.rules.map((r) => {
      if (!isObject(r)) return r;
      const when = isObject(r.when) ? { ...r.when, source: refToId(r.when.source), target: refToId(r.when.target) } : r.when;
      const then = Array.isArray(r.then) ? r.then.map((t) => (isObject(t) ? { ...t, actor: refToId(t.actor) } : t)) : r.then;
      return Object.hasOwn(r, 'id') ? { ...r, when, then } : { id: nextRuleId(), ...r, when, then };
    });
  }

  const out: Json = { ...raw, version: '1.1', objects };
  if (raw.queues !== undefined) out.queues = queues;
  if (raw.rules !== undefined) out.rules = rules;
  return out;
}
