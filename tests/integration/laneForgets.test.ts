/**
 * A lane that forgets (issue 24): a one-rule scene (`action_finished` → sequential `wait 0`) runs
 * an item every couple of steps for as long as it plays. Started items leave the lane, so the
 * runner's context, the rig's persisted snapshot and every keyframe stay the same size however
 * long the run; the trace keeps the whole history (the queue panel and the timeline read it), and
 * the queue status still counts what ran.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingCount } from '../../core/actions/lane';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

const forever = () =>
  scene([ground(1400), { kind: 'stickman', id: 'stick-1', position: [600, 1400] }], {
    queues: { 'stick-1': [{ id: 'a1', type: 'wait', seconds: 0 }] },
    rules: [{ id: 'again', when: { type: 'action_finished', source: 'stick-1', target: 'any' }, then: [{ actor: 'stick-1', mode: 'sequential', action: { type: 'wait', seconds: 0 } }] }],
  });

const keyframeBytes = (p: TestStage) => JSON.stringify(p.controller.captureKeyframe().rigs).length;

describe('finished items leave the action lane', () => {
  it('keyframes stay the same size while the trace keeps every item that ran', () => {
    const p = TestStage.load(forever()).play();
    p.step(300);
    const early = keyframeBytes(p);
    const ranEarly = p.actions('stick-1').filter((a) => a.phase === 'finished').length;
    p.step(1200);
    const late = keyframeBytes(p);
    const finished = p.actions('stick-1').filter((a) => a.phase === 'finished');
    expect(ranEarly).toBeGreaterThan(100);
    expect(finished.length).toBeGreaterThan(4 * ranEarly);
    // Every item's history is in the trace, each finished once.
    expect(new Set(finished.map((a) => a.id)).size).toBe(finished.length);
    // The keyframe does not grow with history (a few digits of counters may).
    expect(late).toBeLessThan(early + 64);
    const runner = p.runner('stick-1').getSnapshot() as { context: { lane: Parameters<typeof pendingCount>[0] } };
    expect(pendingCount(runner.context.lane)).toBeLessThanOrEqual(1);
    // The queue status still counts what ran (it is kept as a number, not as the items).
    expect(p.rigView('stick-1').queue?.done).toBe(finished.length);
    p.dispose();
  });
});
