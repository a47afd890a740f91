/**
 * walk_to through the whole stack: scene queues → StageController → stage runtime → rig runtime
 * → locomotion core, observed through the trace records, the live rig state and the solved pose.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AIR_DRAG_X, ARRIVE_TOLERANCE, WALK_SPEED } from '../../core/locomotion';
import { PELVIS_MAX_OFFSET } from '../../core/terrain/constants';
import { ground } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk, type Vec2 } from './rigScenes';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';

beforeAll(async () => {
  await TestStage.init();
});

const TM = 'rig:stick/terrainMotion';
const RAMP_RIGHT = { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'right' };
const RAMP_LEFT = { ...RAMP_RIGHT, rise: 'left' };
const STAIRS_RIGHT = { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
const STAIRS_LEFT = { ...STAIRS_RIGHT, rise: 'left' };

/** Surface height at x near nearY (the first supporting surface at or below nearY − 45). */
const surfaceAt = (p: TestStage, x: number, nearY: number) => p.terrain.probeDown(x, nearY - 45, 120)?.point[1];

/** Runs until every listed queue item has finished (or the step budget runs out). */
function runQueue(p: TestStage, ids: string[], maxSteps = 60 * 40, each?: (i: number) => void): void {
  p.stepUntil(() => ids.every((id) => p.finished(id)), maxSteps, each);
  for (const id of ids) expect(p.finished(id), `queue item ${id} finished`).toBeDefined();
}


describe('walk_to on flat ground', () => {
  it('reaches each target within ARRIVE_TOLERANCE at WALK_SPEED, with the signed walk velocity recorded', () => {
    const p = TestStage.load(sceneWithQueues([ground(), stickman('stick', [800, GROUND_TOP])], { stick: [walk('w1', 1500), walk('w2', 900)] })).play();
    const rig = p.rig('stick');
    const velocities: Array<{ v: number; x: number; walking: string | null }> = [];
    runQueue(p, ['w1'], 60 * 20, () => velocities.push({ v: rig.motion.lastWalkVelocityX, x: rig.motion.root[0], walking: 'w1' }));
    expect(p.finished('w1')!.outcome).toBe('completed');
    expect(Math.abs(rig.motion.root[0] - 1500)).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    expect(rig.motion.root[1]).toBe(GROUND_TOP);
    expect(rig.motion.facing).toBe('RIGHT');
    // 700 px at WALK_SPEED (300 px/s: ≈ 2.3 s, 140 steps); it does not dawdle and does not rush.
    const w1Steps = p.tickOf('w1', 'finished') - p.tickOf('w1', 'started');
    expect(w1Steps).toBeGreaterThanOrEqual(Math.floor((700 - ARRIVE_TOLERANCE) / WALK_SPEED * 60) - 1);
    expect(w1Steps).toBeLessThanOrEqual(Math.ceil(700 / WALK_SPEED * 60) + 30);
    const right = velocities.filter((s) => s.x > 820 && s.x < 1490);
    // Every step of that stretch was sampled (one root move of WALK_SPEED/60 each).
    const stretchSteps = (span: number) => Math.floor((span / WALK_SPEED) * 60) - 1;
    expect(right.length).toBeGreaterThanOrEqual(stretchSteps(1490 - 820));
    for (const s of right) expect(s.v).toBeCloseTo(+WALK_SPEED, 6);

    velocities.length = 0;
    runQueue(p, ['w2'], 60 * 20, () => velocities.push({ v: rig.motion.lastWalkVelocityX, x: rig.motion.root[0], walking: 'w2' }));
    expect(p.finished('w2')!.outcome).toBe('completed');
    expect(Math.abs(rig.motion.root[0] - 900)).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    expect(rig.motion.facing).toBe('LEFT');
    const left = velocities.filter((s) => s.x > 910 && s.x < 1490);
    expect(left.length).toBeGreaterThanOrEqual(stretchSteps(1490 - 910));
    for (const s of left) expect(s.v).toBeCloseTo(-WALK_SPEED, 6);

    // Idle: zero, and the root stays put.
    const idleX = rig.motion.root[0];
    for (let i = 0; i < 60; i++) {
      p.step(1);
      expect(rig.motion.lastWalkVelocityX).toBe(0);
      expect(rig.motion.root[0]).toBe(idleX);
    }
    // One `arrived` stage event per completed walk, from the stickman.
    const arrived = p.events().filter((e) => e.type === 'arrived');
    expect(arrived).toHaveLength(2);
    for (const e of arrived) expect(e.source).toBe('stick');
    p.dispose();
  });

  it('a direct walkTo request during PLAY is followed too', () => {
    const p = TestStage.load(sceneWithQueues([ground(), stickman('stick', [800, GROUND_TOP])])).play();
    const rig = p.rig('stick');
    p.step(5);
    p.controller.walkTo('stick', 1100, GROUND_TOP);
    p.stepUntil(() => p.events().some((e) => e.type === 'arrived'), 60 * 10);
    expect(Math.abs(rig.motion.root[0] - 1100)).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    p.dispose();
  });
});

