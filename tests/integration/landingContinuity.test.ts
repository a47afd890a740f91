/**
 * Issue 19, "Landings" (seed 6a §7 and its manual check "no marker snap"), measured on the frames
 * a viewer sees (the solved parts, the markers in stage px):
 * - a hard landing on a stair edge keeps the lower foot on its locked contact for the whole
 *   LANDING_IMPACT, and the pelvis does not snap when the impact ends;
 * - on a ramp (either way) the feet stay on the ground (gap under 3 px) and the root does not
 *   snap (no step over 3 px) when the landing hands over to the grounded walk;
 * - in the demo, Ada's hard landing on the boxes ends in a short walk back to her target: her
 *   hands, wrists and the ball she holds move on continuously instead of jumping in one step.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneText } from '../../core/scene/io';
import type { RigView } from '../../streams/frame/frame';
import { ground } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { sceneWithQueues, stickman, type Vec2 } from './rigScenes';

beforeAll(() => TestStage.init());

type Obj = Record<string, unknown>;
const STAIRS = { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
const ramp = (rise: 'left' | 'right') => ({ kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise });

const dist = (a: Readonly<Vec2>, b: Readonly<Vec2>) => Math.hypot(a[0] - b[0], a[1] - b[1]);
/** A rig-local marker in stage px (mirrored by facing). */
const world = (v: RigView, m: Readonly<Vec2>): Vec2 => [v.root[0] + (v.facing === 'LEFT' ? -m[0] : m[0]), v.root[1] + m[1]];
const partEnd = (v: RigView, name: string): Vec2 => v.parts.find((p) => p.name === name)!.end as Vec2;
const partStart = (v: RigView, name: string): Vec2 => v.parts.find((p) => p.name === name)!.start as Vec2;

interface Sample { tick: number; terrain: string; view: RigView; contacts: Record<'left' | 'right', Vec2> | null }

/** Plays a stickman dropped from y 800 at `x` until 30 steps after its hard landing ended. */
function landOn(terrain: Obj, x: number): { samples: Sample[]; stage: TestStage } {
  const stage = TestStage.load(sceneWithQueues([ground(), terrain, stickman('stick', [x, 800])])).play();
  const rig = stage.rig('stick');
  const samples: Sample[] = [];
  let groundedAfter = 0;
  for (let i = 0; i < 240 && groundedAfter < 30; i++) {
    stage.step(1);
    const l = rig.motion.landing;
    samples.push({
      tick: stage.tick,
      terrain: rig.terrainPhase,
      view: stage.rigView('stick'),
      contacts: l ? { left: [...l.contacts.left] as Vec2, right: [...l.contacts.right] as Vec2 } : null,
    });
    if (rig.terrainPhase === 'GROUNDED' && samples.some((s) => s.terrain === 'LANDING_IMPACT')) groundedAfter++;
  }
  return { samples, stage };
}

/**
 * The LANDING_IMPACT steps (touchdown to the last solved step) and the steps around its end: the
 * last two of the recovery and the first ten grounded ones (later the feet settle, which moves
 * the pelvis as any step does).
 */
function phases(samples: Sample[]) {
  const first = samples.findIndex((s) => s.terrain === 'LANDING_IMPACT');
  const end = samples.findIndex((s, i) => i > first && s.terrain === 'GROUNDED');
  expect(first, 'a hard landing').toBeGreaterThan(0);
  expect(end - first, 'the 18-step impact').toBe(18);
  return { impact: samples.slice(first, end), around: samples.slice(end - 2, end + 10) };
}

/** Largest step-to-step movement of a point read off each sample. */
function maxJump(samples: Sample[], at: (s: Sample) => Vec2): { jump: number; tick: number } {
  let jump = 0;
  let tick = -1;
  for (let i = 1; i < samples.length; i++) {
    const d = dist(at(samples[i]), at(samples[i - 1]));
    if (d > jump) [jump, tick] = [d, samples[i].tick];
  }
  return { jump, tick };
}

/** Worst distance between a drawn foot and its locked contact over the impact, per foot. */
function worstFootGap(impact: Sample[]): Record<'left' | 'right', { gap: number; tick: number }> {
  const out = { left: { gap: 0, tick: -1 }, right: { gap: 0, tick: -1 } };
  for (const s of impact) {
    for (const side of ['left', 'right'] as const) {
      const gap = dist(partEnd(s.view, `${side}_lower_leg`), s.contacts![side]);
      if (gap > out[side].gap) out[side] = { gap, tick: s.tick };
    }
  }
  return out;
}

describe('a hard landing on a stair edge', () => {
  it('keeps both drawn feet on their locked contacts for the whole impact, the lower one included', () => {
    const { samples, stage } = landOn(STAIRS, 1200);
    const { impact } = phases(samples);
    const c = impact[0].contacts!;
    // A stair edge: the two contacts are a tread apart in height.
    expect(Math.abs(c.left[1] - c.right[1])).toBeGreaterThan(30);
    const gaps = worstFootGap(impact);
    expect(gaps.left.gap, `left foot off its contact at tick ${gaps.left.tick}`).toBeLessThan(1);
    expect(gaps.right.gap, `right foot off its contact at tick ${gaps.right.tick}`).toBeLessThan(1);
    stage.dispose();
  });

  it('hands over to the grounded stance without a pelvis snap, the feet staying put', () => {
    const { samples, stage } = landOn(STAIRS, 1200);
    const { around } = phases(samples);
    const pelvis = maxJump(around, (s) => partStart(s.view, 'torso'));
    expect(pelvis.jump, `pelvis step at tick ${pelvis.tick}`).toBeLessThan(3);
    const root = maxJump(around, (s) => s.view.root as Vec2);
    expect(root.jump, `root step at tick ${root.tick}`).toBeLessThan(3);
    for (const hand of ['Left_Hand', 'Right_Hand'] as const) {
      const h = maxJump(around, (s) => world(s.view, s.view.markers[hand]));
      expect(h.jump, `${hand} step at tick ${h.tick}`).toBeLessThan(8);
    }
    stage.dispose();
  });
});

