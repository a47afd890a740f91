/**
 * The walk an animator would sign (issue 9 "The walk"): a stride of about a leg length at about a
 * body height every two seconds, double support, a hip bob, a forward lean that grows with speed,
 * arms swinging from the shoulder with a soft elbow against the legs, and stance feet that stay
 * planted at every speed. Measured on the solved world pose of the RigSim harness (the runtime's
 * own solvePose → toWorld chain, lean included), step by step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import {
  HIP_BOB_PER_STRIDE, WALK_LEAN, WALK_LEAN_MAX, WALK_SPEED, WALK_SPEED_MAX, WALK_SPEED_MIN,
  armAnglesOf, handFromAngles, hipBob, walkCycle, walkSpeedOf,
} from '../../../core/locomotion';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS as P } from '../../../core/rig/proportions';
import type { WorldPose } from '../../../core/rig/worldPose';
import { DT, GROUND_TOP, RigSim, groundBlock, maxStanceSlide, type StepRecord } from './sim';

const LEG = P.upperLeg + P.lowerLeg;
const BODY_HEIGHT = 600; // DESIGN §3: the default figure is about 600 px tall
const cycle = walkCycle(WALK_SPEED, P);

/** One walking rig with its solved pose recorded every step. */
function walkRecorded(opts: { from?: number; to: number; facing?: 'RIGHT' | 'LEFT'; speed?: number; terrain?: TerrainInput[] }) {
  const from = opts.from ?? 600;
  const sim = new RigSim([groundBlock(), ...(opts.terrain ?? [])], [from, GROUND_TOP], opts.facing ?? 'RIGHT');
  if (opts.speed !== undefined) sim.env.walkSpeed = opts.speed;
  sim.run(20);
  const poses: WorldPose[] = [];
  const start = sim.log.length;
  sim.walkTo(opts.to);
  for (let i = 0; i < 60 * 40; i++) {
    const r = sim.step();
    poses.push(sim.pose);
    if (r.events.some((e) => e.type === 'arrived')) break;
  }
  return { sim, log: sim.log.slice(start), poses };
}

/** Steps well inside a walk (the first and last `margin` steps dropped): the steady gait. */
const steady = <T,>(xs: T[], margin = 90) => xs.slice(margin, xs.length - margin);

/** Touchdowns of one foot: the steps its swing ended. */
const touchdowns = (log: StepRecord[], side: 'left' | 'right') =>
  log.map((r, i) => ({ r, i })).filter(({ r }) => r.swingBefore === side && r.swingAfter !== side);

describe('walk cycle numbers', () => {
  it('walks about one body height every two seconds, with a stride of about a leg length', () => {
    expect(WALK_SPEED).toBeGreaterThanOrEqual((BODY_HEIGHT / 2) * 0.9);
    expect(WALK_SPEED).toBeLessThanOrEqual((BODY_HEIGHT / 2) * 1.1);
    expect(cycle.speed).toBe(WALK_SPEED);
    expect(cycle.stride / LEG).toBeGreaterThanOrEqual(0.9);
    expect(cycle.stride / LEG).toBeLessThanOrEqual(1.2);
    // A walk: each foot is down longer than it is in the air, so both are down for a while.
    expect(cycle.swingDuration).toBeLessThan(cycle.cycle / 2);
    expect(cycle.cycle).toBeCloseTo(cycle.stride / cycle.speed, 12);
    expect(cycle.plantLead).toBeCloseTo((cycle.speed * (cycle.cycle - cycle.swingDuration)) / 2, 12);
    expect(cycle.lean).toBe(WALK_LEAN);
  });

  it('slower walks take shorter strides and lean less, faster ones longer and more, within the clamps', () => {
    let prev = walkCycle(WALK_SPEED_MIN, P);
    for (const speed of [40, 80, 150, 300, 450, 600, WALK_SPEED_MAX]) {
      const c = walkCycle(speed, P);
      expect(c.stride, `${speed} px/s`).toBeGreaterThanOrEqual(prev.stride);
      expect(c.lean, `${speed} px/s`).toBeGreaterThanOrEqual(prev.lean);
      expect(c.stride).toBeGreaterThan(0.3 * LEG);
      expect(c.stride).toBeLessThanOrEqual(1.4 * LEG + 1e-9);
      expect(c.lean).toBeLessThanOrEqual(WALK_LEAN_MAX);
      prev = c;
    }
    expect(walkCycle(WALK_SPEED / 2, P).lean).toBeCloseTo(WALK_LEAN / 2, 12);
  });

  it('a stickman’s own speed is used when it is a finite number in range, clamped into it, else WALK_SPEED', () => {
    expect(walkSpeedOf(undefined)).toBe(WALK_SPEED);
    expect(walkSpeedOf(Number.NaN)).toBe(WALK_SPEED);
    expect(walkSpeedOf(Number.POSITIVE_INFINITY)).toBe(WALK_SPEED);
    expect(walkSpeedOf(150)).toBe(150);
    expect(walkSpeedOf(1)).toBe(WALK_SPEED_MIN);
    expect(walkSpeedOf(5000)).toBe(WALK_SPEED_MAX);
  });
});

