/**
 * ActionRunner: one stickman's queue (DESIGN.md §5/§7, seed phase 6a §8).
 *
 * The `lane` region runs authored and reactive items one at a time: idle, one state per action
 * kind (walking, waiting, speaking), and blocked (the landing barrier: nothing starts, waits and
 * the primary speech clock are frozen). The `overlay` region runs overlay speech on its own clock
 * and never blocks. Time arrives as `step` events with `dt`.
 *
 * Effects on the rig (walk, face, stop) and what the stage should hear (started, finished,
 * speech finished, queue finished) are emitted; the runtime applies them. The machine decides.
 */
import { and, assign, emit, enqueueActions, not, setup, type AnyActorRef } from 'xstate';
import { COUNTS_TIME } from './tags';
import { tellRig } from './toRig';
import { defaultSpeechSeconds } from '../core/actions/registry';
import { dropPending, emptyLane, insertReactive, peekNext, pendingCount, takeNext, type Lane, type LaneItem, type ReactiveMode } from '../core/actions/lane';

export type Outcome = 'completed' | 'skipped' | 'cancelled' | 'blocked';

export interface OverlaySpeech {
  item: LaneItem;
  text: string;
  remaining: number;
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
}

export type RigStateName = 'ANIMATED' | 'RAGDOLL' | 'RECOVERING';

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
  | { type: 'runner.walk'; item: LaneItem }
  | { type: 'runner.stopWalk' }
  | { type: 'runner.face'; direction: 'LEFT' | 'RIGHT' }
  | { type: 'runner.speechFinished'; text: string; overlay: boolean }
  /** Run on its own (model tests), what it would tell its rig. */
  | RunnerToRig;

/**
 * What the runner tells its rig (./toRig), never the runtime: a queued `ragdoll` / `recover` asks
 * the rig to go down or stand up (the item finishes when the rig says it is there); a prop action
 * is handed over as it starts (the rig has it planned and gives it to its prop interactor) and
 * taken back when it is cancelled.
 */
export type RunnerToRig =
  | { type: 'rig.setRagdoll'; cause: 'action' }
  | { type: 'rig.recover' }
  | { type: 'runner.propAction'; item: LaneItem }
  | { type: 'runner.propCancel'; item: LaneItem };

const dtOf = (e: ActionRunnerEvent): number => (e.type === 'step' && Number.isFinite(e.dt) && e.dt > 0 ? e.dt : 0);
const nextKind = (c: ActionRunnerContext) => peekNext(c.lane)?.action.type;
const durationOf = (item: LaneItem | null): number => {
  const a = item?.action;
  if (a?.type === 'wait') return a.seconds;
  if (a?.type === 'speak') return a.seconds ?? defaultSpeechSeconds(a.text);
  return 0;
};
const enqueued = (e: ActionRunnerEvent) => (e.type === 'queue.enqueue' ? e : null);
/** Kinds the prop interactor runs; like walks, they wait while the rig is down. */
const PROP_KINDS: ReadonlySet<string> = new Set(['pick_up_prop', 'drop_prop', 'throw_prop']);
const RUNNABLE_KINDS: ReadonlySet<string> = new Set(['walk_to', 'wait', 'speak', 'face', 'ragdoll', 'recover', ...PROP_KINDS]);

