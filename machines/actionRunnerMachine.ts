/**
 * ActionRunner: one stickman's queue (DESIGN.md §5/§7, seed phase 6a §8).
 *
 * The `lane` region runs authored and reactive items one at a time: idle, the state an item
 * runs in until its outcome (walking, waiting, speaking, ragdolling, recovering, propWorking),
 * and blocked (the landing barrier: nothing starts, waits and the primary speech clock are
 * frozen). The `overlay` region runs overlay speech on its own clock and never blocks. Time
 * arrives as `step` events with `dt`.
 *
 * The runner is generic: which state an item runs in, whether it waits for the rig to be up,
 * what starting or interrupting it tells the runtime or the rig, is its kind's runtime part
 * (./actionKinds, one definition per kind). What the stage should hear (started, finished,
 * speech finished, queue finished) is emitted; the runtime applies it. The machine decides.
 */
import { and, assign, emit, enqueueActions, not, setup, type AnyActorRef } from 'xstate';
import { actionRuntime, type KindEffects, type KindEmitted, type KindToRig, type RigStateName, type RunnerLaneState } from './actionKinds';
import { COUNTS_TIME } from './tags';
import { tellRig } from './toRig';
import type { Gesture } from '../core/gestures';
import { dropPending, emptyLane, insertReactive, peekNext, pendingCount, takeNext, type Lane, type LaneItem, type ReactiveMode } from '../core/actions/lane';

export type Outcome = 'completed' | 'skipped' | 'cancelled' | 'blocked';

export interface OverlaySpeech {
  item: LaneItem;
  text: string;
  remaining: number;
}

/** An overlay gesture playing beside the lane (issue 23). */
export interface OverlayGesture {
  item: LaneItem;
  elapsed: number;
  duration: number;
}

export interface ActionRunnerContext {
  rigId: string;
  lane: Lane;
  current: LaneItem | null;
  /** Seconds the current wait/speech has run (frozen while blocked). */
  elapsed: number;
  /** Seconds the current wait/speech lasts. */
  duration: number;
  overlays: OverlaySpeech[];
  /** Something ran since the lane was last exhausted: queue_finished fires once per exhaustion. */
  laneHadWork: boolean;
  /** The landing barrier is up (kept across stop/start: stopping the queue does not end a landing). */
  barrier: boolean;
  /** A walk that ended behind the landing barrier; it finishes when the barrier lifts. */
  walkEndedWhileBlocked: 'completed' | 'blocked' | null;
  /**
   * The rig's state, as the rig machine last said. While the rig is down (RAGDOLL, RECOVERING)
   * walks and turns wait; waits count down and speech talks.
   */
  rigState: RigStateName;
  /** The scene's own gestures (the built-ins need none): what a gesture item names. */
  gestures: readonly Gesture[];
  /** The overlay gesture playing, if any (one at a time: a newer one replaces it). */
  overlayGesture: OverlayGesture | null;
}

export type { RigStateName };

export type ActionRunnerEvent =
  | { type: 'queue.start' }
  | { type: 'queue.stop' }
  /** The stickman left play (fell off the stage): the current item finishes blocked, the queue stops. */
  | { type: 'queue.abandon' }
  | { type: 'queue.enqueue'; item: LaneItem; mode: ReactiveMode }
  | { type: 'queue.block' }
  | { type: 'queue.unblock' }
  | { type: 'step'; dt: number }
  | { type: 'rig.arrived' }
  | { type: 'rig.walkBlocked' }
  /** From the rig machine on entering each of its states. */
  | { type: 'queue.rigState'; state: RigStateName }
  /** The prop interactor finished the running prop action (pick up, drop, throw). */
  | { type: 'queue.propDone'; itemId: string; outcome: Outcome };

export type ActionRunnerEmitted =
  | { type: 'runner.started'; item: LaneItem; overlay: boolean }
  | { type: 'runner.finished'; item: LaneItem; outcome: Outcome; overlay: boolean }
  | { type: 'runner.queueFinished' }
  /** What a kind tells the runtime (./actionKinds): walk to, stop walking, turn. */
  | KindEmitted
  | { type: 'runner.speechFinished'; text: string; overlay: boolean }
  /** Run on its own (model tests), what it would tell its rig. */
  | RunnerToRig;

