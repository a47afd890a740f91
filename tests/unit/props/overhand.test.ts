import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ARM_REACH,
  OVERHAND_DURATION,
  OVERHAND_FOLLOW_THROUGH_SECONDS,
  OVERHAND_HEAD_MARGIN,
  OVERHAND_MAX_TORSO_LEAN,
  OVERHAND_RELEASE_FRACTION,
  OVERHAND_SWEEP_SECONDS,
  OVERHAND_WINDUP_SECONDS,
  overhandHandAt,
  overhandPath,
  releaseWaypoint,
  type OverhandPath,
  type OverhandPose,
} from '../../../core/props/overhand';
import { defaultStandingPose, type MarkerPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS as P } from '../../../core/rig/proportions';
import { solvePose } from '../../../core/rig/skeleton';
import { markerToWorld, worldToMarker, type Facing } from '../../../core/rig/facing';
import type { Vec2 } from '../../../core/geometry/vec';

const REACH_LIMIT = DEFAULT_ARM_REACH * 0.98;
const HEAD_CLEARANCE = P.headRadius + OVERHAND_HEAD_MARGIN;
const standing = defaultStandingPose(P);

function livePose(markers: MarkerPose, hand: Vec2 = markers.Right_Hand): OverhandPose {
  const pose = solvePose(markers, P);
  return { pelvis: markers.Torso, shoulder: pose.torso.end, head: pose.head.end, hand };
}

const key = (path: OverhandPath, name: string) => path.keys.find((k) => k.name === name)!;
const samples = (path: OverhandPath, perSecond = 240) =>
  Array.from({ length: Math.round(path.duration * perSecond) + 1 }, (_, i) => i / perSecond);

/** The rig as the real skeleton solves it with the path's hand target and lean at time t. */
function solvedAt(path: OverhandPath, t: number, markers: MarkerPose = standing) {
  const s = overhandHandAt(path, t);
  const pose = solvePose({ ...markers, Right_Hand: s.hand }, P, { torsoLean: s.torsoLean });
  return { ...s, pose };
}

describe('overhand path timing', () => {
  it('names readable durations: 0.35 s windup, 0.2 s sweep releasing at ~60 %, 0.25 s follow-through', () => {
    expect(OVERHAND_WINDUP_SECONDS).toBe(0.35);
    expect(OVERHAND_SWEEP_SECONDS).toBe(0.2);
    expect(OVERHAND_RELEASE_FRACTION).toBeGreaterThan(0.55);
    expect(OVERHAND_RELEASE_FRACTION).toBeLessThan(0.65);
    expect(OVERHAND_FOLLOW_THROUGH_SECONDS).toBe(0.25);
    const path = overhandPath(livePose(standing));
    expect(path.duration).toBeCloseTo(0.8, 12);
    expect(OVERHAND_DURATION).toBeCloseTo(0.8, 12);
    // Release lands on a whole 1/60 s step, so preview and PLAY release at the same pose.
    expect(path.releaseT * 60).toBeCloseTo(28, 9);
  });

  it('releases during the forward sweep, with the hand moving forward', () => {
    const path = overhandPath(livePose(standing));
    const crown = key(path, 'crown');
    const sweepEnd = key(path, 'sweep_end');
    expect(path.releaseT).toBeGreaterThan(crown.t);
    expect(path.releaseT).toBeLessThan(sweepEnd.t);
    const before = overhandHandAt(path, path.releaseT - 1 / 120).hand;
    const after = overhandHandAt(path, path.releaseT + 1 / 120).hand;
    expect(after[0] - before[0]).toBeGreaterThan(3); // sweeping towards +X (forward)
    const release = releaseWaypoint(path);
    expect(release.t).toBe(path.releaseT);
    expect(release.hand).toEqual(key(path, 'release').hand);
    expect(release.hand[0]).toBeGreaterThan(release.shoulder[0] + 50); // in front of the body
    expect(release.hand[1]).toBeLessThan(release.shoulder[1]); // still above the shoulder
  });
});