describe('walk_to on ramps and stairs', () => {
  const courses: Array<[string, Record<string, unknown>, number, number]> = [
    ['a ramp rising right', RAMP_RIGHT, 700, 1450],
    ['a ramp rising left', RAMP_LEFT, 1900, 1150],
    ['stairs rising right', STAIRS_RIGHT, 700, 1450],
    ['stairs rising left', STAIRS_LEFT, 1800, 1050],
  ];

  it.each(courses)('goes up and back down %s, ending on the surface at each target', (label, terrain, from, to) => {
    const p = TestStage.load(sceneWithQueues([ground(), terrain, stickman('stick', [from, GROUND_TOP])], { stick: [walk('up', to, 1200), walk('down', from)] })).play();
    const rig = p.rig('stick');
    let minY = Infinity;
    runQueue(p, ['up'], 60 * 20, () => (minY = Math.min(minY, rig.motion.root[1])));
    expect(p.finished('up')!.outcome, label).toBe('completed');
    expect(Math.abs(rig.motion.root[0] - to), `${label}: up arrival x`).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    expect(rig.motion.root[1], `${label}: up arrival is on the surface`).toBeCloseTo(surfaceAt(p, rig.motion.root[0], rig.motion.root[1])!, 6);
    expect(rig.motion.root[1], `${label}: it really climbed`).toBeLessThan(GROUND_TOP - 120);
    expect(rig.terrainPhase).toBe('GROUNDED');

    runQueue(p, ['down'], 60 * 20);
    expect(p.finished('down')!.outcome, label).toBe('completed');
    expect(Math.abs(rig.motion.root[0] - from), `${label}: down arrival x`).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    expect(rig.motion.root[1]).toBe(GROUND_TOP);
    // Walking on terrain never left the ground.
    expect(p.transitions(TM).filter((t) => t.to === 'AIRBORNE')).toHaveLength(1); // only the PLAY-start fall
    p.dispose();
  });

  it('the runtime pose keeps planted feet still, the pelvis in range and both feet on the stairs', () => {
    const p = TestStage.load(sceneWithQueues([ground(), STAIRS_RIGHT, stickman('stick', [700, GROUND_TOP])], { stick: [walk('up', 1330, 1200)] })).play();
    const rig = p.rig('stick');
    const snap = () => ({
      swing: rig.motion.swing,
      phase: rig.terrainPhase,
      feet: { left: [...rig.worldPose.left_lower_leg.end] as Vec2, right: [...rig.worldPose.right_lower_leg.end] as Vec2 },
    });
    let prev = snap();
    let maxSlide = 0;
    let planted = 0;
    const check = () => {
      const cur = snap();
      expect(rig.motion.pelvisDrop).toBeGreaterThanOrEqual(0);
      expect(rig.motion.pelvisDrop).toBeLessThanOrEqual(PELVIS_MAX_OFFSET);
      if (prev.phase === 'GROUNDED' && cur.phase === 'GROUNDED') {
        for (const side of ['left', 'right'] as const) {
          if (prev.swing === side || cur.swing === side) continue;
          planted += 1;
          maxSlide = Math.max(maxSlide, Math.hypot(cur.feet[side][0] - prev.feet[side][0], cur.feet[side][1] - prev.feet[side][1]));
        }
      }
      prev = cur;
    };
    runQueue(p, ['up'], 60 * 20, check);
    p.stepUntil(() => false, 120, check);
    // Standing on the stairs after arriving: both SOLVED feet on a tread.
    for (const side of ['left', 'right'] as const) {
      const f = rig.worldPose[`${side}_lower_leg`].end;
      expect(Math.abs(f[1] - surfaceAt(p, f[0], f[1])!), `${side} foot on the stairs`).toBeLessThanOrEqual(2);
    }
    p.controller.walkTo('stick', 700, GROUND_TOP);
    p.stepUntil(() => p.events().filter((e) => e.type === 'arrived').length >= 2, 60 * 20, check);
    expect(Math.abs(rig.motion.root[0] - 700)).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    expect(planted).toBeGreaterThan(200);
    expect(maxSlide).toBeLessThan(1);
    p.dispose();
  });
});

