/**
 * Prop poses as x, y, rotation per prop in a flat Float64Array (StepState.propPoses), compared
 * with the last read by the pose read after each step (which props this step moved). A flat pass
 * over a few thousand numbers, with no bookkeeping in between.
 */

/**
 * Whether prop `i`'s pose in `poses` differs from `since` (NaN never equals, so a non-finite pose
 * always counts); if so it is copied into `since`.
 */
export function poseChangedSince(poses: Float64Array, since: Float64Array, i: number): boolean {
  const o = i * 3;
  if (poses[o] === since[o] && poses[o + 1] === since[o + 1] && poses[o + 2] === since[o + 2]) return false;
  since[o] = poses[o];
  since[o + 1] = poses[o + 1];
  since[o + 2] = poses[o + 2];
  return true;
}