describe('overhand path shape (default standing rig)', () => {
  const path = overhandPath(livePose(standing));

  it('starts exactly at the live hand, with the live lean', () => {
    expect(path.keys[0].hand[0]).toBeCloseTo(standing.Right_Hand[0], 9);
    expect(path.keys[0].hand[1]).toBeCloseTo(standing.Right_Hand[1], 9);
    expect(overhandHandAt(path, 0).hand[0]).toBeCloseTo(standing.Right_Hand[0], 9);
    expect(overhandHandAt(path, 0).hand[1]).toBeCloseTo(standing.Right_Hand[1], 9);
    expect(path.keys[0].torsoLean).toBeCloseTo(0, 12);
  });

  it('lifts behind and beside the head, then passes over the crown', () => {
    const lift = solvedAt(path, key(path, 'lift').t);
    expect(lift.hand[0]).toBeLessThan(lift.pose.head.end[0] - P.headRadius); // behind the head
    expect(lift.hand[1]).toBeLessThan(lift.shoulder[1]); // lifted above the shoulder
    const crown = solvedAt(path, key(path, 'crown').t);
    expect(crown.hand[1]).toBeLessThan(crown.pose.head.end[1] - P.headRadius); // above the crown
    expect(Math.abs(crown.hand[0] - crown.pose.head.end[0])).toBeLessThan(P.headRadius);
  });

  it('follows through forward and down after the release', () => {
    const release = releaseWaypoint(path);
    const end = overhandHandAt(path, path.duration);
    expect(end.hand[0]).toBeGreaterThan(end.shoulder[0] + 100);
    expect(end.hand[1]).toBeGreaterThan(release.hand[1] + 100);
  });

  it('stays within the arm reach at every sampled instant: the real IK reaches each target', () => {
    for (const t of samples(path)) {
      const s = solvedAt(path, t);
      // The path's shoulder is the skeleton's shoulder under that lean…
      expect(s.pose.torso.end[0]).toBeCloseTo(s.shoulder[0], 9);
      expect(s.pose.torso.end[1]).toBeCloseTo(s.shoulder[1], 9);
      // …and the hand stays inside 98 % of the arm, so the two-bone IK lands on it exactly.
      expect(Math.hypot(s.hand[0] - s.shoulder[0], s.hand[1] - s.shoulder[1])).toBeLessThanOrEqual(REACH_LIMIT + 1e-9);
      expect(Math.hypot(s.pose.right_lower_arm.end[0] - s.hand[0], s.pose.right_lower_arm.end[1] - s.hand[1])).toBeLessThan(1e-6);
    }
  });

  it('keeps the hand clear of the head circle (with margin) at every sampled instant', () => {
    for (const t of samples(path)) {
      const s = solvedAt(path, t);
      const head = s.pose.head.end;
      expect(Math.hypot(s.hand[0] - head[0], s.hand[1] - head[1])).toBeGreaterThanOrEqual(HEAD_CLEARANCE - 1e-9);
    }
  });

  it('moves smoothly: no jump between 1/240 s samples', () => {
    let previous = overhandHandAt(path, 0).hand;
    for (const t of samples(path).slice(1)) {
      const hand = overhandHandAt(path, t).hand;
      expect(Math.hypot(hand[0] - previous[0], hand[1] - previous[1])).toBeLessThan(16);
      previous = hand;
    }
  });

  it('leans the torso a little (≤ 0.25 rad): back in the windup, forward through the release', () => {
    for (const t of samples(path)) expect(Math.abs(overhandHandAt(path, t).torsoLean)).toBeLessThanOrEqual(OVERHAND_MAX_TORSO_LEAN + 1e-12);
    expect(key(path, 'lift').torsoLean).toBeLessThan(0);
    expect(releaseWaypoint(path).torsoLean).toBeGreaterThan(0);
    expect(key(path, 'follow_through').torsoLean).toBeGreaterThan(releaseWaypoint(path).torsoLean);
  });

  it('never moves the legs: only hand targets and a lean come out of it', () => {
    const s = overhandHandAt(path, path.releaseT);
    expect(Object.keys(s).sort()).toEqual(['hand', 'shoulder', 'torsoLean']);
  });
});

