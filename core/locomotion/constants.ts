/** Procedural walk tuning (stage px, s). Terrain constants live in core/terrain/constants.ts. */

/**
 * Default grounded walking speed, px/s: about one body height (the default figure is ~600 px
 * tall) every two seconds, a relaxed walk. A stickman's own `walk_speed` overrides it.
 */
export const WALK_SPEED = 300;
/** The range a stickman's own `walk_speed` must lie in, px/s (a creep to a brisk march). */
export const WALK_SPEED_MIN = 20;
export const WALK_SPEED_MAX = 800;
/** walk_to completes when the root is this close to the target X, px. */
export const ARRIVE_TOLERANCE = 4;
/**
 * A walk target at most this far behind is reached in steps backwards, facing kept: a short
 * correction (a landing that carried the stickman past its target) is a shuffle back, not a turn
 * round that would mirror the whole pose, and a held prop with it, in one step. px.
 */
export const BACKSTEP_MAX_DISTANCE = 48;

/**
 * Stride: how far one foot travels in one swing at WALK_SPEED, in leg lengths (upper + lower
 * leg). About a leg length, as in a natural walk. Slower walks take shorter strides and faster
 * ones longer (∝ √speed, the way people walk), within the clamp below.
 */
export const STRIDE_LEG_LENGTHS = 1.05;
export const STRIDE_MIN_LEG_LENGTHS = 0.35;
export const STRIDE_MAX_LEG_LENGTHS = 1.4;
/**
 * Share of a gait cycle one foot spends in the air. The rest (0.6) it stands, so both feet are
 * down for 0.1 of the cycle after every touchdown (double support): a walk, not a run.
 */
export const SWING_FRACTION = 0.4;
/** Quicker swings used to bring the feet back under the body when the walk ends, s. */
export const SETTLE_SWING_DURATION = 0.18;
/** Peak foot lift of a swing over the straight line between footholds, px. */
export const FOOT_LIFT = 30;
/** Extra lift per px of height change between footholds (clears stair nosings). */
export const STEP_UP_LIFT_FACTOR = 0.6;
/** Footholds ahead are found by following the terrain in hops this long (stairs rise under them), px. */
export const FOOTHOLD_HOP = 40;
/** Half the body's width for wall checks, px. */
export const BODY_HALF_WIDTH = 24;
/**
 * The heaviest prop a walk pushes along (kg, a prop's `mass`; tunable). A kinematic body would
 * shove any mass, so a walk into a heavier prop is blocked as a wall blocks it (issue 19): the
 * stickman stops before any part of it touches the prop. The built-ins weigh 0.6–4.
 */
export const MAX_PUSH_MASS = 40;
/** A foot further than this from its rest spot takes a settle step when idle, px. */
export const SETTLE_DISTANCE = 3;

/** How fast the walk's style (bob, lean, arm swing, pelvis lead) fades in and out, 1/s. */
export const WALK_BLEND_RESPONSE = 7;
/** Below this the walk's style counts as gone and the idle pose is written exactly. */
export const WALK_BLEND_EPSILON = 1e-3;
/**
 * Hip bob: peak-to-peak pelvis travel per stride length. The pelvis is lowest just after a
 * touchdown (legs spread, both feet down) and highest as the body passes over the standing foot.
 */
export const HIP_BOB_PER_STRIDE = 0.06;
/** Where in a step (0 touchdown .. 1 next touchdown) the pelvis is lowest: mid double support. */
export const HIP_BOB_LOW_PHASE = 0.1;
/** Forward torso lean at WALK_SPEED, radians (≈ 5.7°); proportional to speed, clamped below. */
export const WALK_LEAN = 0.1;
export const WALK_LEAN_MAX = 0.22;
/** Slight forward pelvis shift while walking, px (rig-local +X). */
export const WALK_PELVIS_LEAD = 6;

/** Upper-arm swing about the shoulder at full stride, radians each way (≈ 22°). */
export const ARM_SWING_ANGLE = 0.38;
/** Extra elbow bend as an arm swings forward (the forearm rises), and as it swings back, radians. */
export const ELBOW_FORWARD_FLEX = 0.32;
export const ELBOW_BACK_FLEX = 0.04;

/** Idle breathing: pelvis/shoulder bob amplitude (px) and period (s). */
export const BREATH_AMPLITUDE = 2.5;
export const BREATH_PERIOD = 3.6;
/** How fast the body height follows the ground under the root, 1/s (smooths stair edges). */
export const BODY_HEIGHT_RESPONSE = 14;
/** How fast a pelvis drop (reach correction) relaxes back up, 1/s. Drops apply at once. */
export const PELVIS_RELAX_RESPONSE = 10;
/** Legs never lock fully straight: usable reach is this fraction of the leg length. */
export const LEG_REACH_SLACK = 0.985;
/** How far a foothold stays from a wall it would otherwise land in, px. */
export const FOOT_WALL_CLEARANCE = 10;
