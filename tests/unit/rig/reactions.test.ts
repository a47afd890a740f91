import { describe, it, expect } from 'vitest';
import { DEFAULT_PROPORTIONS as P } from '../../../core/rig/proportions';
import { defaultStandingPose } from '../../../core/rig/markers';
import { copyPoseInto, solvePose, PART_NAMES, type PartName, type RigLocalPose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import type { Facing } from '../../../core/rig/facing';
import { type Vec2, distance, dot, rotate, sub, add } from '../../../core/rig/vec';
import {
  REACTION_BASE_ANGLE,
  REACTION_REFERENCE_SPEED,
  REACTION_MAX_ANGLE,
  REACTION_LOCAL_X_EPSILON,
  REACTION_TARGETS,
  addCollisionReaction,
  applyImpactReactions,
  applyImpactReactionsInPlace,
  applyProxyFlinchInPlace,
  clearProxyFlinch,
  clearReactions,
  createProxyFlinch,
  followFlinch,
  mirrorProxyFlinch,
  reactionSlot,
  PROXY_FLINCH_RATE,
  proxyFlinching,
  isLegPart,
  LEG_JOINTS,
  reactionDirectionSign,
  releaseLegReactions,
  ImpactReactions,
  type ReactionJoint,
} from '../../../core/rig/reactions';

const STEP = 1 / 60;
const ROOT: Vec2 = [1000, 2000];
const standing = solvePose(defaultStandingPose(P), P);
/** Right arm reaching straight forward at shoulder height: its segments run along rig-local +X. */
const reaching = (() => {
  const markers = defaultStandingPose(P);
  markers.Right_Hand = [P.upperArm + P.lowerArm - 10, markers.Torso[1] - P.torso];
  return solvePose(markers, P);
})();

const hit = (part: PartName, direction: Vec2, speed: number, facing: Facing = 'RIGHT', pose = standing) => {
  const reactions = new ImpactReactions();
  const accepted = addCollisionReaction(reactions, pose, facing, part, direction, speed);
  return { reactions, accepted };
};
const angleOf = (reactions: ImpactReactions, joint: ReactionJoint) => reactions.get(joint)?.angle;

describe('reaction constants and targets', () => {
  it('are the seed values', () => {
    expect([REACTION_BASE_ANGLE, REACTION_REFERENCE_SPEED, REACTION_MAX_ANGLE, REACTION_LOCAL_X_EPSILON]).toEqual([0.35, 400, 0.6, 0.05]);
    expect(Object.keys(REACTION_TARGETS).sort()).toEqual([...PART_NAMES].sort());
    expect(REACTION_TARGETS.head).toEqual([{ joint: 'Head', weight: 1, decay: 0.5 }]);
    expect(REACTION_TARGETS.torso).toEqual([{ joint: 'Torso', weight: 0.5, decay: 0.4 }]);
    expect(REACTION_TARGETS.right_lower_leg).toEqual([
      { joint: 'RightLowerLeg', weight: 1, decay: 0.35 },
      { joint: 'RightUpperLeg', weight: 0.4, decay: 0.25 },
    ]);
  });
});

describe('addCollisionReaction magnitude', () => {
  it('scales with the prop speed and caps at 0.6', () => {
    expect(Math.abs(angleOf(hit('head', [1, 0], 200).reactions, 'Head')!)).toBeCloseTo(0.175, 12);
    expect(Math.abs(angleOf(hit('head', [1, 0], 400).reactions, 'Head')!)).toBeCloseTo(0.35, 12);
    expect(Math.abs(angleOf(hit('head', [1, 0], 800).reactions, 'Head')!)).toBeCloseTo(0.6, 12);
    expect(Math.abs(angleOf(hit('head', [1, 0], 50_000).reactions, 'Head')!)).toBeCloseTo(0.6, 12);
  });

  it('does not depend on the length of the direction vector', () => {
    expect(angleOf(hit('head', [250, 0], 200).reactions, 'Head')).toBeCloseTo(angleOf(hit('head', [1, 0], 200).reactions, 'Head')!, 12);
  });

  it('weights the torso by 0.5 and a lower limb hit nudges its upper limb by 0.4', () => {
    expect(Math.abs(angleOf(hit('torso', [1, 0], 400).reactions, 'Torso')!)).toBeCloseTo(0.175, 12);
    const { reactions, accepted } = hit('left_lower_arm', [1, 0], 400);
    expect(accepted).toBe(2);
    // A hanging arm pushed towards +X swings its hand forward: counter-clockwise, negative.
    expect(reactions.get('LeftLowerArm')).toEqual({ angle: expect.closeTo(-0.35, 12), strength: 1, decay: 0.35 });
    expect(reactions.get('LeftUpperArm')!.angle).toBeCloseTo(-0.4 * 0.35, 12);
    expect(reactions.get('LeftUpperArm')!.decay).toBe(0.25);
    expect([...reactions.keys()].sort()).toEqual(['LeftLowerArm', 'LeftUpperArm']);
  });
});

describe('addCollisionReaction no-ops', () => {
  const cases: Array<[string, PartName, Vec2, number]> = [
    ['zero direction', 'head', [0, 0], 400],
    ['NaN direction', 'head', [Number.NaN, 1], 400],
    ['infinite direction', 'head', [Number.POSITIVE_INFINITY, 0], 400],
    ['zero speed', 'head', [1, 0], 0],
    ['negative speed', 'head', [1, 0], -100],
    ['NaN speed', 'head', [1, 0], Number.NaN],
    ['infinite speed', 'head', [1, 0], Number.POSITIVE_INFINITY],
    ['unknown part', 'spine' as PartName, [1, 0], 400],
    ['prototype-named part', '__proto__' as PartName, [1, 0], 400],
    ['inherited-method part', 'toString' as PartName, [1, 0], 400],
  ];
  it.each(cases)('%s accepts nothing and records nothing', (_label, part, direction, speed) => {
    const { reactions, accepted } = hit(part, direction, speed);
    expect(accepted).toBe(0);
    expect(reactions.size).toBe(0);
  });
});

describe('flinch direction: away from the impact, in world space', () => {
  /** How far the hit part's far end moves along the push after one applied step. */
  const farEndTravelAlongPush = (part: PartName, push: Vec2, facing: Facing, pose: RigLocalPose) => {
    const { reactions } = hit(part, push, 400, facing, pose);
    const before = toWorld(pose, ROOT, facing)[part].end;
    const after = toWorld(applyImpactReactions(pose, reactions, STEP), ROOT, facing)[part].end;
    return dot(sub(after, before), push);
  };

  for (const facing of ['RIGHT', 'LEFT'] as const) {
    for (const push of [[1, 0], [-1, 0]] as Vec2[]) {
      it.each([...PART_NAMES])(`${facing}, push ${push[0] > 0 ? '+X' : '-X'}: %s moves along the push`, (part) => {
        expect(farEndTravelAlongPush(part, push, facing, standing)).toBeGreaterThan(1);
      });
    }
    it(`${facing}: a forward-reaching forearm pushed down or up moves down or up`, () => {
      expect(farEndTravelAlongPush('right_lower_arm', [0, 1], facing, reaching)).toBeGreaterThan(1);
      expect(farEndTravelAlongPush('right_lower_arm', [0, -1], facing, reaching)).toBeGreaterThan(1);
      expect(farEndTravelAlongPush('right_upper_arm', [0.6, 0.8], facing, reaching)).toBeGreaterThan(1);
    });
  }

  it('mirrors the stored angle with the facing for the same world push', () => {
    const right = angleOf(hit('head', [1, 0], 400, 'RIGHT').reactions, 'Head')!;
    const left = angleOf(hit('head', [1, 0], 400, 'LEFT').reactions, 'Head')!;
    expect(left).toBeCloseTo(-right, 12);
  });
});

describe('epsilon fallback', () => {
  it('uses the sign of local x outside the epsilon and the joint side inside it', () => {
    expect(reactionDirectionSign('LeftUpperArm', 0.06)).toBe(1);
    expect(reactionDirectionSign('RightUpperArm', -0.06)).toBe(-1);
    expect(reactionDirectionSign('LeftUpperArm', REACTION_LOCAL_X_EPSILON)).toBe(-1);
    expect(reactionDirectionSign('LeftLowerLeg', -0.01)).toBe(-1);
    expect(reactionDirectionSign('RightLowerLeg', -REACTION_LOCAL_X_EPSILON)).toBe(1);
    expect(reactionDirectionSign('Head', 0)).toBe(1);
    expect(reactionDirectionSign('Torso', -0.04)).toBe(1);
  });

  // A push straight along a segment has no side: the fallback decides, in either facing.
  const alongSegment = (pose: RigLocalPose, part: PartName, facing: Facing): Vec2 => {
    const world = toWorld(pose, ROOT, facing)[part];
    return sub(world.end, world.start);
  };
  const cases: Array<[PartName, ReactionJoint, number]> = [
    ['head', 'Head', 1],
    ['torso', 'Torso', 0.5],
    ['left_upper_leg', 'LeftUpperLeg', -1],
    ['right_upper_leg', 'RightUpperLeg', 1],
    ['left_upper_arm', 'LeftUpperArm', -1],
    ['right_upper_arm', 'RightUpperArm', 1],
  ];
  for (const facing of ['RIGHT', 'LEFT'] as const) {
    it.each(cases)(`${facing}: a push along %s gives %s the fallback sign`, (part, joint, expectedSignTimesWeight) => {
      const { reactions } = hit(part, alongSegment(standing, part, facing), 400, facing);
      expect(angleOf(reactions, joint)).toBeCloseTo(expectedSignTimesWeight * 0.35, 12);
    });
  }
});

describe('merge by absolute magnitude', () => {
  it('a weaker opposite-sign hit keeps the stronger angle and decay but resets strength', () => {
    const reactions = new ImpactReactions();
    addCollisionReaction(reactions, standing, 'RIGHT', 'left_lower_arm', [1, 0], 400);
    const strong = reactions.get('LeftLowerArm')!.angle;
    for (let i = 0; i < 10; i++) applyImpactReactions(standing, reactions, STEP);
    expect(reactions.get('LeftLowerArm')!.strength).toBeLessThan(1);

    addCollisionReaction(reactions, standing, 'RIGHT', 'left_lower_arm', [-1, 0], 200);
    expect(reactions.get('LeftLowerArm')).toEqual({ angle: strong, strength: 1, decay: 0.35 });
    // The secondary target merges on its own: 0.14 stays against 0.07.
    expect(reactions.get('LeftUpperArm')!.angle).toBeCloseTo(Math.sign(strong) * 0.14, 12);
  });

  it('an equal-magnitude hit of the other sign replaces the angle', () => {
    const reactions = new ImpactReactions();
    addCollisionReaction(reactions, standing, 'RIGHT', 'head', [1, 0], 400);
    const first = reactions.get('Head')!.angle;
    addCollisionReaction(reactions, standing, 'RIGHT', 'head', [-1, 0], 400);
    expect(reactions.get('Head')!.angle).toBe(-first);
  });

  it('a stronger hit replaces angle and decay, whatever its sign', () => {
    const reactions = new ImpactReactions();
    addCollisionReaction(reactions, standing, 'RIGHT', 'left_lower_arm', [1, 0], 400);
    const secondary = reactions.get('LeftUpperArm')!.angle; // 0.14, decay 0.25
    addCollisionReaction(reactions, standing, 'RIGHT', 'left_upper_arm', [-1, 0], 800);
    expect(reactions.get('LeftUpperArm')).toEqual({ angle: expect.closeTo(-Math.sign(secondary) * 0.6, 12), strength: 1, decay: 0.4 });
  });
});

describe('applyImpactReactions', () => {
  it('rotates positive angles clockwise on screen (+X towards +Y) about the segment start', () => {
    const reactions = new ImpactReactions([['Head', { angle: 0.3, strength: 1, decay: 1 }]]);
    const out = applyImpactReactions(standing, reactions, STEP);
    const neck = standing.head.start;
    expect(out.head.start).toEqual(neck);
    const expected = add(neck, rotate(sub(standing.head.end, neck), 0.3));
    expect(out.head.end[0]).toBeCloseTo(expected[0], 9);
    expect(out.head.end[1]).toBeCloseTo(expected[1], 9);
    expect(out.head.end[0]).toBeGreaterThan(neck[0]); // an upright head tips towards +X
  });

  it('applies angle × strength', () => {
    const reactions = new ImpactReactions([['Head', { angle: 0.4, strength: 0.5, decay: 1 }]]);
    const out = applyImpactReactions(standing, reactions, STEP);
    const expected = add(standing.head.start, rotate(sub(standing.head.end, standing.head.start), 0.2));
    expect(out.head.end[0]).toBeCloseTo(expected[0], 9);
  });

  it('decays linearly and erases: a head flinch is gone after 30 steps at 1/60', () => {
    const { reactions } = hit('head', [1, 0], 400);
    for (let i = 0; i < 15; i++) applyImpactReactions(standing, reactions, STEP);
    expect(reactions.get('Head')!.strength).toBeCloseTo(0.5, 9);
    for (let i = 0; i < 14; i++) applyImpactReactions(standing, reactions, STEP);
    expect(reactions.get('Head')!.strength).toBeCloseTo(1 / 30, 9);
    applyImpactReactions(standing, reactions, STEP);
    expect(reactions.has('Head')).toBe(false);
    expect(applyImpactReactions(standing, reactions, STEP)).toEqual(standing);
  });

  it('fades each joint at its own decay', () => {
    const { reactions } = hit('right_lower_leg', [1, 0], 400);
    for (let i = 0; i < 15; i++) applyImpactReactions(standing, reactions, STEP); // 0.25 s
    expect(reactions.has('RightUpperLeg')).toBe(false);
    expect(reactions.get('RightLowerLeg')!.strength).toBeCloseTo(1 - 0.25 / 0.35, 9);
  });

  it('a flinching upper arm carries the forearm, keeping both lengths', () => {
    const reactions = new ImpactReactions([['RightUpperArm', { angle: 0.5, strength: 1, decay: 1 }]]);
    const out = applyImpactReactions(standing, reactions, STEP);
    expect(out.right_upper_arm.start).toEqual(standing.right_upper_arm.start);
    expect(out.right_lower_arm.start).toEqual(out.right_upper_arm.end);
    expect(distance(out.right_lower_arm.start, standing.right_lower_arm.start)).toBeGreaterThan(10);
    expect(distance(out.right_lower_arm.end, standing.right_lower_arm.end)).toBeGreaterThan(10);
    for (const name of ['right_upper_arm', 'right_lower_arm'] as const) {
      expect(distance(out[name].start, out[name].end)).toBeCloseTo(distance(standing[name].start, standing[name].end), 9);
    }
    for (const name of PART_NAMES.filter((n) => !n.startsWith('right_') || n.includes('leg'))) expect(out[name]).toEqual(standing[name]);
  });

  it('a flinching torso carries the head and both arms but not the legs', () => {
    const reactions = new ImpactReactions([['Torso', { angle: 0.3, strength: 1, decay: 1 }]]);
    const out = applyImpactReactions(standing, reactions, STEP);
    const pelvis = standing.torso.start;
    for (const name of ['torso', 'head', 'left_upper_arm', 'left_lower_arm', 'right_upper_arm', 'right_lower_arm'] as const) {
      const expected = add(pelvis, rotate(sub(standing[name].end, pelvis), 0.3));
      expect(out[name].end[0]).toBeCloseTo(expected[0], 9);
      expect(out[name].end[1]).toBeCloseTo(expected[1], 9);
    }
    expect(out.head.start).toEqual(out.torso.end);
    for (const name of PART_NAMES.filter((n) => n.includes('leg'))) expect(out[name]).toEqual(standing[name]);
  });

  it('applies parents first: a head flinch pivots on the neck where the torso flinch put it', () => {
    const reactions = new ImpactReactions([
      ['Torso', { angle: 0.2, strength: 1, decay: 1 }],
      ['Head', { angle: 0.1, strength: 1, decay: 1 }],
    ]);
    const out = applyImpactReactions(standing, reactions, STEP);
    const up = sub(standing.head.end, standing.head.start);
    const expected = add(out.torso.end, rotate(up, 0.3));
    expect(out.head.start).toEqual(out.torso.end);
    expect(out.head.end[0]).toBeCloseTo(expected[0], 9);
    expect(out.head.end[1]).toBeCloseTo(expected[1], 9);
  });

  it('in place, bends a fresh solve to exactly the pose the copying version returns, and fades the same', () => {
    const pose = structuredClone(standing);
    const { reactions } = hit('left_lower_leg', [1, 0], 600);
    addCollisionReaction(reactions, pose, 'RIGHT', 'torso', [-1, 0], 600);
    addCollisionReaction(reactions, pose, 'RIGHT', 'head', [0, 1], 300);
    const copied = new ImpactReactions([...reactions]);
    const expected = applyImpactReactions(pose, copied, STEP);
    const parts = PART_NAMES.map((name) => pose[name]);
    applyImpactReactionsInPlace(pose, reactions, STEP);
    expect(pose).toEqual(expected);
    expect(pose.left_lower_leg.end).not.toEqual(standing.left_lower_leg.end);
    // The same part objects, moved where they are.
    PART_NAMES.forEach((name, i) => expect(pose[name]).toBe(parts[i]));
    expect([...reactions]).toEqual([...copied]);
  });

  it('does not mutate the input pose', () => {
    const pose = structuredClone(standing);
    const { reactions } = hit('left_lower_leg', [1, 0], 600);
    addCollisionReaction(reactions, pose, 'RIGHT', 'torso', [-1, 0], 600);
    const out = applyImpactReactions(pose, reactions, STEP);
    expect(pose).toEqual(standing);
    expect(out.left_lower_leg.end).not.toEqual(pose.left_lower_leg.end);
    // The parts a flinch turned are copies; the ones none turned (the right leg) are the input's own.
    const turned = PART_NAMES.filter((name) => !name.startsWith('right_') || name.endsWith('_arm'));
    for (const name of turned) expect(out[name].start).not.toBe(pose[name].start);
    expect(out.right_upper_leg).toBe(pose.right_upper_leg);
    expect(out.right_lower_leg).toBe(pose.right_lower_leg);
  });

  it('a non-finite dt leaves the strengths as they were', () => {
    const { reactions } = hit('head', [1, 0], 400);
    applyImpactReactions(standing, reactions, Number.NaN);
    expect(reactions.get('Head')!.strength).toBe(1);
  });

  it('clearReactions empties the map', () => {
    const { reactions } = hit('right_lower_arm', [1, 0], 400);
    clearReactions(reactions);
    expect(reactions.size).toBe(0);
  });
});

describe('releasing the legs (a hard landing locks the feet, seed 6a §7)', () => {
  it('every joint a leg hit turns is a leg joint; releasing them leaves the other flinches as they were', () => {
    expect(PART_NAMES.filter(isLegPart)).toEqual(['left_upper_leg', 'left_lower_leg', 'right_upper_leg', 'right_lower_leg']);
    // No other part's hit turns a leg joint: releasing the legs never cuts a flinch of the body short.
    for (const part of PART_NAMES.filter((p) => !isLegPart(p))) {
      for (const t of REACTION_TARGETS[part]) expect(LEG_JOINTS).not.toContain(t.joint);
    }
    const reactions = new ImpactReactions();
    addCollisionReaction(reactions, standing, 'RIGHT', 'left_lower_leg', [1, 0], 800);
    addCollisionReaction(reactions, standing, 'RIGHT', 'right_upper_leg', [-1, 0], 800);
    addCollisionReaction(reactions, standing, 'RIGHT', 'head', [1, 0], 800);
    addCollisionReaction(reactions, standing, 'RIGHT', 'right_lower_arm', [0, 1], 800);
    const head = { ...reactions.get('Head')! };
    const arm = { ...reactions.get('RightLowerArm')! };
    expect([...reactions.keys()].filter((j) => LEG_JOINTS.includes(j)).length).toBe(3);
    releaseLegReactions(reactions);
    expect([...reactions.keys()].sort()).toEqual(['Head', 'RightLowerArm', 'RightUpperArm']);
    expect(reactions.get('Head')).toEqual(head);
    expect(reactions.get('RightLowerArm')).toEqual(arm);
  });
});

describe('the collision proxies follow a flinch at a limited rate', () => {
  const slotOf = (joint: ReactionJoint) => reactionSlot(joint);

  it('each joint moves towards the drawn flinch (angle × strength) by at most PROXY_FLINCH_RATE a step, both ways', () => {
    const drawn = new ImpactReactions();
    addCollisionReaction(drawn, standing, 'RIGHT', 'left_lower_leg', [1, 0], 1400);
    const knee = drawn.get('LeftLowerLeg')!.angle;
    const hip = drawn.get('LeftUpperLeg')!.angle;
    expect(Math.abs(knee)).toBeCloseTo(REACTION_MAX_ANGLE, 12);
    const proxy = createProxyFlinch();
    const track: number[] = [];
    const hipTrack: number[] = [];
    for (let i = 0; i < 40 && drawn.size > 0; i += 1) {
      expect(followFlinch(proxy, drawn)).toBe(true);
      const angle = proxy[slotOf('LeftLowerLeg')];
      const d = drawn.get('LeftLowerLeg')!;
      track.push(angle);
      hipTrack.push(proxy[slotOf('LeftUpperLeg')]);
      // Never more than the rate from where it was, and never further out than the cap.
      if (track.length > 1) expect(Math.abs(track.at(-1)! - track.at(-2)!)).toBeLessThanOrEqual(PROXY_FLINCH_RATE + 1e-12);
      expect(Math.abs(angle)).toBeLessThanOrEqual(REACTION_MAX_ANGLE);
      // Short of the drawn flinch it rises by the whole rate: it lags, it does not dawdle.
      if (track.length > 1 && Math.abs(track.at(-2)!) + PROXY_FLINCH_RATE <= Math.abs(d.angle * d.strength)) {
        expect(Math.abs(angle)).toBeCloseTo(Math.abs(track.at(-2)!) + PROXY_FLINCH_RATE, 12);
      }
      applyImpactReactions(standing, drawn, STEP);
    }
    // The first step is the rate, not the cap; it peaks well short of the cap.
    expect(track[0]).toBeCloseTo(Math.sign(knee) * PROXY_FLINCH_RATE, 12);
    expect(Math.max(...track.map(Math.abs))).toBeLessThan(0.5 * REACTION_MAX_ANGLE);
    // The thigh's smaller flinch (0.4 of the knee's) is never exceeded. Only the flinched leg's joints move.
    expect(Math.max(...hipTrack.map(Math.abs))).toBeLessThanOrEqual(Math.abs(hip));
    expect(proxy[slotOf('RightLowerLeg')]).toBe(0);
    // The drawn flinch is over: the proxies return to 0 at the rate and stop.
    let steps = 0;
    while (proxyFlinching(proxy) && steps < 40) {
      followFlinch(proxy, drawn);
      steps += 1;
    }
    expect(proxyFlinching(proxy)).toBe(false);
    expect(steps).toBeGreaterThan(0);
  });

  it('mirrored, the proxies flinch the other way; legs the drawn flinch let go of return at the rate; cleared, nothing flinches', () => {
    const proxy = createProxyFlinch();
    proxy[slotOf('Head')] = 0.1;
    proxy[slotOf('LeftLowerLeg')] = -0.2;
    mirrorProxyFlinch(proxy);
    expect([proxy[slotOf('Head')], proxy[slotOf('LeftLowerLeg')]]).toEqual([-0.1, 0.2]);
    // The drawn legs let go at once (a hard landing locks the feet); the proxies' legs do not jump
    // back with them, they return at the rate; the head follows its drawn flinch as before.
    const drawn = new ImpactReactions([
      ['Head', { angle: -0.1, strength: 1, decay: 0.5 }],
      ['LeftLowerLeg', { angle: 0.2, strength: 1, decay: 0.35 }],
    ]);
    releaseLegReactions(drawn);
    expect(drawn.has('LeftLowerLeg')).toBe(false);
    followFlinch(proxy, drawn);
    expect(proxy[slotOf('LeftLowerLeg')]).toBeCloseTo(0.2 - PROXY_FLINCH_RATE, 12);
    expect(proxy[slotOf('Head')]).toBe(-0.1);
    clearProxyFlinch(proxy);
    expect(proxyFlinching(proxy)).toBe(false);
  });

  it('a proxy pose turned by no flinch is the solve itself; turned by one, only the flinching limb moves', () => {
    const buffer = solvePose(defaultStandingPose(P), P);
    const copy = copyPoseInto(standing, buffer);
    applyProxyFlinchInPlace(copy, createProxyFlinch());
    for (const name of PART_NAMES) expect(copy[name]).toEqual(standing[name]);
    const proxy = createProxyFlinch();
    proxy[slotOf('LeftLowerLeg')] = 0.2;
    applyProxyFlinchInPlace(copyPoseInto(standing, buffer), proxy);
    expect(buffer.left_lower_leg.start).toEqual(standing.left_lower_leg.start);
    expect(buffer.left_lower_leg.end).not.toEqual(standing.left_lower_leg.end);
    expect(buffer.right_lower_leg).toEqual(standing.right_lower_leg);
    // The same turn as a drawn flinch of that angle at full strength.
    const drawn = applyImpactReactions(standing, new ImpactReactions([['LeftLowerLeg', { angle: 0.2, strength: 1, decay: 0.35 }]]), 0);
    expect(buffer.left_lower_leg.end[0]).toBeCloseTo(drawn.left_lower_leg.end[0], 12);
    expect(buffer.left_lower_leg.end[1]).toBeCloseTo(drawn.left_lower_leg.end[1], 12);
    // The buffer has its own arrays: the solve it was copied from is untouched.
    expect(standing.left_lower_leg.end).toEqual(solvePose(defaultStandingPose(P), P).left_lower_leg.end);
  });
});