/**
 * What the runner tells its rig (./toRig), never the runtime: a queued `ragdoll` / `recover` asks
 * the rig to go down or stand up (the item finishes when the rig says it is there); a prop action
 * is handed over as it starts (the rig has it planned and gives it to its prop interactor) and
 * taken back when it is cancelled.
 */
export type RunnerToRig = KindToRig;

const dtOf = (e: ActionRunnerEvent): number => (e.type === 'step' && Number.isFinite(e.dt) && e.dt > 0 ? e.dt : 0);
/** The runtime part of the next item's kind, of the running one's, of an enqueued one's. */
const nextKind = (c: ActionRunnerContext) => actionRuntime(peekNext(c.lane)?.action.type);
const currentKind = (c: ActionRunnerContext) => actionRuntime(c.current?.action.type);
const durationOf = (item: LaneItem | null, gestures: readonly Gesture[]): number => (item ? actionRuntime(item.action.type)?.seconds?.(item.action, gestures) ?? 0 : 0);
const enqueued = (e: ActionRunnerEvent) => (e.type === 'queue.enqueue' ? e : null);
const enqueuedKind = (e: ActionRunnerEvent) => actionRuntime(enqueued(e)?.item.action.type);
/** The next item can start now in `state`: its kind runs there, and the rig is up if it must be. */
const startsIn = (c: ActionRunnerContext, state: RunnerLaneState | 'atOnce'): boolean => {
  const k = nextKind(c);
  const next = peekNext(c.lane);
  return k !== null && k.runsIn === state && (!k.needsRigUp || c.rigState === 'ANIMATED') && !k.alreadyThere?.(c.rigState) && !(next && k.skips?.(next.action, c.gestures));
};
/** The lane states, in the order the idle lane tries them (one kind runs in each). */
const LANE_STATES: readonly RunnerLaneState[] = ['walking', 'waiting', 'speaking', 'gesturing', 'ragdolling', 'recovering', 'propWorking'];
/**
 * Where the lane returns when the landing barrier lifts, besides `speaking` (the fallback): a
 * `recovering` item never meets the barrier (the rig is down while it runs; up, it is done).
 */
const BARRIER_RETURNS: readonly RunnerLaneState[] = ['walking', 'waiting', 'gesturing', 'ragdolling', 'propWorking'];
/** Taking the next item and handing it to its kind: the start of every item. */
const START = ['startNext', 'emitStarted', 'startKind'] as const;

