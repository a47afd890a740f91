/**
 * One stickman in PLAY: its locomotion state, its rig actor (with the TerrainMotion and
 * ActionRunner children), and its ten kinematic collision proxies. It applies what the runner
 * emits (walk, face, speech) and reports stage events, action notes and warnings to the runtime.
 */
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { ReactiveMode } from '../../core/actions/lane';
import type { StageEvent } from '../../core/events';
import {
  beginTerrainFall, createLocomotion, enterAirborne, stepLocomotion,
  type LocomotionEnv, type LocomotionState, type ProbeDebug, type TerrainPhase,
} from '../../core/locomotion';
import type { MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { proxyTransforms, writeProxyPoses, type ProxyTransforms } from '../../core/rig/proxies';
import { PART_NAMES, solvePose, type RigLocalPose } from '../../core/rig/skeleton';
import { toWorld, type WorldPose } from '../../core/rig/worldPose';
import type { ActionPayload, StickmanObject } from '../../core/scene/schema';
import type { TerrainIndex } from '../../core/terrain/terrainIndex';
import type { actionRunnerMachine } from '../../machines/actionRunnerMachine';
import { proxyQueryShapes } from '../physics/colliderDescs';
import type { PhysicsWorld } from '../physics/world';
import { roundVec } from '../trace/records';

export const STEP_DT = 1 / 60;

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
}

type RunnerRef = ActorRefFrom<typeof actionRunnerMachine>;

export class RigRuntime {
  readonly id: string;
  readonly motion: LocomotionState;
  private readonly env: LocomotionEnv;
  private readonly runner: RunnerRef | undefined;
  private reactiveCount = 0;
  private blocked = false;
  debug: ProbeDebug | undefined;
  /** This step's solved rig-local pose; the world pose and proxy transforms derive from it on demand. */
  private localPose: RigLocalPose;
  private cachedWorld: WorldPose | null = null;
  private cachedProxies: ProxyTransforms | null = null;

  constructor(
    readonly object: StickmanObject,
    basePose: MarkerPose,
    terrain: TerrainIndex,
    private readonly rigActor: AnyActorRef | undefined,
    private readonly physics: PhysicsWorld,
    order: number,
    /** Where this rig reports stage events, action records and warnings (drained by the runtime). */
    private readonly sink: RigStepOutput,
  ) {
    this.id = object.id;
    this.motion = createLocomotion(object.position, object.facing, basePose);
    this.env = { terrain, basePose, proportions: DEFAULT_PROPORTIONS };
    this.localPose = solvePose(this.motion.markers, DEFAULT_PROPORTIONS);
    physics.addKinematicParts(this.id, proxyQueryShapes(), order);
    this.syncProxies(true);
    this.runner = (rigActor?.getSnapshot().context as { actionRunner?: RunnerRef } | undefined)?.actionRunner;
    this.listenToRunner();
  }

  get terrainPhase(): TerrainPhase {
    return (this.terrainMotion()?.getSnapshot().value as TerrainPhase | undefined) ?? 'DISABLED';
  }

  setDebug(enabled: boolean): void {
    this.debug = enabled ? { rays: [], points: [] } : undefined;
    this.env.debug = this.debug;
  }

  /** PLAY start: a terrain fall, then the queue (seed: begin_terrain_fall() then start_queue()). */
  start(): void {
    beginTerrainFall(this.motion);
    this.rigActor?.send({ type: 'rig.beginTerrainFall' });
    this.runner?.send({ type: 'queue.start' });
  }

  /**
   * A reactive action (rule or direct call): handed to the queue runner in the given mode.
   * It starts on the next step, as DESIGN.md §7 says.
   */
  enqueueReactive(mode: ReactiveMode, action: ActionPayload, origin: string): { id: string } | { skipped: string } {
    if (!this.runner) return { skipped: 'no action runner' };
    this.reactiveCount += 1;
    const id = `${origin}#${this.reactiveCount}`;
    this.runner.send({ type: 'queue.enqueue', mode, item: { id, origin: 'reactive', action } });
    return { id };
  }

