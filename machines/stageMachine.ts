/**
 * The stage lifecycle (DESIGN.md §5): EDIT · DIRECT · PLAY { RUNNING · PAUSED }.
 * The machine decides; the runtime work (build, dispose, reset) is supplied by the stage
 * controller through `.provide()`, so this file stays free of physics and I/O.
 */
import { setup } from 'xstate';

export type StageEvent =
  | { type: 'ui.play' }
  | { type: 'ui.pause' }
  | { type: 'ui.resume' }
  | { type: 'ui.reset' }
  | { type: 'ui.edit' }
  | { type: 'ui.direct' };

export type StageMode = 'EDIT' | 'DIRECT' | 'PLAY';

export const stageMachine = setup({
  types: {
    events: {} as StageEvent,
  },
  actions: {
    // Implementations come from the controller (streams/stage); these defaults do nothing so the
    // machine can be model-tested on its own.
    buildRuntime: () => {},
    disposeRuntime: () => {},
    resetRuntime: () => {},
  },
}).createMachine({
  id: 'stage',
  initial: 'EDIT',
  states: {
    EDIT: {
      on: { 'ui.direct': 'DIRECT', 'ui.play': 'PLAY' },
    },
    DIRECT: {
      on: { 'ui.edit': 'EDIT', 'ui.play': 'PLAY' },
    },
    PLAY: {
      entry: 'buildRuntime',
      exit: 'disposeRuntime',
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
        'ui.reset': { target: '.PAUSED', actions: 'resetRuntime' },
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