describe('walk_to blocked', () => {
  it('stops at a wall with outcome blocked, short of the face, and the queue goes on', () => {
    for (const dir of [1, -1] as const) {
      const face = 1000 + dir * 300;
      const wall = { kind: 'terrain', id: 'wall', shape: 'block', position: [face + dir * 50, 1100], size: [100, 600] };
      const p = TestStage.load(sceneWithQueues([ground(), wall, stickman('stick', [1000, GROUND_TOP])], { stick: [walk('w1', 1000 + dir * 700), walk('w2', 1000 - dir * 200)] })).play();
      const rig = p.rig('stick');
      let closest = Infinity;
      runQueue(p, ['w1'], 60 * 10, () => (closest = Math.min(closest, dir * (face - rig.motion.root[0]))));
      const rec = p.finished('w1')!;
      expect(rec).toMatchObject({ type: 'action', rig: 'stick', id: 'w1', action: 'walk_to', phase: 'finished', outcome: 'blocked' });
      // The head is the widest part at a tall wall (issue 19: the whole body stops in front of it).
      expect(closest).toBeGreaterThanOrEqual(DEFAULT_PROPORTIONS.headRadius);
      expect(closest).toBeLessThan(DEFAULT_PROPORTIONS.headRadius + WALK_SPEED / 60 + 1);
      expect(rig.motion.root[1]).toBe(GROUND_TOP);
      expect(p.records().some((r) => r.type === 'warning' && /blocked/.test(r.message))).toBe(true);
      // A blocked walk does not announce an arrival.
      expect(p.events().filter((e) => e.type === 'arrived')).toHaveLength(0);
      runQueue(p, ['w2'], 60 * 10);
      expect(p.finished('w2')!.outcome).toBe('completed');
      expect(Math.abs(rig.motion.root[0] - (1000 - dir * 200))).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
      p.dispose();
    }
  });

  it('stops with outcome blocked in front of a step taller than MAX_STEP_HEIGHT', () => {
    const step = { kind: 'terrain', id: 'step', shape: 'block', position: [1400, GROUND_TOP - 50], size: [200, 100] };
    const p = TestStage.load(sceneWithQueues([ground(), step, stickman('stick', [900, GROUND_TOP])], { stick: [walk('w1', 1450, 1300)] })).play();
    const rig = p.rig('stick');
    runQueue(p, ['w1'], 60 * 10);
    expect(p.finished('w1')!.outcome).toBe('blocked');
    expect(rig.motion.root[0]).toBeLessThan(1300);
    expect(rig.motion.root[1]).toBe(GROUND_TOP);
    p.dispose();
  });
});

