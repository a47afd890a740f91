/**
 * The walk through the whole stack (scene file → runtime → locomotion → solved pose): a stickman's
 * own `walk_speed` is validated on load and used by the runtime (its walk, its takeoff momentum),
 * the runtime's solved pose leans forward while walking, and on every terrain kind the planted
 * feet of the solved world pose stay put step by step at the default and at a stickman's own speed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { WALK_SPEED, WALK_SPEED_MAX, WALK_SPEED_MIN, walkCycle } from '../../core/locomotion';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { loadSceneValue, saveSceneText, loadSceneText } from '../../core/scene/io';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk, type Vec2 } from './rigScenes';

beforeAll(async () => {
  await TestStage.init();
});

const DT = 1 / 60;

describe('walk_speed in the scene file', () => {
  /** A valid file's JSON with the stickman's walk_speed set to anything (the builder validates, so set it after). */
  const withSpeed = (walkSpeed: unknown) => {
    const raw = JSON.parse(JSON.stringify(scene([ground(), { kind: 'stickman', id: 'ada', position: [600, GROUND_TOP] }])));
    raw.objects[1].walk_speed = walkSpeed;
    return raw;
  };

  it('is optional, accepted in range and kept through save and load', () => {
    const plain = loadSceneValue(JSON.parse(JSON.stringify(scene([ground(), { kind: 'stickman', id: 'ada', position: [600, GROUND_TOP] }]))));
    expect(plain.ok).toBe(true);
    for (const v of [WALK_SPEED_MIN, 150, 450.5, WALK_SPEED_MAX]) {
      const r = loadSceneValue(withSpeed(v));
      expect(r.ok ? [] : r.issues, `walk_speed ${v}`).toEqual([]);
      if (!r.ok) continue;
      const again = loadSceneText(saveSceneText(r.scene));
      expect(again.ok && again.scene.objects.find((o) => o.id === 'ada')).toMatchObject({ walk_speed: v });
    }
  });

  it.each([[0], [-150], [WALK_SPEED_MIN - 1], [WALK_SPEED_MAX + 1], ['fast'], [null]])('refuses %s naming the path and the range', (v) => {
    const r = loadSceneValue(withSpeed(v));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const issue = r.issues.find((i) => i.path.endsWith('walk_speed'));
    expect(issue, JSON.stringify(r.issues)).toBeDefined();
    expect(issue!.path).toBe('$.objects[1].walk_speed');
    if (typeof v === 'number') expect(issue!.message).toContain(`between ${WALK_SPEED_MIN} and ${WALK_SPEED_MAX} px/s`);
  });
});

describe('the runtime walks each stickman at its own speed', () => {
  it('two stickmen, one with walk_speed 150 and one without, walk at 150 and WALK_SPEED', () => {
    const p = TestStage.load(sceneWithQueues(
      [ground(), stickman('slow', [600, GROUND_TOP], { walk_speed: 150 }), stickman('std', [600, GROUND_TOP - 0])],
      { slow: [walk('s1', 1600)], std: [walk('d1', 1600)] },
    )).play();
    const v: Record<string, number[]> = { slow: [], std: [] };
    p.stepUntil(() => p.finished('d1') !== undefined, 60 * 10, () => {
      for (const id of ['slow', 'std']) {
        const m = p.rig(id).motion;
        if (m.root[0] > 650 && m.root[0] < 1550) v[id].push(m.lastWalkVelocityX);
      }
    });
    expect(v.std.length).toBeGreaterThan(100);
    for (const x of v.std) expect(x).toBeCloseTo(WALK_SPEED, 6);
    for (const x of v.slow) expect(x).toBeCloseTo(150, 6);
    // The slow one is still on its way: half the speed, about twice the time.
    expect(p.finished('s1')).toBeUndefined();
    p.stepUntil(() => p.finished('s1') !== undefined, 60 * 10);
    const slowSteps = p.tickOf('s1', 'finished') - p.tickOf('s1', 'started');
    expect(slowSteps).toBeGreaterThanOrEqual(Math.floor((1000 - 4) / 150 / DT) - 1);
    expect(slowSteps).toBeLessThanOrEqual(Math.ceil(1000 / 150 / DT) + 30);
    p.dispose();
  });

  it('walking off a ledge at its own speed, the takeoff carries that speed', () => {
    const platform = { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };
    const p = TestStage.load(sceneWithQueues([ground(), platform, stickman('ada', [1000, 1100], { walk_speed: 550 })], { ada: [walk('w1', 1600)] })).play();
    p.stepUntil(() => p.machineEvents('rig:ada/terrainMotion', 'physics.supportLost').length > 0, 60 * 5);
    const lost = p.machineEvents('rig:ada/terrainMotion', 'physics.supportLost')[0];
    expect(lost.event.walkVelocityX as number).toBeCloseTo(550, 6);
    expect(p.rig('ada').motion.airVelocityX).toBeCloseTo(550, 6);
    p.dispose();
  });
});

