/** The markers a frame shows for a solved pose (core/rig/poseMarkers). */
import { describe, expect, it } from 'vitest';
import { MARKER_NAMES, defaultStandingPose, type MarkerPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { solvePose } from '../../../core/rig/skeleton';
import { markersWithSolvedHandsInto } from '../../../core/rig/poseMarkers';

const blank = (): MarkerPose => ({ Left_Hand: [0, 0], Right_Hand: [0, 0], Left_Leg: [0, 0], Right_Leg: [0, 0], Torso: [0, 0] });

describe('markersWithSolvedHandsInto', () => {
  it('keeps the feet and pelvis of the markers and puts the hands where the solved wrists are, when IK falls short', () => {
    const markers = defaultStandingPose(DEFAULT_PROPORTIONS);
    // Out of reach: the solved wrist stops short of the asked-for hand.
    markers.Right_Hand = [markers.Right_Hand[0] + 900, markers.Right_Hand[1] - 700];
    const pose = solvePose(markers, DEFAULT_PROPORTIONS);
    const out = markersWithSolvedHandsInto(markers, pose, blank());
    expect(out.Right_Hand).toEqual([pose.right_lower_arm.end[0], pose.right_lower_arm.end[1]]);
    expect(out.Right_Hand).not.toEqual(markers.Right_Hand);
    expect(out.Left_Hand).toEqual([pose.left_lower_arm.end[0], pose.left_lower_arm.end[1]]);
    for (const name of ['Left_Leg', 'Right_Leg', 'Torso'] as const) expect(out[name]).toEqual(markers[name]);
  });

  it('writes into the given markers, step after step, sharing no array with its inputs', () => {
    const markers = defaultStandingPose(DEFAULT_PROPORTIONS);
    const pose = solvePose(markers, DEFAULT_PROPORTIONS);
    const out = blank();
    const arrays = MARKER_NAMES.map((n) => out[n]);
    expect(markersWithSolvedHandsInto(markers, pose, out)).toBe(out);
    expect(MARKER_NAMES.map((n) => out[n])).toEqual(arrays);
    MARKER_NAMES.forEach((n, i) => expect(out[n]).toBe(arrays[i]));
    for (const n of MARKER_NAMES) expect(out[n]).not.toBe(markers[n]);
    markers.Torso[0] += 10;
    expect(out.Torso[0]).toBe(markers.Torso[0] - 10);
  });
});
