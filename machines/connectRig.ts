/**
 * connectRig (Zag's connect pattern): the one place that reads a rig's snapshots — its own and
 * its children's — and returns what the step pipeline, frames, the summary and the UI need.
 * Nobody else looks inside a rig actor, so a new child or state changes this file only.
 */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { pendingCount, type ReactiveMode } from '../core/actions/lane';
import { planGesture, type Gesture } from '../core/gestures';
import { actionRuntime } from './actionKinds';
import type { actionRunnerMachine } from './actionRunnerMachine';
import type { propInteractorMachine } from './propInteractorMachine';
import type { RigEvent, rigMachine } from './rigMachine';
import type { TerrainMotionState } from './terrainMotionMachine';
import { COUNTS_TIME } from './tags';

export type RigStateName = 'ANIMATED' | 'RAGDOLL' | 'RECOVERING';

export interface QueueStatus {
  /** Id of the running primary item, if any. */
  current: string | null;
  /** 0..1 through a timed item (wait, speech); 0 otherwise. */
  progress: number;
  /** Items of the lane already finished (counted: finished items leave the lane). */
  done: number;
  /** The runner's lane state ('idle', 'walking', 'blocked' …) or 'stopped'. */
  state: string;
}

/** A gesture playing now (issue 23) and how far it is: the runtime lays it over the pose. */
export interface PlayingGesture {
  gesture: Gesture;
  elapsed: number;
  duration: number;
}

export interface SpeechLine {
  text: string;
  overlay: boolean;
}

export interface RigConnection {
  /** Its RigState; once it has left the stage, the one it left from. */
  state: RigStateName;
  /** It fell off the stage (the rig's final state LEFT_STAGE): never stepped again, no queue, no hold. */
  leftStage: boolean;
  /** The director holds it (RAGDOLL.HELD): no rest check, a recover waits for the let-go. */
  held: boolean;
  terrain: TerrainMotionState;
  /** The landing barrier is up: nothing new starts and timed items are frozen. */
  queueBlocked: boolean;
  /** Only runner states that count time or start work get a `step` (idle rigs cost nothing). */
  runnerNeedsStep: boolean;
  /** The prop this stickman holds (committed holds only: not one it is still reaching for). */
  heldProp: string | null;
  /** The interactor's state and what it works on (the runtime poses the arm from it). */
  readonly interactor: { state: string; propId: string | null; grip: string | null; hand: 'left' | 'right' | null; elapsed: number; releaseT: number; duration: number };
  /** The interactor counts time now (reach blend, throw): it needs a `prop.step`. */
  interactorNeedsStep: boolean;
  /**
   * Speech bubbles to draw: the queue's current speech first, then overlays. This and `queue` are
   * the same objects for as long as the connection is (frames share them): never mutate them.
   */
  readonly speech: SpeechLine[];
  readonly queue: QueueStatus;
  /** The gestures playing: the lane's (frozen behind the landing barrier), then the overlay's. Shared: never mutate. */
  readonly gestures: readonly PlayingGesture[];
  /**
   * Whether a reactive item in `mode` would be taken by the runner right now, or why not. The
   * dispatcher asks before it records a rule as dispatched.
   */
  refusal(mode: ReactiveMode): string | null;
}

type RigSnapshot = SnapshotFrom<typeof rigMachine>;
type RunnerSnapshot = SnapshotFrom<typeof actionRunnerMachine>;
type InteractorSnapshot = SnapshotFrom<typeof propInteractorMachine>;
type RunningValue = { running: { lane: string; overlay: string } };

const NO_QUEUE: QueueStatus = { current: null, progress: 0, done: 0, state: 'none' };

export function connectRig(snapshot: RigSnapshot): RigConnection {
  const terrainRef = snapshot.children.terrainMotion as AnyActorRef | undefined;
  const runner = snapshot.context.actionRunner?.getSnapshot() as RunnerSnapshot | undefined;
  const terrainSnap = terrainRef?.getSnapshot() as TerrainSnapshot | undefined;
  const interactorSnap = snapshot.context.propInteractor?.getSnapshot();
  return new Connection(rigFacts(snapshot), terrainSnap, runner, interactorSnap, interactorView(interactorSnap));
}

type TerrainSnapshot = { status: string; value: TerrainMotionState };
type SnapshotOf<T> = { getSnapshot(): T };

/** What the rig's own snapshot says (its children aside): worked out once per rig snapshot. */
interface RigFacts {
  state: RigStateName;
  leftStage: boolean;
  held: boolean;
}