describe('footwork on flat ground at WALK_SPEED', () => {
  const { log } = walkRecorded({ to: 3000 });
  const body = steady(log);

  it('moves the root WALK_SPEED/60 every step', () => {
    for (let i = 1; i < body.length; i++) expect(body[i].root[0] - body[i - 1].root[0]).toBeCloseTo(WALK_SPEED * DT, 9);
  });

  it('each foot lands one stride after its last footprint, plantLead ahead of the root, the feet taking turns', () => {
    for (const side of ['left', 'right'] as const) {
      const downs = steady(touchdowns(log, side), 2);
      expect(downs.length, side).toBeGreaterThan(4);
      for (let k = 1; k < downs.length; k++) {
        // Lifts happen on whole steps: each half cycle may round by one step's travel.
        const stride = downs[k].r.target[side][0] - downs[k - 1].r.target[side][0];
        expect(Math.abs(stride - cycle.stride), `${side} stride ${stride}`).toBeLessThanOrEqual(2 * WALK_SPEED * DT + 0.5);
      }
      for (const { r } of downs) expect(r.target[side][0] - r.root[0], `${side} lands ahead`).toBeCloseTo(cycle.plantLead, -1);
    }
    const sides = log.filter((r) => r.swingBefore !== null && r.swingAfter === null).map((r) => r.swingBefore);
    for (let k = 1; k < sides.length; k++) expect(sides[k]).not.toBe(sides[k - 1]);
  });

  it('a swing lasts the cycle’s swing time, and both feet stay down for the rest of the half cycle', () => {
    const swingSteps = Math.round(cycle.swingDuration / DT);
    const doubleSteps = Math.round((cycle.cycle / 2 - cycle.swingDuration) / DT);
    const runs: Array<{ swinging: boolean; n: number }> = [];
    for (const r of steady(log)) {
      const swinging = r.swingAfter !== null;
      if (runs.length && runs.at(-1)!.swinging === swinging) runs.at(-1)!.n += 1;
      else runs.push({ swinging, n: 1 });
    }
    const inner = runs.slice(1, -1);
    expect(inner.length).toBeGreaterThan(8);
    for (const run of inner) {
      if (run.swinging) expect(Math.abs(run.n - swingSteps), 'swing steps').toBeLessThanOrEqual(1);
      else expect(Math.abs(run.n - doubleSteps), 'double-support steps').toBeLessThanOrEqual(1);
    }
  });
});

