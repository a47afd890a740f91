/**
 * Airborne momentum (seed phase 6a §5.1): the signed horizontal takeoff velocity decays with
 * stable exponential drag; the vertical velocity gains TERRAIN_GRAVITY up to the fall-speed cap.
 */
import { TERRAIN_GRAVITY, TERRAIN_MAX_FALL_SPEED } from '../terrain/constants';
import { AIR_DRAG_X } from './airConstants';

/** vx · e^(−AIR_DRAG_X·dt): exact for any dt, so the arc does not depend on the step size. */
export function dampAirVelocityX(vx: number, dt: number): number {
  return vx * Math.exp(-AIR_DRAG_X * dt);
}

/** vy + TERRAIN_GRAVITY·dt, capped at TERRAIN_MAX_FALL_SPEED. */
export function accelerateAirVelocityY(vy: number, dt: number): number {
  return Math.min(vy + TERRAIN_GRAVITY * dt, TERRAIN_MAX_FALL_SPEED);
}