  /** stop_queue: cancels the running item and drops the rest; no queue_finished (seed 6a §8). */
  stopQueue(): void {
    this.runner?.send({ type: 'queue.stop' });
  }

  /** start_queue: the runner runs again (work enqueued from now on). */
  startQueue(): void {
    this.runner?.send({ type: 'queue.start' });
  }

  /** A direct walk request: refused during the landing barrier (seed 6a §8), else a takeover walk. */
  walkTo(x: number, y: number): void {
    if (this.terrainPhase === 'LANDING_IMPACT') {
      this.sink.warnings.push({ message: 'direct walk_to rejected during landing impact', object: this.id });
      return;
    }
    this.enqueueReactive('takeover', { type: 'walk_to', target_position: [x, y] }, 'direct');
  }

  /** Speech bubbles to draw: the queue's current speech first, then overlays. */
  speech(): Array<{ text: string; overlay: boolean }> {
    const snap = this.runner?.getSnapshot();
    if (!snap) return [];
    const out: Array<{ text: string; overlay: boolean }> = [];
    const cur = snap.context.current?.action;
    if (cur?.type === 'speak' && snap.matches({ running: { lane: 'speaking' } })) out.push({ text: cur.text, overlay: false });
    else if (cur?.type === 'speak' && snap.matches({ running: { lane: 'blocked' } })) out.push({ text: cur.text, overlay: false });
    for (const o of snap.context.overlays) out.push({ text: o.text, overlay: true });
    return out;
  }

  /** Runner state for the UI queue panel: which item runs and how far along it is. */
  queueStatus(): { current: string | null; progress: number; done: number; state: string } {
    const snap = this.runner?.getSnapshot();
    if (!snap) return { current: null, progress: 0, done: 0, state: 'none' };
    const c = snap.context;
    return {
      current: c.current?.id ?? null,
      progress: c.duration > 0 ? Math.min(1, c.elapsed / c.duration) : 0,
      done: c.lane.cursor - (c.current ? 1 : 0),
      state: typeof snap.value === 'string' ? snap.value : String((snap.value as { running: { lane: string } }).running.lane),
    };
  }

  step(): void {
    if (this.debug) {
      this.debug.rays.length = 0;
      this.debug.points.length = 0;
    }
    const phase = this.terrainPhase;
    const events = stepLocomotion(this.motion, phase, this.env, STEP_DT);
    const walkOutcomes: Array<'rig.arrived' | 'rig.walkBlocked'> = [];
    for (const e of events) {
      if (e.type === 'supportLost') {
        enterAirborne(this.motion);
        this.terrainMotion()?.send({ type: 'physics.supportLost', walkVelocityX: e.walkVelocityX });
      } else if (e.type === 'landed') {
        this.terrainMotion()?.send({ type: 'physics.landed', fallDistance: e.fallDistance, impactSpeed: e.impactSpeed });
      } else if (e.type === 'arrived') {
        this.sink.events.push({ type: 'arrived', source: this.id, target: null, position: roundVec(e.position) });
        walkOutcomes.push('rig.arrived');
      } else if (e.type === 'blocked') {
        this.sink.warnings.push({ message: `walk blocked (${e.reason}) at x=${Math.round(e.position[0])}`, object: this.id });
        walkOutcomes.push('rig.walkBlocked');
      }
    }
    // The landing barrier (seed 6a §8): the queue is blocked exactly while LANDING_IMPACT lasts.
    const nowBlocked = this.terrainPhase === 'LANDING_IMPACT';
    if (nowBlocked !== this.blocked) {
      this.blocked = nowBlocked;
      this.runner?.send({ type: nowBlocked ? 'queue.block' : 'queue.unblock' });
    }
    // The runner's clock runs before this step's walk outcome is delivered, so an item that ends
    // now is followed by the next one on the next step, after this step's rules had their say
    // (a sequential reaction to `arrived` runs before the rest of the authored queue).
    if (this.runnerNeedsStep()) this.runner!.send({ type: 'step', dt: STEP_DT });
    for (const type of walkOutcomes) this.runner?.send({ type });
    this.localPose = solvePose(this.motion.markers, DEFAULT_PROPORTIONS);
    this.cachedWorld = null;
    this.cachedProxies = null;
    this.syncProxies(false);
  }

