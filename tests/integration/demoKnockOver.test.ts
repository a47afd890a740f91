/**
 * The demo's knock-over moment, played headless: the ball falls on Bo's head, rule r5 knocks him
 * over, he lies still, stands up on his own and says so (r6, filtered on ANIMATED) — and the rest
 * of the story still plays: Bo reaches the goal, Ada finishes her queue.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneText } from '../../core/scene/io';
import { TestStage } from '../helpers/testStage';

const demo = () => {
  const r = loadSceneText(readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('the demo does not load');
  return r.scene;
};

beforeAll(async () => {
  await TestStage.init();
});

describe('demo: a ball knocks Bo over and he gets back up', () => {
  it('falls on the hit, rests, stands up, speaks, and still wins the race; every rule of the story fires', () => {
    const s = TestStage.load(demo()).play().step(60 * 17);
    const hit = s.events('collided', 'stick-2').find((e) => e.target === 'ball-3');
    expect(hit, 'the ball hits Bo').toBeDefined();
    expect(hit!.tick).toBeLessThan(60); // during his first wait
    expect(hit!.part).toBe('head');
    // The rule's takeover starts on the next step and he is a ragdoll that very step.
    const fall = s.transitions('rig:stick-2')[0];
    expect(fall).toMatchObject({ from: 'ANIMATED', to: 'RAGDOLL', event: 'rig.setRagdoll', tick: hit!.tick + 1 });
    expect(s.rules('r5').map((r) => r.tick)).toEqual([hit!.tick]); // once: the ball rolls away, no second knock-down
    expect(s.transitions('rig:stick-2').map((t) => `${t.from}->${t.to}`)).toEqual(['ANIMATED->RAGDOLL', 'RAGDOLL->RECOVERING', 'RECOVERING->ANIMATED']);
    const up = s.transitions('rig:stick-2')[2];
    expect(up.t).toBeLessThan(8);
    // Back on his feet he says so, the queue goes on (his "You're on!" was said lying down).
    expect(s.rules('r6').map((r) => r.tick)).toEqual([up.tick]);
    expect(s.finished('b2')?.outcome).toBe('completed');
    expect(s.tickOf('b2', 'finished')).toBeLessThan(up.tick);
    expect(s.tickOf('b4', 'started')).toBeGreaterThan(up.tick);
    // The rest of the story.
    expect(s.events('entered_area', 'stick-2').map((e) => e.target)).toContain('goal');
    expect(s.rules('r3').length).toBeGreaterThan(0);
    expect(s.rules('r4').length).toBeGreaterThan(0);
    s.expectRig('stick-2', { state: 'ANIMATED', terrain: 'GROUNDED' });
    s.dispose();
  });
});
