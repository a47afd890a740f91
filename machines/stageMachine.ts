/**
 * The stage lifecycle (DESIGN.md §5): EDIT · DIRECT · PLAY { RUNNING · PAUSED }, and PLAY_FAILED
 * when the PLAY runtime could not be built (or a keyframe could not be restored into it).
 *
 * In PLAY the stage spawns one rig actor per stickman and the run: the actor that owns the PLAY
 * runtime's life (built when it starts, disposed when it stops). The run's logic is supplied by the
 * stage controller through `.provide()` (the physics and the step live in streams/), so this file
 * stays free of physics and I/O; the default does nothing, so the machine can be model-tested on
 * its own. A run that fails to build errors, and the stage lands in PLAY_FAILED holding the error.
 *
 * Each new run says so once it is built: the run sends `run.started` with its cause, and the
 * stage emits it to its listeners (`actor.on('run.started', …)`: the take session, the loader's
 * warnings). It arrives after the transition that started the run, in the same `send`.
 */
import { assign, emit, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { Snapshot } from 'xstate';
import { rigMachine, type RigInput } from './rigMachine';
import { restoredRigMachine } from './restoredRig';

/**
 * Why a run started: PLAY entered from EDIT or DIRECT, a RESET while running or paused (a fresh
 * run from t = 0 each), or a keyframe restored (the same run going on from the keyframe's tick).
 */
export type RunCause = 'play_from_edit' | 'play_from_direct' | 'reset_running' | 'reset_paused' | 'restore';

export type RunStarted = { type: 'run.started'; cause: RunCause };

export type StageEvent =
  | { type: 'stage.setRigs'; rigs: RigInput[] }
  | { type: 'ui.play' }
  | { type: 'ui.pause' }
  | { type: 'ui.resume' }
  | { type: 'ui.reset' }
  | { type: 'ui.edit' }
  | { type: 'ui.direct' }
  /**
   * A keyframe (issue 14): the rigs come back from their persisted snapshots, the run from the
   * runtime's saved state (opaque here: the run's logic knows it).
   */
  | { type: 'stage.restore'; rigs: Record<string, Snapshot<unknown>>; runtime: unknown }
  /** From the run: it is built and the stage is running on it. */
  | RunStarted;

export type StageMode = 'EDIT' | 'DIRECT' | 'PLAY';

/** What the run is started with. */
export interface RunInput {
  cause: RunCause;
  /** The rig actors the runtime drives, by stickman id. */
  rigs: Record<string, ActorRefFrom<typeof rigMachine>>;
  /** For `restore`: the runtime's saved state to load into the new runtime; otherwise null. */
  restore: unknown;
}

export interface StageContext {
  /** One entry per stickman of the document (id and authored queue); a rig actor each in PLAY. */
  rigInputs: RigInput[];
  rigs: Record<string, ActorRefFrom<typeof rigMachine>>;
  /** In PLAY_FAILED: why the run could not start (the run's error); null elsewhere. */
  failure: unknown;
}

/**
 * Entering PLAY: the rigs, then the run built on them. On the transition rather than PLAY's entry
 * because only the transition knows the run's cause (where PLAY was entered from).
 */
const enterPlay = (cause: RunCause) => ({ target: 'PLAY', actions: ['spawnRigs', { type: 'startRun', params: { cause } }] }) as const;

/** The run's id among the stage's children (its error event is `xstate.error.actor.run`). */
export const RUN_ID = 'run';

export const stageMachine = setup({
  types: {
    context: {} as StageContext,
    events: {} as StageEvent,
    input: {} as { rigs?: RigInput[] } | undefined,
    emitted: {} as RunStarted,
  },
  actors: {
    rig: rigMachine,
    restoredRig: restoredRigMachine,
    // The controller provides the real run (streams/stage/runActor.ts); this one holds nothing.
    run: fromCallback<EventObject, RunInput>(() => {}),
  },
  actions: {
    setRigInputs: assign({
      rigInputs: ({ event, context }) => (event.type === 'stage.setRigs' ? event.rigs : context.rigInputs),
    }),
    spawnRigs: assign({
      rigs: ({ spawn, context }) =>
        Object.fromEntries(
          context.rigInputs.map((input) => [input.id, spawn('rig', { id: `rig:${input.id}`, systemId: `rig:${input.id}`, input })]),
        ),
    }),
    spawnRestoredRigs: assign({
      rigs: ({ spawn, context, event }) => {
        const saved = event.type === 'stage.restore' ? event.rigs : {};
        return Object.fromEntries(
          context.rigInputs.map((input) => {
            const snapshot = Object.hasOwn(saved, input.id) ? saved[input.id] : undefined;
            const options = { id: `rig:${input.id}`, systemId: `rig:${input.id}` };
            // A stickman the keyframe does not know starts fresh (never in practice: same document).
            // The restored logic is typed as the rig machine, whose input it replaces: hence the cast.
            return [input.id, snapshot ? spawn('restoredRig', { ...options, input: { snapshot } as never }) : spawn('rig', { ...options, input })];
          }),
        ) as StageContext['rigs'];
      },
    }),
    stopRigs: enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.rigs)) enqueue.stopChild(ref);
      enqueue.assign({ rigs: {} });
    }),
    /** Spawns the run on the rigs spawned just before (they are in the context by now). */
    startRun: enqueueActions(({ context, event, enqueue }, params: { cause: RunCause }) => {
      const restore = params.cause === 'restore' && event.type === 'stage.restore' ? event.runtime : null;
      enqueue.spawnChild('run', { id: RUN_ID, input: { cause: params.cause, rigs: context.rigs, restore } });
    }),
    stopRun: enqueueActions(({ enqueue }) => enqueue.stopChild(RUN_ID)),
    announceRun: emit(({ event }) => (event as RunStarted)),
    keepFailure: assign({ failure: ({ event }) => (event as { error?: unknown }).error ?? null }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'stage',
  context: ({ input }) => ({ rigInputs: input?.rigs ?? [], rigs: {}, failure: null }),
  initial: 'EDIT',
  states: {
    EDIT: {
      on: {
        'ui.direct': 'DIRECT',
        'ui.play': enterPlay('play_from_edit'),
        'stage.setRigs': { actions: 'setRigInputs' },
      },
    },
    DIRECT: {
      on: {
        'ui.edit': 'EDIT',
        'ui.play': enterPlay('play_from_direct'),
        'stage.setRigs': { actions: 'setRigInputs' },
      },
    },
    PLAY: {
      exit: ['stopRun', 'stopRigs'],
      initial: 'RUNNING',
      states: {
        RUNNING: {
          on: {
            'ui.pause': 'PAUSED',
            // RESET rewinds to the document and holds at t = 0 so the director sees the start pose.
            'ui.reset': { target: 'PAUSED', actions: ['stopRun', 'stopRigs', 'spawnRigs', { type: 'startRun', params: { cause: 'reset_running' } }] },
          },
        },
        PAUSED: {
          on: {
            'ui.resume': 'RUNNING',
            'ui.play': 'RUNNING',
            'ui.reset': { target: 'PAUSED', actions: ['stopRun', 'stopRigs', 'spawnRigs', { type: 'startRun', params: { cause: 'reset_paused' } }] },
          },
        },
      },
      on: {
        // A seek lands on a keyframe: the same rigs and runtime as at its tick, held there.
        'stage.restore': { target: '.PAUSED', actions: ['stopRun', 'stopRigs', 'spawnRestoredRigs', { type: 'startRun', params: { cause: 'restore' } }] },
        'run.started': { actions: 'announceRun' },
        [`xstate.error.actor.${RUN_ID}`]: { target: 'PLAY_FAILED', actions: 'keepFailure' },
        'ui.edit': 'EDIT',
        'ui.direct': 'DIRECT',
      },
    },
    /**
     * The run could not be built (or restored): physics frozen, the document shown and editable
     * as in EDIT, the error in `context.failure` until the director moves on.
     */
    PLAY_FAILED: {
      exit: 'clearFailure',
      on: {
        'ui.edit': 'EDIT',
        'ui.direct': 'DIRECT',
        'ui.play': enterPlay('play_from_edit'),
        'stage.setRigs': { target: 'EDIT', actions: 'setRigInputs' },
      },
    },
  },
});

/** The mode UI and render see: PLAY_FAILED is edited like EDIT (the document is what is shown). */
export function stageModeOf(value: unknown): { mode: StageMode; paused: boolean } {
  if (value === 'EDIT' || value === 'DIRECT') return { mode: value, paused: false };
  if (value === 'PLAY_FAILED') return { mode: 'EDIT', paused: false };
  const play = (value as { PLAY?: string } | null)?.PLAY;
  return { mode: 'PLAY', paused: play === 'PAUSED' };
}
