/**
 * Deep copies of the runtime's own data for keyframes (issue 14). A keyframe must be restorable
 * any number of times, so everything it holds is copied on the way in and again on the way out.
 *
 * One copy keeps the shape of what it copies: an object reached twice is copied once (aliasing
 * survives: an event both held back by the dispatcher and waiting for its chain tag stays one
 * object), class instances keep their prototype (a RestTracker is still a RestTracker), and
 * objects in `shared` (the document, the terrain, proportions: immutable services) are not
 * copied at all. Anything that is not data — a function, an actor, a Rapier object, a stream —
 * is refused with the path that led to it, so a class that grows a new wiring field fails its
 * keyframe test loudly instead of restoring a stale reference.
 */

export interface CloneOptions {
  /** Objects kept by identity (immutable services the copy may point at). */
  shared?: ReadonlySet<object>;
  /**
   * Asked first for every object: what it returns stands in the copy for that object (a Rapier
   * body becomes its handle, and back); undefined copies it as usual.
   */
  replace?: (v: object) => unknown;
}

/** Class instances that are wiring, never state (checked by constructor name: no imports). */
const WIRING_NAMES = new Set(['Actor', 'Subject', 'BehaviorSubject', 'Subscription', 'PhysicsWorld', 'World', 'RigidBody', 'Collider', 'ImpulseJoint', 'EventQueue']);

export class UncloneableStateError extends Error {
  constructor(readonly path: string, what: string) {
    super(`keyframe state at ${path} is ${what}, not data`);
    this.name = 'UncloneableStateError';
  }
}

export function cloneData<T>(value: T, options: CloneOptions = {}): T {
  const memo = new Map<object, unknown>();
  const shared = options.shared ?? new Set<object>();

  const copy = (v: unknown, path: string): unknown => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function') throw new UncloneableStateError(path, 'a function');
      if (typeof v === 'symbol') throw new UncloneableStateError(path, 'a symbol');
      return v;
    }
    if (shared.has(v)) return v;
    const replaced = options.replace?.(v);
    if (replaced !== undefined) return replaced;
    const seen = memo.get(v);
    if (seen !== undefined) return seen;
    if (ArrayBuffer.isView(v)) {
      const out = (v as unknown as { slice(): unknown }).slice();
      memo.set(v, out);
      return out;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      memo.set(v, out);
      for (let i = 0; i < v.length; i += 1) out[i] = copy(v[i], `${path}[${i}]`);
      return out;
    }
    if (v instanceof Map) {
      const out = new Map();
      memo.set(v, out);
      for (const [k, x] of v) out.set(copy(k, `${path}<key>`), copy(x, `${path}.get(${String(k)})`));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      memo.set(v, out);
      for (const x of v) out.add(copy(x, `${path}<item>`));
      return out;
    }
    const proto = Object.getPrototypeOf(v) as object | null;
    const name = (proto as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
    if (WIRING_NAMES.has(name) || 'subscribe' in (v as object) || '__wbg_ptr' in (v as object)) throw new UncloneableStateError(path, `wiring (${name || 'an observable'})`);
    const out = Object.create(proto) as Record<string, unknown>;
    memo.set(v, out);
    for (const key of Object.keys(v)) out[key] = copy((v as Record<string, unknown>)[key], `${path}.${key}`);
    return out;
  };

  return copy(value, '$') as T;
}

/**
 * Puts restored data into a live object in place: containers other code already holds (a Map a
 * closure reads, a pose buffer a rig shares) keep their identity and get the restored contents;
 * everything else is assigned. `source` must be a fresh copy (it is used, not copied).
 */
export function restoreInto(into: object, source: object): void {
  const target = into as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const now = target[key];
    const then = (source as Record<string, unknown>)[key];
    if (now instanceof Map && then instanceof Map) {
      now.clear();
      for (const [k, x] of then) now.set(k, x);
    } else if (now instanceof Set && then instanceof Set) {
      now.clear();
      for (const x of then) now.add(x);
    } else if (ArrayBuffer.isView(now) && ArrayBuffer.isView(then) && !(now instanceof DataView) && (now as unknown as ArrayLike<number>).length === (then as unknown as ArrayLike<number>).length) {
      (now as unknown as { set(a: ArrayLike<number>): void }).set(then as unknown as ArrayLike<number>);
    } else if (Array.isArray(now) && Array.isArray(then)) {
      now.length = 0;
      for (const x of then) now.push(x);
    } else target[key] = then;
  }
}

/** An object's own fields except `wiring` (the references it was built with), for a keyframe. */
export function dataFields(obj: object, wiring: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) if (!wiring.includes(key)) out[key] = (obj as Record<string, unknown>)[key];
  return out;
}

/** Every object reachable from `roots` (the immutable services a keyframe points at, not copies). */
export function reachable(roots: readonly unknown[]): Set<object> {
  const out = new Set<object>();
  const stack = [...roots];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || out.has(v)) continue;
    out.add(v);
    if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
    else if (v instanceof Set) for (const x of v) stack.push(x);
    else if (!ArrayBuffer.isView(v)) for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
  return out;
}

/**
 * About how many bytes V8 spends on `value` (a keyframe's data): a number, the characters of a
 * string, a header per object and a slot per field or entry, a typed array's buffer. An estimate
 * for a memory budget, held within 30 % of the measured heap by tests/unit/take/keyframeBudget;
 * objects reached twice are counted once.
 */
export function estimateBytes(value: unknown): number {
  const seen = new Set<object>();
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += 16 + v.length;
    else if (typeof v === 'number') bytes += 12;
    else if (typeof v === 'boolean') bytes += 8;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) bytes += 128 + v.byteLength;
    else if (v instanceof Map) {
      bytes += 96 + 40 * v.size;
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      bytes += 96 + 24 * v.size;
      for (const x of v) stack.push(x);
    } else if (Array.isArray(v)) {
      bytes += 32 + 12 * v.length;
      for (const x of v) stack.push(x);
    } else {
      const keys = Object.keys(v);
      bytes += 32 + 12 * keys.length;
      for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return bytes;
}