describe('body language', () => {
  const right = walkRecorded({ to: 3000 });
  const left = walkRecorded({ from: 3000, to: 600, facing: 'LEFT' });

  it('a visible hip bob: the pelvis rises and falls by about HIP_BOB_PER_STRIDE of a stride each step', () => {
    const pelvisY = steady(right.poses).map((p) => p.torso.start[1]);
    const range = Math.max(...pelvisY) - Math.min(...pelvisY);
    expect(range).toBeGreaterThan(10); // visible on a 600 px figure
    expect(range).toBeGreaterThanOrEqual(0.9 * HIP_BOB_PER_STRIDE * cycle.stride);
    expect(range).toBeLessThanOrEqual(HIP_BOB_PER_STRIDE * cycle.stride + 3);
    // Lowest just after a touchdown (legs spread), highest as the body passes over the standing foot.
    expect(hipBob(cycle, 0.1 * (cycle.stride / 2))).toBeCloseTo(HIP_BOB_PER_STRIDE * cycle.stride, 9);
    expect(hipBob(cycle, 0.6 * (cycle.stride / 2))).toBeCloseTo(0, 9);
    const body = steady(right.log);
    const poses = steady(right.poses);
    const high = poses.reduce((best, p, i) => (p.torso.start[1] < poses[best].torso.start[1] ? i : best), 0);
    const stance = body[high].swingAfter === 'left' ? 'right' : 'left';
    expect(Math.abs(poses[high][`${stance}_lower_leg`].end[0] - poses[high].torso.start[0]), 'highest over the standing foot').toBeLessThan(25);
  });

  it('leans forward while walking, the way it faces, by the speed’s lean; upright again once stopped', () => {
    for (const [walkRun, dir] of [[right, 1], [left, -1]] as const) {
      for (const p of steady(walkRun.poses)) {
        const lean = Math.atan2(dir * (p.torso.end[0] - p.torso.start[0]), p.torso.start[1] - p.torso.end[1]);
        expect(lean).toBeCloseTo(cycle.lean, 4); // the style has eased in fully (blend 1 − e^(−7t))
      }
    }
    const slow = walkRecorded({ to: 2000, speed: WALK_SPEED / 2 });
    for (const r of steady(slow.log)) expect(r.lastWalkVelocityX).toBeCloseTo(WALK_SPEED / 2, 9);
    const p = steady(slow.poses)[10];
    expect(Math.atan2(p.torso.end[0] - p.torso.start[0], p.torso.start[1] - p.torso.end[1])).toBeCloseTo(WALK_LEAN / 2, 4);
    right.sim.run(120);
    expect(right.sim.s.walkLean).toBe(0);
    expect(right.sim.pose.torso.end[0]).toBeCloseTo(right.sim.pose.torso.start[0], 9);
  });

  it('arms swing from the shoulder against the legs: the left hand forward with the right foot, and back', () => {
    for (const [walkRun, dir] of [[right, 1], [left, -1]] as const) {
      const poses = steady(walkRun.poses);
      const ahead = (p: WorldPose, v: Readonly<Vec2>) => dir * (v[0] - p.left_upper_arm.start[0]);
      for (const side of ['left', 'right'] as const) {
        const other = side === 'left' ? 'right' : 'left';
        for (const { i } of touchdowns(steady(walkRun.log), side)) {
          const p = poses[i];
          expect(ahead(p, p[`${other}_lower_arm`].end), `${other} hand forward as the ${side} foot lands`).toBeGreaterThan(60);
          expect(ahead(p, p[`${side}_lower_arm`].end), `${side} hand back`).toBeLessThan(-40);
        }
      }
    }
  });

  it('with a soft elbow that bends the right way, the hands clear of the torso at the ends of the swing', () => {
    for (const [walkRun, dir] of [[right, 1], [left, -1]] as const) {
      const poses = steady(walkRun.poses);
      for (const p of poses) {
        for (const side of ['left', 'right'] as const) {
          const s = p[`${side}_upper_arm`].start;
          const e = p[`${side}_upper_arm`].end;
          const h = p[`${side}_lower_arm`].end;
          const inner = Math.acos(((s[0] - e[0]) * (h[0] - e[0]) + (s[1] - e[1]) * (h[1] - e[1])) / (P.upperArm * P.lowerArm));
          expect((inner * 180) / Math.PI, `${side} elbow`).toBeGreaterThan(100);
          expect((inner * 180) / Math.PI, `${side} elbow`).toBeLessThan(172);
          // Elbow behind the shoulder→hand line (rig-local −X side): cross(hand − shoulder, elbow − shoulder) by facing.
          const cross = (h[0] - s[0]) * (e[1] - s[1]) - (h[1] - s[1]) * (e[0] - s[0]);
          expect(dir * cross, `${side} elbow points back`).toBeGreaterThan(0);
        }
      }
      for (const side of ['left', 'right'] as const) {
        for (const { i } of touchdowns(steady(walkRun.log), side)) {
          const p = poses[i];
          // Horizontal distance of each hand from the torso line at the hand's height.
          for (const hand of ['left', 'right'] as const) {
            const h = p[`${hand}_lower_arm`].end;
            const t = (h[1] - p.torso.start[1]) / (p.torso.end[1] - p.torso.start[1]);
            const torsoX = p.torso.start[0] + (p.torso.end[0] - p.torso.start[0]) * t;
            expect(Math.abs(h[0] - torsoX), `${hand} hand off the torso`).toBeGreaterThan(40);
          }
        }
      }
    }
  });

  it('standing again, the walk’s style is gone: no blend, no lean, the authored hands shifted with the body only', () => {
    const { sim } = right;
    sim.run(180);
    const base = sim.env.basePose;
    const m = sim.s.markers;
    expect(sim.s.walkBlend).toBe(0);
    const dx = m.Torso[0] - base.Torso[0];
    expect(m.Left_Hand[0] - base.Left_Hand[0]).toBeCloseTo(dx, 9);
    expect(m.Right_Hand[0] - base.Right_Hand[0]).toBeCloseTo(dx, 9);
    expect(m.Left_Hand[1] - base.Left_Hand[1]).toBeCloseTo(m.Right_Hand[1] - base.Right_Hand[1], 9);
    expect(dx).toBe(0);
  });
});

