/**
 * TerrainMotion (seed phase 6a §4): who owns the rig's terrain motion. The step pipeline runs the
 * matching core solver for the current state and reports what it saw as `physics.*` events. A
 * landing from HARD_LANDING_MIN_FALL_HEIGHT or higher goes to LANDING_IMPACT (the guard uses the
 * core's `isHardLanding`, the threshold the pose solver shares); the absorption's elapsed time
 * is counted by the step, which reports `physics.landingFinished` when its 0.30 s are over.
 *
 * The landing barrier (seed 6a §8) is this machine's decision: entering LANDING_IMPACT tells the
 * parent rig `terrain.landingStarted`, leaving it `terrain.landingEnded`; the rig blocks and
 * unblocks its queue runner. The parent arrives as input so the machine also runs on its own
 * (model-based tests), where there is nobody to tell.
 */
import { enqueueActions, setup, type AnyActorRef } from 'xstate';
import { isHardLanding } from '../core/locomotion/landing';

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
  parent: AnyActorRef | null;
}

/**
 * Who hears the landing barrier: the parent given as input, else the actor that spawned this one.
 * A machine restored from a persisted snapshot (a keyframe) has lost its input reference (xstate
 * persists refs to children only), but its spawning rig is still its parent.
 */
function parentOf(context: { parent: AnyActorRef | null | undefined }, self: unknown): AnyActorRef | null {
  return context.parent ?? (self as { _parent?: AnyActorRef })._parent ?? null;
}

export const terrainMotionMachine = setup({
  types: {
    context: {} as TerrainMotionContext,
    events: {} as TerrainMotionEvent,
    input: {} as { parent?: AnyActorRef } | undefined,
  },
  guards: {
    hardLanding: ({ event }) => event.type === 'physics.landed' && isHardLanding(event.fallDistance),
  },
  actions: {
    raiseLandingBarrier: enqueueActions(({ context, self, enqueue }) => {
      const parent = parentOf(context, self);
      if (parent) enqueue.sendTo(parent, { type: 'terrain.landingStarted' } satisfies TerrainMotionNotice);
    }),
    lowerLandingBarrier: enqueueActions(({ context, self, enqueue }) => {
      const parent = parentOf(context, self);
      if (parent) enqueue.sendTo(parent, { type: 'terrain.landingEnded' } satisfies TerrainMotionNotice);
    }),
  },
}).createMachine({
  id: 'terrainMotion',
  context: ({ input }) => ({ parent: input?.parent ?? null }),
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
