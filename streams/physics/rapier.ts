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

type World = InstanceType<Rapier['World']>;

/**
 * One physics step: `World.step` without the soft-body bookkeeping it runs after every step
 * (`mapNewSoftBodies`, which walks every body and collider handle through JS callbacks to wrap
 * what the engine created on its own — pieces torn off soft bodies). The stage has no soft
 * bodies, and every body, collider and joint it creates or removes goes through the JS sets,
 * which wrap and unwrap them on the spot. Both the stage and the bench's bare floor step this way.
 */
export function stepRigidWorld(world: World, events?: InstanceType<Rapier['EventQueue']>, hooks?: Parameters<World['step']>[1]): void {
  if (world.softBodies.len() > 0) {
    world.step(events, hooks);
    return;
  }
  world.physicsPipeline.step(
    world.gravity, world.integrationParameters, world.islands, world.broadPhase, world.narrowPhase,
    world.bodies, world.colliders, world.softBodies, world.impulseJoints, world.multibodyJoints, world.ccdSolver, events, hooks,
  );
}
