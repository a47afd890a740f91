/**
 * One stickman's lifecycle. In ANIMATED the rig owns a TerrainMotion child (systemId
 * `rig:<id>/terrainMotion`); for its whole life it owns the ActionRunner
 * (`rig:<id>/actionRunner`). Both are children, so the root inspector sees them. Ragdoll and recovery states arrive
 * with the ragdoll work; until then a rig is always ANIMATED.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { terrainMotionMachine } from './terrainMotionMachine';
import { actionRunnerMachine } from './actionRunnerMachine';
import type { LaneItem } from '../core/actions/lane';

export interface RigInput {
  id: string;
  /** The stickman's authored queue, in order. */
  items: LaneItem[];
}

export interface RigContext {
  id: string;
  terrainMotion: ActorRefFrom<typeof terrainMotionMachine> | null;
  /** The queue runner lives as long as the rig: the queue outlasts ragdoll and recovery. */
  actionRunner: ActorRefFrom<typeof actionRunnerMachine>;
}

export type RigEvent = { type: 'rig.beginTerrainFall' } | { type: 'rig.disableTerrain' };

export const rigMachine = setup({
  types: { context: {} as RigContext, input: {} as RigInput, events: {} as RigEvent },
  actors: { terrainMotion: terrainMotionMachine, actionRunner: actionRunnerMachine },
  actions: {
    spawnTerrainMotion: assign({
      terrainMotion: ({ spawn, context }) =>
        spawn('terrainMotion', { id: 'terrainMotion', systemId: `rig:${context.id}/terrainMotion` }),
    }),
    forwardToTerrainMotion: ({ context, event }) => {
      context.terrainMotion?.send(event);
    },
  },
}).createMachine({
  id: 'rig',
  context: ({ input, spawn }) => ({
    id: input.id,
    terrainMotion: null,
    actionRunner: spawn('actionRunner', {
      id: 'actionRunner',
      systemId: `rig:${input.id}/actionRunner`,
      input: { rigId: input.id, items: input.items },
    }),
  }),
  initial: 'ANIMATED',
  states: {
    ANIMATED: {
      entry: 'spawnTerrainMotion',
      on: {
        'rig.beginTerrainFall': { actions: 'forwardToTerrainMotion' },
        'rig.disableTerrain': { actions: 'forwardToTerrainMotion' },
      },
    },
  },
});

export type RigActor = ActorRefFrom<typeof rigMachine>;
