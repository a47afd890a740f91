/**
 * Terrain-motion tuning constants (stage px, s). Single source of truth: the seeds name these
 * as the values every terrain phase shares (phase 6a §3: "remain the single sources of truth").
 */

/** Downward acceleration of an airborne animated rig, px/s². Stronger than the project
 * gravity (980) on purpose: the puppet's fall reads snappier than props. */
export const TERRAIN_GRAVITY = 2400;

/** Cap on the airborne rig's downward speed, px/s, so long falls stay readable and the swept
 * landing allowance (fall per step) stays bounded: 1800 / 60 = 30 px per step. */
export const TERRAIN_MAX_FALL_SPEED = 1800;

/** A supporting surface counts as ground when it lies within this many px above or below the
 * expected foot/root height; farther below means the rig is unsupported (airborne). */
export const TERRAIN_SUPPORT_RANGE = 60;

/** Downward probes start this far above the expected foot, so a step/riser up to this height
 * (above MAX_STEP_HEIGHT, with margin) is still found as the top surface. */
export const TERRAIN_PROBE_START_ABOVE = 120;

/** Largest vertical pelvis offset the grounded solver may apply so both feet reach unequal
 * supports (stairs, ramps), px. */
export const PELVIS_MAX_OFFSET = 90;

/** Tallest rise a walking rig steps up onto; a taller obstacle is a wall, px. */
export const MAX_STEP_HEIGHT = 70;

/** An edge supports (is walkable ground) when its outward unit normal has normal.y <= -this,
 * i.e. it faces up within 50° of vertical. Walls (normal.y = 0) and ceilings (normal.y > 0)
 * never support. */
export const SUPPORT_NORMAL_MIN_UP = Math.cos((50 * Math.PI) / 180);

/** Width of the X columns of the static terrain index, px. Narrow enough that a column holds
 * only a few segments, wide enough that a 6000 px stage needs ~100 columns. */
export const TERRAIN_INDEX_COLUMN_WIDTH = 64;

/** Upper bound on index columns: huge stages widen the columns instead of allocating more. */
export const TERRAIN_INDEX_MAX_COLUMNS = 4096;

/** Per-foot downward probe fan: rig-independent stage-X offsets from the foot, px. Three rays
 * over ±12 px so a foot on a stair nosing or ramp apex still finds the surface. */
export const FOOT_PROBE_OFFSETS: readonly number[] = Object.freeze([-12, 0, 12]);

/** Centre (root) probe fan over ±24 px, the span between the feet, so standing on a step edge
 * keeps support. */
export const CENTER_PROBE_OFFSETS: readonly number[] = Object.freeze([-24, -12, 0, 12, 24]);
