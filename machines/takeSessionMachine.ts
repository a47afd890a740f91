/**
 * A stage's take session (issue 14) as a lifecycle: what the director's take is doing now.
 *
 * - NO_TAKE: nothing was played yet.
 * - ON_STAGE: the stage is in PLAY on the take.
 *   - RECORDING: the stage is at the end of the take; each step adds to it (its commands, pauses
 *     and resumes, its length).
 *   - REPLAYING: the stage is behind the end (after a seek, or playing an opened take file); each
 *     step plays the take's commands back. A new command from the director here branches: the
 *     take is cut at the current tick and recording goes on from there (the cut can be undone).
 *   - SEEKING: a seek (or an undo) is re-simulating; what the stage does meanwhile is not the
 *     director's (a restart does not begin a new take, its steps record nothing).
 * - FINISHED: PLAY was left; the take is kept (to save) until the next run.
 *
 * Driven by the stage's `run.started` (with its cause: a PLAY or a RESET begins a new take, a
 * restored keyframe is the same run) and by the director's commands, seeks and undos, whose events
 * carry the facts the guards decide on (the tick, the take's length). The take's data (its tape,
 * keyframes and branches) is the session's (streams/take/session.ts), which supplies the named
 * actions through `.provide()`; the defaults do nothing, so the machine can be model-tested alone.
 *
 * What a state does each step is its tags, read by the session, so steps cost the machine no
 * events (DESIGN.md §5: a machine hears of a step only when a condition it watches comes true):
 * `keyframes` — the stage is saved on the keyframe grid; `grows` — a step past the end lengthens
 * the take; `feeds` — a step the take has gets the take's commands. A step past the end in a
 * `feeds` state is `take.ranOut`: replaying, the step is then new (RECORDING).
 */
import { and, setup } from 'xstate';
import type { RuntimeCommand } from '../core/commands/definitions';
import type { TakeControlEvent } from '../core/take/schema';
import type { RunCause } from './stageMachine';

/** Where the stage is in the take: the tick it shows (or is about to step to) and the take's last tick. */
interface At {
  tick: number;
  length: number;
}

export type TakeSessionEvent =
  /** A run was built; `replays`: it plays an opened take file that has steps (not a new recording). */
  | { type: 'run.started'; cause: RunCause; replays: boolean }
  /** The stage left PLAY (or PLAY failed). */
  | { type: 'run.ended' }
  /** In a `feeds` state, a step past the end of the take is about to run. */
  | { type: 'take.ranOut'; tick: number }
  /** The director queued a command while the stage shows `tick`. */
  | ({ type: 'take.command' } & At)
  /** A `command` record of the trace (at its tick). */
  | { type: 'take.commandRecord'; tick: number; command: RuntimeCommand }
  /** A pause or resume inside PLAY, after step `tick`. */
  | ({ type: 'take.controlRecord'; control: TakeControlEvent } & At)
  | { type: 'take.seek' }
  | ({ type: 'take.seekDone' } & At)
  /** Undo the latest branch; `branches`: how many there are to undo. */
  | { type: 'take.undoBranch'; branches: number };

const noop = () => {};

export const takeSessionMachine = setup({
  types: { events: {} as TakeSessionEvent },
  guards: {
    /** A PLAY or a RESET (a restored keyframe is the run it was taken from, going on). */
    newRun: ({ event }) => event.type === 'run.started' && event.cause !== 'restore',
    replaysTake: ({ event }) => event.type === 'run.started' && event.replays,
    /** The stage shows a tick before the end: stepping replays. */
    behindEnd: ({ event }) => 'length' in event && event.tick < event.length,
    /** At or past the end: a pause or resume there is the director's, to keep. */
    atEnd: ({ event }) => 'length' in event && event.tick >= event.length,
    hasBranch: ({ event }) => event.type === 'take.undoBranch' && event.branches > 0,
  },
  // The session (streams/take/session.ts) supplies these; see there for what each does.
  actions: {
    beginTake: noop,
    branch: noop,
    recordCommand: noop,
    recordControl: noop,
    putBranchBack: noop,
    ended: noop,
  },
}).createMachine({
  id: 'take',
  initial: 'NO_TAKE',
  states: {
    NO_TAKE: {
      on: {
        'run.started': [
          { guard: and(['newRun', 'replaysTake']), target: 'ON_STAGE.REPLAYING', actions: 'beginTake' },
          { guard: 'newRun', target: 'ON_STAGE.RECORDING', actions: 'beginTake' },
        ],
      },
    },
    ON_STAGE: {
      initial: 'RECORDING',
      exit: 'ended',
      on: { 'run.ended': 'FINISHED' },
      states: {
        // Live, replayed or re-simulated by a seek: the stage at a tick is the take's either way,
        // so every state here keeps keyframes.
        RECORDING: {
          tags: ['keyframes', 'grows'],
          on: {
            // The director's RESET starts over: a new take.
            'run.started': [
              { guard: and(['newRun', 'replaysTake']), target: 'REPLAYING', actions: 'beginTake' },
              { guard: 'newRun', target: 'RECORDING', reenter: true, actions: 'beginTake' },
            ],
            'take.commandRecord': { actions: 'recordCommand' },
            'take.controlRecord': { guard: 'atEnd', actions: 'recordControl' },
            'take.seek': 'SEEKING',
            'take.undoBranch': { guard: 'hasBranch', target: 'SEEKING', actions: 'putBranchBack' },
          },
        },
        REPLAYING: {
          tags: ['keyframes', 'feeds'],
          on: {
            'run.started': [
              { guard: and(['newRun', 'replaysTake']), target: 'REPLAYING', reenter: true, actions: 'beginTake' },
              { guard: 'newRun', target: 'RECORDING', actions: 'beginTake' },
            ],
            // Past the end the take runs out: the step is new, recorded.
            'take.ranOut': 'RECORDING',
            // A new command behind the end: the later future goes (kept for an undo), recording goes on.
            'take.command': { guard: 'behindEnd', target: 'RECORDING', actions: 'branch' },
            'take.controlRecord': { guard: 'atEnd', actions: 'recordControl' },
            'take.seek': 'SEEKING',
            'take.undoBranch': { guard: 'hasBranch', target: 'SEEKING', actions: 'putBranchBack' },
          },
        },
        SEEKING: {
          tags: ['keyframes', 'feeds'],
          on: {
            // A seek steps within the take only (`take.ranOut` is not its concern).
            'take.seekDone': [{ guard: 'behindEnd', target: 'REPLAYING' }, { target: 'RECORDING' }],
          },
        },
      },
    },
    FINISHED: {
      on: {
        'run.started': [
          { guard: and(['newRun', 'replaysTake']), target: 'ON_STAGE.REPLAYING', actions: 'beginTake' },
          { guard: 'newRun', target: 'ON_STAGE.RECORDING', actions: 'beginTake' },
        ],
      },
    },
  },
});