export const actionRunnerMachine = setup({
  types: {
    context: {} as ActionRunnerContext,
    events: {} as ActionRunnerEvent,
    emitted: {} as ActionRunnerEmitted,
    input: {} as { rigId: string; items: LaneItem[] },
  },
  guards: {
    nextIsWalk: ({ context }) => nextKind(context) === 'walk_to',
    nextIsWait: ({ context }) => nextKind(context) === 'wait',
    nextIsSpeak: ({ context }) => nextKind(context) === 'speak',
    nextIsFace: ({ context }) => nextKind(context) === 'face',
    nextIsRagdoll: ({ context }) => nextKind(context) === 'ragdoll',
    nextIsRecover: ({ context }) => nextKind(context) === 'recover',
    nextIsPropAction: ({ context }) => PROP_KINDS.has(nextKind(context) ?? ''),
    /** A kind this runner has no state for (a newer file): it finishes skipped, never stalls the lane. */
    nextIsUnrunnable: ({ context }) => {
      const kind = nextKind(context);
      return kind !== undefined && !RUNNABLE_KINDS.has(kind);
    },
    propDoneForCurrent: ({ context, event }) => event.type === 'queue.propDone' && event.itemId === context.current?.id,
    rigUp: ({ context }) => context.rigState === 'ANIMATED',
    rigIsRagdoll: ({ context }) => context.rigState === 'RAGDOLL',
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
    isOverlaySpeech: ({ event }) => enqueued(event)?.mode === 'overlay' && enqueued(event)?.item.action.type === 'speak',
    isTakeover: ({ event }) => enqueued(event)?.mode === 'takeover',
    noCurrent: ({ context }) => context.current === null,
    currentIsWalk: ({ context }) => context.current?.action.type === 'walk_to',
    currentIsWait: ({ context }) => context.current?.action.type === 'wait',
    currentIsRagdoll: ({ context }) => context.current?.action.type === 'ragdoll',
    currentIsPropAction: ({ context }) => PROP_KINDS.has(context.current?.action.type ?? ''),
    overlaysDone: ({ context }) => context.overlays.length === 0,
    barrierUp: ({ context }) => context.barrier,
    walkArrivedWhileBlocked: ({ context }) => context.current?.action.type === 'walk_to' && context.walkEndedWhileBlocked === 'completed',
    walkStoppedWhileBlocked: ({ context }) => context.current?.action.type === 'walk_to' && context.walkEndedWhileBlocked === 'blocked',
  },
  actions: {
    startNext: assign(({ context }) => {
      const { lane, item } = takeNext(context.lane);
      return { lane, current: item, elapsed: 0, duration: durationOf(item), laneHadWork: true };
    }),
    emitStarted: emit(({ context }) => ({ type: 'runner.started' as const, item: context.current!, overlay: false })),
    emitWalk: emit(({ context }) => ({ type: 'runner.walk' as const, item: context.current! })),
    emitFace: emit(({ context }) => {
      const a = context.current!.action;
      return { type: 'runner.face' as const, direction: a.type === 'face' ? a.direction : 'RIGHT' };
    }),
    emitSpeechFinished: emit(({ context }) => {
      const a = context.current!.action;
      return { type: 'runner.speechFinished' as const, text: a.type === 'speak' ? a.text : '', overlay: false };
    }),
    emitQueueFinished: emit({ type: 'runner.queueFinished' as const }),
    advanceClock: assign({ elapsed: ({ context, event }) => context.elapsed + dtOf(event) }),
    finishCompleted: enqueueActions(({ context, enqueue }) => finish(context, 'completed', sinkOf(enqueue))),
    finishBlocked: enqueueActions(({ context, enqueue }) => finish(context, 'blocked', sinkOf(enqueue))),
    /** Cancels the running primary item (takeover, stop_queue); a walk or prop action is stopped first. */
    cancelCurrent: enqueueActions(({ context, system, enqueue }) => interrupt(context, 'cancelled', enqueue, system)),
    /** The current item can never finish (the stickman left the stage): it finishes blocked. */
    abandonCurrent: enqueueActions(({ context, system, enqueue }) => interrupt(context, 'blocked', enqueue, system)),
    markLaneIdle: assign({ laneHadWork: false }),
    noteRigState: assign({ rigState: ({ context, event }) => (event.type === 'queue.rigState' ? event.state : context.rigState) }),
    askRigToRagdoll: enqueueActions(({ context, system, enqueue }) => tellRig(system, enqueue, context.rigId, { type: 'rig.setRagdoll', cause: 'action' })),
    askRigToRecover: enqueueActions(({ context, system, enqueue }) => tellRig(system, enqueue, context.rigId, { type: 'rig.recover' })),
    emitStopWalk: emit({ type: 'runner.stopWalk' as const }),
    handPropActionToRig: enqueueActions(({ context, system, enqueue }) => tellRig(system, enqueue, context.rigId, { type: 'runner.propAction', item: context.current! })),
    finishWithPropOutcome: enqueueActions(({ context, event, enqueue }) => {
      finish(context, event.type === 'queue.propDone' ? event.outcome : 'completed', sinkOf(enqueue));
    }),
    finishSkipped: enqueueActions(({ context, enqueue }) => finish(context, 'skipped', sinkOf(enqueue))),
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
    /** Overlay speech starts its own clock; an overlay face turns the rig at once. */
    startOverlay: enqueueActions(({ context, event, enqueue }) => {
      const e = enqueued(event);
      if (!e) return;
      enqueue.emit({ type: 'runner.started', item: e.item, overlay: true });
      const a = e.item.action;
      if (a.type === 'speak') {
        enqueue.assign({ overlays: [...context.overlays, { item: e.item, text: a.text, remaining: a.seconds ?? defaultSpeechSeconds(a.text) }] });
      } else {
        if (a.type === 'face') enqueue.emit({ type: 'runner.face', direction: a.direction });
        enqueue.emit({ type: 'runner.finished', item: e.item, outcome: a.type === 'face' ? 'completed' : 'skipped', overlay: true });
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
    }),
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
                step: [
                  // Walks and turns wait while the rig is down (it cannot walk or turn on the floor).
                  { guard: and(['nextIsWalk', 'rigUp']), target: 'walking', actions: ['startNext', 'emitStarted', 'emitWalk'] },
                  { guard: 'nextIsWait', target: 'waiting', actions: ['startNext', 'emitStarted'] },
                  { guard: 'nextIsSpeak', target: 'speaking', actions: ['startNext', 'emitStarted'] },
                  { guard: and(['nextIsFace', 'rigUp']), actions: ['startNext', 'emitStarted', 'emitFace', 'finishCompleted'] },
                  // Already down: nothing to do. Otherwise ask the rig and finish when it is there.
                  { guard: and(['nextIsRagdoll', 'rigIsRagdoll']), actions: ['startNext', 'emitStarted', 'finishSkipped'] },
                  { guard: 'nextIsRagdoll', target: 'ragdolling', actions: ['startNext', 'emitStarted', 'askRigToRagdoll'] },
                  { guard: and(['nextIsRecover', 'rigUp']), actions: ['startNext', 'emitStarted', 'finishSkipped'] },
                  { guard: 'nextIsRecover', target: 'recovering', actions: ['startNext', 'emitStarted', 'askRigToRecover'] },
                  // Prop actions need the rig up, like walks; the interactor reports how they end.
                  { guard: and(['nextIsPropAction', 'rigUp']), target: 'propWorking', actions: ['startNext', 'emitStarted', 'handPropActionToRig'] },
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
                  { guard: and(['becomesAnimated', not('rigUp')]), actions: ['noteRigState', 'emitWalk'] },
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
                  { guard: 'currentIsWalk', target: 'walking', actions: 'lowerBarrier' },
                  { guard: 'currentIsWait', target: 'waiting', actions: 'lowerBarrier' },
                  // A ragdoll asked for before the landing keeps waiting for the rig to go down.
                  { guard: 'currentIsRagdoll', target: 'ragdolling', actions: 'lowerBarrier' },
                  { guard: 'currentIsPropAction', target: 'propWorking', actions: 'lowerBarrier' },
                  { target: 'speaking', actions: 'lowerBarrier' },
                ],
                // A prop action may end behind the barrier (the interactor keeps its own clock).
                'queue.propDone': { guard: 'propDoneForCurrent', actions: 'finishWithPropOutcome' },
                // Walking cannot finish behind the barrier (seed 6a §8): remember how it ended.
                'rig.arrived': { guard: 'currentIsWalk', actions: 'noteWalkArrived' },
                'rig.walkBlocked': { guard: 'currentIsWalk', actions: 'noteWalkStopped' },
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
                  { guard: 'isOverlay', actions: 'startOverlay' },
                ],
              },
            },
            talking: {
              tags: COUNTS_TIME,
              always: { guard: 'overlaysDone', target: 'quiet' },
              on: {
                'queue.enqueue': { guard: 'isOverlay', actions: 'startOverlay' },
                step: { actions: 'tickOverlays' },
              },
            },
          },
        },
      },
    },
  },
});

