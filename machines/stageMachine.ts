/**
 * The stage lifecycle (DESIGN.md §5): EDIT · DIRECT · PLAY { RUNNING · PAUSED }.
 * The machine decides; the runtime work (build, dispose, reset) is supplied by the stage
 * controller through `.provide()`, so this file stays free of physics and I/O.
 */
import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { Snapshot } from 'xstate';
import { rigMachine, type RigInput } from './rigMachine';
import { restoredRigMachine } from './restoredRig';

export type StageEvent =
  | { type: 'stage.setRigs'; rigs: RigInput[] }
  | { type: 'ui.play' }
  | { type: 'ui.pause' }
  | { type: 'ui.resume' }
  | { type: 'ui.reset' }
  | { type: 'ui.edit' }
  | { type: 'ui.direct' }
  /** A keyframe (issue 14): the rigs come back from their persisted snapshots, the runtime from its state. */
  | { type: 'stage.restore'; rigs: Record<string, Snapshot<unknown>> };

export type StageMode = 'EDIT' | 'DIRECT' | 'PLAY';

export interface StageContext {
  /** One entry per stickman of the document (id and authored queue); a rig actor each in PLAY. */
  rigInputs: RigInput[];
  rigs: Record<string, ActorRefFrom<typeof rigMachine>>;
}

export const stageMachine = setup({
  types: {
    context: {} as StageContext,
    events: {} as StageEvent,
    input: {} as { rigs?: RigInput[] } | undefined,
  },
  actors: { rig: rigMachine, restoredRig: restoredRigMachine },
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
    // Implementations come from the controller (streams/stage); these defaults do nothing so the
    // machine can be model-tested on its own.
    buildRuntime: () => {},
    disposeRuntime: () => {},
    resetRuntime: () => {},
    restoreRuntime: () => {},
  },
}).createMachine({
  id: 'stage',
  context: ({ input }) => ({ rigInputs: input?.rigs ?? [], rigs: {} }),
  initial: 'EDIT',
  states: {
    EDIT: {
      on: { 'ui.direct': 'DIRECT', 'ui.play': 'PLAY', 'stage.setRigs': { actions: 'setRigInputs' } },
    },
    DIRECT: {
      on: { 'ui.edit': 'EDIT', 'ui.play': 'PLAY', 'stage.setRigs': { actions: 'setRigInputs' } },
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
        // A seek lands on a keyframe: the same rigs and runtime as at its tick, held there.
        'stage.restore': { target: '.PAUSED', actions: ['stopRigs', 'spawnRestoredRigs', 'restoreRuntime'] },
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
