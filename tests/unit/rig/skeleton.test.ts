import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PROPORTIONS, type RigProportions } from '../../../core/rig/proportions';
import { defaultStandingPose, type MarkerPose } from '../../../core/rig/markers';
import { solvePose, solvePoseInto, PART_NAMES, type RigLocalPose } from '../../../core/rig/skeleton';
import { toWorld, markerToWorld, worldToMarker } from '../../../core/rig/worldPose';
import { type Vec2, distance } from '../../../core/rig/vec';

const P = DEFAULT_PROPORTIONS;
const expectedLength = (proportions: RigProportions) => ({
  head: proportions.neckToHead,
  torso: proportions.torso,
  left_upper_arm: proportions.upperArm,
  left_lower_arm: proportions.lowerArm,
  right_upper_arm: proportions.upperArm,
  right_lower_arm: proportions.lowerArm,
  left_upper_leg: proportions.upperLeg,
  left_lower_leg: proportions.lowerLeg,
  right_upper_leg: proportions.upperLeg,
  right_lower_leg: proportions.lowerLeg,
});

describe('solvePose', () => {
  const standing = solvePose(defaultStandingPose(P), P);

  it('produces the ten seed parts, each named after its key', () => {
    expect(Object.keys(standing).sort()).toEqual([...PART_NAMES].sort());
    expect(PART_NAMES).toHaveLength(10);
    for (const name of PART_NAMES) expect(standing[name].name).toBe(name);
  });

  it('stands about 600 px tall with both feet on the ground', () => {
    const headTop = standing.head.end[1] - P.headRadius;
    const height = 0 - headTop;
    expect(height).toBeGreaterThanOrEqual(560);
    expect(height).toBeLessThanOrEqual(620);
    expect(standing.left_lower_leg.end[1]).toBeCloseTo(0, 9);
    expect(standing.right_lower_leg.end[1]).toBeCloseTo(0, 9);
    // Root is between the feet.
    expect(standing.left_lower_leg.end[0] + standing.right_lower_leg.end[0]).toBeCloseTo(0, 9);
  });

  it('measures every segment at its proportion length (stored and actual)', () => {
    const lengths = expectedLength(P);
    for (const name of PART_NAMES) {
      expect(standing[name].length).toBe(lengths[name]);
      expect(distance(standing[name].start, standing[name].end)).toBeCloseTo(lengths[name], 6);
    }
    const custom: RigProportions = { upperLeg: 100, lowerLeg: 90, torso: 150, upperArm: 80, lowerArm: 70, neckToHead: 50, headRadius: 40 };
    const pose = solvePose(defaultStandingPose(custom), custom);
    for (const name of PART_NAMES) expect(distance(pose[name].start, pose[name].end)).toBeCloseTo(expectedLength(custom)[name], 6);
  });

  it('connects the chain: hips at the pelvis, shoulders at the neck, head 72 px above the neck', () => {
    const markers = defaultStandingPose(P);
    expect(standing.torso.start).toEqual(markers.Torso);
    expect(standing.torso.end[0]).toBeCloseTo(markers.Torso[0], 9);
    expect(standing.torso.end[1]).toBeCloseTo(markers.Torso[1] - P.torso, 9);
    expect(standing.head.start).toEqual(standing.torso.end);
    expect(standing.head.end[0]).toBeCloseTo(standing.torso.end[0], 9);
    expect(standing.head.end[1]).toBeCloseTo(standing.torso.end[1] - 72, 9);
    for (const side of ['left', 'right'] as const) {
      expect(standing[`${side}_upper_leg`].start).toEqual(standing.torso.start);
      expect(standing[`${side}_lower_leg`].start).toEqual(standing[`${side}_upper_leg`].end);
      expect(standing[`${side}_upper_arm`].start).toEqual(standing.torso.end);
      expect(standing[`${side}_lower_arm`].start).toEqual(standing[`${side}_upper_arm`].end);
    }
  });

  it('places limb ends on their markers with knees forward and elbows back', () => {
    const markers = defaultStandingPose(P);
    expect(distance(standing.left_lower_leg.end, markers.Left_Leg)).toBeLessThan(1e-6);
    expect(distance(standing.right_lower_leg.end, markers.Right_Leg)).toBeLessThan(1e-6);
    expect(distance(standing.left_lower_arm.end, markers.Left_Hand)).toBeLessThan(1e-6);
    expect(distance(standing.right_lower_arm.end, markers.Right_Hand)).toBeLessThan(1e-6);
    // Knee/elbow relative to the straight hip→foot / shoulder→hand line.
    for (const side of ['left', 'right'] as const) {
      const hip = standing[`${side}_upper_leg`].start;
      const knee = standing[`${side}_upper_leg`].end;
      const foot = standing[`${side}_lower_leg`].end;
      const t = (knee[1] - hip[1]) / (foot[1] - hip[1]);
      expect(knee[0]).toBeGreaterThan(hip[0] + (foot[0] - hip[0]) * t + 5);
      const shoulder = standing[`${side}_upper_arm`].start;
      const elbow = standing[`${side}_upper_arm`].end;
      const hand = standing[`${side}_lower_arm`].end;
      const u = (elbow[1] - shoulder[1]) / (hand[1] - shoulder[1]);
      expect(elbow[0]).toBeLessThan(shoulder[0] + (hand[0] - shoulder[0]) * u - 5);
    }
  });

  it('leans the torso forward for a positive torsoLean, keeping its length', () => {
    const leaning = solvePose(defaultStandingPose(P), P, { torsoLean: 0.3 });
    const neck = leaning.torso.end;
    const pelvis = leaning.torso.start;
    expect(neck[0] - pelvis[0]).toBeCloseTo(P.torso * Math.sin(0.3), 9);
    expect(neck[1] - pelvis[1]).toBeCloseTo(-P.torso * Math.cos(0.3), 9);
    expect(leaning.left_upper_arm.start).toEqual(neck);
    expect(leaning.head.end[0]).toBeCloseTo(neck[0], 9);
  });

  it('stays finite and length-preserving for markers far out of reach or on the pelvis', () => {
    const markers: MarkerPose = {
      Torso: [0, -250],
      Left_Leg: [0, -250],
      Right_Leg: [1e9, -1e9],
      Left_Hand: [0, -420],
      Right_Hand: [-5000, 4000],
    };
    const pose = solvePose(markers, P);
    const lengths = expectedLength(P);
    for (const name of PART_NAMES) {
      for (const v of [pose[name].start, pose[name].end]) expect(v.every(Number.isFinite)).toBe(true);
      expect(distance(pose[name].start, pose[name].end)).toBeCloseTo(lengths[name], 6);
    }
  });
});