function rigFacts(snapshot: RigSnapshot): RigFacts {
  const leftStage = snapshot.status === 'done';
  return { state: leftStage ? snapshot.context.state : rigStateOf(snapshot.value), leftStage, held: snapshot.matches({ RAGDOLL: 'HELD' }) };
}

/**
 * connectRig for one rig actor, asked many times a step (about seventeen per rig), and the door
 * events go in by. A rig's actors change only while an event sent to it is processed: every event
 * for a stickman goes in through `send` (DESIGN.md §5: children talk to their rig, never to another
 * stickman's) and its machines keep no timers. So between two sends a read is the connection read
 * last, without looking at the actors (each read of an actor is a likely cache miss in a busy step).
 * While a send is under way (a listener reading the rig mid-event) the snapshots are checked: the
 * connection is rebuilt only when the rig's or one of its children's snapshots changed (xstate
 * keeps the same snapshot object while nothing changes), four identity checks on child references
 * kept per rig snapshot. A rebuild reuses what did not change: the rig's own facts while the rig's
 * snapshot is the same, the interactor's view while the interactor's is.
 */
export class RigConnector {
  /** Sends into the rig not yet returned (one from a listener of the rig waits in its mailbox, inside the outer send). */
  private sending = 0;
  /** The connection as it is since the last send returned; null from the next send on. */
  private settled: RigConnection | null = null;
  private rigSnap: RigSnapshot | null = null;
  private facts: RigFacts | null = null;
  private terrainRef: SnapshotOf<TerrainSnapshot> | undefined;
  private runnerRef: SnapshotOf<RunnerSnapshot> | undefined;
  private interactorRef: SnapshotOf<InteractorSnapshot> | undefined;
  private terrainSnap: TerrainSnapshot | undefined;
  private runnerSnap: RunnerSnapshot | undefined;
  private interactorSnap: InteractorSnapshot | undefined;
  private interactor: InteractorView | null = null;
  private last: RigConnection | null = null;

  constructor(private readonly rig: { getSnapshot(): RigSnapshot; send(event: RigEvent): void }) {}

  /** Delivers `event` to the rig actor (xstate processes it, and what it causes, before returning). */
  send(event: RigEvent): void {
    this.settled = null;
    this.sending += 1;
    try {
      this.rig.send(event);
    } finally {
      this.sending -= 1;
      this.settled = null;
    }
  }

  get connection(): RigConnection {
    if (this.settled !== null) return this.settled;
    const connection = this.read();
    if (this.sending === 0) this.settled = connection;
    return connection;
  }

  private read(): RigConnection {
    const snapshot = this.rig.getSnapshot();
    if (snapshot !== this.rigSnap) {
      this.rigSnap = snapshot;
      this.facts = rigFacts(snapshot);
      this.terrainRef = snapshot.children.terrainMotion as SnapshotOf<TerrainSnapshot> | undefined;
      this.runnerRef = snapshot.context.actionRunner as SnapshotOf<RunnerSnapshot> | undefined;
      this.interactorRef = snapshot.context.propInteractor as SnapshotOf<InteractorSnapshot> | undefined;
      this.last = null;
    }
    const terrain = this.terrainRef?.getSnapshot();
    const runner = this.runnerRef?.getSnapshot();
    const interactor = this.interactorRef?.getSnapshot();
    const last = this.last;
    if (last !== null && terrain === this.terrainSnap && runner === this.runnerSnap && interactor === this.interactorSnap) return last;
    if (this.interactor === null || interactor !== this.interactorSnap) this.interactor = interactorView(interactor);
    this.terrainSnap = terrain;
    this.runnerSnap = runner;
    this.interactorSnap = interactor;
    this.last = new Connection(this.facts!, terrain, runner, interactor, this.interactor);
    return this.last;
  }
}

type InteractorView = RigConnection['interactor'];

function interactorView(snap: InteractorSnapshot | undefined): InteractorView {
  const c = snap?.context;
  return {
    state: String(snap?.value ?? 'IDLE'), propId: c?.propId ?? null, grip: c?.grip ?? null, hand: c?.hand ?? null,
    elapsed: c?.elapsed ?? 0, releaseT: c?.releaseT ?? 0, duration: c?.duration ?? 0,
  };
}

/**
 * One set of snapshots, read: the flags the step reads every step are read at once; speech, the
 * queue status and the gestures when first asked for, then kept (the connection lives as long as
 * these snapshots, which never change, and every frame of a step reads them). Shared, so
 * read-only to callers.
 */
