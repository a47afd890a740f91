/**
 * Rapier's raw objects reach JS through wasm-bindgen, which wraps each in a JS object registered
 * with a FinalizationRegistry (so the wasm memory is freed should JS forget to) and unregisters it
 * on `free()`. A contact measurement reads a pair and one of its manifolds and frees both at once,
 * two per measured contact, ~150 a step in a crowd among props: the registration was most of the
 * read (~0.75 µs a wrapper, ~110 µs of a 100-walker step). For those two kinds only, wrappers are
 * made without it; every one is freed in a `finally` where it is read (./measuredContact), as
 * Rapier's own `NarrowPhase.contactPair` frees the ones it makes.
 *
 * The wrapping is wasm-bindgen's own `static __wrap(ptr)` of the class, replaced on the class the
 * first wrapper names (its `constructor`). Should a Rapier build wrap differently (no `__wrap`, no
 * numeric `__wbg_ptr`), nothing is replaced and the registry is used as before.
 */

interface WasmBindgenClass {
  __wrap(ptr: number): object;
  prototype: object;
}

/** Classes already looked at, whether or not their wrapping could be replaced. */
const seen = new WeakSet<object>();
/** Classes that now wrap without the registry. */
const replaced = new WeakSet<object>();

/**
 * From now on `sample`'s class wraps without registering for finalization. Cheap to call on
 * every wrapper read: a class is looked at once.
 */
export function wrapWithoutFinalizer(sample: object): void {
  const cls = (sample as { constructor?: unknown }).constructor as WasmBindgenClass | undefined;
  if (!cls || seen.has(cls)) return;
  seen.add(cls);
  if (typeof cls.__wrap !== 'function' || typeof (sample as { __wbg_ptr?: unknown }).__wbg_ptr !== 'number') return;
  const proto = cls.prototype;
  cls.__wrap = (ptr: number): object => {
    const wrapper = Object.create(proto) as { __wbg_ptr: number };
    wrapper.__wbg_ptr = ptr;
    return wrapper;
  };
  replaced.add(cls);
}

/** Whether `sample`'s class now wraps without the registry (tests). */
export function wrapsWithoutFinalizer(sample: object): boolean {
  const cls = (sample as { constructor?: unknown }).constructor;
  return typeof cls === 'function' && replaced.has(cls);
}
