/**
 * A bare Rapier world with the same bodies as a stage document and nothing else: no entity maps,
 * no event conversion, no queries, no frames. Stickmen become their ten kinematic proxies, moved
 * only by replayed poses. It is the benchmark's floor (what Rapier alone costs).
 */
import type { SceneDocument } from '../../core/scene/schema';
import { RAPIER, stepRigidWorld } from './rapier';
import { toMeters } from './units';
import { physicsOf } from '../../objects/streams/physics/registry';
import { buildRagdoll } from './ragdollBodies';
import type { RagdollBlueprint } from '../../core/ragdoll/blueprint';

export interface BareWorld {
  /** Kinematic bodies in document order: ten proxies per stickman, in PART_NAMES order. */
  readonly kinematicCount: number;
  /** Adds a ragdoll exactly as the stage builds one (its bodies, joints and collision slot). */
  addRagdoll(blueprint: RagdollBlueprint, slot: number): void;
  /** Takes one stickman's ten proxies out of the simulation (a ragdolled stickman's are off). */
  disableProxies(stickman: number): void;
  /** Takes prop `id` out, as the stage does with a prop that fell off it (DESIGN.md §7 `left_stage`). */
  removeProp(id: string): void;
  /** Dynamic bodies awake now (the props a benchmark's runtime and floor keep moving). */
  awakeCount(): number;
  /** Sets where kinematic body `index` will be after the next step (stage px, radians). */
  moveKinematic(index: number, x: number, y: number, rotation: number, teleport?: boolean): void;
  step(): void;
  free(): void;
}

export function createBareWorld(doc: SceneDocument): BareWorld {
  const world = new RAPIER.World({ x: toMeters(doc.stage.gravity[0]), y: toMeters(doc.stage.gravity[1]) });
  world.timestep = 1 / 60;
  const events = new RAPIER.EventQueue(true);
  const kinematic: InstanceType<typeof RAPIER.RigidBody>[] = [];
  const props = new Map<string, InstanceType<typeof RAPIER.RigidBody>>();
  // Each kind puts in what it is (objects/<kind>/physics.ts).
  for (const o of doc.objects) physicsOf(o).bare(o, { world, doc, kinematic, props });
  return {
    kinematicCount: kinematic.length,
    addRagdoll(blueprint, slot) {
      buildRagdoll(world, blueprint, slot);
    },
    disableProxies(stickman) {
      for (let i = stickman * 10; i < stickman * 10 + 10; i += 1) kinematic[i]?.setEnabled(false);
    },
    removeProp(id) {
      const body = props.get(id);
      if (!body) return;
      props.delete(id);
      world.removeRigidBody(body);
    },
    awakeCount() {
      let n = 0;
      world.bodies.forEach((b) => {
        if (b.isDynamic() && !b.isSleeping()) n += 1;
      });
      return n;
    },
    moveKinematic(index, x, y, rotation, teleport = false) {
      const b = kinematic[index];
      const t = { x: toMeters(x), y: toMeters(y) };
      if (teleport) {
        b.setTranslation(t, true);
        b.setRotation(rotation, true);
      }
      b.setNextKinematicTranslation(t);
      b.setNextKinematicRotation(rotation);
    },
    step() {
      stepRigidWorld(world, events);
      events.drainCollisionEvents(() => {});
    },
    free() {
      events.free();
      world.free();
    },
  };
}
