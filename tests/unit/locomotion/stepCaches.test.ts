/**
 * What every grounded step reuses instead of building again (issue 20): the walk cycle, the walk
 * body, the rest arms and the two-foot pelvis drop give exactly what the plain functions give, and
 * a different input (by value, never by identity) gives that input's answer, not the cached one.
 */
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../core/geometry/vec';
import { armAnglesOf, handFromAngles, meanArm, requiredPelvisDrop, swingArm, walkCycle } from '../../../core/locomotion';
import { airPoseOffsets, applyAirPose, captureAirPoseBase, writeAirPose } from '../../../core/locomotion/airPose';
import { pelvisDropForFeet } from '../../../core/locomotion/pelvis';
import { walkBody, walkBodyOf } from '../../../core/locomotion/walk';
import { walkCycleOf } from '../../../core/locomotion/walkCycle';
import { handX, handY, restArmsOf, swungElbow, swungShoulder } from '../../../core/locomotion/walkStyle';
import { defaultStandingPose, type MarkerPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS as P, type RigProportions } from '../../../core/rig/proportions';
import { mulberry32 } from '../terrain/fixtures';
import { RigSim, groundBlock } from './sim';

const longLegs: RigProportions = { ...P, upperLeg: P.upperLeg * 1.3, lowerLeg: P.lowerLeg * 1.2, torso: P.torso * 0.9, upperArm: P.upperArm * 1.1 };

describe('the per-step caches answer what the plain functions answer', () => {
  it('walkCycleOf: the cycle of the speed and legs asked for, also when they change back and forth', () => {
    for (const [speed, p] of [[300, P], [300, P], [120, P], [300, longLegs], [300, { ...longLegs }], [300, P]] as const) {
      expect(walkCycleOf(speed, p)).toEqual(walkCycle(speed, p));
    }
    expect(walkCycleOf(300, P)).toBe(walkCycleOf(300, { ...P }));
  });

  it('walkBodyOf: the body of the proportions asked for', () => {
    for (const p of [P, longLegs, P, { ...P, headRadius: P.headRadius + 5 }, { ...P, neckToHead: 1 }, P]) expect(walkBodyOf(p)).toEqual(walkBody(p));
  });

  it('restArmsOf: the rest arms of the pose and proportions asked for, a moved hand or torso included', () => {
    const base = defaultStandingPose(P);
    const moved = (name: keyof MarkerPose, d: Vec2): MarkerPose => ({ ...base, [name]: [base[name][0] + d[0], base[name][1] + d[1]] });
    const poses: [MarkerPose, RigProportions][] = [
      [base, P], [base, P], [moved('Left_Hand', [5, 0]), P], [moved('Left_Hand', [0, 5]), P], [moved('Right_Hand', [-4, 0]), P],
      [moved('Right_Hand', [0, -4]), P], [moved('Torso', [3, 0]), P], [moved('Torso', [0, 3]), P], [base, longLegs], [base, { ...P, lowerArm: P.lowerArm + 9 }], [base, P],
    ];
    for (const [pose, p] of poses) {
      const shoulder: Vec2 = [pose.Torso[0], pose.Torso[1] - p.torso];
      const left = armAnglesOf(pose.Left_Hand, shoulder, p);
      const right = armAnglesOf(pose.Right_Hand, shoulder, p);
      expect(restArmsOf(pose, p)).toEqual({ left, right, neutral: meanArm(left, right) });
    }
  });

  it('restArmsOf tells a zero from a negative zero (atan2 does: the angle differs by a turn)', () => {
    const base = defaultStandingPose(P);
    const at = (x: number): MarkerPose => ({ ...base, Torso: [0, base.Torso[1]], Left_Hand: [x, base.Torso[1] - P.torso - 10] });
    expect(restArmsOf(at(0), P).left).toEqual(armAnglesOf([0, base.Torso[1] - P.torso - 10], [0, base.Torso[1] - P.torso], P));
    expect(restArmsOf(at(-0), P).left).toEqual(armAnglesOf([-0, base.Torso[1] - P.torso - 10], [0, base.Torso[1] - P.torso], P));
    expect(restArmsOf(at(0), P).left.shoulder).not.toBe(restArmsOf(at(-0), P).left.shoulder);
  });

  it('the swung hand in numbers is handFromAngles(swingArm(...)) exactly', () => {
    const rand = mulberry32(99);
    const base = defaultStandingPose(P);
    const arms = restArmsOf(base, P);
    for (let n = 0; n < 500; n++) {
      const swing = rand() * 3 - 1.5;
      const blend = rand();
      const cycle = walkCycle(20 + rand() * 780, P);
      const shoulder: Vec2 = [rand() * 100 - 50, rand() * 100 - 400];
      const want = handFromAngles(shoulder, swingArm(arms.left, arms.neutral, swing, blend, cycle, P), P);
      const sh = swungShoulder(arms.left, arms.neutral, swing, blend, cycle, P);
      const el = swungElbow(arms.left, arms.neutral, swing, blend);
      expect([handX(shoulder[0], sh, el, P), handY(shoulder[1], sh, el, P)]).toEqual(want);
    }
  });

  it('pelvisDropForFeet is requiredPelvisDrop of the two feet, reached or not', () => {
    const rand = mulberry32(5);
    let dropped = 0;
    for (let n = 0; n < 1000; n++) {
      const pelvis: Vec2 = [rand() * 200 - 100, rand() * 200 - 100];
      const left: Vec2 = [rand() * 400 - 200, rand() * 700];
      const right: Vec2 = [rand() * 400 - 200, rand() * 700];
      const slack = n % 2 ? undefined : 0.8 + rand() * 0.2;
      const want = requiredPelvisDrop(pelvis, [left, right], P, slack);
      if (want > 0) dropped++;
      expect(pelvisDropForFeet(pelvis[0], pelvis[1], left, right, P, slack)).toBe(want);
    }
    expect(dropped).toBeGreaterThan(100);
    expect(dropped).toBeLessThan(950);
  });

  it('writeAirPose writes what applyAirPose writes with airPoseOffsets', () => {
    const rand = mulberry32(11);
    const base = captureAirPoseBase(defaultStandingPose(P));
    for (let n = 0; n < 500; n++) {
      const weight = rand();
      const downward = rand() * 1500;
      const airTime = rand() * 3;
      const want = defaultStandingPose(P);
      applyAirPose(want, base, airPoseOffsets(weight, downward, airTime));
      const got = defaultStandingPose(P);
      writeAirPose(got, base, weight, downward, airTime);
      expect(got).toEqual(want);
    }
  });
});

