/**
 * TerrainMotion (seed phase 6a §4): who owns the rig's terrain motion. The step pipeline runs the
 * matching core solver for the current state and reports what it saw as `physics.*` events. A
 * landing from HARD_LANDING_MIN_FALL_HEIGHT or higher goes to LANDING_IMPACT (the guard uses the
 * core's `isHardLanding`, the threshold the pose solver shares); the absorption's elapsed time
 * is counted by the step, which reports `physics.landingFinished` when its 0.30 s are over.
 *
 * The landing barrier (seed 6a §8) is this machine's decision: entering LANDING_IMPACT tells the
 * parent rig `terrain.landingStarted`, leaving it `terrain.landingEnded`; the rig blocks and
 * unblocks its queue runner. The rig's id arrives as input (./toRig); on its own (model-based
 * tests) the machine emits the notice instead.
 */
import { enqueueActions, setup } from 'xstate';
import { isHardLanding } from '../core/locomotion/landing';
import { tellRig } from './toRig';

export type TerrainMotionEvent =
  | { type: 'rig.beginTerrainFall' }
  | { type: 'physics.landed'; fallDistance: number; impactSpeed: number }
  | { type: 'physics.supportLost'; walkVelocityX: number }
  | { type: 'physics.landingFinished' }
  | { type: 'rig.disableTerrain' };

export type TerrainMotionState = 'DISABLED' | 'AIRBORNE' | 'GROUNDED' | 'LANDING_IMPACT';

/** What TerrainMotion tells its rig. */
export type TerrainMotionNotice = { type: 'terrain.landingStarted' } | { type: 'terrain.landingEnded' };

export interface TerrainMotionContext {
  /** The rig it moves (the landing barrier is its to raise); null when it runs on its own. */
  rigId: string | null;
}

export const terrainMotionMachine = setup({
  types: {
    context: {} as TerrainMotionContext,
    events: {} as TerrainMotionEvent,
    emitted: {} as TerrainMotionNotice,
    input: {} as { rigId?: string } | undefined,
  },
  guards: {
    hardLanding: ({ event }) => event.type === 'physics.landed' && isHardLanding(event.fallDistance),
  },
  actions: {
    raiseLandingBarrier: enqueueActions(({ context, system, enqueue }) => tellRig(system, enqueue, context.rigId, { type: 'terrain.landingStarted' })),
    lowerLandingBarrier: enqueueActions(({ context, system, enqueue }) => tellRig(system, enqueue, context.rigId, { type: 'terrain.landingEnded' })),
  },
}).createMachine({
  id: 'terrainMotion',
  context: ({ input }) => ({ rigId: input?.rigId ?? null }),
  initial: 'DISABLED',
  states: {
    DISABLED: {
      on: { 'rig.beginTerrainFall': 'AIRBORNE' },
    },
    AIRBORNE: {
      on: {
        'physics.landed': [{ guard: 'hardLanding', target: 'LANDING_IMPACT' }, { target: 'GROUNDED' }],
        'rig.disableTerrain': 'DISABLED',
      },
    },
    GROUNDED: {
      on: {
        'physics.supportLost': 'AIRBORNE',
        'rig.disableTerrain': 'DISABLED',
      },
    },
    LANDING_IMPACT: {
      entry: 'raiseLandingBarrier',
      exit: 'lowerLandingBarrier',
      on: {
        'physics.landingFinished': 'GROUNDED',
        'rig.disableTerrain': 'DISABLED',
      },
    },
  },
});
