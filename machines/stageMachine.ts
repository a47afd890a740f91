/**
 * The stage lifecycle (DESIGN.md §5): EDIT · DIRECT · PLAY { RUNNING · PAUSED }.
 * The machine decides; the runtime work (build, dispose, reset) is supplied by the stage
 * controller through `.provide()`, so this file stays free of physics and I/O.
 */
import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { rigMachine } from './rigMachine';

export type StageEvent =
  | { type: 'stage.setRigs'; rigIds: string[] }
  | { type: 'ui.play' }
  | { type: 'ui.pause' }
  | { type: 'ui.resume' }
  | { type: 'ui.reset' }
  | { type: 'ui.edit' }
  | { type: 'ui.direct' };

export type StageMode = 'EDIT' | 'DIRECT' | 'PLAY';

export interface StageContext {
  /** Stickman ids of the document; one rig actor each is spawned in PLAY. */
  rigIds: string[];
  rigs: Record<string, ActorRefFrom<typeof rigMachine>>;
}

export const stageMachine = setup({
  types: {
    context: {} as StageContext,
    events: {} as StageEvent,
    input: {} as { rigIds?: string[] } | undefined,
  },
  actors: { rig: rigMachine },
  actions: {
    setRigIds: assign({
      rigIds: ({ event, context }) => (event.type === 'stage.setRigs' ? [...event.rigIds] : context.rigIds),
    }),
    spawnRigs: assign({
      rigs: ({ spawn, context }) =>
        Object.fromEntries(
          context.rigIds.map((id) => [id, spawn('rig', { id: `rig:${id}`, systemId: `rig:${id}`, input: { id } })]),
        ),
    }),
    stopRigs: enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.rigs)) enqueue.stopChild(ref);
      enqueue.assign({ rigs: {} });
    }),
    // Implementations come from the controller (streams/stage); these defaults do nothing so the
    // machine can be model-tested on its own.
    buildRuntime: () => {},
    disposeRuntime: () => {},
    resetRuntime: () => {},
  },
}).createMachine({
  id: 'stage',
  context: ({ input }) => ({ rigIds: input?.rigIds ?? [], rigs: {} }),
  initial: 'EDIT',
  states: {
    EDIT: {
      on: { 'ui.direct': 'DIRECT', 'ui.play': 'PLAY', 'stage.setRigs': { actions: 'setRigIds' } },
    },
    DIRECT: {
      on: { 'ui.edit': 'EDIT', 'ui.play': 'PLAY', 'stage.setRigs': { actions: 'setRigIds' } },
    },
    PLAY: {
      entry: ['spawnRigs', 'buildRuntime'],
      exit: ['disposeRuntime', 'stopRigs'],
      initial: 'RUNNING',
      states: {
        RUNNING: {
          on: { 'ui.pause': 'PAUSED' },
        },
        PAUSED: {
          on: { 'ui.resume': 'RUNNING', 'ui.play': 'RUNNING' },
        },
      },
      on: {
        // RESET rewinds to the document and holds at t = 0 so the director sees the start pose.
        'ui.reset': { target: '.PAUSED', actions: ['stopRigs', 'spawnRigs', 'resetRuntime'] },
        'ui.edit': 'EDIT',
        'ui.direct': 'DIRECT',
      },
    },
  },
});

export function stageModeOf(value: unknown): { mode: StageMode; paused: boolean } {
  if (value === 'EDIT' || value === 'DIRECT') return { mode: value, paused: false };
  const play = (value as { PLAY?: string } | null)?.PLAY;
  return { mode: 'PLAY', paused: play === 'PAUSED' };
}
