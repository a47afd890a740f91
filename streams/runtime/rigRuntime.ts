/**
 * One stickman in PLAY: its locomotion state, its rig actor (which coordinates TerrainMotion, the
 * ActionRunner and the PropInteractor), its ten kinematic collision proxies, and the state its
 * step systems share. What it does in a step is the list of named systems in ./rig/systems, run
 * by the step's phases; what the machines decided is read through `connectRig`; what the stage
 * asks of it (commands, reactions, the grab, leaving the stage) goes to the rig machine through
 * ./rig/requests. This class holds the state, the pose caches and the kinematic proxies.
 */
import type { ReactiveMode } from '../../core/actions/lane';
import { beginTerrainFall, createLocomotion, type LocomotionEnv, type LocomotionState, type ProbeDebug, type TerrainPhase } from '../../core/locomotion';
import type { MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { proxyTransforms, writeProxyPoses, type ProxyTransforms } from '../../core/rig/proxies';
import { PART_NAMES, copyPoseInto, solvePose, solvePoseInto, type PartName, type RigLocalPose, type SolvePoseOptions } from '../../core/rig/skeleton';
import { toWorld, type WorldPose } from '../../core/rig/worldPose';
import type { ActionPayload, StickmanObject } from '../../core/scene/schema';
import type { TerrainIndex } from '../../core/terrain/terrainIndex';
import { createProxyFlinch, ImpactReactions, type ProxyFlinch } from '../../core/rig/reactions';
import { RigConnector, type RigConnection } from '../../machines/connectRig';
import type { RigActor, RigEvent } from '../../machines/rigMachine';
import { proxyQueryShapes } from '../physics/colliderDescs';
import { createHeavyPropCheck, createRigSweep } from '../physics/sweep';
import { createFootClearance } from '../physics/footClearance';
import type { PhysicsWorld } from '../physics/world';
import type { ChainId } from './eventChains';
import { addFlinch } from './rig/flinch';
import { listenToInteractor } from './rig/interactorEffects';
import { listenToRig } from './rig/rigEffects';
import { ReactiveWork } from './rig/reactiveWork';
import { enqueueReactive } from './rig/requests';
import { loadRigState, saveRigState, type RigRuntimeState } from './rig/rigKeyframe';
import type { RigStepOutput } from './rig/rigOutput';
import { RigBody } from './rig/rigBody';
import { RigHands, type PropAccess } from './rig/rigHands';
import { listenToRunner } from './rig/runnerEffects';
import { RIG_AFTER_PHYSICS, RIG_STEP, runRigSystems } from './rig/systems';

/** A stage without props to pick up (tests that build a rig on its own). */
const NO_PROPS: PropAccess = { grips: () => null, pose: () => null, claimant: () => null, claim: () => {}, unclaim: () => {}, gravity: () => [0, 980] };

export class RigRuntime {
  readonly id: string;
  readonly motion: LocomotionState;
  readonly env: LocomotionEnv;
  debug: ProbeDebug | undefined;
  /** This step's solved rig-local pose; the world pose and proxy transforms derive from it on demand. */
  private pose: RigLocalPose;
  /** The pose the step's own solve writes into, step after step (`solveFrom`). */
  private readonly solved: RigLocalPose;
  private cachedWorld: WorldPose | null = null;
  private cachedProxies: ProxyTransforms | null = null;
  /** This step's markers with the hands where the solved arms put them, when an arm pose or a flinch moved them. */
  handMarkers: MarkerPose | null = null;
  /** What `handMarkers` is written into step after step (nothing keeps it: a frame copies the numbers). */
  readonly handMarkersBuffer: MarkerPose = { Left_Hand: [0, 0], Right_Hand: [0, 0], Left_Leg: [0, 0], Right_Leg: [0, 0], Torso: [0, 0] };
  /** Reactions waiting for the next step and the dispatch chain of each reactive item. */
  work = new ReactiveWork();
  private readonly connector: RigConnector;
  /** Its hands on props: the interactor's decisions made physical. */
  readonly hands: RigHands;
  /** Ragdoll and stand-up: the body's physical life outside ANIMATED. */
  readonly body: RigBody;
  /** Active flinches (seed 4.5 reaction contract); only ever non-empty in ANIMATED. */
  readonly reactions = new ImpactReactions();
  /** The flinch the collision proxies carry, following the drawn one at a limited rate (core/rig/reactions `followFlinch`). */
  readonly proxyFlinch: ProxyFlinch = createProxyFlinch();
  /**
   * This step's pose for the collision proxies when it is not the drawn one (a flinch under way:
   * ./rig/flinch), else null. It lives in `collisionBuffer`.
   */
  collisionPose: RigLocalPose | null = null;
  /** The pose `collisionPose` is written into, step after step. */
  private readonly collisionBuffer: RigLocalPose;
  private readonly proxyPoses = new Float64Array(PART_NAMES.length * 3);
  private readonly subscriptions: Array<{ unsubscribe(): void }> = [];

  constructor(
    readonly object: StickmanObject,
    basePose: MarkerPose,
    terrain: TerrainIndex,
    readonly rigActor: RigActor,
    readonly physics: PhysicsWorld,
    order: number,
    /** Where this rig reports stage events, action records and warnings (drained by the runtime). */
    readonly sink: RigStepOutput,
    props: PropAccess = NO_PROPS,
  ) {
    this.id = object.id;
    this.motion = createLocomotion(object.position, object.facing, basePose);
    this.env = { terrain, basePose, proportions: DEFAULT_PROPORTIONS, sweep: createRigSweep(physics, object.id), footClearance: createFootClearance(physics), tooHeavyAhead: createHeavyPropCheck(physics, object.id), walkSpeed: object.walk_speed };
    this.solved = solvePose(this.motion.markers, DEFAULT_PROPORTIONS);
    this.pose = this.solved;
    this.collisionBuffer = solvePose(this.motion.markers, DEFAULT_PROPORTIONS);
    this.body = new RigBody(this.id, physics, terrain, DEFAULT_PROPORTIONS, order);
    this.connector = new RigConnector(rigActor);
    this.hands = new RigHands(this.id, props, DEFAULT_PROPORTIONS);
    physics.addKinematicParts(this.id, proxyQueryShapes(), order);
    this.writeKinematicTargets(true);
    listenToRunner(this, this.subscriptions);
    listenToRig(this, this.subscriptions);
    listenToInteractor(this, this.subscriptions);
  }

  /** What the rig's machines decided, read through the one connect function. */
  get connection(): RigConnection {
    return this.connector.connection;
  }

  get terrainPhase(): TerrainPhase {
    return this.connection.terrain;
  }

  /** It fell off the stage (the rig machine's final LEFT_STAGE): no more steps, no proxies, no queue. */
  get hasLeftStage(): boolean {
    return this.connection.leftStage;
  }

  /** This step's solved rig-local pose (read-only: systems replace it with `setPose`). */
  get localPose(): RigLocalPose {
    return this.pose;
  }

  /** A system solved the pose anew: what derives from it is stale. */
  setPose(pose: RigLocalPose): void {
    this.pose = pose;
    this.forgetPose();
  }

  /**
   * This step's pose solved from `markers` into the rig's own buffer (no garbage a step). Nobody
   * keeps a rig's pose past the step: the frame, the world pose and a turn's start copy it.
   */
  solveFrom(markers: MarkerPose, options: SolvePoseOptions): void {
    this.setPose(solvePoseInto(markers, DEFAULT_PROPORTIONS, options, this.solved));
  }

  /**
   * This step's solved pose copied into the collision buffer, as the pose the proxies get (a
   * flinch then turns it its own way: ./rig/flinch).
   */
  collisionPoseFromSolve(): RigLocalPose {
    copyPoseInto(this.pose, this.collisionBuffer);
    this.collisionPose = this.collisionBuffer;
    this.cachedProxies = null;
    return this.collisionBuffer;
  }

  /** The world pose and proxies are derived again when next asked for (the root or the bodies moved). */
  forgetPose(): void {
    this.cachedWorld = null;
    this.cachedProxies = null;
  }

  setDebug(enabled: boolean): void {
    this.debug = enabled ? { rays: [], points: [] } : undefined;
    this.env.debug = this.debug;
  }

  /** PLAY start: a terrain fall, then the queue (seed: begin_terrain_fall() then start_queue()). */
  start(): void {
    beginTerrainFall(this.motion);
    this.send({ type: 'rig.beginTerrainFall' });
    this.send({ type: 'queue.start' });
  }

  /** A reactive action, in `mode` (./rig/requests): its item id, or why it was refused. */
  enqueueReactive(mode: ReactiveMode, action: ActionPayload, origin: string, chain: ChainId = 0, now = false): { id: string } | { skipped: string } {
    return enqueueReactive(this, mode, action, origin, chain, now);
  }

  /** DESIGN.md §6 step 2: what a stickman does before the physics step (./rig/systems `RIG_STEP`). */
  step(): void {
    if (this.hasLeftStage) return;
    if (this.debug) {
      this.debug.rays.length = 0;
      this.debug.points.length = 0;
    }
    runRigSystems(this, RIG_STEP);
    this.forgetPose();
  }

  /** DESIGN.md §6 step 6: what a stickman does after the physics step (`RIG_AFTER_PHYSICS`). */
  postPhysics(): void {
    runRigSystems(this, RIG_AFTER_PHYSICS);
  }

  /** A prop touched one of this stickman's parts (seed 4.5): flinch away from it (./rig/flinch). */
  addReaction(part: PartName, direction: readonly [number, number], speed: number): number {
    return addFlinch(this, part, direction, speed);
  }

  /** Where the ten proxies must be after the physics step (DESIGN.md §6, end of step 2). */
  writeKinematicTargets(teleport = false): void {
    if (this.body.isRagdoll || this.hasLeftStage) return;
    writeProxyPoses(this.collisionPose ?? this.pose, this.motion.root, this.motion.facing, DEFAULT_PROPORTIONS, this.proxyPoses);
    this.physics.setPartPoses(this.id, this.proxyPoses, teleport);
    // The motion a ragdoll would start with: the proxies' own movement over the last steps.
    this.body.momentum.record(this.proxyPoses);
  }

  /** The ten parts on the stage this step (computed when asked: debug overlay, tests). */
  get worldPose(): WorldPose {
    this.cachedWorld ??= this.body.ragdollPose ?? toWorld(this.pose, this.motion.root, this.motion.facing);
    return this.cachedWorld;
  }

  /** The marker pose a standing rig's frame shows: the live one, with the hands where they are (a ragdoll's view packs its own). */
  get displayMarkers(): MarkerPose {
    return this.handMarkers && this.connection.state === 'ANIMATED' ? this.handMarkers : this.motion.markers;
  }

  /** The ten proxies' shapes and kinematic targets this step (computed when asked). */
  get proxies(): ProxyTransforms {
    const collision = this.collisionPose;
    this.cachedProxies ??= proxyTransforms(collision && !this.body.isRagdoll ? toWorld(collision, this.motion.root, this.motion.facing) : this.worldPose, DEFAULT_PROPORTIONS);
    return this.cachedProxies;
  }

  /** The proxies' centres and rotations this step (x, y, rotation per part; read-only to others). */
  get proxyPoseBuffer(): Float64Array {
    return this.proxyPoses;
  }

  /** The proxies take part in physics now (not a ragdoll, not gone). */
  get proxiesLive(): boolean {
    return !this.body.isRagdoll && !this.hasLeftStage;
  }

  /** Keyframes (issue 14): this rig's state between two steps (./rig/rigKeyframe). */
  saveState(): RigRuntimeState {
    return saveRigState(this);
  }

  /** Becomes the rig `state` was saved from (a fresh copy: it is used, not copied). */
  loadState(state: RigRuntimeState): void {
    loadRigState(this, state);
    this.forgetPose();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions.length = 0;
  }

  /** Every machine event for this stickman goes to its rig actor (through its connector, which then reads it anew). */
  send(event: RigEvent): void {
    this.connector.send(event);
  }

}
