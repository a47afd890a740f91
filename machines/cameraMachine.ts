/**
 * The directed camera's queue runner (issue 23). The camera runs one action at a time — a shot
 * (follow a stickman or prop, frame a rectangle) that eases for its `ease_seconds`, or a wait —
 * and keeps its last shot when the queue runs dry. Rules insert reactions sequentially (after the
 * current action) or as a takeover (now: the current action is cancelled).
 *
 * Time arrives as `step` events with `dt`; what the camera looks at is the runtime's job (core/
 * camera computes the view): the machine emits `camera.shot` when a shot starts and says which
 * actions started and finished.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { CameraQueueItem } from '../core/camera/actions';

export type CameraOutcome = 'completed' | 'skipped' | 'cancelled';
export type CameraReactiveMode = 'sequential' | 'takeover';

export interface CameraContext {
  /** Items not started yet, in order. */
  pending: CameraQueueItem[];
  /** Reactions inserted at the front and not started yet (sequential ones go after them). */
  reactiveAhead: number;
  current: CameraQueueItem | null;
  elapsed: number;
  duration: number;
  /** Something ran since the queue last ran dry: queue_finished fires once per exhaustion. */
  hadWork: boolean;
}

export type CameraEvent =
  | { type: 'queue.start' }
  | { type: 'queue.enqueue'; item: CameraQueueItem; mode: CameraReactiveMode }
  | { type: 'step'; dt: number }
  /** The runtime found the current shot's target gone: the action finishes skipped. */
  | { type: 'camera.skip' };

export type CameraEmitted =
  | { type: 'camera.started'; item: CameraQueueItem }
  | { type: 'camera.finished'; item: CameraQueueItem; outcome: CameraOutcome }
  | { type: 'camera.shot'; item: CameraQueueItem }
  | { type: 'camera.queueFinished' };

const durationOf = (item: CameraQueueItem): number => (item.type === 'wait' ? item.seconds : item.ease_seconds);
const dtOf = (e: CameraEvent): number => (e.type === 'step' && Number.isFinite(e.dt) && e.dt > 0 ? e.dt : 0);

export const cameraMachine = setup({
  types: {
    context: {} as CameraContext,
    events: {} as CameraEvent,
    emitted: {} as CameraEmitted,
    input: {} as { items: readonly CameraQueueItem[] },
  },
  actions: {
    /** Takes the next item and says so (a shot also tells the runtime where to look). */
    startNext: enqueueActions(({ context, enqueue }) => {
      const [item, ...rest] = context.pending;
      enqueue.assign({ pending: rest, reactiveAhead: Math.max(0, context.reactiveAhead - 1), current: item, elapsed: 0, duration: durationOf(item), hadWork: true });
      enqueue.emit({ type: 'camera.started', item });
      if (item.type !== 'wait') enqueue.emit({ type: 'camera.shot', item });
    }),
    count: assign({ elapsed: ({ context, event }) => context.elapsed + dtOf(event) }),
    finishCompleted: enqueueActions(({ context, enqueue }) => {
      if (context.current) enqueue.emit({ type: 'camera.finished', item: context.current, outcome: 'completed' });
      enqueue.assign({ current: null });
    }),
    finishSkipped: enqueueActions(({ context, enqueue }) => {
      if (context.current) enqueue.emit({ type: 'camera.finished', item: context.current, outcome: 'skipped' });
      enqueue.assign({ current: null });
    }),
    cancelCurrent: enqueueActions(({ context, enqueue }) => {
      if (context.current) enqueue.emit({ type: 'camera.finished', item: context.current, outcome: 'cancelled' });
      enqueue.assign({ current: null });
    }),
    insertSequential: assign(({ context, event }) => {
      if (event.type !== 'queue.enqueue') return {};
      const at = context.reactiveAhead;
      return { pending: [...context.pending.slice(0, at), event.item, ...context.pending.slice(at)], reactiveAhead: at + 1 };
    }),
    insertTakeover: assign(({ context, event }) => {
      if (event.type !== 'queue.enqueue') return {};
      return { pending: [event.item, ...context.pending], reactiveAhead: context.reactiveAhead + 1 };
    }),
    sayQueueFinished: enqueueActions(({ context, enqueue }) => {
      if (context.hadWork) enqueue.emit({ type: 'camera.queueFinished' });
      enqueue.assign({ hadWork: false });
    }),
  },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
    isTakeover: ({ event }) => event.type === 'queue.enqueue' && event.mode === 'takeover',
    /** The current action has run its time (a 0 s shot is a cut: done in the step it starts). */
    timeUp: ({ context, event }) => context.elapsed + dtOf(event) >= context.duration,
  },
}).createMachine({
  id: 'camera',
  context: ({ input }) => ({ pending: [...input.items], reactiveAhead: 0, current: null, elapsed: 0, duration: 0, hadWork: false }),
  initial: 'STOPPED',
  states: {
    /** Before PLAY starts the queue. */
    STOPPED: {
      on: {
        'queue.start': 'CHOOSING',
        'queue.enqueue': [{ guard: 'isTakeover', actions: 'insertTakeover' }, { actions: 'insertSequential' }],
      },
    },
    /** Transient: start the next item or rest. */
    CHOOSING: {
      always: [{ guard: 'hasPending', target: 'RUNNING', actions: 'startNext' }, { target: 'IDLE', actions: 'sayQueueFinished' }],
    },
    /** Nothing to run: the last shot holds. */
    IDLE: {
      on: { 'queue.enqueue': [{ guard: 'isTakeover', target: 'CHOOSING', actions: 'insertTakeover' }, { target: 'CHOOSING', actions: 'insertSequential' }] },
    },
    /** A shot easing in, or a wait counting. */
    RUNNING: {
      on: {
        step: [{ guard: 'timeUp', target: 'CHOOSING', actions: ['count', 'finishCompleted'] }, { actions: 'count' }],
        'camera.skip': { target: 'CHOOSING', actions: 'finishSkipped' },
        'queue.enqueue': [{ guard: 'isTakeover', target: 'CHOOSING', actions: ['cancelCurrent', 'insertTakeover'] }, { actions: 'insertSequential' }],
      },
    },
  },
});

export type CameraSnapshotValue = 'STOPPED' | 'CHOOSING' | 'IDLE' | 'RUNNING';