export const actionRunnerMachine = setup({
  types: {
    context: {} as ActionRunnerContext,
    events: {} as ActionRunnerEvent,
    emitted: {} as ActionRunnerEmitted,
    input: {} as { rigId: string; items: LaneItem[]; gestures?: readonly Gesture[] },
  },
  guards: {
    /** The next item starts now and runs in `state` until its outcome. */
    nextStartsIn: ({ context }, params: { state: RunnerLaneState }) => startsIn(context, params.state),
    /** The next item starts now and is done as it starts (a turn). */
    nextDoneAtOnce: ({ context }) => startsIn(context, 'atOnce'),
    /** The rig is already where the next item would take it (a ragdoll while down, a recover while up). */
    nextAlreadyThere: ({ context }) => nextKind(context)?.alreadyThere?.(context.rigState) ?? false,
    /** The next item names nothing its kind can run (a gesture the scene does not have): skipped as it starts. */
    nextSkips: ({ context }) => {
      const next = peekNext(context.lane);
      return !!next && (nextKind(context)?.skips?.(next.action, context.gestures) ?? false);
    },
    /** An overlay gesture that can play now: one its kind can play beside the lane, and the rig up. */
    overlayGesturePlays: ({ context, event }) => {
      const e = enqueued(event);
      const kind = enqueuedKind(event);
      return e?.mode === 'overlay' && kind?.overlay === 'gestures' && context.rigState === 'ANIMATED' && (kind.overlayPlays?.(e.item.action, context.gestures) ?? false);
    },
    noOverlayGesture: ({ context }) => context.overlayGesture === null,
    /** A kind a stickman does not run (the camera's, or a newer file's): it finishes skipped, never stalls the lane. */
    nextIsUnrunnable: ({ context }) => peekNext(context.lane) != null && nextKind(context) === null,
    propDoneForCurrent: ({ context, event }) => event.type === 'queue.propDone' && event.itemId === context.current?.id,
    rigUp: ({ context }) => context.rigState === 'ANIMATED',
    becomesRagdoll: ({ event }) => event.type === 'queue.rigState' && event.state === 'RAGDOLL',
    becomesAnimated: ({ event }) => event.type === 'queue.rigState' && event.state === 'ANIMATED',
    goesDown: ({ context, event }) => event.type === 'queue.rigState' && event.state !== 'ANIMATED' && context.rigState === 'ANIMATED',
    laneExhaustedAfterWork: ({ context }) => pendingCount(context.lane) === 0 && context.laneHadWork,
    timeUp: ({ context, event }) => context.elapsed + dtOf(event) >= context.duration - 1e-9,
    isOverlay: ({ event }) => enqueued(event)?.mode === 'overlay',
    isPrimary: ({ event }) => {
      const e = enqueued(event);
      return e !== null && e.mode !== 'overlay';
    },
    /** An overlay whose kind talks on its own clock (speech). */
    isOverlaySpeech: ({ event }) => enqueued(event)?.mode === 'overlay' && enqueuedKind(event)?.overlay === 'talks',
    isTakeover: ({ event }) => enqueued(event)?.mode === 'takeover',
    noCurrent: ({ context }) => context.current === null,
    /** The running item's kind runs in `state` (where the lane goes back to when the barrier lifts). */
    currentRunsIn: ({ context }, params: { state: RunnerLaneState }) => currentKind(context)?.runsIn === params.state,
    overlaysDone: ({ context }) => context.overlays.length === 0,
    barrierUp: ({ context }) => context.barrier,
    walkArrivedWhileBlocked: ({ context }) => currentKind(context)?.runsIn === 'walking' && context.walkEndedWhileBlocked === 'completed',
    walkStoppedWhileBlocked: ({ context }) => currentKind(context)?.runsIn === 'walking' && context.walkEndedWhileBlocked === 'blocked',
  },
  actions: {
    startNext: assign(({ context }) => {
      const { lane, item } = takeNext(context.lane);
      return { lane, current: item, elapsed: 0, duration: durationOf(item, context.gestures), laneHadWork: true };
    }),
    emitStarted: emit(({ context }) => ({ type: 'runner.started' as const, item: context.current!, overlay: false })),
    /** The item just taken goes to its kind (walk, turn, ask the rig, hand a prop action over). */
    startKind: enqueueActions(({ context, system, enqueue }) => startItem(context, enqueue, system)),
    /** A walk a fall paused: the rig is up again, its kind is handed the walk again. */
    resumeWalk: enqueueActions(({ context, system, enqueue }) => startItem(context, enqueue, system)),
    emitSpeechFinished: emit(({ context }) => {
      const cur = context.current!;
      return { type: 'runner.speechFinished' as const, text: actionRuntime(cur.action.type)?.speech?.(cur.action) ?? '', overlay: false };
    }),
    emitQueueFinished: emit({ type: 'runner.queueFinished' as const }),
    advanceClock: assign({ elapsed: ({ context, event }) => context.elapsed + dtOf(event) }),
    finishCompleted: enqueueActions(({ context, enqueue }) => finish(context, 'completed', enqueue)),
    finishBlocked: enqueueActions(({ context, enqueue }) => finish(context, 'blocked', enqueue)),
    /** Cancels the running primary item (takeover, stop_queue); a walk or prop action is stopped first. */
    cancelCurrent: enqueueActions(({ context, system, enqueue }) => interrupt(context, 'cancelled', enqueue, system)),
    /** The current item can never finish (the stickman left the stage): it finishes blocked. */
    abandonCurrent: enqueueActions(({ context, system, enqueue }) => interrupt(context, 'blocked', enqueue, system)),
    markLaneIdle: assign({ laneHadWork: false }),
    noteRigState: assign({ rigState: ({ context, event }) => (event.type === 'queue.rigState' ? event.state : context.rigState) }),
    emitStopWalk: emit({ type: 'runner.stopWalk' as const }),
    finishWithPropOutcome: enqueueActions(({ context, event, enqueue }) => {
      finish(context, event.type === 'queue.propDone' ? event.outcome : 'completed', enqueue);
    }),
    finishSkipped: enqueueActions(({ context, enqueue }) => finish(context, 'skipped', enqueue)),
    clearWalkEnd: assign({ walkEndedWhileBlocked: null }),
    noteWalkArrived: assign({ walkEndedWhileBlocked: 'completed' as const }),
    noteWalkStopped: assign({ walkEndedWhileBlocked: 'blocked' as const }),
    raiseBarrier: assign({ barrier: true }),
    lowerBarrier: assign({ barrier: false }),
    insertPrimary: assign({
      lane: ({ context, event }) => {
        const e = enqueued(event);
        return e && e.mode !== 'overlay' ? insertReactive(context.lane, e.item, e.mode) : context.lane;
      },
    }),
    /** An overlay that talks starts its own clock; one done at once (a turn) is; any other is skipped. */
    startOverlay: enqueueActions(({ context, event, system, enqueue }) => {
      const e = enqueued(event);
      if (!e) return;
      enqueue.emit({ type: 'runner.started', item: e.item, overlay: true });
      const kind = actionRuntime(e.item.action.type);
      const a = e.item.action;
      if (kind?.overlay === 'talks') {
        enqueue.assign({ overlays: [...context.overlays, { item: e.item, text: kind.speech?.(a) ?? '', remaining: kind.seconds?.(a, context.gestures) ?? 0 }] });
      } else {
        if (kind?.overlay === 'atOnce') kind.start?.(e.item, a, new KindOut(context.rigId, enqueue, system));
        enqueue.emit({ type: 'runner.finished', item: e.item, outcome: kind?.overlay === 'atOnce' ? 'completed' : 'skipped', overlay: true });
      }
    }),
    tickOverlays: enqueueActions(({ context, event, enqueue }) => {
      const dt = dtOf(event);
      const still: OverlaySpeech[] = [];
      for (const o of context.overlays) {
        const remaining = o.remaining - dt;
        if (remaining > 1e-9) {
          still.push({ ...o, remaining });
          continue;
        }
        enqueue.emit({ type: 'runner.speechFinished', text: o.text, overlay: true });
        enqueue.emit({ type: 'runner.finished', item: o.item, outcome: 'completed', overlay: true });
      }
      enqueue.assign({ overlays: still });
    }),
    cancelOverlays: enqueueActions(({ context, enqueue }) => {
      for (const o of context.overlays) enqueue.emit({ type: 'runner.finished', item: o.item, outcome: 'cancelled', overlay: true });
      enqueue.assign({ overlays: [] });
      endOverlayGesture(context, 'cancelled', enqueue);
    }),
    /** A ragdoll interrupts a gesture: it ends cancelled, as a ragdoll's disarm ends a reach or a throw. */
    finishCancelled: enqueueActions(({ context, enqueue }) => finish(context, 'cancelled', enqueue)),
    startOverlayGesture: enqueueActions(({ context, event, enqueue }) => {
      const e = enqueued(event);
      if (!e) return;
      enqueue.emit({ type: 'runner.started', item: e.item, overlay: true });
      enqueue.assign({ overlayGesture: { item: e.item, elapsed: 0, duration: durationOf(e.item, context.gestures) } });
    }),
    /** The overlay gesture's clock: it completes when its time is up. */
    tickOverlayGesture: enqueueActions(({ context, event, enqueue }) => {
      const g = context.overlayGesture;
      if (!g) return;
      const elapsed = g.elapsed + dtOf(event);
      if (elapsed >= g.duration - 1e-9) endOverlayGesture(context, 'completed', enqueue);
      else enqueue.assign({ overlayGesture: { ...g, elapsed } });
    }),
    /** Replaced by a newer one, or the rig went down: the overlay gesture ends cancelled. */
    cancelOverlayGesture: enqueueActions(({ context, enqueue }) => endOverlayGesture(context, 'cancelled', enqueue)),
    dropPending: assign(({ context }) => ({ lane: dropPending(context.lane), laneHadWork: false })),
  },
}).createMachine({
  id: 'actionRunner',
  context: ({ input }) => ({
    rigId: input.rigId,
    lane: emptyLane(input.items),
    current: null,
    elapsed: 0,
    duration: 0,
    overlays: [],
    laneHadWork: false,
    walkEndedWhileBlocked: null,
    barrier: false,
    rigState: 'ANIMATED',
    gestures: input.gestures ?? [],
    overlayGesture: null,
  }),
  on: {
    'queue.rigState': { actions: 'noteRigState' },
  },
  initial: 'stopped',
  states: {
    stopped: {
      on: {
        'queue.start': 'running',
        // Nothing runs while stopped; what waits in the lane can never run now.
        'queue.abandon': { actions: 'dropPending' },
        'queue.block': { actions: 'raiseBarrier' },
        'queue.unblock': { actions: 'lowerBarrier' },
        // Primary work sent before the queue starts waits in the lane; overlays need a running queue.
        'queue.enqueue': { guard: 'isPrimary', actions: 'insertPrimary' },
      },
    },
    running: {
      type: 'parallel',
      on: {
        'queue.stop': { target: 'stopped', actions: ['cancelCurrent', 'cancelOverlays', 'dropPending'] },
        'queue.abandon': { target: 'stopped', actions: ['abandonCurrent', 'cancelOverlays', 'dropPending'] },
      },
      states: {
        lane: {
          initial: 'idle',
          on: {
            'queue.block': { target: '.blocked', actions: 'raiseBarrier' },
            // Every lane state takes reactive work the same way: an overlay is the overlay region's;
            // a takeover cancels the current item (if any) and the lane starts over from idle (behind
            // the landing barrier idle goes straight back to blocked, so the work waits there); any
            // other primary item just goes into the lane.
            'queue.enqueue': [
              { guard: 'isOverlay' },
              { guard: 'isTakeover', target: '.idle', actions: ['cancelCurrent', 'insertPrimary'] },
              { actions: 'insertPrimary' },
            ],
          },
          states: {
            idle: {
              always: { guard: 'barrierUp', target: 'blocked' },
              on: {
                // The next item goes to its kind, which says where it runs until its outcome. A kind
                // that needs the rig up waits while it is down (walks, turns, prop actions).
                step: [
                  { guard: 'nextAlreadyThere', actions: ['startNext', 'emitStarted', 'finishSkipped'] },
                  { guard: 'nextSkips', actions: ['startNext', 'emitStarted', 'finishSkipped'] },
                  ...LANE_STATES.map((state) => ({ guard: { type: 'nextStartsIn', params: { state } } as const, target: state, actions: START })),
                  { guard: 'nextDoneAtOnce', actions: [...START, 'finishCompleted'] },
                  { guard: 'nextIsUnrunnable', actions: ['startNext', 'emitStarted', 'finishSkipped'] },
                  { guard: 'laneExhaustedAfterWork', actions: ['markLaneIdle', 'emitQueueFinished'] },
                ],
              },
            },
            walking: {
              on: {
                'rig.arrived': { target: 'idle', actions: 'finishCompleted' },
                'rig.walkBlocked': { target: 'idle', actions: 'finishBlocked' },
                // A walk interrupted by a fall pauses and resumes towards its target once the rig is up.
                'queue.rigState': [
                  { guard: 'goesDown', actions: ['noteRigState', 'emitStopWalk'] },
                  { guard: and(['becomesAnimated', not('rigUp')]), actions: ['noteRigState', 'resumeWalk'] },
                  { actions: 'noteRigState' },
                ],
              },
            },
            propWorking: {
              on: {
                'queue.propDone': { guard: 'propDoneForCurrent', target: 'idle', actions: 'finishWithPropOutcome' },
              },
            },
            ragdolling: {
              on: {
                'queue.rigState': [
                  { guard: 'becomesRagdoll', target: 'idle', actions: ['noteRigState', 'finishCompleted'] },
                  { actions: 'noteRigState' },
                ],
              },
            },
            recovering: {
              on: {
                'queue.rigState': [
                  { guard: 'becomesAnimated', target: 'idle', actions: ['noteRigState', 'finishCompleted'] },
                  { actions: 'noteRigState' },
                ],
              },
            },
            gesturing: {
              tags: COUNTS_TIME,
              on: {
                step: [{ guard: 'timeUp', target: 'idle', actions: 'finishCompleted' }, { actions: 'advanceClock' }],
                // A ragdoll interrupts it (the rig is up while it plays: any other news is the root's to note).
                'queue.rigState': { guard: 'goesDown', target: 'idle', actions: ['noteRigState', 'finishCancelled'] },
              },
            },
            waiting: {
              tags: COUNTS_TIME,
              on: {
                step: [{ guard: 'timeUp', target: 'idle', actions: 'finishCompleted' }, { actions: 'advanceClock' }],
              },
            },
            speaking: {
              tags: COUNTS_TIME,
              on: {
                step: [
                  { guard: 'timeUp', target: 'idle', actions: ['emitSpeechFinished', 'finishCompleted'] },
                  { actions: 'advanceClock' },
                ],
              },
            },
            blocked: {
              on: {
                'queue.block': {},
                'queue.unblock': [
                  { guard: 'noCurrent', target: 'idle', actions: 'lowerBarrier' },
                  { guard: 'walkArrivedWhileBlocked', target: 'idle', actions: ['lowerBarrier', 'finishCompleted', 'clearWalkEnd'] },
                  { guard: 'walkStoppedWhileBlocked', target: 'idle', actions: ['lowerBarrier', 'finishBlocked', 'clearWalkEnd'] },
                  // Back to the state the running item's kind runs in (a ragdoll asked for before the
                  // landing keeps waiting for the rig to go down). Only items of the rig's up states
                  // are ever behind the barrier; speech is the rest.
                  ...BARRIER_RETURNS.map((state) => ({ guard: { type: 'currentRunsIn', params: { state } } as const, target: state, actions: 'lowerBarrier' as const })),
                  { target: 'speaking', actions: 'lowerBarrier' },
                ],
                // A prop action may end behind the barrier (the interactor keeps its own clock).
                'queue.propDone': { guard: 'propDoneForCurrent', actions: 'finishWithPropOutcome' },
                // Walking cannot finish behind the barrier (seed 6a §8): remember how it ended.
                'rig.arrived': { guard: { type: 'currentRunsIn', params: { state: 'walking' } }, actions: 'noteWalkArrived' },
                'rig.walkBlocked': { guard: { type: 'currentRunsIn', params: { state: 'walking' } }, actions: 'noteWalkStopped' },
              },
            },
          },
        },
        overlay: {
          initial: 'quiet',
          states: {
            quiet: {
              on: {
                'queue.enqueue': [
                  { guard: 'isOverlaySpeech', target: 'talking', actions: 'startOverlay' },
                  { guard: 'overlayGesturePlays', target: 'gesturing', actions: 'startOverlayGesture' },
                  { guard: 'isOverlay', actions: 'startOverlay' },
                ],
              },
            },
            // Overlay speech (and maybe a gesture beside it) runs.
            talking: {
              tags: COUNTS_TIME,
              always: [
                { guard: and(['overlaysDone', 'noOverlayGesture']), target: 'quiet' },
                { guard: 'overlaysDone', target: 'gesturing' },
              ],
              on: {
                'queue.enqueue': [
                  { guard: 'overlayGesturePlays', actions: ['cancelOverlayGesture', 'startOverlayGesture'] },
                  { guard: 'isOverlay', actions: 'startOverlay' },
                ],
                step: { actions: ['tickOverlays', 'tickOverlayGesture'] },
                'queue.rigState': { guard: 'goesDown', actions: ['noteRigState', 'cancelOverlayGesture'] },
              },
            },
            // An overlay gesture runs, no speech (issue 23: the arms wave while the lane walks).
            gesturing: {
              tags: COUNTS_TIME,
              always: { guard: 'noOverlayGesture', target: 'quiet' },
              on: {
                'queue.enqueue': [
                  { guard: 'isOverlaySpeech', target: 'talking', actions: 'startOverlay' },
                  // One overlay gesture at a time: a newer one replaces it.
                  { guard: 'overlayGesturePlays', actions: ['cancelOverlayGesture', 'startOverlayGesture'] },
                  { guard: 'isOverlay', actions: 'startOverlay' },
                ],
                step: { actions: 'tickOverlayGesture' },
                // A ragdoll interrupts it.
                'queue.rigState': { guard: 'goesDown', actions: ['noteRigState', 'cancelOverlayGesture'] },
              },
            },
          },
        },
      },
    },
  },
});

