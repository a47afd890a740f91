/**
 * The one table of stickman segment lengths (pixels, DESIGN §3). Everything that needs a body
 * size — IK, rendering, collision proxies — reads it from here so sizes cannot drift apart.
 */
export interface RigProportions {
  readonly upperLeg: number;
  readonly lowerLeg: number;
  /** Pelvis to neck (the torso's fitted collision length, too). */
  readonly torso: number;
  readonly upperArm: number;
  readonly lowerArm: number;
  /** Neck to the centre of the drawn head circle. */
  readonly neckToHead: number;
  /** Radius of the visible head circle (drawing only; the collision head is larger). */
  readonly headRadius: number;
}

export const DEFAULT_PROPORTIONS: RigProportions = Object.freeze({
  upperLeg: 130,
  lowerLeg: 130,
  torso: 170,
  upperArm: 110,
  lowerArm: 110,
  neckToHead: 72,
  headRadius: 62,
});
