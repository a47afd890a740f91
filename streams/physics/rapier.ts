/**
 * Loads the Rapier WASM module once per process. Everything Rapier-related imports from here.
 * The module is imported dynamically so the browser bundle keeps the ~2 MB of inlined WASM in
 * its own chunk; `RAPIER` is a live binding that is set once `initPhysics()` resolves.
 */
import type RapierModule from '@dimforge/rapier2d-compat';

export type Rapier = typeof RapierModule;

// A live binding (importers see the module once initPhysics has set it, exactly once below).
export let RAPIER: Rapier = undefined as unknown as Rapier;

let ready: Promise<void> | undefined;

export function initPhysics(): Promise<void> {
  ready ??= import('@dimforge/rapier2d-compat').then(async (mod) => {
    const rapier = (mod as { default?: Rapier }).default ?? (mod as unknown as Rapier);
    await rapier.init();
    RAPIER = rapier;
  });
  return ready;
}

export function physicsReady(): boolean {
  return RAPIER !== undefined;
}