describe('arm angles', () => {
  it('handFromAngles inverts armAnglesOf for every reachable hand', () => {
    const shoulder: Vec2 = [0, -420];
    fc.assert(
      fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 5, max: P.upperArm + P.lowerArm - 0.5, noNaN: true }), (angle, reach) => {
        const hand: Vec2 = [shoulder[0] + reach * Math.sin(angle), shoulder[1] + reach * Math.cos(angle)];
        const back = handFromAngles(shoulder, armAnglesOf(hand, shoulder, P), P);
        expect(Math.hypot(back[0] - hand[0], back[1] - hand[1])).toBeLessThan(1e-6);
      }),
    );
  });

  it('the default standing arms decompose into a hanging arm, a little out from the body, with its elbow just soft', () => {
    const pose = defaultStandingPose(P);
    const shoulder: Vec2 = [pose.Torso[0], pose.Torso[1] - P.torso];
    for (const hand of [pose.Left_Hand, pose.Right_Hand]) {
      const a = armAnglesOf(hand, shoulder, P);
      expect(Math.abs(a.shoulder)).toBeLessThan(0.7);
      // Soft, visibly bent (about 36°), far from a reach or a carry.
      expect(a.elbow).toBeGreaterThan(0.3);
      expect(a.elbow).toBeLessThan(0.8);
    }
  });
});

describe('stance feet stay planted at every speed', () => {
  const RAMP_RIGHT: TerrainInput = { id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'right' };
  const RAMP_LEFT: TerrainInput = { ...RAMP_RIGHT, rise: 'left' };
  const STAIRS_RIGHT: TerrainInput = { id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
  const STAIRS_LEFT: TerrainInput = { ...STAIRS_RIGHT, rise: 'left' };
  const courses: Array<[string, TerrainInput[], number, number]> = [
    ['flat ground', [], 600, 1900],
    ['a ramp rising right', [RAMP_RIGHT], 700, 1550],
    ['a ramp rising left', [RAMP_LEFT], 1900, 1050],
    ['stairs rising right', [STAIRS_RIGHT], 700, 1450],
    ['stairs rising left', [STAIRS_LEFT], 1800, 1050],
  ];
  const cases = courses.flatMap(([label, terrain, from, to]) => [WALK_SPEED_MIN * 4, WALK_SPEED, 600].map((speed) => [label, speed, terrain, from, to] as const));

  it.each(cases)('there and back on %s at %i px/s: the solved stance foot moves < 1 px per step, and never creeps', (label, speed, terrain, from, to) => {
    const sim = new RigSim([groundBlock(), ...terrain], [from, GROUND_TOP]);
    sim.env.walkSpeed = speed;
    sim.run(20);
    sim.walkTo(to);
    const there = sim.runWalk(60 * 60);
    expect(there.at(-1)!.events.map((e) => e.type), `${label}: arrived`).toContain('arrived');
    sim.walkTo(from);
    sim.runWalk(60 * 60);
    sim.run(60);
    for (const which of ['target', 'solved'] as const) {
      const { slide, planted } = maxStanceSlide(sim.log, which);
      expect(planted, label).toBeGreaterThan(100);
      expect(slide, `${label} ${which}`).toBeLessThan(1);
    }
    for (const side of ['left', 'right'] as const) {
      let anchor: Vec2 | null = null;
      for (const r of sim.log) {
        if (r.after !== 'GROUNDED' || r.swingBefore === side || r.swingAfter === side) {
          anchor = null;
          continue;
        }
        anchor ??= r.solved[side];
        expect(Math.hypot(r.solved[side][0] - anchor[0], r.solved[side][1] - anchor[1]), `${label}: ${side} creep`).toBeLessThan(1);
      }
    }
  });
});
