/**
 * Issue 23, headless: gestures as frames show them. A wave while walking (the hand above the
 * head and swinging while the root advances and the legs keep the gait), a bow (the torso leans,
 * the feet stay put), a gesture a ragdoll interrupts (it ends `cancelled`, as a reach or a throw
 * the ragdoll's disarm ends), and an arms gesture while holding a prop (the prop hand keeps it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RigView } from '../../streams/frame/frame';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman, walk } from './rigScenes';

beforeAll(() => TestStage.init());

const partOf = (v: RigView, name: string) => v.parts.find((p) => p.name === name)!;
/** Rig-local height of the crown (up = −y). */
const crownY = (v: RigView) => v.headCenter[1] - v.headRadius - v.root[1];
/** Torso lean from upright, degrees, positive towards the facing. */
const torsoLean = (v: RigView) => {
  const t = partOf(v, 'torso');
  const sign = v.facing === 'RIGHT' ? 1 : -1;
  return (Math.atan2(sign * (t.end[0] - t.start[0]), -(t.end[1] - t.start[1])) * 180) / Math.PI;
};
const feet = (v: RigView) => [partOf(v, 'left_lower_leg').end, partOf(v, 'right_lower_leg').end];

describe('gestures, headless', () => {
  it('a wave while walking: the hand is above the head and swings while the root advances and the legs keep the gait', () => {
    const doc = scene([ground(), stickman('bo', [300, 1400]), { kind: 'area', id: 'zone', position: [600, 1300], size: [200, 200] }], {
      queues: { bo: [walk('w', 1800)] },
      rules: [{ id: 'r', when: { type: 'entered_area', source: 'bo', target: 'zone' }, then: [{ actor: 'bo', mode: 'overlay', action: { type: 'gesture', gesture_id: 'builtin:wave', seconds: 3 } }] }],
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.actions('bo').some((a) => a.action === 'gesture' && a.phase === 'started'), 300);
    s.step(15); // past the 0.2 s blend
    const samples: RigView[] = [];
    for (let i = 0; i < 120; i += 1) {
      s.step(1);
      samples.push(s.rigView('bo'));
    }
    // Still walking: the walk has not finished, the root moved on.
    expect(s.finished('w')).toBeUndefined();
    expect(samples.at(-1)!.root[0] - samples[0].root[0]).toBeGreaterThan(300);
    for (const v of samples) expect(v.markers.Right_Hand[1], `hand above the crown at x ${v.root[0]}`).toBeLessThan(crownY(v) - 15);
    const xs = samples.map((v) => v.markers.Right_Hand[0]);
    expect(Math.max(...xs) - Math.min(...xs), 'the hand swings').toBeGreaterThan(60);
    // The legs keep the gait: each foot steps, and the other hand keeps swinging low.
    for (const k of [0, 1]) {
      const fx = samples.map((v) => feet(v)[k][0]);
      expect(Math.max(...fx) - Math.min(...fx)).toBeGreaterThan(200);
    }
    expect(Math.min(...samples.map((v) => v.markers.Left_Hand[1]))).toBeGreaterThan(-300);
    // It ends after its 3 s and the hand comes down, still walking.
    s.stepUntil(() => s.actions('bo').some((a) => a.action === 'gesture' && a.phase === 'finished'), 200);
    expect(s.actions('bo').find((a) => a.action === 'gesture' && a.phase === 'finished')?.outcome).toBe('completed');
    s.step(5);
    expect(s.rigView('bo').markers.Right_Hand[1]).toBeGreaterThan(-300);
    s.dispose();
  });

  it('a bow leans the torso well forward and back up while the feet stay exactly where they stood', () => {
    const doc = scene([ground(), stickman('ada', [1000, 1400], { facing: 'LEFT' })], {
      queues: { ada: [{ id: 'w', type: 'wait', seconds: 0.5 }, { id: 'bow', type: 'gesture', gesture_id: 'builtin:bow' }] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.actionsOf('bow').length > 0, 120);
    const standing = feet(s.rigView('ada'));
    const leans: number[] = [];
    s.stepUntil(() => !!s.finished('bow'), 200, () => {
      const v = s.rigView('ada');
      leans.push(torsoLean(v));
      feet(v).forEach((f, k) => {
        expect(Math.abs(f[0] - standing[k][0]) + Math.abs(f[1] - standing[k][1]), 'feet planted').toBeLessThan(0.5);
      });
    });
    expect(s.finished('bow')?.outcome).toBe('completed');
    expect(Math.max(...leans), 'a deep bow').toBeGreaterThan(45);
    s.step(10);
    expect(Math.abs(torsoLean(s.rigView('ada'))), 'upright again').toBeLessThan(3);
    expect(s.rigView('ada').root).toEqual([1000, 1400]);
    s.dispose();
  });

  it('a ragdoll interrupts a gesture: it finishes cancelled at once and the fallen body is no longer posed by it', () => {
    const doc = scene([ground(), stickman('cy', [1000, 1400], { auto_recover: false })], {
      queues: { cy: [{ id: 'g', type: 'gesture', gesture_id: 'builtin:wave', seconds: 4 }, { id: 'after', type: 'wait', seconds: 0.5 }] },
    });
    const s = TestStage.load(doc).play();
    s.step(60);
    expect(s.rig('cy').connection.gestures).toHaveLength(1);
    expect(s.rigView('cy').markers.Right_Hand[1]).toBeLessThan(crownY(s.rigView('cy')));
    s.command({ type: 'rig.ragdoll', id: 'cy' }).step(2);
    expect(s.rigView('cy').state).toBe('RAGDOLL');
    expect(s.finished('g')?.outcome).toBe('cancelled');
    expect(s.tickOf('g', 'finished')).toBeLessThan(64);
    expect(s.rig('cy').connection.gestures).toEqual([]);
    // The queue goes on (a wait counts while down).
    s.step(40);
    expect(s.finished('after')?.outcome).toBe('completed');
    s.dispose();
  });

  it('an arms gesture while holding a prop: the prop hand keeps its grip, the other hand cheers', () => {
    const doc = scene([ground(), stickman('dee', [1000, 1400]), prop('ball', 'ball', [1130, 1370])], {
      queues: { dee: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'right' }, { id: 'w', type: 'wait', seconds: 0.4 }, { id: 'cheer', type: 'gesture', gesture_id: 'builtin:cheer', seconds: 2 }] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.actionsOf('cheer').length > 0, 300);
    const grip = s.rigView('dee').markers.Right_Hand;
    const left: number[] = [];
    s.stepUntil(() => !!s.finished('cheer'), 200, () => {
      const v = s.rigView('dee');
      expect(v.heldProp).toBe('ball');
      expect(Math.hypot(v.markers.Right_Hand[0] - grip[0], v.markers.Right_Hand[1] - grip[1]), 'the prop hand stays').toBeLessThan(1);
      left.push(v.markers.Left_Hand[1] - crownY(v));
    });
    expect(s.finished('cheer')?.outcome).toBe('completed');
    expect(Math.min(...left), 'the free hand goes above the head').toBeLessThan(-15);
    s.dispose();
  });
});
