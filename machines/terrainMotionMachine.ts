/**
 * TerrainMotion (seed phase 6a §4): who owns the rig's vertical motion. The step pipeline runs the
 * matching core solver for the current state and reports what it saw as `physics.*` events.
 * LANDING_IMPACT is declared for the landing-absorption work and is not reachable yet: every
 * landing is a soft landing until that solver exists.
 */
import { setup } from 'xstate';

export type TerrainMotionEvent =
  | { type: 'rig.beginTerrainFall' }
  | { type: 'physics.landed'; fallDistance: number; impactSpeed: number }
  | { type: 'physics.supportLost'; walkVelocityX: number }
  | { type: 'rig.disableTerrain' };

export type TerrainMotionState = 'DISABLED' | 'AIRBORNE' | 'GROUNDED' | 'LANDING_IMPACT';

export const terrainMotionMachine = setup({
  types: { events: {} as TerrainMotionEvent },
}).createMachine({
  id: 'terrainMotion',
  initial: 'DISABLED',
  states: {
    DISABLED: {
      on: { 'rig.beginTerrainFall': 'AIRBORNE' },
    },
    AIRBORNE: {
      on: {
        'physics.landed': 'GROUNDED',
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
      on: { 'rig.disableTerrain': 'DISABLED' },
    },
  },
});