describe('toWorld', () => {
  const local = solvePose(defaultStandingPose(P), P);
  const root: Vec2 = [600, 2000];

  it('translates by the root when facing RIGHT and reports stage-space angles and centres', () => {
    const world = toWorld(local, root, 'RIGHT');
    for (const name of PART_NAMES) {
      const part = world[name];
      expect(part.start[0]).toBeCloseTo(local[name].start[0] + 600, 9);
      expect(part.start[1]).toBeCloseTo(local[name].start[1] + 2000, 9);
      expect(part.end[0]).toBeCloseTo(local[name].end[0] + 600, 9);
      expect(part.center[0]).toBeCloseTo((part.start[0] + part.end[0]) / 2, 9);
      expect(part.center[1]).toBeCloseTo((part.start[1] + part.end[1]) / 2, 9);
      expect(part.angle).toBeCloseTo(Math.atan2(part.end[1] - part.start[1], part.end[0] - part.start[0]), 12);
    }
    // Torso points up the screen: −Y in stage space is angle −π/2.
    expect(world.torso.angle).toBeCloseTo(-Math.PI / 2, 9);
    expect(world.left_lower_leg.end[1]).toBeCloseTo(2000, 9);
  });

  it('mirrors every point about the root for LEFT and keeps every length', () => {
    const right = toWorld(local, root, 'RIGHT');
    const left = toWorld(local, root, 'LEFT');
    for (const name of PART_NAMES) {
      for (const key of ['start', 'end', 'center'] as const) {
        expect(left[name][key][0] - root[0]).toBeCloseTo(-(right[name][key][0] - root[0]), 9);
        expect(left[name][key][1]).toBeCloseTo(right[name][key][1], 9);
      }
      expect(left[name].length).toBe(right[name].length);
      expect(distance(left[name].start, left[name].end)).toBeCloseTo(distance(right[name].start, right[name].end), 9);
    }
    // Knees point the way the stickman faces.
    expect(left.left_upper_leg.end[0]).toBeLessThan(left.left_upper_leg.start[0]);
    expect(right.left_upper_leg.end[0]).toBeGreaterThan(right.left_upper_leg.start[0]);
  });

  it('converts single markers to the stage and back for both facings', () => {
    const localPoint: Vec2 = [25, -130];
    expect(markerToWorld(localPoint, root, 'RIGHT')).toEqual([625, 1870]);
    expect(markerToWorld(localPoint, root, 'LEFT')).toEqual([575, 1870]);
    for (const facing of ['RIGHT', 'LEFT'] as const) {
      const back = worldToMarker(markerToWorld(localPoint, root, facing), root, facing);
      expect(back[0]).toBeCloseTo(25, 12);
      expect(back[1]).toBeCloseTo(-130, 12);
    }
    expect(worldToMarker([590, 2000], root, 'LEFT')).toEqual([10, 0]);
  });
});