describe.each([['right'], ['left']] as const)('a hard landing on a ramp rising %s', (rise) => {
  it('keeps both feet on the ramp (gap under 3 px) for the whole impact', () => {
    const { samples, stage } = landOn(ramp(rise), 1300);
    const { impact } = phases(samples);
    const gaps = worstFootGap(impact);
    expect(gaps.left.gap, `left foot gap at tick ${gaps.left.tick}`).toBeLessThan(3);
    expect(gaps.right.gap, `right foot gap at tick ${gaps.right.tick}`).toBeLessThan(3);
    // The contacts are on the ramp's surface, so the drawn feet are too.
    for (const s of impact) {
      for (const side of ['left', 'right'] as const) {
        const foot = partEnd(s.view, `${side}_lower_leg`);
        const surface = stage.terrain.probeDown(foot[0], foot[1] - 45, 120)!.point[1];
        expect(Math.abs(surface - foot[1]), `${side} foot above the ramp at tick ${s.tick}`).toBeLessThan(3);
      }
    }
    stage.dispose();
  });

  it('does not snap the root or the pelvis when the impact ends', () => {
    const { samples, stage } = landOn(ramp(rise), 1300);
    const { impact, around } = phases(samples);
    // The root stands still through the impact and the grounded walk keeps it where it landed.
    const root = maxJump([...impact.slice(1), ...around.slice(6)], (s) => s.view.root as Vec2);
    expect(root.jump, `root step at tick ${root.tick}`).toBeLessThan(3);
    const pelvis = maxJump(around, (s) => partStart(s.view, 'torso'));
    expect(pelvis.jump, `pelvis step at tick ${pelvis.tick}`).toBeLessThan(3);
    stage.dispose();
  });
});

describe('the demo: Ada lands hard on the boxes and walks the last bit back to her target', () => {
  it('her hands, wrists and the ball she holds move on without a jump when the impact ends', () => {
    const loaded = loadSceneText(readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8'));
    if (!loaded.ok) throw new Error('the demo does not load');
    const stage = TestStage.load(loaded.scene).play();
    const rig = stage.rig('stick-1');
    const tm = 'rig:stick-1/terrainMotion';
    stage.stepUntil(() => stage.transitions(tm).some((t) => t.from === 'LANDING_IMPACT'), 60 * 12);
    const endTick = stage.transitions(tm).find((t) => t.from === 'LANDING_IMPACT')!.tick;
    expect(stage.tick).toBe(endTick);
    // The ball Ada carries: held through the landing and the walk back.
    const held = stage.rigView('stick-1').heldProp;
    expect(held).not.toBeNull();
    const frames: Array<{ view: RigView; ball: Vec2; tick: number }> = [];
    const grab = () => frames.push({
      tick: stage.tick,
      view: stage.rigView('stick-1'),
      ball: [...stage.frame().props.find((p) => p.id === held)!.position] as Vec2,
    });
    grab();
    // Until the walk back has arrived (the throw that follows is the throw's own business).
    const arrivedBefore = stage.events('arrived', 'stick-1').length;
    stage.stepUntil(() => stage.events('arrived', 'stick-1').length > arrivedBefore, 60, grab);
    expect(stage.events('arrived', 'stick-1').length, 'the walk back arrives').toBe(arrivedBefore + 1);
    expect(rig.terrainPhase).toBe('GROUNDED');
    const jump = (at: (f: (typeof frames)[number]) => Vec2) => {
      let worst = { d: 0, tick: -1 };
      for (let i = 1; i < frames.length; i++) {
        const d = dist(at(frames[i]), at(frames[i - 1]));
        if (d > worst.d) worst = { d, tick: frames[i].tick };
      }
      return worst;
    };
    const checks: Array<[string, (f: (typeof frames)[number]) => Vec2, number]> = [
      ['left hand marker', (f) => world(f.view, f.view.markers.Left_Hand), 20],
      ['right hand marker', (f) => world(f.view, f.view.markers.Right_Hand), 20],
      ['left wrist', (f) => partEnd(f.view, 'left_lower_arm'), 20],
      ['right wrist', (f) => partEnd(f.view, 'right_lower_arm'), 20],
      ['held ball', (f) => f.ball, 20],
    ];
    for (const [what, at, limit] of checks) {
      const w = jump(at);
      expect(w.d, `${what} jumps at tick ${w.tick}`).toBeLessThan(limit);
    }
    stage.dispose();
  });
});

describe('a short walk back is stepped backwards', () => {
  it.each([
    ['30 px behind: steps back, still facing right', 970, ['RIGHT']],
    ['48 px behind: steps back, still facing right', 952, ['RIGHT']],
    ['120 px behind: turns round once and walks there', 880, ['RIGHT', 'LEFT']],
  ] as const)('%s', (_label, x, facings) => {
    const stage = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1000, 1400])], { stick: [{ id: 'w', type: 'walk_to', target_position: [x, 1400] }] })).play();
    const seen = new Set<string>();
    stage.stepUntil(() => stage.events('arrived', 'stick').length > 0, 240, () => seen.add(stage.rig('stick').motion.facing));
    expect(stage.events('arrived', 'stick')).toHaveLength(1);
    expect(Math.abs(stage.rig('stick').motion.root[0] - x)).toBeLessThanOrEqual(4);
    expect([...seen]).toEqual(facings);
    stage.dispose();
  });
});