  /** The ten parts on the stage this step (computed when asked: debug overlay, tests). */
  get worldPose(): WorldPose {
    this.cachedWorld ??= toWorld(this.localPose, this.motion.root, this.motion.facing);
    return this.cachedWorld;
  }

  /** The ten proxies' shapes and kinematic targets this step (computed when asked). */
  get proxies(): ProxyTransforms {
    this.cachedProxies ??= proxyTransforms(this.worldPose, DEFAULT_PROPORTIONS);
    return this.cachedProxies;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions.length = 0;
  }

  private readonly subscriptions: Array<{ unsubscribe(): void }> = [];

  private terrainMotionRef: AnyActorRef | undefined;

  /** The rig's TerrainMotion child, looked up once and again only if that child stopped. */
  private terrainMotion(): AnyActorRef | undefined {
    if (!this.terrainMotionRef || this.terrainMotionRef.getSnapshot().status !== 'active') {
      this.terrainMotionRef = this.rigActor?.getSnapshot().children?.terrainMotion as AnyActorRef | undefined;
    }
    return this.terrainMotionRef;
  }

  /** Only states that count time or start work need the step (100 idle rigs cost nothing). */
  private runnerNeedsStep(): boolean {
    const snap = this.runner?.getSnapshot();
    if (!snap || snap.value === 'stopped') return false;
    const { lane, overlay } = (snap.value as { running: { lane: string; overlay: string } }).running;
    if (overlay === 'talking' || lane === 'waiting' || lane === 'speaking') return true;
    return lane === 'idle' && (snap.context.lane.cursor < snap.context.lane.items.length || snap.context.laneHadWork);
  }

  private listenToRunner(): void {
    const r = this.runner;
    if (!r) return;
    const sink = this.sink;
    const id = this.id;
    this.subscriptions.push(
      r.on('runner.started', (e) => {
        sink.actions.push({ rig: id, id: e.item.id, action: e.item.action.type, phase: 'started' });
        sink.events.push({ type: 'action_started', source: id, target: null, action_id: e.item.id });
      }),
      r.on('runner.finished', (e) => {
        sink.actions.push({ rig: id, id: e.item.id, action: e.item.action.type, phase: 'finished', outcome: e.outcome });
        sink.events.push({ type: 'action_finished', source: id, target: null, action_id: e.item.id, outcome: e.outcome });
      }),
      r.on('runner.queueFinished', () => {
        sink.events.push({ type: 'queue_finished', source: id, target: null });
      }),
      r.on('runner.speechFinished', (e) => {
        sink.events.push({ type: 'speech_finished', source: id, target: null, reason: e.overlay ? 'overlay' : 'queue' });
      }),
      r.on('runner.walk', (e) => {
        if (e.item.action.type === 'walk_to') this.motion.walkTargetX = e.item.action.target_position[0];
      }),
      r.on('runner.stopWalk', () => {
        this.motion.walkTargetX = null;
      }),
      r.on('runner.face', (e) => {
        this.motion.facing = e.direction;
      }),
    );
  }

  private readonly proxyPoses = new Float64Array(PART_NAMES.length * 3);

  private syncProxies(teleport: boolean): void {
    writeProxyPoses(this.localPose, this.motion.root, this.motion.facing, DEFAULT_PROPORTIONS, this.proxyPoses);
    this.physics.setPartPoses(this.id, this.proxyPoses, teleport);
  }
}
