/** Procedural walk tuning (stage px, s). Terrain constants live in core/terrain/constants.ts. */

/** Grounded walking speed, px/s. */
export const WALK_SPEED = 160;
/** walk_to completes when the root is this close to the target X, px. */
export const ARRIVE_TOLERANCE = 4;
/** Time one foot spends in the air per step, s. Stride per foot = 2 × WALK_SPEED × this. */
export const SWING_DURATION = 0.3;
/** Quicker swings used to bring the feet back under the body when the walk ends, s. */
export const SETTLE_SWING_DURATION = 0.18;
/** Peak foot lift of a swing over the straight line between footholds, px. */
export const FOOT_LIFT = 22;
/** Extra lift per px of height change between footholds (clears stair nosings). */
export const STEP_UP_LIFT_FACTOR = 0.6;
/** Half the body's width for wall checks, px. */
export const BODY_HALF_WIDTH = 24;
/** A foot further than this from its rest spot takes a settle step when idle, px. */
export const SETTLE_DISTANCE = 3;
/** Hand travel forward/back at full stride (rig-local px). */
export const ARM_SWING = 34;
/** Idle breathing: pelvis/shoulder bob amplitude (px) and period (s). */
export const BREATH_AMPLITUDE = 2.5;
export const BREATH_PERIOD = 3.6;
/** How fast the body height follows the ground under the root, 1/s (smooths stair edges). */
export const BODY_HEIGHT_RESPONSE = 14;
/** How fast a pelvis drop (reach correction) relaxes back up, 1/s. Drops apply at once. */
export const PELVIS_RELAX_RESPONSE = 10;
/** Legs never lock fully straight: usable reach is this fraction of the leg length. */
export const LEG_REACH_SLACK = 0.985;
/** Slight forward pelvis shift while walking, px (rig-local +X). */
export const WALK_PELVIS_LEAD = 6;
/** How far a foothold stays from a wall it would otherwise land in, px. */
export const FOOT_WALL_CLEARANCE = 10;
