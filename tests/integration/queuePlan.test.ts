/**
 * Issue 22, honest planning in the queue: per pending item, what the planner predicts at t = 0
 * (streams/preview/queuePlan) — checked against what PLAY then does on a real headless stage.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSceneText } from '../../core/scene/io';
import type { SceneDocument } from '../../core/scene/schema';
import { releasePreviewWorld } from '../../streams/preview/previewWorld';
import { planQueueSteps } from '../../streams/preview/queuePlan';
import { previewThrow } from '../../streams/preview/throwPreview';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});
afterAll(() => releasePreviewWorld());

type Obj = Record<string, unknown>;
const GROUND = 1400;
const bo = (x = 800): Obj => ({ kind: 'stickman', id: 'bo', position: [x, GROUND], facing: 'RIGHT' });
const pick = (target = 'ball', id = 'pick'): Obj => ({ id, type: 'pick_up_prop', target_prop_id: target, hand: 'auto' });
const throwAt = (p: [number, number], id = 'th'): Obj => ({ id, type: 'throw_prop', target_position: p });
const walk = (x: number, id = 'w'): Obj => ({ id, type: 'walk_to', target_position: [x, GROUND] });
const doc = (queue: Obj[], extra: Obj[]): SceneDocument => scene([ground(GROUND), bo(), ...extra], { queues: { bo: queue } });
const verdicts = (d: SceneDocument) => Object.fromEntries([...planQueueSteps(d, 'bo')].map(([id, p]) => [id, p.verdict]));

describe('the queue plan', () => {
  it("the demo: Ada's pickup and walk off the ledge are predicted to work; the throw is uncertain (the toppling boxes stand in its arc at t = 0)", () => {
    const r = loadSceneText(readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8'));
    if (!r.ok) throw new Error('the demo does not load');
    const plan = planQueueSteps(r.scene, 'stick-1');
    expect(plan.get('a1')).toMatchObject({ verdict: 'ok', reason: expect.stringContaining('picks up ball-2') });
    expect(plan.get('a2')?.verdict).toBe('ok');
    // The authored box stack stands in the arc at t = 0, but it topples at once: uncertain, not blocked.
    expect(plan.get('a3')).toMatchObject({ verdict: 'uncertain', reason: expect.stringMatching(/meets box-\d, which is not at rest/) });
    // Speech and waits have nothing to predict.
    expect(plan.has('a4')).toBe(false);
  });

  it('a ball in mid-air at t = 0: the pickup and the throw are "uncertain", not "skipped" — and PLAY picks it up and throws it', () => {
    // Out of reach where it is authored (500 px up); it falls right in front of him.
    const d = doc([pick(), throwAt([1600, 1200])], [prop('ball', 'ball', [950, 900])]);
    const plan = planQueueSteps(d, 'bo');
    expect(plan.get('pick')).toMatchObject({ verdict: 'uncertain', reason: expect.stringMatching(/not at rest at t = 0 \(it falls\)/) });
    expect(plan.get('th')?.verdict).toBe('uncertain');
    // The throw preview agrees: an arc with an uncertainty, not "the pickup would be skipped".
    const preview = previewThrow(d, 'bo', [1600, 1200], { actionId: 'th' });
    expect(preview.status).toBe('planned');
    expect(preview.uncertainty).toMatch(/not at rest/);
    const s = TestStage.load(d).play().step(60 * 6);
    expect(s.events('prop_picked_up').map((e) => e.target)).toEqual(['ball']);
    expect(s.events('prop_thrown').map((e) => e.target)).toEqual(['ball']);
    s.dispose();
  });

  it('the same ball resting on the ground is planned without doubt', () => {
    expect(verdicts(doc([pick(), throwAt([1600, 1200])], [prop('ball', 'ball', [900, GROUND - 30])]))).toEqual({ pick: 'ok', th: 'ok' });
  });

  it('a pickup of a prop that is not on stage is skipped and says why; so are the throw and the drop after it; PLAY agrees', () => {
    const d = doc([pick('ghost'), throwAt([1600, 1200]), { id: 'dr', type: 'drop_prop' }], []);
    const plan = planQueueSteps(d, 'bo');
    expect(plan.get('pick')).toMatchObject({ verdict: 'skipped', reason: expect.stringContaining('"ghost" is not on stage') });
    expect(plan.get('th')).toMatchObject({ verdict: 'skipped', reason: expect.stringContaining('Step 1 pickup would be skipped') });
    expect(plan.get('dr')?.verdict).toBe('skipped');
    const s = TestStage.load(d).play().step(60 * 3);
    expect(s.finished('pick')?.outcome).toBe('skipped');
    s.dispose();
  });

  it('a second pickup while the first prop is still held is skipped', () => {
    const d = doc([pick(), pick('box', 'pick2')], [prop('ball', 'ball', [900, GROUND - 30]), prop('box', 'box', [1100, GROUND - 40])]);
    expect(planQueueSteps(d, 'bo').get('pick2')).toMatchObject({ verdict: 'skipped', reason: expect.stringContaining('still holds ball') });
  });

  it('a walk into a wall is predicted blocked where PLAY blocks it; the walk before the wall is fine', () => {
    const wall = { kind: 'terrain', id: 'wall', shape: 'block', position: [1500, 1100], size: [100, 600] };
    const d = doc([walk(1300, 'w1'), walk(2500, 'w2')], [wall]);
    const plan = planQueueSteps(d, 'bo');
    expect(plan.get('w1')?.verdict).toBe('ok');
    expect(plan.get('w2')).toMatchObject({ verdict: 'blocked', reason: expect.stringContaining('wall') });
    const x = Number(/x = (\d+)/.exec(plan.get('w2')!.reason)![1]);
    const s = TestStage.load(d).play().step(60 * 8);
    expect(s.finished('w2')?.outcome).toBe('blocked');
    // Where he stops, to within a body width (the march takes 10 px steps and no body extras).
    expect(Math.abs(s.rig('bo').motion.root[0] - x)).toBeLessThan(60);
    s.dispose();
  });

  it('a throw no arc reaches is unreachable', () => {
    const d = doc([pick(), throwAt([900, -1400])], [prop('ball', 'ball', [900, GROUND - 30])]);
    expect(planQueueSteps(d, 'bo').get('th')).toMatchObject({ verdict: 'unreachable', reason: expect.stringMatching(/unreachable/i) });
  });

  it('changes with the stage: moving the wall out of the way unblocks the walk', () => {
    const wall = { kind: 'terrain', id: 'wall', shape: 'block', position: [1500, 1100], size: [100, 600] };
    expect(verdicts(doc([walk(2500)], [wall])).w).toBe('blocked');
    expect(verdicts(doc([walk(2500)], [{ ...wall, position: [3500, 1100] }])).w).toBe('ok');
  });
});
