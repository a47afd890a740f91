/**
 * Stickmen stacked on one spot (issue 24): a touching stickman pair raises one `collided` from
 * each side, however many of their body parts touch (the first step used to raise one per part
 * pair: 50·N² events, 4 million records for 300 stickmen), and contact events have a per-step
 * budget: past it a pair's `collided` is not raised, nor later its `separated`, and the trace
 * says so once per step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTACT_EVENTS_PER_STEP } from '../../streams/runtime/contactBudget';
import { ground, scene } from '../helpers/scenes';
import { TestStage, type TickedEvent } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

const stack = (n: number) => scene([ground(1400), ...Array.from({ length: n }, (_, i) => ({ kind: 'stickman', id: `s${i}`, position: [2000, 1400], facing: i % 2 ? 'LEFT' : 'RIGHT' }))]);

/** Per direction (source→target): collided and separated alternate, starting with collided. */
function expectPaired(events: readonly TickedEvent[]) {
  const last = new Map<string, string>();
  for (const e of events) {
    if (e.type !== 'collided' && e.type !== 'separated') continue;
    const key = `${e.source}->${e.target}`;
    const prev = last.get(key) ?? 'separated';
    expect(`${key} ${e.type} after ${prev}`).not.toMatch(/(collided after collided|separated after separated)$/);
    last.set(key, e.type);
  }
}

describe('a stacked crowd', () => {
  it('12 stickmen on one spot: one collided per pair from each side in the first step, nothing per body part', () => {
    const n = 12;
    const p = TestStage.load(stack(n)).play().step(1);
    const first = p.events('collided').filter((e) => e.tick === 1);
    expect(first).toHaveLength(n * (n - 1));
    expect(new Set(first.map((e) => `${e.source}->${e.target}`)).size).toBe(n * (n - 1));
    p.step(119);
    expectPaired(p.events());
    expect(p.warnings().filter((w) => w.message.startsWith('contact budget'))).toEqual([]);
    p.dispose();
  });

  it('past the contact budget the rest are not raised, the trace says so once, and what is raised stays paired', () => {
    const n = 50;
    expect(n * (n - 1)).toBeGreaterThan(MAX_CONTACT_EVENTS_PER_STEP);
    const p = TestStage.load(stack(n)).play().step(1);
    const first = p.events('collided').filter((e) => e.tick === 1);
    expect(first.length).toBeLessThanOrEqual(MAX_CONTACT_EVENTS_PER_STEP);
    expect(first.length).toBeGreaterThan(MAX_CONTACT_EVENTS_PER_STEP - 2);
    const budget = p.warnings().filter((w) => w.message.startsWith('contact budget'));
    expect(budget).toHaveLength(1);
    expect(budget[0].tick).toBe(1);
    expect(budget[0].message).toBe(`contact budget: ${n * (n - 1) - first.length} collided events past the ${MAX_CONTACT_EVENTS_PER_STEP} a step were not raised (nor will their separations be)`);
    p.step(59);
    expectPaired(p.events());
    p.dispose();
  });
});