describe('the runtime pose walks in style', () => {
  it('leans the solved torso forward the way it walks (and only while walking), mirrored facing LEFT', () => {
    const lean = walkCycle(WALK_SPEED, DEFAULT_PROPORTIONS).lean;
    for (const dir of [1, -1] as const) {
      const p = TestStage.load(sceneWithQueues([ground(), stickman('ada', [1200, GROUND_TOP], { facing: dir > 0 ? 'RIGHT' : 'LEFT' })], { ada: [walk('w1', 1200 + dir * 1200)] })).play();
      const rig = p.rig('ada');
      const angle = () => {
        const t = rig.worldPose.torso;
        return Math.atan2(dir * (t.end[0] - t.start[0]), t.start[1] - t.end[1]);
      };
      p.step(90);
      expect(angle()).toBeCloseTo(lean, 3);
      // The proxies follow the leaned torso (they are written from the same solved pose).
      const torsoProxy = rig.proxies.torso;
      expect(dir * (torsoProxy.center[0] - rig.worldPose.torso.start[0])).toBeGreaterThan(5);
      p.stepUntil(() => p.finished('w1') !== undefined, 60 * 10);
      p.step(150);
      expect(Math.abs(angle())).toBe(0);
      p.dispose();
    }
  });
});

describe('planted feet stay put in the runtime on every terrain kind', () => {
  const RAMP_RIGHT = { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'right' };
  const RAMP_LEFT = { ...RAMP_RIGHT, rise: 'left' };
  const STAIRS_RIGHT = { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
  const STAIRS_LEFT = { ...STAIRS_RIGHT, rise: 'left' };
  const courses: Array<[string, Record<string, unknown> | null, number, number]> = [
    ['flat ground', null, 700, 1700],
    ['a ramp rising right', RAMP_RIGHT, 700, 1450],
    ['a ramp rising left', RAMP_LEFT, 1900, 1150],
    ['stairs rising right', STAIRS_RIGHT, 700, 1450],
    ['stairs rising left', STAIRS_LEFT, 1800, 1050],
  ];
  const cases = courses.flatMap(([label, terrain, from, to]) => [WALK_SPEED, 550].map((speed) => [label, speed, terrain, from, to] as const));

  it.each(cases)('on %s at %i px/s, there and back: each planted solved foot moves < 1 px a step', (label, speed, terrain, from, to) => {
    const objects = [ground(), ...(terrain ? [terrain] : []), stickman('ada', [from, GROUND_TOP], { walk_speed: speed })];
    const p = TestStage.load(sceneWithQueues(objects, { ada: [walk('up', to, 1200), walk('down', from)] })).play();
    const rig = p.rig('ada');
    const snap = () => ({
      swing: rig.motion.swing,
      phase: rig.terrainPhase,
      feet: { left: [...rig.worldPose.left_lower_leg.end] as Vec2, right: [...rig.worldPose.right_lower_leg.end] as Vec2 },
    });
    let prev = snap();
    let maxSlide = 0;
    let planted = 0;
    p.stepUntil(() => p.finished('down') !== undefined, 60 * 30, () => {
      const cur = snap();
      if (prev.phase === 'GROUNDED' && cur.phase === 'GROUNDED') {
        for (const side of ['left', 'right'] as const) {
          if (prev.swing === side || cur.swing === side) continue;
          planted += 1;
          maxSlide = Math.max(maxSlide, Math.hypot(cur.feet[side][0] - prev.feet[side][0], cur.feet[side][1] - prev.feet[side][1]));
        }
      }
      prev = cur;
    });
    expect(p.finished('up')?.outcome, label).toBe('completed');
    expect(p.finished('down')?.outcome, label).toBe('completed');
    expect(planted, label).toBeGreaterThan(60);
    expect(maxSlide, label).toBeLessThan(1);
    p.dispose();
  });
});