/** What an action's `enqueue` offers that finishing an item needs. */
interface Enqueue {
  emit(event: ActionRunnerEmitted): void;
  sendTo(to: AnyActorRef, event: RunnerToRig): void;
  assign(values: Pick<ActionRunnerContext, 'current' | 'elapsed' | 'duration'> | Pick<ActionRunnerContext, 'walkEndedWhileBlocked'> | Pick<ActionRunnerContext, 'overlayGesture'>): void;
}

type System = { get(id: string): AnyActorRef | undefined };

/**
 * What a kind may say (./actionKinds), inside an `enqueueActions`: to the runtime, or to the rig.
 * Methods, not closures: a crowd starts and ends a few items every step.
 */
class KindOut implements KindEffects {
  constructor(
    private readonly rigId: string,
    private readonly enqueue: Enqueue,
    private readonly system: System,
  ) {}

  emit(event: KindEmitted): void {
    this.enqueue.emit(event);
  }

  tellRig(event: KindToRig): void {
    tellRig(this.system, this.enqueue, this.rigId, event);
  }
}

/** The item just taken is handed to its kind. */
function startItem(context: ActionRunnerContext, enqueue: Enqueue, system: System): void {
  const item = context.current;
  if (item) actionRuntime(item.action.type)?.start?.(item, item.action, new KindOut(context.rigId, enqueue, system));
}