describe('the grounded solve writes the markers where it wrote them last step', () => {
  it('the same arrays step after step, never the shared base pose nor another rig built from it', () => {
    const base = defaultStandingPose(P);
    const untouched = JSON.parse(JSON.stringify(base)) as MarkerPose;
    const a = new RigSim([groundBlock()], [400, 1400], 'RIGHT', base);
    const b = new RigSim([groundBlock()], [900, 1400], 'LEFT', base);
    a.run(30);
    b.run(30);
    a.walkTo(1200);
    const names = ['Torso', 'Left_Leg', 'Right_Leg', 'Left_Hand', 'Right_Hand'] as const;
    a.step();
    const arrays = names.map((n) => a.s.markers[n]);
    const kept = names.map((n) => [...a.s.markers[n]]);
    const bBefore = JSON.stringify(b.s.markers);
    for (let i = 0; i < 20; i += 1) a.step();
    names.forEach((n, i) => expect(a.s.markers[n]).toBe(arrays[i]));
    // The walk moved them (written in place); the base pose and the other rig did not move.
    expect(names.map((n) => [...a.s.markers[n]])).not.toEqual(kept);
    expect(base).toEqual(untouched);
    expect(JSON.stringify(b.s.markers)).toBe(bBefore);
    for (const n of names) {
      expect(a.s.markers[n]).not.toBe(base[n]);
      expect(a.s.markers[n]).not.toBe(b.s.markers[n]);
    }
  });
});