class Connection implements RigConnection {
  readonly state: RigStateName;
  readonly leftStage: boolean;
  readonly held: boolean;
  readonly terrain: TerrainMotionState;
  readonly queueBlocked: boolean;
  readonly runnerNeedsStep: boolean;
  readonly heldProp: string | null;
  readonly interactorNeedsStep: boolean;
  private readonly running: RunningValue['running'] | null;
  private speechLines: SpeechLine[] | undefined;
  private queueStatus: QueueStatus | undefined;
  private playing: PlayingGesture[] | undefined;

  constructor(
    facts: RigFacts,
    terrainSnap: TerrainSnapshot | undefined,
    private readonly runner: RunnerSnapshot | undefined,
    interactorSnap: InteractorSnapshot | undefined,
    readonly interactor: InteractorView,
  ) {
    this.state = facts.state;
    this.leftStage = facts.leftStage;
    this.held = facts.held;
    this.terrain = terrainSnap && terrainSnap.status === 'active' ? terrainSnap.value : 'DISABLED';
    this.running = runner && runner.value !== 'stopped' ? (runner.value as RunningValue).running : null;
    this.queueBlocked = runner?.context.barrier ?? false;
    this.runnerNeedsStep = runnerNeedsStep(runner, this.running);
    const c = interactorSnap?.context;
    this.heldProp = c && c.held ? c.propId : null;
    this.interactorNeedsStep = interactorSnap?.hasTag(COUNTS_TIME) ?? false;
  }

  get speech(): SpeechLine[] {
    this.speechLines ??= speechOf(this.runner, this.running);
    return this.speechLines;
  }

  get queue(): QueueStatus {
    this.queueStatus ??= queueStatusOf(this.runner, this.running);
    return this.queueStatus;
  }

  get gestures(): readonly PlayingGesture[] {
    this.playing ??= gesturesOf(this.runner, this.running);
    return this.playing;
  }

  refusal(mode: ReactiveMode): string | null {
    if (this.leftStage) return 'the stickman has left the stage';
    if (!this.runner) return 'no action runner';
    if (mode === 'overlay' && !this.running) return 'queue stopped: overlays need a running queue';
    return null;
  }
}

function runnerNeedsStep(snap: RunnerSnapshot | undefined, running: RunningValue['running'] | null): boolean {
  if (!snap || !running) return false;
  // A state that counts time says so with its tag; an idle lane needs a step to start its next item.
  if (snap.hasTag(COUNTS_TIME)) return true;
  return running.lane === 'idle' && (pendingCount(snap.context.lane) > 0 || snap.context.laneHadWork);
}

function speechOf(snap: RunnerSnapshot | undefined, running: RunningValue['running'] | null): SpeechLine[] {
  if (!snap) return [];
  const out: SpeechLine[] = [];
  const cur = snap.context.current?.action;
  // The running item's line, while it talks (or waits behind the landing barrier mid-line).
  const line = cur && running && (running.lane === 'speaking' || running.lane === 'blocked') ? actionRuntime(cur.type)?.speech?.(cur) : undefined;
  if (line !== undefined) out.push({ text: line, overlay: false });
  for (const o of snap.context.overlays) out.push({ text: o.text, overlay: true });
  return out;
}

const NO_GESTURES: PlayingGesture[] = [];

function gesturesOf(snap: RunnerSnapshot | undefined, running: RunningValue['running'] | null): PlayingGesture[] {
  if (!snap || !running) return NO_GESTURES;
  const c = snap.context;
  const out: PlayingGesture[] = [];
  const cur = c.current?.action;
  if (cur?.type === 'gesture' && (running.lane === 'gesturing' || running.lane === 'blocked')) {
    const plan = planGesture(cur, c.gestures, false);
    if (plan.kind === 'play') out.push({ gesture: plan.gesture, elapsed: c.elapsed, duration: c.duration });
  }
  const o = c.overlayGesture;
  if (o && o.item.action.type === 'gesture') {
    const plan = planGesture(o.item.action, c.gestures, true);
    if (plan.kind === 'play') out.push({ gesture: plan.gesture, elapsed: o.elapsed, duration: o.duration });
  }
  return out.length ? out : NO_GESTURES;
}

function queueStatusOf(snap: RunnerSnapshot | undefined, running: RunningValue['running'] | null): QueueStatus {
  if (!snap) return NO_QUEUE;
  const c = snap.context;
  return {
    current: c.current?.id ?? null,
    progress: c.duration > 0 ? Math.min(1, c.elapsed / c.duration) : 0,
    done: c.lane.taken - (c.current ? 1 : 0),
    state: running ? running.lane : 'stopped',
  };
}

/** The lifecycle state a rig's state value is in (RAGDOLL has substates: FREE, HELD). */
function rigStateOf(value: unknown): RigStateName {
  return (typeof value === 'string' ? value : Object.keys(value as object)[0]) as RigStateName;
}