describe('overhand path from other live poses', () => {
  it('clamps a start hand beyond reach and keeps the limits for hands held high, in front or behind', () => {
    const starts: Vec2[] = [[200, -430], [30, -640], [-150, -560], [0, -200], [260, -300], [-90, -250]];
    for (const hand of starts) {
      const path = overhandPath(livePose(standing, hand));
      for (const t of samples(path, 120)) {
        const s = solvedAt(path, t);
        expect(Math.hypot(s.hand[0] - s.shoulder[0], s.hand[1] - s.shoulder[1])).toBeLessThanOrEqual(REACH_LIMIT + 1e-9);
        expect(Math.hypot(s.hand[0] - s.pose.head.end[0], s.hand[1] - s.pose.head.end[1])).toBeGreaterThanOrEqual(HEAD_CLEARANCE - 1e-9);
      }
      // Whatever the start, the release is in front of and above the shoulder.
      const r = releaseWaypoint(path);
      expect(r.hand[0]).toBeGreaterThan(r.shoulder[0]);
      expect(r.hand[1]).toBeLessThan(r.shoulder[1]);
    }
  });

  it('holds reach and head clearance for any start hand and a leaning torso (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0.1, max: 1.1, noNaN: true }),
        fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        (angle, extension, lean) => {
          const markers = standing;
          const pose = solvePose(markers, P, { torsoLean: lean });
          const shoulder = pose.torso.end;
          const hand: Vec2 = [shoulder[0] + Math.cos(angle) * DEFAULT_ARM_REACH * extension, shoulder[1] + Math.sin(angle) * DEFAULT_ARM_REACH * extension];
          const path = overhandPath({ pelvis: markers.Torso, shoulder, head: pose.head.end, hand });
          return samples(path, 60).every((t) => {
            const s = overhandHandAt(path, t);
            const solved = solvePose({ ...markers, Right_Hand: s.hand }, P, { torsoLean: s.torsoLean });
            const head = solved.head.end;
            return Math.hypot(s.hand[0] - solved.torso.end[0], s.hand[1] - solved.torso.end[1]) <= REACH_LIMIT + 1e-9
              && Math.hypot(s.hand[0] - head[0], s.hand[1] - head[1]) >= HEAD_CLEARANCE - 1e-9
              && Math.abs(s.torsoLean) <= OVERHAND_MAX_TORSO_LEAN + 1e-12;
          });
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe('mirrored use', () => {
  const root: Vec2 = [1500, 2000];

  /** A rig facing `facing` whose stage pose is the standing pose: build the path from rig-local markers read off the stage. */
  function worldPath(facing: Facing) {
    const worldHand = markerToWorld(standing.Right_Hand, root, facing);
    const local = livePose(standing, worldToMarker(worldHand, root, facing));
    const path = overhandPath(local);
    return (t: number) => markerToWorld(overhandHandAt(path, t).hand, root, facing);
  }

  it('a LEFT-facing throw is the mirror image of a RIGHT-facing one about the root', () => {
    const right = worldPath('RIGHT');
    const left = worldPath('LEFT');
    for (const t of [0, 0.1, 0.2, 0.35, 28 / 60, 0.55, 0.8]) {
      const r = right(t);
      const l = left(t);
      expect(l[0] - root[0]).toBeCloseTo(-(r[0] - root[0]), 9);
      expect(l[1]).toBeCloseTo(r[1], 9);
    }
  });

  it('sweeps towards the facing side on the stage: forward is −X when facing LEFT', () => {
    const left = worldPath('LEFT');
    const release = 28 / 60;
    expect(left(release + 1 / 120)[0]).toBeLessThan(left(release - 1 / 120)[0]);
    expect(left(0.2)[0]).toBeGreaterThan(root[0]); // the windup goes behind, which is +X for a LEFT-facing rig
  });
});