describe('solvePoseInto', () => {
  const coord = fc.double({ min: -120, max: 120, noNaN: true });
  const marker = fc.tuple(coord, coord);
  const markers = fc.record({ Torso: marker, Left_Leg: marker, Right_Leg: marker, Left_Hand: marker, Right_Hand: marker });
  const lean = fc.double({ min: -1.5, max: 1.5, noNaN: true });
  /** A pose with every number wrong: what a rig's buffer holds from the step before. */
  const dirty = (): RigLocalPose => {
    const pose = solvePose(defaultStandingPose(P), P);
    for (const name of PART_NAMES) {
      const part = pose[name];
      part.start[0] = part.start[1] = part.end[0] = part.end[1] = 9999;
      part.length = -1;
    }
    return pose;
  };

  it('writes exactly what solvePose returns into the pose it is given, every number of every part', () => {
    fc.assert(fc.property(markers, lean, lean, (m, torsoLean, headLean) => {
      const into = dirty();
      const parts = PART_NAMES.map((name) => into[name]);
      const arrays = PART_NAMES.flatMap((name) => [into[name].start, into[name].end]);
      const out = solvePoseInto(m as MarkerPose, P, { torsoLean, headLean }, into);
      expect(out).toBe(into);
      // The same part objects and arrays: nothing new is made.
      expect(PART_NAMES.map((name) => out[name])).toEqual(parts);
      PART_NAMES.forEach((name, i) => { expect(out[name]).toBe(parts[i]); expect(out[name].start).toBe(arrays[2 * i]); expect(out[name].end).toBe(arrays[2 * i + 1]); });
      expect(out).toEqual(solvePose(m as MarkerPose, P, { torsoLean, headLean }));
    }));
  });

  it('keeps every part its own arrays, as solvePose does (a flinch bends one part without moving another)', () => {
    const out = solvePoseInto(defaultStandingPose(P), P, {}, dirty());
    const arrays = PART_NAMES.flatMap((name) => [out[name].start, out[name].end]);
    expect(new Set(arrays).size).toBe(arrays.length);
  });
});
