/**
 * The physics part of an object kind (the `physics.ts` of its folder): what it puts into each of
 * the three worlds the project builds from a document — the stage's (PLAY), the throw preview's
 * (what a throw can hit, at the authored poses) and the benchmark's bare Rapier world. Streams
 * layer, physics: the one place besides streams/physics that builds colliders (it reaches Rapier through streams/physics/rapier).
 */
import type { Rapier } from '../../../streams/physics/rapier';
import type { ResolvedProp } from '../../../core/props/resolve';
import type { AreaObject, PropObject, SceneDocument, StickmanObject } from '../../../core/scene/schema';
import type { PhysicsWorld } from '../../../streams/physics/world';

/** What the stage runtime keeps per object beside the physics world; a kind's stage build registers there. */
export interface StageBuild {
  readonly world: PhysicsWorld;
  readonly doc: SceneDocument;
  /** A stickman's rig: its runtime adds its own kinematic parts. */
  addRig(o: StickmanObject, order: number): void;
  /** A prop's resolved definition (placeholders included: rules name them, they are drawn). */
  addProp(o: PropObject, def: ResolvedProp): void;
  /** An area's occupant set. */
  addArea(o: AreaObject): void;
}

export interface PreviewBuild {
  readonly world: PhysicsWorld;
  readonly doc: SceneDocument;
}

export interface BareBuild {
  readonly world: InstanceType<Rapier['World']>;
  readonly doc: SceneDocument;
  /** Kinematic bodies in document order (ten per stickman, in PART_NAMES order). */
  readonly kinematic: InstanceType<Rapier['RigidBody']>[];
  /** Each prop's body by id, so a benchmark can take out the props the stage's run lost. */
  readonly props: Map<string, InstanceType<Rapier['RigidBody']>>;
}

export interface ObjectPhysics<O> {
  stage(o: O, order: number, build: StageBuild): void;
  preview(o: O, order: number, build: PreviewBuild): void;
  bare(o: O, build: BareBuild): void;
}
