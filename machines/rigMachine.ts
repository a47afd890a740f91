/**
 * One stickman's lifecycle. In ANIMATED the rig owns a TerrainMotion child (systemId
 * `rig:<id>/terrainMotion`) so the root inspector sees it. Ragdoll and recovery states arrive
 * with the ragdoll work; until then a rig is always ANIMATED.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { terrainMotionMachine } from './terrainMotionMachine';

export interface RigInput {
  id: string;
}

export interface RigContext {
  id: string;
  terrainMotion: ActorRefFrom<typeof terrainMotionMachine> | null;
}

export type RigEvent = { type: 'rig.beginTerrainFall' } | { type: 'rig.disableTerrain' };

export const rigMachine = setup({
  types: { context: {} as RigContext, input: {} as RigInput, events: {} as RigEvent },
  actors: { terrainMotion: terrainMotionMachine },
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
  context: ({ input }) => ({ id: input.id, terrainMotion: null }),
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
