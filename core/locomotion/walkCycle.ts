/**
 * The walk's timing and spacing for one speed and one body: how far a foot travels per swing,
 * how long it is in the air, and where it lands and lifts relative to the root. Everything else
 * in the walk (footholds, hip bob, arm swing) is measured in these.
 */
import type { RigProportions } from '../rig/proportions';
import {
  STRIDE_LEG_LENGTHS, STRIDE_MAX_LEG_LENGTHS, STRIDE_MIN_LEG_LENGTHS, SWING_FRACTION, WALK_LEAN, WALK_LEAN_MAX,
  WALK_SPEED, WALK_SPEED_MAX, WALK_SPEED_MIN,
} from './constants';
import { sameNumber } from './sameNumber';

export interface WalkCycle {
  /** Root speed while walking, px/s. */
  speed: number;
  /** Travel of one foot in one swing, px (twice the distance between consecutive footprints). */
  stride: number;
  /** One full cycle (each foot swings once), s. */
  cycle: number;
  /** Time a foot is in the air, s. */
  swingDuration: number;
  /** A foot lands this far ahead of the root and lifts this far behind it, px. */
  plantLead: number;
  /** Forward torso lean at this speed, radians. */
  lean: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A usable walking speed: the rig's own when it is a finite number in range, else WALK_SPEED. */
export function walkSpeedOf(own: number | undefined): number {
  return own !== undefined && Number.isFinite(own) ? clamp(own, WALK_SPEED_MIN, WALK_SPEED_MAX) : WALK_SPEED;
}

/** The last cycle `walkCycleOf` built and what it was built from. */
let cachedCycle: { speed: number; upperLeg: number; lowerLeg: number; cycle: Readonly<WalkCycle> } | null = null;

/**
 * The walk cycle of a rig's every grounded step: `walkCycle`, built again only when the speed or
 * the leg lengths differ from the last one asked for (compared by value). Shared: read only.
 */
export function walkCycleOf(speed: number, proportions: RigProportions): Readonly<WalkCycle> {
  const c = cachedCycle;
  if (c !== null && sameNumber(c.speed, speed) && sameNumber(c.upperLeg, proportions.upperLeg) && sameNumber(c.lowerLeg, proportions.lowerLeg)) return c.cycle;
  const cycle = Object.freeze(walkCycle(speed, proportions));
  cachedCycle = { speed, upperLeg: proportions.upperLeg, lowerLeg: proportions.lowerLeg, cycle };
  return cycle;
}

export function walkCycle(speed: number, proportions: RigProportions): WalkCycle {
  const leg = proportions.upperLeg + proportions.lowerLeg;
  const stride = clamp(leg * STRIDE_LEG_LENGTHS * Math.sqrt(speed / WALK_SPEED), leg * STRIDE_MIN_LEG_LENGTHS, leg * STRIDE_MAX_LEG_LENGTHS);
  const cycle = stride / speed;
  const swingDuration = SWING_FRACTION * cycle;
  // A foot stands for the rest of the cycle while the root passes over it: symmetric about the
  // root, it lands half that travel ahead and lifts half of it behind.
  const plantLead = (speed * (cycle - swingDuration)) / 2;
  return { speed, stride, cycle, swingDuration, plantLead, lean: Math.min(WALK_LEAN_MAX, WALK_LEAN * (speed / WALK_SPEED)) };
}
