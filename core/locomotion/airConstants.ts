/**
 * Airborne momentum, air pose and landing absorption tuning: seed phase 6a §3, used literally
 * (stage px, px/s, s). Production defaults, not saved settings. Gravity, the fall-speed cap and
 * the support range stay in core/terrain/constants.ts (their single source of truth).
 */

/** Exponential damping of the signed horizontal takeoff velocity, s⁻¹. */
export const AIR_DRAG_X = 0.75;
/** Downward speeds over which the main air-pose weight ramps 0 → 1, px/s. */
export const AIR_POSE_START_SPEED = 240.0;
export const AIR_POSE_FULL_SPEED = 1200.0;
/** Exponential blend response of the air-pose weight towards its target, s⁻¹. */
export const AIR_POSE_RESPONSE = 10.0;
/** Hands reach this far in rig-local +X at full reach, px. */
export const AIR_HAND_FORWARD = 220.0;
/** Downward speeds over which the forward reach ramps 0 → 1 (before the lift starts), px/s. */
export const AIR_HAND_FORWARD_START_SPEED = 80.0;
export const AIR_HAND_FORWARD_FULL_SPEED = 520.0;
/** Hands lift this far rig-local upward at full weight, px. */
export const AIR_HAND_LIFT = 680.0;
/** Flail amplitudes, rig-local (x, y) px, at full weight. */
export const AIR_HAND_FLAIL_AMPLITUDE: readonly [number, number] = Object.freeze([20.0, 16.0]) as readonly [number, number];
export const AIR_FOOT_FLAIL_AMPLITUDE: readonly [number, number] = Object.freeze([14.0, 10.0]) as readonly [number, number];
/** Flail frequency, Hz; the two sides run in opposite phase. */
export const AIR_FLAIL_HZ = 12.0;

/** A fall at least this high (vertical px) is a hard landing: LANDING_IMPACT. Below it, soft. */
export const HARD_LANDING_MIN_FALL_HEIGHT = 80.0;
/** Falls this high or higher get the full reaction (clamped), px. */
export const HARD_LANDING_MAX_FALL_HEIGHT = 900.0;
/** Torso-marker compression at the minimum and maximum hard fall, px downward. */
export const LANDING_COMPRESSION_MIN = 32.0;
export const LANDING_COMPRESSION_MAX = 160.0;
/** Hand-marker drop at the minimum and maximum hard fall, px downward. */
export const LANDING_HAND_DROP_MIN = 270.0;
export const LANDING_HAND_DROP_MAX = 520.0;
/** Impact timeline: quadratic ease-out compression, then sine-out recovery (0.30 s total), s. */
export const LANDING_COMPRESS_DURATION = 0.08;
export const LANDING_RECOVER_DURATION = 0.22;