interface FinishSink {
  emit(event: ActionRunnerEmitted): void;
  clear(): void;
}

/** What an action's `enqueue` offers that finishing an item needs. */
interface Enqueue {
  emit(event: ActionRunnerEmitted): void;
  sendTo(to: AnyActorRef, event: RunnerToRig): void;
  assign(values: Pick<ActionRunnerContext, 'current' | 'elapsed' | 'duration'> | Pick<ActionRunnerContext, 'walkEndedWhileBlocked'>): void;
}

const sinkOf = (enqueue: Enqueue): FinishSink => ({
  emit: (e) => enqueue.emit(e),
  clear: () => enqueue.assign({ current: null, elapsed: 0, duration: 0 }),
});

/** Ends the running primary item early with `outcome`: a walk stops, a prop action is taken back. */
function interrupt(context: ActionRunnerContext, outcome: 'cancelled' | 'blocked', enqueue: Enqueue, system: { get(id: string): AnyActorRef | undefined }): void {
  const current = context.current;
  if (!current) return;
  if (current.action.type === 'walk_to') enqueue.emit({ type: 'runner.stopWalk' });
  if (PROP_KINDS.has(current.action.type)) tellRig(system, enqueue, context.rigId, { type: 'runner.propCancel', item: current });
  enqueue.assign({ walkEndedWhileBlocked: null });
  finish(context, outcome, sinkOf(enqueue));
}

function finish(context: ActionRunnerContext, outcome: Outcome, sink: FinishSink): void {
  if (!context.current) return;
  sink.emit({ type: 'runner.finished', item: context.current, outcome, overlay: false });
  sink.clear();
}
