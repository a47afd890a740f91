/**
 * Rule storms are bounded per step (issue 24): many rules × many actions on one contact, and a
 * cycle that physics keeps feeding, hand out at most MAX_REACTIONS_PER_STEP reactions a step (a
 * rule's actions are never split), the trace says so once per step, and the rest runs later in
 * order. The headless runner streams its trace instead of holding it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneValue } from '../../core/scene/io';
import { MAX_REACTIONS_PER_STEP } from '../../streams/runtime/ruleDispatcher';
import { runHeadless } from '../../streams/stage/headless';
import { TestStage } from '../helpers/testStage';
import { ruleCycleOnDemo, ruleStorm } from '../bench/abuse/scenarios';

beforeAll(async () => {
  await TestStage.init();
});

const load = (doc: unknown) => {
  const loaded = loadSceneValue(doc);
  if (!loaded.ok) throw new Error(loaded.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return loaded.scene;
};

/** Per tick: dispatched rule records and budget warnings. */
function perTick(p: TestStage) {
  const ticks = new Map<number, { reactions: number; budgetWarnings: number }>();
  const at = (tick: number) => ticks.get(tick) ?? (ticks.set(tick, { reactions: 0, budgetWarnings: 0 }), ticks.get(tick)!);
  for (const r of p.rules()) if (r.status === 'dispatched') at(r.tick).reactions += 1;
  for (const w of p.warnings()) if (w.message.startsWith('reaction budget')) at(w.tick).budgetWarnings += 1;
  return [...ticks.values()];
}

describe('the per-step reaction budget', () => {
  it('40 rules × 50 `wait 0` on collided any → any with 10 touching balls: bounded each step, warned once a step, nothing lost', () => {
    const p = TestStage.load(load(ruleStorm(40, 50))).play();
    p.step(60);
    const ticks = perTick(p);
    expect(Math.max(...ticks.map((t) => t.reactions))).toBeLessThanOrEqual(MAX_REACTIONS_PER_STEP + 49);
    expect(Math.max(...ticks.map((t) => t.budgetWarnings))).toBeLessThanOrEqual(1);
    expect(ticks.some((t) => t.budgetWarnings === 1)).toBe(true);
    // Nothing is lost, only later: a rule's actions are never split, each dispatched event ran its
    // first rule at once, and later rules trail in document order.
    const collided = p.events('collided').length;
    const count = (rule: string) => p.rules(rule).filter((r) => r.status === 'dispatched').length;
    const counts = Array.from({ length: 40 }, (_, k) => count(`r${k}`));
    expect(collided).toBeGreaterThan(0);
    expect(counts[0]).toBe(collided * 50);
    for (let k = 1; k < 40; k += 1) {
      expect(counts[k] % 50).toBe(0);
      expect(counts[k]).toBeLessThanOrEqual(counts[k - 1]);
    }
    p.dispose();
  });

  it('the rule cycle on the demo (every contact starts a new chain) stays within the budget every step', () => {
    const p = TestStage.load(load(ruleCycleOnDemo())).play();
    p.step(60);
    const ticks = perTick(p);
    expect(Math.max(...ticks.map((t) => t.reactions))).toBeLessThanOrEqual(MAX_REACTIONS_PER_STEP + 49);
    p.dispose();
  });
});

describe('the headless runner streams its trace', () => {
  it('with keepRecords false every line is passed on and none is kept', async () => {
    const lines: string[] = [];
    const kept = await runHeadless(load(ruleStorm(5, 10)), 0.5, { onRecord: (l) => lines.push(l) });
    const streamed: string[] = [];
    const run = await runHeadless(load(ruleStorm(5, 10)), 0.5, { onRecord: (l) => streamed.push(l), keepRecords: false });
    expect(run.records).toEqual([]);
    expect(run.lines).toEqual([]);
    expect(streamed).toEqual(lines);
    expect(kept.lines).toEqual(lines);
    kept.controller.dispose();
    run.controller.dispose();
  });
});