describe('walk_to off a ledge', () => {
  // A raised block over x 700..1300 whose top (1100) is 300 px above the ground.
  const platform = { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };

  it.each([[1], [-1]] as const)('walks off (dir %i) with its walk momentum, lands hard (300 px ≥ 80) in LANDING_IMPACT for 0.30 s, then completes the walk from where it landed', (dir) => {
    const target = 1000 + dir * 600;
    const p = TestStage.load(sceneWithQueues([ground(), platform, stickman('stick', [1000, 1100])], { stick: [walk('w1', target)] })).play();
    const rig = p.rig('stick');
    const samples: Array<{ x: number; y: number; phase: string; tick: number }> = [];
    runQueue(p, ['w1'], 60 * 15, () => samples.push({ x: rig.motion.root[0], y: rig.motion.root[1], phase: rig.terrainPhase, tick: p.tick }));
    const tm = p.transitions(TM);
    // PLAY start: DISABLED → AIRBORNE (begin_terrain_fall) → GROUNDED (already on the platform).
    expect(tm[0]).toMatchObject({ from: 'DISABLED', to: 'AIRBORNE', event: 'rig.beginTerrainFall' });
    expect(tm[1]).toMatchObject({ from: 'AIRBORNE', to: 'GROUNDED', event: 'physics.landed' });
    // Then exactly: takeoff, hard landing, absorption over, and nothing else.
    expect(tm.slice(2).map((t) => `${t.from}->${t.to}:${t.event}`)).toEqual([
      'GROUNDED->AIRBORNE:physics.supportLost',
      'AIRBORNE->LANDING_IMPACT:physics.landed',
      'LANDING_IMPACT->GROUNDED:physics.landingFinished',
    ]);
    const [takeoff, landing, recovered] = tm.slice(2);
    expect(landing.tick - takeoff.tick).toBeGreaterThanOrEqual(25); // a 300 px fall takes ~0.45 s
    // 0.08 s compression + 0.22 s recovery on the step's elapsed counter: 18 steps of 1/60 s.
    expect(recovered.tick - landing.tick).toBe(18);

    // physics.supportLost reports the signed grounded walk velocity (seed 6a §5.1): the speed the
    // root really moved in its last grounded step, carrying the walk's direction.
    const lost = p.machineEvents(TM, 'physics.supportLost');
    expect(lost).toHaveLength(1);
    const lostStep = samples.findIndex((s) => s.tick === takeoff.tick);
    const measured = (samples[lostStep].x - samples[lostStep - 1].x) * 60;
    expect(lost[0].event.walkVelocityX as number).toBeCloseTo(measured, 6);
    expect(lost[0].event.walkVelocityX as number).toBeCloseTo(dir * WALK_SPEED, 6);

    // In the air the root keeps moving the walk's way, each step by the damped takeoff velocity
    // (e^(−AIR_DRAG_X·dt) per step): a curved, decaying lateral path, not a vertical drop.
    const air = samples.filter((s) => s.tick > takeoff.tick && s.tick < landing.tick);
    expect(air.length).toBeGreaterThan(20);
    let v = dir * WALK_SPEED;
    for (let i = 0; i < air.length; i++) {
      v *= Math.exp(-AIR_DRAG_X / 60);
      const prevX = i === 0 ? samples[lostStep].x : air[i - 1].x;
      expect(air[i].x - prevX).toBeCloseTo(v / 60, 6);
    }
    const landingSample = samples.find((s) => s.tick === landing.tick)!;
    expect(dir * (landingSample.x - samples[lostStep].x)).toBeGreaterThan(60);
    // While the impact is absorbed the root is still and upright on the ground.
    for (const s of samples.filter((s) => s.tick >= landing.tick && s.tick <= recovered.tick)) {
      expect(s.x).toBe(landingSample.x);
      expect(s.y).toBe(GROUND_TOP);
    }
    const landed = p.machineEvents(TM, 'physics.landed').at(-1)!;
    expect(landed.event.fallDistance as number).toBeCloseTo(300, 6);
    expect(landed.event.impactSpeed as number).toBeGreaterThan(1000);

    // The walk was running before the fall, waited out the landing and completed afterwards,
    // from the landing X; the landing itself is no action and no stage event.
    const started = p.tickOf('w1', 'started');
    const done = p.finished('w1')!;
    expect(started).toBeLessThanOrEqual(takeoff.tick);
    expect(done.outcome).toBe('completed');
    expect(done.tick).toBeGreaterThan(recovered.tick);
    expect(p.actionLog('stick')).toEqual(['w1 started', 'w1 finished completed']);
    const afterLanding = samples.filter((s) => s.tick > recovered.tick);
    expect(afterLanding[0].x).toBeCloseTo(landingSample.x + dir * WALK_SPEED / 60, 6);
    expect(Math.abs(rig.motion.root[0] - target)).toBeLessThanOrEqual(ARRIVE_TOLERANCE);
    expect(rig.motion.root[1]).toBe(GROUND_TOP);
    expect(rig.terrainPhase).toBe('GROUNDED');
    p.dispose();
  });
});
