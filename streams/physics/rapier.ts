/** Loads the Rapier WASM module once per process. Everything Rapier-related imports from here. */
import RAPIER from '@dimforge/rapier2d-compat';

let ready: Promise<void> | undefined;

export function initPhysics(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

export { RAPIER };
