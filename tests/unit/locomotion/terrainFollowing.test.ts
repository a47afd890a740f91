/**
 * Grounded terrain following (seed phase 6a §4 "GROUNDED -> existing foot/stance/pelvis solve",
 * §3 "upward-normal filtering, probe fans, TERRAIN_SUPPORT_RANGE, PELVIS_MAX_OFFSET … remain the
 * single sources of truth"): what counts as support, where the pelvis goes, where the feet are.
 * Every check runs on every step and on the SOLVED IK foot ends, not only on the foot targets.
 */
import { describe, expect, it } from 'vitest';
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import { ARRIVE_TOLERANCE, BODY_HALF_WIDTH, WALK_SPEED, requiredPelvisDrop } from '../../../core/locomotion';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { MAX_STEP_HEIGHT, PELVIS_MAX_OFFSET, TERRAIN_PROBE_START_ABOVE, TERRAIN_SUPPORT_RANGE } from '../../../core/terrain/constants';
import { GROUND_TOP, RigSim, groundBlock, maxStanceSlide, type StepRecord } from './sim';

const FEET_TOLERANCE = 2; // px: "both feet on the surface within 2 px"
const SLIDE_TOLERANCE = 1; // px: a planted foot slides less than 1 px per step

// Ramps 600 × 200 over x 1000..1600 and stairs 500 × 200 (5 steps of 100 × 40) over x 1000..1500,
// all standing on the ground (top 1400).
const RAMP_RIGHT: TerrainInput = { id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'right' };
const RAMP_LEFT: TerrainInput = { id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'left' };
const STEEP_RAMP: TerrainInput = { id: 'steep', shape: 'ramp', position: [1200, 1250], size: [400, 300], rise: 'right' };
const STAIRS_RIGHT: TerrainInput = { id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
const STAIRS_LEFT: TerrainInput = { id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'left' };
/** 60 px risers: close to MAX_STEP_HEIGHT, the hardest stairs a walk still climbs. */
const TALL_STAIRS: TerrainInput = { id: 'tall-stairs', shape: 'stairs', position: [1250, 1250], size: [500, 300], steps: 5, rise: 'right' };

/** Overhangs over a standing rig: [label, underside height above the feet, thickness], px. */
const LOW_OVERHANGS: Array<[string, number, number]> = [
  ['shelf 90..100 px above the feet', 90, 10],
  ['shelf 55..65 px above the feet', 55, 10],
  ['slab 40..100 px above the feet', 40, 60],
];

/** Ramp surface height at x (rise right: 1400 at x=1000 up to 1200 at x=1600). */
const rampY = (x: number, rise: 'left' | 'right') => (rise === 'right' ? 1400 - ((x - 1000) / 600) * 200 : 1200 + ((x - 1000) / 600) * 200);

function expectFeetOnSurface(sim: RigSim, label: string): void {
  for (const side of ['left', 'right'] as const) {
    const foot = sim.pose[`${side}_lower_leg`].end;
    const surface = sim.surfaceY(foot[0], foot[1]);
    expect(surface, `${label}: ${side} foot at x=${foot[0].toFixed(1)} has a surface`).not.toBeNull();
    expect(Math.abs(foot[1] - surface!), `${label}: ${side} SOLVED foot end vs surface`).toBeLessThanOrEqual(FEET_TOLERANCE);
    // The target agrees with the solved end: the leg actually reaches it.
    const target = sim.s.feet[side].pos;
    expect(Math.hypot(foot[0] - target[0], foot[1] - target[1]), `${label}: ${side} solved end reaches its target`).toBeLessThan(0.01);
  }
}

function expectPelvisInRange(log: readonly StepRecord[], label: string): void {
  for (const r of log) {
    expect(Number.isFinite(r.pelvisDrop), `${label} step ${r.step}`).toBe(true);
    expect(r.pelvisDrop, `${label} step ${r.step}: pelvisDrop >= 0`).toBeGreaterThanOrEqual(0);
    expect(r.pelvisDrop, `${label} step ${r.step}: pelvisDrop <= PELVIS_MAX_OFFSET`).toBeLessThanOrEqual(PELVIS_MAX_OFFSET);
  }
}

// Seed 6a §3 names TERRAIN_SUPPORT_RANGE and PELVIS_MAX_OFFSET as the single sources of truth but
// gives no numbers; MAX_STEP_HEIGHT and WALK_SPEED appear in no seed. All four are this project's
// tuning, and the courses and literals below are sized for them.
describe('project tuning constants the terrain courses are sized for', () => {
  it('pins the project values (the walk checks below derive from WALK_SPEED)', () => {
    expect(PELVIS_MAX_OFFSET).toBe(90);
    expect(TERRAIN_SUPPORT_RANGE).toBe(60);
    expect(MAX_STEP_HEIGHT).toBe(70);
    expect(WALK_SPEED).toBe(300);
  });

  it('the courses straddle them: climbable risers below MAX_STEP_HEIGHT, probes starting above it, a shelf across TERRAIN_SUPPORT_RANGE', () => {
    const riser = (t: TerrainInput) => t.size![1] / t.steps!;
    expect(riser(STAIRS_RIGHT)).toBeLessThan(MAX_STEP_HEIGHT);
    // "the hardest stairs a walk still climbs": within 10 px of the limit.
    expect(riser(TALL_STAIRS)).toBeLessThan(MAX_STEP_HEIGHT);
    expect(MAX_STEP_HEIGHT - riser(TALL_STAIRS)).toBeLessThanOrEqual(10);
    // A downward probe must start above the tallest step it is meant to find.
    expect(TERRAIN_PROBE_START_ABOVE).toBeGreaterThan(MAX_STEP_HEIGHT);
    // Every low overhang's top is within the downward probes' reach (so the ceiling checks are
    // not vacuous), and one overhang spans the support window's edge.
    const spans = LOW_OVERHANGS.map(([, under, thickness]) => [under, under + thickness]);
    for (const [, top] of spans) expect(top).toBeLessThanOrEqual(TERRAIN_PROBE_START_ABOVE);
    expect(spans.some(([under, top]) => under < TERRAIN_SUPPORT_RANGE && top > TERRAIN_SUPPORT_RANGE)).toBe(true);
  });
});

describe('walls and ceilings never count as support', () => {
  it('a rig standing against a tall wall (either side) stands on the ground beside it', () => {
    for (const side of [-1, 1]) {
      // Wall face 6 px from the root: the centre fan (±24 px) reaches into the wall.
      const wall: TerrainInput = { id: 'wall', shape: 'block', position: [1000 + side * (6 + 50), 1100], size: [100, 600] };
      const sim = new RigSim([groundBlock(), wall], [1000, GROUND_TOP - 40]);
      const log = sim.run(180);
      const landed = log.findIndex((r) => r.after === 'GROUNDED');
      expect(landed).toBeGreaterThanOrEqual(0);
      for (const r of log.slice(landed)) {
        expect(r.after).toBe('GROUNDED');
        expect(r.root[1]).toBe(GROUND_TOP);
      }
      expectFeetOnSurface(sim, `wall on side ${side}`);
    }
  });

  it('a rig under a high overhang stays on the ground and walks underneath it', () => {
    // Overhang bottom 640 px above the ground: above every probe window and the top of the head.
    const roof: TerrainInput = { id: 'roof', shape: 'block', position: [1200, GROUND_TOP - 640 - 50], size: [400, 100] };
    const sim = new RigSim([groundBlock(), roof], [800, GROUND_TOP]);
    sim.walkTo(1600);
    const log = sim.runWalk();
    expect(log.at(-1)!.events.map((e) => e.type)).toContain('arrived');
    for (const r of log) expect(r.root[1]).toBe(GROUND_TOP);
  });

  it('an overhang at hip height is walked into, not through (issue 19): blocked, on the ground', () => {
    // Bottom 200 px up: it never supports the rig, and its body stops in front of it.
    const roof: TerrainInput = { id: 'roof', shape: 'block', position: [1200, GROUND_TOP - 200 - 50], size: [400, 100] };
    const sim = new RigSim([groundBlock(), roof], [800, GROUND_TOP]);
    sim.walkTo(1600);
    const log = sim.runWalk();
    expect(log.at(-1)!.events.map((e) => e.type)).toContain('blocked');
    for (const r of log) expect(r.root[1]).toBe(GROUND_TOP);
    expect(log.at(-1)!.root[0]).toBeLessThan(1000);
  });

  it.each(LOW_OVERHANGS)('a rig standing under a low overhang stays on the ground (%s)', (_label, bottom, thickness) => {
    // The overhang's underside is a ceiling between the rig and the overhang's top: the top is
    // not reachable ground, so the rig must keep standing on the floor under it.
    const shelf: TerrainInput = {
      id: 'shelf', shape: 'block', position: [1000, GROUND_TOP - bottom - thickness / 2], size: [300, thickness],
    };
    const sim = new RigSim([groundBlock(), shelf], [1000, GROUND_TOP]);
    const log = sim.run(120);
    for (const r of log) expect(r.root[1], `step ${r.step} (${r.phase})`).toBe(GROUND_TOP);
    expectFeetOnSurface(sim, 'under the shelf');
    expect(sim.pose.left_lower_leg.end[1]).toBeCloseTo(GROUND_TOP, 6);
    expect(sim.pose.right_lower_leg.end[1]).toBeCloseTo(GROUND_TOP, 6);
  });

  it('a rig falling onto a floating block lands on its top face, not on its ceiling', () => {
    const block: TerrainInput = { id: 'float', shape: 'block', position: [1000, 1100], size: [300, 40] };
    const sim = new RigSim([groundBlock(), block], [1000, 700]);
    const log = sim.run(120);
    const landing = log.find((r) => r.events.some((e) => e.type === 'landed'))!;
    expect(landing).toBeDefined();
    expect(landing.root[1]).toBe(1080); // top face; the underside (1120) never supports
    expect(sim.s.root[1]).toBe(1080);
    expectFeetOnSurface(sim, 'on the floating block');
  });

  it('walking into a wall stops short of it, on the ground, with no foot inside the wall', () => {
    for (const dir of [1, -1] as const) {
      const face = 1000 + dir * 300;
      const wall: TerrainInput = { id: 'wall', shape: 'block', position: [face + dir * 50, 1100], size: [100, 600] };
      const sim = new RigSim([groundBlock(), wall], [1000, GROUND_TOP]);
      sim.walkTo(1000 + dir * 800);
      const log = sim.runWalk();
      const last = log.at(-1)!;
      expect(last.events).toContainEqual(expect.objectContaining({ type: 'blocked', reason: 'wall' }));
      log.push(...sim.run(120)); // the settle steps after the block
      for (const r of log) {
        expect(r.root[1]).toBe(GROUND_TOP);
        expect(dir * (face - r.root[0]), `root keeps BODY_HALF_WIDTH from the wall (step ${r.step})`).toBeGreaterThanOrEqual(BODY_HALF_WIDTH - 1e-9);
        for (const side of ['left', 'right'] as const) {
          for (const p of [r.target[side], r.solved[side]]) {
            expect(dir * (p[0] - face), `${side} foot x=${p[0].toFixed(1)} inside the wall at step ${r.step}`).toBeLessThanOrEqual(0);
          }
        }
      }
    }
  });
});

describe('pelvis offset stays within [0, PELVIS_MAX_OFFSET]', () => {
  it('clamps the correction at PELVIS_MAX_OFFSET however far the feet are', () => {
    const drop = requiredPelvisDrop([0, 0], [[0, 600], [40, 700]], DEFAULT_PROPORTIONS);
    expect(drop).toBe(PELVIS_MAX_OFFSET);
    expect(requiredPelvisDrop([0, 0], [[0, 100], [0, 120]], DEFAULT_PROPORTIONS)).toBe(0);
  });

  const courses: Array<[string, TerrainInput, number, number]> = [
    ['ramp rising right', RAMP_RIGHT, 700, 1550],
    ['ramp rising left', RAMP_LEFT, 1900, 1050],
    ['steep ramp (37°)', STEEP_RAMP, 700, 1350],
    ['stairs rising right', STAIRS_RIGHT, 700, 1450],
    ['stairs rising left', STAIRS_LEFT, 1800, 1050],
    ['stairs with 60 px risers', TALL_STAIRS, 700, 1450],
  ];

  it.each(courses)('on every step walking up and back down a %s', (label, terrain, from, to) => {
    const sim = new RigSim([groundBlock(), terrain], [from, GROUND_TOP]);
    sim.run(30);
    sim.walkTo(to);
    const up = sim.runWalk();
    expect(up.at(-1)!.events.map((e) => e.type), `${label}: up`).toContain('arrived');
    sim.walkTo(from);
    const down = sim.runWalk();
    expect(down.at(-1)!.events.map((e) => e.type), `${label}: down`).toContain('arrived');
    sim.run(90);
    expectPelvisInRange(sim.log, label);
    // The course really needed a correction somewhere (the check is not vacuous).
    expect(Math.max(...sim.log.map((r) => r.pelvisDrop)), label).toBeGreaterThan(5);
  });
});

describe('both feet on the surface when standing idle', () => {
  const settle = (sim: RigSim) => sim.run(180);

  it('on flat ground', () => {
    const sim = new RigSim([groundBlock()], [1000, GROUND_TOP - 120]);
    settle(sim);
    expect(sim.phase).toBe('GROUNDED');
    expectFeetOnSurface(sim, 'flat');
    expect(sim.pose.left_lower_leg.end[1]).toBeCloseTo(GROUND_TOP, 6);
  });

  it.each([['right'], ['left']] as const)('on a ramp rising %s (spawned there, and after walking there)', (rise) => {
    const terrain = rise === 'right' ? RAMP_RIGHT : RAMP_LEFT;
    const spawned = new RigSim([groundBlock(), terrain], [1300, rampY(1300, rise) - 60]);
    settle(spawned);
    expect(spawned.s.root[1]).toBeCloseTo(rampY(1300, rise), 6);
    expectFeetOnSurface(spawned, `ramp ${rise}, spawned`);
    // The two feet really stand at different heights on the slope.
    expect(Math.abs(spawned.pose.left_lower_leg.end[1] - spawned.pose.right_lower_leg.end[1])).toBeGreaterThan(10);

    for (const facing of ['RIGHT', 'LEFT'] as const) {
      const walked = new RigSim([groundBlock(), terrain], [facing === 'RIGHT' ? 700 : 1900, GROUND_TOP], facing);
      walked.walkTo(1250);
      walked.runWalk();
      settle(walked);
      expectFeetOnSurface(walked, `ramp ${rise}, walked facing ${facing}`);
    }
  });

  it.each([['right'], ['left']] as const)('on stairs rising %s: mid-step and across a step edge', (rise) => {
    const stairs = rise === 'right' ? STAIRS_RIGHT : STAIRS_LEFT;
    // Mid-step: both feet on one tread.
    const mid = new RigSim([groundBlock(), stairs], [1250, 1200]);
    settle(mid);
    expectFeetOnSurface(mid, `stairs ${rise}, mid-step`);
    expect(mid.pose.left_lower_leg.end[1]).toBeCloseTo(mid.pose.right_lower_leg.end[1], 6);

    // Across an edge: the root 6 px onto the upper tread, one foot on each tread (40 px apart).
    const edgeX = 1200;
    const rootX = rise === 'right' ? edgeX + 6 : edgeX - 6;
    const across = new RigSim([groundBlock(), stairs], [rootX, 1200]);
    settle(across);
    expectFeetOnSurface(across, `stairs ${rise}, across an edge`);
    const heights = [across.pose.left_lower_leg.end[1], across.pose.right_lower_leg.end[1]].sort((a, b) => a - b);
    expect(heights[1] - heights[0]).toBeCloseTo(40, 1);
    expect(across.s.pelvisDrop).toBeGreaterThan(0);
    expect(across.s.pelvisDrop).toBeLessThanOrEqual(PELVIS_MAX_OFFSET);

    // And after walking up onto the stairs and stopping there.
    const walked = new RigSim([groundBlock(), stairs], [rise === 'right' ? 700 : 1800, GROUND_TOP]);
    walked.walkTo(1330);
    walked.runWalk();
    settle(walked);
    expectFeetOnSurface(walked, `stairs ${rise}, walked`);
  });
});

describe('a planted stance foot does not slide', () => {
  const courses: Array<[string, TerrainInput[], number, number]> = [
    ['flat ground', [], 600, 1600],
    ['a ramp rising right', [RAMP_RIGHT], 700, 1550],
    ['a ramp rising left', [RAMP_LEFT], 1900, 1050],
    ['stairs rising right', [STAIRS_RIGHT], 700, 1450],
    ['stairs rising left', [STAIRS_LEFT], 1800, 1050],
    ['60 px stairs', [TALL_STAIRS], 700, 1450],
  ];

  it.each(courses)('walking there and back on %s: target and solved IK foot end both stay put', (label, terrain, from, to) => {
    const sim = new RigSim([groundBlock(), ...terrain], [from, GROUND_TOP]);
    sim.run(20);
    sim.walkTo(to);
    sim.runWalk();
    sim.walkTo(from);
    sim.runWalk();
    sim.run(60);
    const target = maxStanceSlide(sim.log, 'target');
    const solved = maxStanceSlide(sim.log, 'solved');
    expect(target.planted, label).toBeGreaterThan(200); // plenty of planted foot-steps were checked
    expect(target.slide, `${label}: planted target`).toBeLessThan(SLIDE_TOLERANCE);
    expect(solved.slide, `${label}: planted SOLVED foot end`).toBeLessThan(SLIDE_TOLERANCE);
    // Stronger than "< 1 px per step": over a whole plant the foot does not creep either.
    for (const side of ['left', 'right'] as const) {
      let anchor: Vec2 | null = null;
      for (const r of sim.log) {
        if (r.after !== 'GROUNDED' || r.swingBefore === side || r.swingAfter === side) {
          anchor = null;
          continue;
        }
        anchor ??= r.solved[side];
        expect(Math.hypot(r.solved[side][0] - anchor[0], r.solved[side][1] - anchor[1]), `${label}: ${side} creep at step ${r.step}`).toBeLessThan(SLIDE_TOLERANCE);
      }
    }
  });

  it('the swing foot really moves (the stance check is not vacuous)', () => {
    const sim = new RigSim([groundBlock()], [600, GROUND_TOP]);
    sim.walkTo(1200);
    sim.runWalk();
    let moved = 0;
    for (let i = 1; i < sim.log.length; i++) {
      const side = sim.log[i].swingAfter;
      if (side) moved = Math.max(moved, Math.hypot(sim.log[i].solved[side][0] - sim.log[i - 1].solved[side][0], sim.log[i].solved[side][1] - sim.log[i - 1].solved[side][1]));
    }
    expect(moved).toBeGreaterThan(3);
  });
});

describe('signed grounded walking velocity (seed 6a §5.1)', () => {
  it('is +WALK_SPEED walking right, −WALK_SPEED walking left and 0 when idle', () => {
    const sim = new RigSim([groundBlock()], [1000, GROUND_TOP]);
    sim.run(10);
    expect(sim.s.lastWalkVelocityX).toBe(0);
    sim.walkTo(1400);
    const right = sim.runWalk();
    const cruising = right.filter((r) => Math.abs(1400 - r.root[0]) > 10 && r.phase === 'GROUNDED');
    // Every step of the walk but its last 10 px: one root move of WALK_SPEED/60 each.
    expect(cruising.length).toBeGreaterThanOrEqual(Math.floor(((400 - 10) / WALK_SPEED) * 60) - 1);
    for (const r of cruising) expect(r.lastWalkVelocityX).toBeCloseTo(WALK_SPEED, 6);
    expect(Math.abs(sim.s.root[0] - 1400)).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    sim.run(5);
    expect(sim.s.lastWalkVelocityX).toBe(0);
    sim.walkTo(900);
    const left = sim.runWalk().filter((r) => Math.abs(900 - r.root[0]) > 10);
    for (const r of left) expect(r.lastWalkVelocityX).toBeCloseTo(-WALK_SPEED, 6);
    expect(sim.s.facing).toBe('LEFT');
    sim.run(5);
    expect(sim.s.lastWalkVelocityX).toBe(0);
  });

  it('walking off a ledge reports supportLost with the signed walk velocity', () => {
    for (const dir of [1, -1] as const) {
      const platform: TerrainInput = { id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };
      const sim = new RigSim([groundBlock(), platform], [1000, 1100]);
      sim.run(10);
      sim.walkTo(1000 + dir * 600);
      const log = sim.run(300);
      const lost = log.find((r) => r.events.some((e) => e.type === 'supportLost'))!;
      expect(lost, `dir ${dir}`).toBeDefined();
      const e = lost.events.find((x) => x.type === 'supportLost') as { walkVelocityX: number };
      expect(e.walkVelocityX).toBeCloseTo(dir * WALK_SPEED, 6);
      expect(lost.after).toBe('AIRBORNE');
      // It left past the edge (x = 700 / 1300), within the centre fan's reach.
      expect(dir * (lost.root[0] - (1000 + dir * 300))).toBeGreaterThan(0);
      expect(dir * (lost.root[0] - (1000 + dir * 300))).toBeLessThanOrEqual(24 + WALK_SPEED / 60 + 1e-9);
    }
  });

});
