/**
 * One stickman in PLAY: its locomotion state, its rig actor (which coordinates TerrainMotion and
 * the ActionRunner), and its ten kinematic collision proxies. Every machine event for this
 * stickman goes to the rig actor; what the machines decided is read through `connectRig`. It
 * applies what the runner emits (walk, face, speech) and reports stage events, action notes and
 * warnings to the runtime.
 */
import type { ReactiveMode } from '../../core/actions/lane';
import type { StageEvent } from '../../core/events';
import {
  beginTerrainFall, cancelTerrainMotion, createLocomotion, enterAirborne, stepLocomotion,
  type LocomotionEnv, type LocomotionState, type ProbeDebug, type TerrainPhase,
} from '../../core/locomotion';
import type { MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { proxyTransforms, writeProxyPoses, type ProxyTransforms } from '../../core/rig/proxies';
import { PART_NAMES, solvePose, type RigLocalPose } from '../../core/rig/skeleton';
import { toWorld, type WorldPose } from '../../core/rig/worldPose';
import { markersWithSolvedHands } from '../../core/rig/poseMarkers';
import type { ActionPayload, StickmanObject } from '../../core/scene/schema';
import type { TerrainIndex } from '../../core/terrain/terrainIndex';
import { addCollisionReaction, applyImpactReactions, type ImpactReactions } from '../../core/rig/reactions';
import type { PartName } from '../../core/rig/skeleton';
import { RigConnector, type QueueStatus, type RigConnection, type SpeechLine } from '../../machines/connectRig';
import type { RagdollCause, RigActor, RigEmitted, RigEvent } from '../../machines/rigMachine';
import { RigBody } from './rigBody';
import { RigHands, type PropAccess } from './rigHands';
import type { PropInteractorEmitted, ThrowPlan } from '../../machines/propInteractorMachine';
import { effectiveThrowTarget } from '../../core/props/throwTarget';
import { solveThrow } from '../../core/props/throwSolver';
import type { OverhandPath } from '../../core/props/overhand';
import { overhandFor, releaseTransform } from '../../core/props/throwRelease';
import type { PropPose } from '../../core/props/pickup';
import type { Vec2 } from '../../core/rig/vec';
import type { LaneItem } from '../../core/actions/lane';
import { proxyQueryShapes } from '../physics/colliderDescs';
import { createRigSweep } from '../physics/sweep';
import type { PhysicsWorld } from '../physics/world';
import { roundVec } from '../trace/records';
import { tagChain, type ChainId } from './eventChains';
import { dataFields, restoreInto } from '../../core/data/cloneData';

export const STEP_DT = 1 / 60;

/** A stage without props to pick up (tests that build a rig on its own). */
const NO_PROPS: PropAccess = { grips: () => null, pose: () => null, claimant: () => null, claim: () => {}, unclaim: () => {}, gravity: () => [0, 980] };

/** Horizontal offsets (px) inside which a throw does not turn the thrower around (the previews predict it the same way). */
export const THROW_FACING_DEAD_ZONE = 20;
/** The small deterministic spin a thrown prop leaves the hand with (rad/s, mirrored by facing). */
export const THROW_SPIN = 3;
/** Steps a prop just let go of (thrown or dropped) passes through its holder's own body. */
export const THROW_CLEAR_STEPS = 20;

export interface ActionNote {
  rig: string;
  id: string;
  action: string;
  phase: 'started' | 'finished';
  outcome?: 'completed' | 'skipped' | 'cancelled' | 'blocked';
}

export interface RigStepOutput {
  events: StageEvent[];
  actions: ActionNote[];
  warnings: Array<{ message: string; object: string }>;
  /** Stickmen whose contact pairs must be forgotten (ragdoll entry: seed 4.5 purge). */
  purged: string[];
}

/** A rig's state in a keyframe (see `RigRuntime.saveState`). */
export interface RigRuntimeState {
  rig: Record<string, unknown>;
  body: Record<string, unknown>;
  hands: Record<string, unknown>;
  debug: ProbeDebug | null;
}

/** What a rig, its body and its hands were built with (kept by the rebuilt runtime, never saved). */
const RIG_WIRING = ['id', 'object', 'env', 'rigActor', 'physics', 'sink', 'connector', 'hands', 'body', 'subscriptions', 'debug', 'cachedWorld', 'cachedProxies'];
const BODY_WIRING = ['id', 'physics', 'terrain', 'proportions', 'order', 'cachedPose'];
const HANDS_WIRING = ['rigId', 'props', 'proportions'];

interface PendingReaction {
  mode: ReactiveMode;
  id: string;
  action: ActionPayload;
}

export class RigRuntime {
  readonly id: string;
  readonly motion: LocomotionState;
  private readonly env: LocomotionEnv;
  private reactiveCount = 0;
  debug: ProbeDebug | undefined;
  /** This step's solved rig-local pose; the world pose and proxy transforms derive from it on demand. */
  private localPose: RigLocalPose;
  private cachedWorld: WorldPose | null = null;
  private cachedProxies: ProxyTransforms | null = null;
  /** This step's markers with the hands where the solved arms put them, when an arm pose or a flinch moved them. */
  private handMarkers: MarkerPose | null = null;
  /** Reactions accepted during a dispatch; they reach the runner at the start of the next step. */
  private pendingReactions: PendingReaction[] = [];
  /** Dispatch chain of every reactive item not finished yet (its events belong to that chain). */
  private readonly chainOfItem = new Map<string, ChainId>();
  /** The walk being run and the chain it belongs to (an `arrived` inherits it). */
  private walkChain: ChainId = 0;
  /** A speech_finished waits for the runner's next `finished` to learn whose chain it is. */
  private untaggedSpeech: StageEvent | null = null;
  /** The stickman fell off the stage: no more steps, no proxies, no queue. */
  private gone = false;
  private readonly connector: RigConnector;
  /** Its hands on props: the interactor's decisions made physical. */
  readonly hands: RigHands;
  /** Ragdoll and stand-up: the body's physical life outside ANIMATED. */
  readonly body: RigBody;
  /** The director holds this stickman: it stays a ragdoll (no rest, no stand-up) until let go. */
  held = false;
  /** Active flinches (seed 4.5 reaction contract); only ever non-empty in ANIMATED. */
  readonly reactions: ImpactReactions = new Map();

  constructor(
    readonly object: StickmanObject,
    basePose: MarkerPose,
    terrain: TerrainIndex,
    private readonly rigActor: RigActor,
    private readonly physics: PhysicsWorld,
    order: number,
    /** Where this rig reports stage events, action records and warnings (drained by the runtime). */
    private readonly sink: RigStepOutput,
    props: PropAccess = NO_PROPS,
  ) {
    this.id = object.id;
    this.motion = createLocomotion(object.position, object.facing, basePose);
    this.env = { terrain, basePose, proportions: DEFAULT_PROPORTIONS, sweep: createRigSweep(physics, object.id), walkSpeed: object.walk_speed };
    this.localPose = solvePose(this.motion.markers, DEFAULT_PROPORTIONS);
    this.body = new RigBody(this.id, physics, terrain, DEFAULT_PROPORTIONS, order);
    this.connector = new RigConnector(rigActor);
    this.hands = new RigHands(this.id, props, DEFAULT_PROPORTIONS);
    physics.addKinematicParts(this.id, proxyQueryShapes(), order);
    this.writeKinematicTargets(true);
    this.listenToRunner();
    this.subscriptions.push(rigActor.on('rig.stateChanged', (e) => this.onStateChanged(e)));
    this.listenToInteractor();
  }

  /** What the rig's machines decided, read through the one connect function. */
  get connection(): RigConnection {
    return this.connector.connection;
  }

  get terrainPhase(): TerrainPhase {
    return this.connection.terrain;
  }

  get hasLeftStage(): boolean {
    return this.gone;
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

  /**
   * A reactive action (a rule's reaction or a direct call), in the given mode. Rule reactions
   * start on the next step (DESIGN.md §6 step 5): they wait here until `deliverReactions`.
   * `now` hands it to the runner at once (commands, applied at the start of a step). Refused,
   * with the reason, when the runner would drop it.
   */
  enqueueReactive(mode: ReactiveMode, action: ActionPayload, origin: string, chain: ChainId = 0, now = false): { id: string } | { skipped: string } {
    if (this.gone) return { skipped: 'the stickman has left the stage' };
    const refusal = this.connection.refusal(mode);
    if (refusal) return { skipped: refusal };
    this.reactiveCount += 1;
    const id = `${origin}#${this.reactiveCount}`;
    if (chain !== 0) this.chainOfItem.set(id, chain);
    const reaction = { mode, id, action };
    if (now) this.deliver(reaction);
    else this.pendingReactions.push(reaction);
    return { id };
  }

  /** Step start: the reactions accepted during the last dispatch reach the runner, in order. */
  deliverReactions(): void {
    if (this.pendingReactions.length === 0) return;
    const batch = this.pendingReactions;
    this.pendingReactions = [];
    for (const r of batch) this.deliver(r);
  }

  /** stop_queue: cancels the running item and drops the rest; no queue_finished (seed 6a §8). */
  stopQueue(): void {
    this.send({ type: 'queue.stop' });
  }

  /** start_queue: the runner runs again (work enqueued from now on). */
  startQueue(): void {
    if (!this.gone) this.send({ type: 'queue.start' });
  }

  /** A direct walk request: refused during the landing barrier (seed 6a §8), else a takeover walk now. */
  walkTo(x: number, y: number): void {
    if (this.connection.queueBlocked) {
      this.sink.warnings.push({ message: 'direct walk_to rejected during landing impact', object: this.id });
      return;
    }
    const r = this.enqueueReactive('takeover', { type: 'walk_to', target_position: [x, y] }, 'direct', 0, true);
    if ('skipped' in r) this.sink.warnings.push({ message: `direct walk_to skipped: ${r.skipped}`, object: this.id });
  }

  speech(): SpeechLine[] {
    return this.connection.speech;
  }

  queueStatus(): QueueStatus {
    return this.connection.queue;
  }

  /**
   * Locomotion, terrain motion, pose solve and the queue runner for one step (DESIGN.md §6 step 2).
   * The proxies' kinematic targets are written by the next phase.
   */
  step(): void {
    if (this.gone) return;
    if (this.debug) {
      this.debug.rays.length = 0;
      this.debug.points.length = 0;
    }
    const state = this.connection.state;
    if (state === 'ANIMATED') this.stepAnimated();
    else {
      // Down: waits count and speech talks (the runner gets its step); walks and turns wait.
      if (this.connection.runnerNeedsStep) this.send({ type: 'step', dt: STEP_DT });
      if (state === 'RECOVERING') this.stepRecovering();
    }
    this.cachedWorld = null;
    this.cachedProxies = null;
  }

  private stepRecovering(): void {
    const s = this.body.stepStandUp(this.env.basePose, STEP_DT);
    if (!s) return;
    this.motion.markers = s.key.markers;
    this.localPose = solvePose(s.key.markers, DEFAULT_PROPORTIONS, { torsoLean: s.key.torsoLean, headLean: s.key.headLean });
    if (s.done) this.send({ type: 'rig.standUpFinished' });
  }

  private stepAnimated(): void {
    const events = stepLocomotion(this.motion, this.terrainPhase, this.env, STEP_DT);
    let walkOutcome: 'rig.arrived' | 'rig.walkBlocked' | null = null;
    for (const e of events) {
      if (e.type === 'supportLost') {
        enterAirborne(this.motion);
        this.send({ type: 'physics.supportLost', walkVelocityX: e.walkVelocityX });
      } else if (e.type === 'landed') {
        this.send({ type: 'physics.landed', fallDistance: e.fallDistance, impactSpeed: e.impactSpeed });
      } else if (e.type === 'landingFinished') {
        this.send({ type: 'physics.landingFinished' });
      } else if (e.type === 'arrived' && this.hands.approaching) {
        // The pickup's own approach: no `arrived`, no walk_to completion (seed 11 §3.1).
        this.hands.approaching = false;
        this.send({ type: 'prop.approachArrived', plan: this.planPickupNow() });
      } else if (e.type === 'blocked' && this.hands.approaching) {
        this.hands.approaching = false;
        this.send({ type: 'prop.approachBlocked' });
      } else if (e.type === 'arrived') {
        this.sink.events.push(tagChain({ type: 'arrived', source: this.id, target: null, position: roundVec(e.position) }, this.walkChain));
        walkOutcome = 'rig.arrived';
      } else if (e.type === 'blocked') {
        this.sink.warnings.push({ message: `walk blocked (${e.reason}) at x=${Math.round(e.position[0])}`, object: this.id });
        walkOutcome = 'rig.walkBlocked';
      }
    }
    // The runner's clock runs before this step's walk outcome is delivered, so an item that ends
    // now is followed by the next one on the next step, after this step's rules had their say
    // (a sequential reaction to `arrived` runs before the rest of the authored queue).
    if (this.connection.runnerNeedsStep) this.send({ type: 'step', dt: STEP_DT });
    if (walkOutcome) this.send({ type: walkOutcome });
    // The runner may have put the rig down this step (a queued ragdoll): then it has no pose to solve.
    if (this.connection.state !== 'ANIMATED') return;
    if (this.connection.interactorNeedsStep) this.send({ type: 'prop.step', dt: STEP_DT });
    // The interactor owns the active hand (and the crouch) over the locomotion pose (seed 11 §2).
    const it = this.connection.interactor;
    const arm = this.hands.pose(it.state, it.grip, it.hand, it.propId, it.elapsed, this.motion.markers, this.motion.root, this.motion.facing);
    const solved = arm ? solvePose(arm.markers, DEFAULT_PROPORTIONS, { torsoLean: arm.torsoLean }) : solvePose(this.motion.markers, DEFAULT_PROPORTIONS, { torsoLean: this.motion.walkLean });
    // Flinches go on last, over the solved pose, so the proxies follow them (seed 4.5).
    this.localPose = this.reactions.size > 0 ? applyImpactReactions(solved, this.reactions, STEP_DT) : solved;
    // Frames show the hands where this pose put them (a reach, a hold, a throw, a flinch).
    this.handMarkers = arm || this.reactions.size > 0 ? markersWithSolvedHands(arm?.markers ?? this.motion.markers, this.localPose) : null;
    this.cachedWorld = null;
    // The held prop follows the solved wrist (seed 11 §3.2: only after the wrist is solved).
    const held = this.hands.heldPose(this.worldPose, this.motion.facing, STEP_DT);
    if (held) this.physics.setHeldPose(this.hands.heldPropId!, held.position, held.rotation);
  }

  /** A pickup's plan from where the rig stands now (start, and again after the approach walk). */
  private planPickupNow(): ReturnType<RigHands['planPickup']> {
    const p = this.pendingPickup;
    if (!p) return { kind: 'skip', reason: 'no pickup in progress' };
    const world = this.worldPose;
    const plan = this.hands.planPickup(p.propId, p.hand, [this.motion.root[0], this.motion.root[1]], this.motion.facing, this.env.basePose.Torso,
      { left: world.left_lower_arm.end, right: world.right_lower_arm.end });
    // It turns to the prop before reaching for it, and the prop holds still for the hand.
    const at = this.hands.props.pose(p.propId)?.position;
    if (plan.kind === 'reach' && at) {
      this.motion.facing = at[0] >= this.motion.root[0] ? 'RIGHT' : 'LEFT';
      if (this.hands.frozen !== p.propId && this.physics.holdProp(p.propId)) this.hands.frozen = p.propId;
    }
    return plan;
  }

  private pendingPickup: { itemId: string; propId: string; hand: 'auto' | 'left' | 'right' } | null = null;

  /** The runner started a prop action: hand it to the interactor with what it needs to decide. */
  private onPropAction(item: LaneItem): void {
    const a = item.action as { type: string; target_prop_id?: string; hand?: 'auto' | 'left' | 'right' };
    if (a.type === 'pick_up_prop') {
      this.pendingPickup = { itemId: item.id, propId: a.target_prop_id ?? '', hand: a.hand ?? 'auto' };
      this.send({ type: 'prop.pickUp', itemId: item.id, propId: a.target_prop_id ?? '', plan: this.planPickupNow() });
    } else if (a.type === 'drop_prop') {
      this.send({ type: 'prop.drop', itemId: item.id });
    } else if (a.type === 'throw_prop') {
      this.send({ type: 'prop.throw', itemId: item.id, plan: this.planThrow(item) });
    }
  }

  /**
   * A throw starts (seed 11 §1.2, §3.3): the effective target (the saved point capped to
   * MAX_THROW_RANGE from the root now; a no-op within 4 px), facing it, the overhand path from the
   * live pose, and the solve from the prop's predicted transform at the release waypoint. No
   * valid arc: skipped, the prop stays held.
   */
  private planThrow(item: LaneItem): ThrowPlan {
    const a = item.action as { type: string; target_position?: [number, number] };
    const propId = this.hands.heldPropId;
    if (!propId || !a.target_position) return { kind: 'skip', reason: 'nothing held' };
    const root: Vec2 = [this.motion.root[0], this.motion.root[1]];
    const target = effectiveThrowTarget(root, a.target_position);
    if (target.kind === 'noop') return { kind: 'skip', reason: 'the target is at the thrower (no-op)' };
    const dx = target.point[0] - root[0];
    if (Math.abs(dx) > THROW_FACING_DEAD_ZONE) this.motion.facing = dx > 0 ? 'RIGHT' : 'LEFT';
    const path = this.overhandFromPose();
    const release = this.releaseTransform(path);
    if (!release) return { kind: 'skip', reason: 'no hand to throw with' };
    const solved = solveThrow(release.position, target.point, this.hands.props.gravity(propId), this.physics.propStepModel());
    if (!solved.ok) return { kind: 'skip', reason: `unreachable: ${solved.message}` };
    this.hands.throwing = { path, target: target.point };
    return { kind: 'throw', releaseT: path.releaseT, duration: path.duration };
  }

  /** The overhand path from the pose the rig has now, for its holding hand (rig-local). */
  private overhandFromPose(): OverhandPath {
    return overhandFor(this.localPose, this.hands.heldHand ?? 'right');
  }

  /** Where the held prop will be at the release waypoint: the grip on the wrist of that pose. */
  private releaseTransform(path: OverhandPath): PropPose | null {
    const hand = this.hands.heldHand;
    const grip = this.hands.heldGrip;
    if (!hand || !grip) return null;
    return releaseTransform(path, this.motion.markers, this.motion.root, this.motion.facing, hand, grip, DEFAULT_PROPORTIONS);
  }

  /**
   * The release boundary: the transform and the solve are recomputed now, the prop placed there,
   * its velocity set (never an impulse) with a small deterministic spin, and one prop_thrown.
   */
  private releaseThrow(propId: string): void {
    const t = this.hands.throwing;
    const release = t ? this.releaseTransform(t.path) : null;
    this.hands.release(STEP_DT);
    this.hands.props.unclaim(propId, this.id);
    if (!t || !release) {
      this.letGo(propId, [0, 0], 0);
      return;
    }
    const solved = solveThrow(release.position, t.target, this.hands.props.gravity(propId), this.physics.propStepModel());
    this.physics.setHeldPose(propId, release.position, release.rotation, true);
    const velocity: Vec2 = solved.ok ? solved.velocity : [0, 0];
    this.letGo(propId, velocity, THROW_SPIN * (this.motion.facing === 'LEFT' ? -1 : 1));
    this.sink.events.push({ type: 'prop_thrown', source: this.id, target: propId, position: roundVec(release.position) });
  }

  /**
   * Every prop this stickman lets go of (a drop, a throw, a ragdoll disarm, a reach abandoned)
   * still overlaps the hand that held it: it passes through its holder's own body for a moment
   * instead of being shoved out by it (the swinging arm, the follow-through).
   */
  private letGo(propId: string, velocity: Vec2, angularVelocity: number): void {
    this.physics.releaseProp(propId, velocity, angularVelocity);
    this.physics.clearOf(propId, this.id, THROW_CLEAR_STEPS);
  }

  private listenToInteractor(): void {
    const it = this.rigActor.getSnapshot().context.propInteractor;
    const on = <T extends PropInteractorEmitted['type']>(type: T, fn: (e: Extract<PropInteractorEmitted, { type: T }>) => void) =>
      this.subscriptions.push(it.on(type, fn as never));
    on('interactor.reserve', (e) => this.hands.props.claim(e.propId, this.id));
    on('interactor.unreserve', (e) => {
      this.hands.props.unclaim(e.propId, this.id);
      this.hands.abandonReach();
      // A prop frozen for a reach that never held goes back to physics where it is.
      if (this.hands.frozen === e.propId) {
        this.letGo(e.propId, [0, 0], 0);
        this.hands.frozen = null;
      }
    });
    on('interactor.approach', (e) => {
      this.hands.approaching = true;
      this.motion.walkTargetX = e.standX;
    });
    on('interactor.stopApproach', () => {
      this.hands.approaching = false;
      this.motion.walkTargetX = null;
    });
    on('interactor.attach', (e) => {
      if (this.hands.attach(e.propId, e.grip, e.hand, (id) => this.physics.holdProp(id), this.worldPose, this.motion.facing)) {
        this.sink.events.push({ type: 'prop_picked_up', source: this.id, target: e.propId });
      }
    });
    on('interactor.release', (e) => {
      if (e.reason === 'throw') {
        this.releaseThrow(e.propId);
        return;
      }
      const r = this.hands.release(STEP_DT);
      this.hands.props.unclaim(e.propId, this.id);
      if (!r) return;
      this.letGo(r.propId, r.velocity, r.angularVelocity);
      if (e.reason === 'manual' || e.reason === 'ragdoll') this.sink.events.push({ type: 'prop_dropped', source: this.id, target: e.propId, reason: e.reason });
    });
    on('interactor.done', (e) => {
      if (this.pendingPickup?.itemId === e.itemId) this.pendingPickup = null;
      if (e.reason && e.outcome === 'skipped') this.sink.warnings.push({ message: `${e.itemId}: skipped (${e.reason})`, object: this.id });
      this.send({ type: 'queue.propDone', itemId: e.itemId, outcome: e.outcome });
    });
  }

  /**
   * A prop touched one of this stickman's parts (a newly touching part, seed 4.5): flinch away
   * from it. `direction` is the push from the prop to the stickman; a no-op unless ANIMATED.
   */
  addReaction(part: PartName, direction: readonly [number, number], speed: number): number {
    if (this.gone || this.connection.state !== 'ANIMATED') return 0;
    return addCollisionReaction(this.reactions, this.localPose, this.motion.facing, part, [direction[0], direction[1]], speed);
  }

  /** Goes ragdoll now (a direct call, a grab); a no-op if already down. */
  setRagdoll(cause: RagdollCause = 'call'): void {
    if (!this.gone) this.send({ type: 'rig.setRagdoll', cause });
  }

  /** The prop it holds or reaches for left the stage: let go of it, quietly. */
  propLost(): void {
    this.send({ type: 'prop.lost' });
  }

  /** Starts standing up now if it is a ragdoll (a direct call). */
  recover(): void {
    if (!this.gone) this.send({ type: 'rig.recover' });
  }

  /**
   * Post-physics (DESIGN.md §6 step 6): a ragdoll's bodies are read back, its root follows the
   * pelvis, and rest is reported once.
   */
  postPhysics(): void {
    if (this.gone || !this.body.isRagdoll) return;
    const atRest = this.body.stepRagdoll(STEP_DT, this.held);
    const root = this.body.ragdollRoot()!;
    this.motion.root[0] = root[0];
    this.motion.root[1] = root[1];
    this.cachedWorld = null;
    this.cachedProxies = null;
    if (atRest) this.send({ type: 'physics.ragdollAtRest' });
  }

  /** The rig machine entered a state: do the physical work it implies (seed 4.5 state order). */
  private onStateChanged(e: RigEmitted): void {
    this.sink.events.push({ type: 'state_changed', source: this.id, target: null, state: e.state, previous: e.previous });
    if (e.state === 'RAGDOLL') {
      // Clear reactions, proxies off, build from the pose it has now (a stand-up is cancelled).
      this.reactions.clear();
      this.body.endStandUp();
      this.motion.walkTargetX = null;
      this.sink.purged.push(this.id);
      // Built from the pose it has now (air pose, landing crouch included); the terrain pose is
      // then dropped without restoring it first (seed 6a §4/§8).
      this.body.becomeRagdoll(this.worldPose, this.motion.facing, STEP_DT);
      cancelTerrainMotion(this.motion, false);
    } else if (e.state === 'RECOVERING') {
      const { root, key } = this.body.startRecovery(this.motion.facing, [this.motion.root[0], this.motion.root[1]]);
      this.motion.root[0] = root[0];
      this.motion.root[1] = root[1];
      this.motion.markers = key.markers;
      this.localPose = solvePose(key.markers, DEFAULT_PROPORTIONS, { torsoLean: key.torsoLean, headLean: key.headLean });
      this.cachedWorld = null;
      this.cachedProxies = null;
      this.writeKinematicTargets(true);
    } else if (e.previous === 'RECOVERING') {
      // Standing again: a fresh locomotion state on the new root, then a terrain fall so it
      // settles on whatever is under it. A walk the runner resumed keeps its target.
      this.body.endStandUp();
      const walkTargetX = this.motion.walkTargetX;
      Object.assign(this.motion, createLocomotion(this.motion.root, this.motion.facing, this.env.basePose));
      this.motion.walkTargetX = walkTargetX;
      this.localPose = solvePose(this.motion.markers, DEFAULT_PROPORTIONS);
      this.cachedWorld = null;
      this.cachedProxies = null;
      beginTerrainFall(this.motion);
      this.send({ type: 'rig.beginTerrainFall' });
    }
  }

  /** Where the ten proxies must be after the physics step (DESIGN.md §6, end of step 2). */
  writeKinematicTargets(teleport = false): void {
    if (this.gone || this.body.isRagdoll) return;
    writeProxyPoses(this.localPose, this.motion.root, this.motion.facing, DEFAULT_PROPORTIONS, this.proxyPoses);
    this.physics.setPartPoses(this.id, this.proxyPoses, teleport);
    // The motion a ragdoll would start with: the proxies' own movement over the last steps.
    this.body.momentum.record(this.proxyPoses);
  }

  /**
   * The stickman fell below the stage: its proxies leave physics, its current action finishes
   * `blocked` and its queue stops. It is never stepped again.
   */
  leaveStage(): void {
    if (this.gone) return;
    this.gone = true;
    this.pendingReactions = [];
    this.motion.walkTargetX = null;
    this.send({ type: 'queue.abandon' });
    // Whatever it held stays on stage and falls on its own.
    this.send({ type: 'prop.lost' });
    this.body.release();
    this.physics.removeParts(this.id);
  }

  /** The ten parts on the stage this step (computed when asked: debug overlay, tests). */
  get worldPose(): WorldPose {
    this.cachedWorld ??= this.body.ragdollPose ?? toWorld(this.localPose, this.motion.root, this.motion.facing);
    return this.cachedWorld;
  }

  /** The marker pose frames show: the ragdoll's as markers, or the live one with the hands where they are. */
  get displayMarkers(): MarkerPose {
    return this.body.ragdollMarkers(this.motion.root, this.motion.facing)
      ?? (this.handMarkers && this.connection.state === 'ANIMATED' ? this.handMarkers : this.motion.markers);
  }

  /** The ten proxies' shapes and kinematic targets this step (computed when asked). */
  get proxies(): ProxyTransforms {
    this.cachedProxies ??= proxyTransforms(this.worldPose, DEFAULT_PROPORTIONS);
    return this.cachedProxies;
  }

  /**
   * Keyframes (issue 14): this rig's state between two steps — its own fields, its body's and its
   * hands' — without the wiring it was built with. Not copied: the keyframe copies it all at once.
   */
  saveState(): RigRuntimeState {
    return {
      rig: dataFields(this, RIG_WIRING),
      body: dataFields(this.body, BODY_WIRING),
      hands: dataFields(this.hands, HANDS_WIRING),
      // The overlay's probes of the last step, so a restored frame shows them as the live one did.
      debug: this.debug ?? null,
    };
  }

  /** Becomes the rig `state` was saved from (a fresh copy: it is used, not copied). */
  loadState(state: RigRuntimeState): void {
    const { motion, ...rest } = state.rig as { motion: LocomotionState } & Record<string, unknown>;
    Object.assign(this.motion, motion);
    restoreInto(this, rest);
    restoreInto(this.body, { ...state.body, cachedPose: null });
    restoreInto(this.hands, state.hands);
    // Only if the overlay is on now (its object is shared with the locomotion env: filled in place).
    if (this.debug && state.debug) restoreInto(this.debug, state.debug);
    this.cachedWorld = null;
    this.cachedProxies = null;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions.length = 0;
  }

  private readonly subscriptions: Array<{ unsubscribe(): void }> = [];

  private send(event: RigEvent): void {
    this.rigActor.send(event);
  }

  private deliver(r: PendingReaction): void {
    this.send({ type: 'queue.enqueue', mode: r.mode, item: { id: r.id, origin: 'reactive', action: r.action } });
  }

  private chainOf(itemId: string): ChainId {
    return this.chainOfItem.get(itemId) ?? 0;
  }

  private listenToRunner(): void {
    const r = this.rigActor.getSnapshot().context.actionRunner;
    const sink = this.sink;
    const id = this.id;
    this.subscriptions.push(
      r.on('runner.started', (e) => {
        sink.actions.push({ rig: id, id: e.item.id, action: e.item.action.type, phase: 'started' });
        sink.events.push(tagChain({ type: 'action_started', source: id, target: null, action_id: e.item.id }, this.chainOf(e.item.id)));
      }),
      r.on('runner.finished', (e) => {
        const chain = this.chainOf(e.item.id);
        if (this.untaggedSpeech) tagChain(this.untaggedSpeech, chain);
        this.untaggedSpeech = null;
        this.chainOfItem.delete(e.item.id);
        sink.actions.push({ rig: id, id: e.item.id, action: e.item.action.type, phase: 'finished', outcome: e.outcome });
        sink.events.push(tagChain({ type: 'action_finished', source: id, target: null, action_id: e.item.id, outcome: e.outcome }, chain));
      }),
      r.on('runner.queueFinished', () => {
        sink.events.push({ type: 'queue_finished', source: id, target: null });
      }),
      r.on('runner.speechFinished', (e) => {
        // The runner reports the item that spoke right after this (its `finished`), which tags it.
        const event: StageEvent = { type: 'speech_finished', source: id, target: null, reason: e.overlay ? 'overlay' : 'queue' };
        this.untaggedSpeech = event;
        sink.events.push(event);
      }),
      r.on('runner.walk', (e) => {
        this.walkChain = this.chainOf(e.item.id);
        if (e.item.action.type === 'walk_to') this.motion.walkTargetX = e.item.action.target_position[0];
      }),
      r.on('runner.stopWalk', () => {
        this.motion.walkTargetX = null;
      }),
      r.on('runner.face', (e) => {
        this.motion.facing = e.direction;
      }),
      r.on('runner.requestRagdoll', () => {
        this.send({ type: 'rig.setRagdoll', cause: 'action' });
      }),
      r.on('runner.requestRecover', () => {
        this.send({ type: 'rig.recover' });
      }),
      r.on('runner.propAction', (e) => this.onPropAction(e.item)),
      r.on('runner.propCancel', () => {
        this.send({ type: 'prop.cancel' });
      }),
    );
  }

  private readonly proxyPoses = new Float64Array(PART_NAMES.length * 3);

  /** The proxies' centres and rotations this step (x, y, rotation per part; read-only to others). */
  get proxyPoseBuffer(): Float64Array {
    return this.proxyPoses;
  }

  /** The proxies take part in physics now (not a ragdoll, not gone). */
  get proxiesLive(): boolean {
    return !this.gone && !this.body.isRagdoll;
  }
}