/** Ends the running primary item early with `outcome`: its kind lets go of it (a walk stops, a prop action is taken back). */
function interrupt(context: ActionRunnerContext, outcome: 'cancelled' | 'blocked', enqueue: Enqueue, system: System): void {
  const current = context.current;
  if (!current) return;
  actionRuntime(current.action.type)?.interrupt?.(current, new KindOut(context.rigId, enqueue, system));
  enqueue.assign({ walkEndedWhileBlocked: null });
  finish(context, outcome, enqueue);
}

/** The running primary item ends with `outcome`: the stage hears it, and the lane has no current item. */
function finish(context: ActionRunnerContext, outcome: Outcome, enqueue: Pick<Enqueue, 'emit' | 'assign'>): void {
  if (!context.current) return;
  enqueue.emit({ type: 'runner.finished', item: context.current, outcome, overlay: false });
  enqueue.assign({ current: null, elapsed: 0, duration: 0 });
}

/** The overlay gesture ends with `outcome` (its time is up, a newer one replaces it, the rig went down, the queue stopped). */
function endOverlayGesture(context: ActionRunnerContext, outcome: Outcome, enqueue: Pick<Enqueue, 'emit' | 'assign'>): void {
  if (!context.overlayGesture) return;
  enqueue.emit({ type: 'runner.finished', item: context.overlayGesture.item, outcome, overlay: true });
  enqueue.assign({ overlayGesture: null });
}
