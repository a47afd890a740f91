/**
 * One stickman's lifecycle, and the coordinator of its children (DESIGN.md §5). In ANIMATED the
 * rig owns a TerrainMotion child (systemId `rig:<id>/terrainMotion`), spawned on entry and stopped
 * on exit; for its whole life it owns the ActionRunner (`rig:<id>/actionRunner`). Every event for
 * a stickman — `physics.*`, `rig.*`, `queue.*` and the runner's `step` — is sent to this machine,
 * which forwards it to the child that owns it: one path to each actor. Ragdoll and recovery
 * states arrive with the ragdoll work; until then a rig is always ANIMATED.
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom } from 'xstate';
import { terrainMotionMachine, type TerrainMotionEvent, type TerrainMotionNotice } from './terrainMotionMachine';
import { actionRunnerMachine, type ActionRunnerEvent } from './actionRunnerMachine';
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

/** Events the runner owns; the rig passes them on unchanged. */
export type RunnerBoundEvent = Exclude<ActionRunnerEvent, { type: 'queue.block' } | { type: 'queue.unblock' }>;

export type RigEvent = TerrainMotionEvent | RunnerBoundEvent | TerrainMotionNotice;

export const rigMachine = setup({
  types: { context: {} as RigContext, input: {} as RigInput, events: {} as RigEvent },
  actors: { terrainMotion: terrainMotionMachine, actionRunner: actionRunnerMachine },
  actions: {
    spawnTerrainMotion: assign({
      terrainMotion: ({ spawn, context, self }) =>
        spawn('terrainMotion', { id: 'terrainMotion', systemId: `rig:${context.id}/terrainMotion`, input: { parent: self } }),
    }),
    stopTerrainMotion: enqueueActions(({ context, enqueue }) => {
      if (context.terrainMotion) enqueue.stopChild(context.terrainMotion);
      enqueue.assign({ terrainMotion: null });
    }),
    forwardToTerrainMotion: enqueueActions(({ context, event, enqueue }) => {
      if (context.terrainMotion) enqueue.sendTo(context.terrainMotion, event as TerrainMotionEvent);
    }),
    forwardToRunner: sendTo(({ context }) => context.actionRunner, ({ event }) => event as RunnerBoundEvent),
    blockRunner: sendTo(({ context }) => context.actionRunner, { type: 'queue.block' }),
    unblockRunner: sendTo(({ context }) => context.actionRunner, { type: 'queue.unblock' }),
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
  on: {
    'queue.start': { actions: 'forwardToRunner' },
    'queue.stop': { actions: 'forwardToRunner' },
    'queue.abandon': { actions: 'forwardToRunner' },
    'queue.enqueue': { actions: 'forwardToRunner' },
    step: { actions: 'forwardToRunner' },
    'rig.arrived': { actions: 'forwardToRunner' },
    'rig.walkBlocked': { actions: 'forwardToRunner' },
  },
  initial: 'ANIMATED',
  states: {
    ANIMATED: {
      entry: 'spawnTerrainMotion',
      exit: 'stopTerrainMotion',
      on: {
        'rig.beginTerrainFall': { actions: 'forwardToTerrainMotion' },
        'rig.disableTerrain': { actions: 'forwardToTerrainMotion' },
        'physics.landed': { actions: 'forwardToTerrainMotion' },
        'physics.supportLost': { actions: 'forwardToTerrainMotion' },
        'physics.landingFinished': { actions: 'forwardToTerrainMotion' },
        // The landing barrier (seed 6a §8): TerrainMotion decides, the runner obeys.
        'terrain.landingStarted': { actions: 'blockRunner' },
        'terrain.landingEnded': { actions: 'unblockRunner' },
      },
    },
  },
});

export type RigActor = ActorRefFrom<typeof rigMachine>;
