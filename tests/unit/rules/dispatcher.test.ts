/**
 * The rule dispatcher against a fake host (DESIGN.md §7): FIFO, events raised while dispatching
 * handled in the same step, a per-chain cap with the rest held back (and a warning), skips never
 * retargeted.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CHAIN_EVENTS_PER_STEP, MAX_HELD_BACK, MAX_REACTIONS_PER_STEP, RuleDispatcher, type DispatchHost, type RuleRecord } from '../../../streams/runtime/ruleDispatcher';
import { tagChain } from '../../../streams/runtime/eventChains';
import type { Rule } from '../../../core/scene/schema';
import type { StageEvent } from '../../../core/events';

interface FakeHost extends DispatchHost {
  live: Set<string>;
  dispatchedEvents: StageEvent[];
  records: RuleRecord[];
  warnings: string[];
  enqueued: Array<{ actor: string; mode: string; action: string; rule: string }>;
  /** Events the host raises when an action is enqueued (like an instant overlay). */
  raise: (actor: string, action: string) => StageEvent[];
  queue: StageEvent[];
}

function host(live: string[]): FakeHost {
  let n = 0;
  const h: FakeHost = {
    live: new Set(live),
    dispatchedEvents: [],
    records: [],
    warnings: [],
    enqueued: [],
    queue: [],
    raise: () => [],
    exists: (id) => h.live.has(id),
    enqueue: (actor, mode, action, rule) => {
      h.enqueued.push({ actor, mode, action: action.type, rule });
      h.queue.push(...h.raise(actor, action.type));
      return { id: `${rule}#${(n += 1)}` };
    },
    dispatched: (e) => h.dispatchedEvents.push(e),
    ruleRecord: (r) => h.records.push(r),
    warn: (m) => h.warnings.push(m),
  };
  return h;
}

const speak = (id: string, actor: string, when: Partial<Rule['when']>, mode: 'sequential' | 'takeover' | 'overlay' = 'overlay'): Rule => ({
  id,
  enabled: true,
  when: { type: 'action_finished', source: 'any', target: 'any', ...when },
  then: [{ actor, mode, action: { type: 'speak', text: id } }],
});

/** A rule whose `then` hands `actions` waits to actor `a`. */
const storm = (id: string, actions: number, when: Partial<Rule['when']> = {}): Rule => ({
  id,
  enabled: true,
  when: { type: 'collided', source: 'any', target: 'any', ...when },
  then: Array.from({ length: actions }, () => ({ actor: 'a', mode: 'sequential' as const, action: { type: 'wait' as const, seconds: 0 } })),
});
const collided = (source: string): StageEvent => ({ type: 'collided', source, target: 'x' });

describe('RuleDispatcher: the per-step reaction budget (issue 24)', () => {
  it('one event firing more reactions than the budget: its rules run up to it, the rest run first next step; the event is traced once', () => {
    const h = host(['a']);
    const rules = Array.from({ length: 30 }, (_, i) => storm(`r${i}`, 50));
    const d = new RuleDispatcher(rules, h);
    d.dispatch([collided('b1')]);
    expect(h.enqueued).toHaveLength(MAX_REACTIONS_PER_STEP);
    expect(new Set(h.enqueued.map((e) => e.rule)).size).toBe(MAX_REACTIONS_PER_STEP / 50);
    expect(h.dispatchedEvents).toHaveLength(1);
    expect(h.warnings).toEqual([`reaction budget: rules handed out ${MAX_REACTIONS_PER_STEP} reactions this step (the budget is ${MAX_REACTIONS_PER_STEP}); 1 events wait for the next step`]);
    expect(d.deferred).toBe(1);
    // Next step: the rest of its rules, in document order, before this step's own event.
    h.enqueued.length = 0;
    h.warnings.length = 0;
    d.dispatch([collided('b2')]);
    expect(h.dispatchedEvents.map((e) => e.source)).toEqual(['b1', 'b2']);
    expect(h.enqueued.slice(0, 500).every((e) => Number(e.rule.slice(1)) >= 20)).toBe(true);
    expect(h.enqueued[0].rule).toBe('r20');
    expect(h.enqueued[500].rule).toBe('r0');
    expect(h.enqueued).toHaveLength(MAX_REACTIONS_PER_STEP);
    expect(h.warnings).toHaveLength(1);
  });

  it('bounds a cycle that physics keeps feeding: every root event starts a new chain, so only the budget holds it', () => {
    const h = host(['a']);
    const d = new RuleDispatcher([storm('r', 10)], h);
    const roots = Array.from({ length: 500 }, (_, i) => collided(`p${i}`));
    d.dispatch(roots);
    expect(h.enqueued).toHaveLength(MAX_REACTIONS_PER_STEP);
    expect(h.dispatchedEvents).toHaveLength(MAX_REACTIONS_PER_STEP / 10);
    expect(d.deferred).toBe(500 - MAX_REACTIONS_PER_STEP / 10);
    expect(h.warnings).toHaveLength(1);
    // Each later step hands out at most the budget, the oldest events first.
    h.dispatchedEvents.length = 0;
    h.enqueued.length = 0;
    d.dispatch([]);
    expect(h.dispatchedEvents[0].source).toBe(`p${MAX_REACTIONS_PER_STEP / 10}`);
    expect(h.enqueued).toHaveLength(MAX_REACTIONS_PER_STEP);
  });

  it('events with no reactions to hand out are never delayed by the budget', () => {
    const h = host(['a']);
    const d = new RuleDispatcher([storm('r', 50, { source: 'busy' })], h);
    const events = [...Array.from({ length: 40 }, () => collided('busy')), { type: 'arrived', source: 'a', target: null } as StageEvent, collided('calm')];
    d.dispatch(events);
    expect(h.dispatchedEvents.filter((e) => e.source === 'busy')).toHaveLength(MAX_REACTIONS_PER_STEP / 50);
    expect(h.dispatchedEvents.map((e) => e.source)).toEqual(expect.arrayContaining(['a', 'calm']));
    expect(d.deferred).toBe(40 - MAX_REACTIONS_PER_STEP / 50);
  });
});

describe('RuleDispatcher', () => {
  it('dispatches the step events first in, first out, and runs every matching rule in document order', () => {
    const h = host(['a', 'b']);
    const d = new RuleDispatcher([speak('r1', 'a', { source: 'a' }), speak('r2', 'b', {}), speak('r3', 'a', { source: 'b' })], h);
    h.queue.push({ type: 'action_finished', source: 'a', target: null }, { type: 'action_finished', source: 'b', target: null });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents.map((e) => e.source)).toEqual(['a', 'b']);
    expect(h.records.map((r) => `${r.rule}:${r.status}`)).toEqual(['r1:dispatched', 'r2:dispatched', 'r2:dispatched', 'r3:dispatched']);
    expect(h.records[0]).toMatchObject({ event: 'action_finished', actor: 'a', mode: 'overlay', action: 'speak', action_id: 'r1#1' });
    expect(h.queue).toEqual([]);
  });

  it('events raised while dispatching are handled in the same step, after the ones already queued', () => {
    const h = host(['a']);
    let raised = 0;
    h.raise = () => (raised++ < 1 ? [{ type: 'speech_finished', source: 'a', target: null }] : []);
    const d = new RuleDispatcher([speak('r1', 'a', { source: 'a' })], h);
    h.queue.push({ type: 'action_finished', source: 'a', target: null }, { type: 'arrived', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents.map((e) => e.type)).toEqual(['action_finished', 'arrived', 'speech_finished']);
    expect(d.deferred).toBe(0);
    expect(h.warnings).toEqual([]);
  });

  it('an instantaneous cycle is one dispatch chain: capped at MAX_CHAIN_EVENTS_PER_STEP, warned once, resumed first (FIFO) next step', () => {
    const h = host(['a']);
    // Each action_finished raises another while it is dispatched: an instantaneous cycle.
    h.raise = () => [{ type: 'action_finished', source: 'a', target: null }];
    const d = new RuleDispatcher([speak('loop', 'a', { source: 'a' })], h);
    h.queue.push({ type: 'action_finished', source: 'a', target: null, action_id: 'first' });
    d.dispatch(h.queue);
    // The root event plus the chain's cap.
    expect(h.dispatchedEvents).toHaveLength(1 + MAX_CHAIN_EVENTS_PER_STEP);
    expect(h.warnings).toHaveLength(1);
    expect(h.warnings[0]).toMatch(new RegExp(`more than ${MAX_CHAIN_EVENTS_PER_STEP} events this step; 1 held back`));
    expect(d.deferred).toBe(1);
    expect(h.queue).toEqual([]);
    // Next step: the held-back event goes first, a fresh root event right after it.
    h.dispatchedEvents.length = 0;
    h.queue.push({ type: 'arrived', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents[0].type).toBe('action_finished');
    expect(h.dispatchedEvents[1].type).toBe('arrived');
    expect(h.warnings).toHaveLength(2);
  });

  it('events of no chain are never held back, however many there are', () => {
    const h = host(['a']);
    const d = new RuleDispatcher([], h);
    for (let i = 0; i < 5 * MAX_CHAIN_EVENTS_PER_STEP; i += 1) h.queue.push({ type: 'arrived', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents).toHaveLength(5 * MAX_CHAIN_EVENTS_PER_STEP);
    expect(h.warnings).toEqual([]);
    expect(d.deferred).toBe(0);
  });

  it('hands each reaction its chain: a root event starts a new one, a chain event continues its own', () => {
    const h = host(['a', 'b']);
    const chains: number[] = [];
    const d = new RuleDispatcher([speak('r', 'a', {})], { ...h, enqueue: (actor, mode, action, rule, chain) => { chains.push(chain); return h.enqueue(actor, mode, action, rule, chain); } });
    const root1: StageEvent = { type: 'action_finished', source: 'a', target: null };
    const root2: StageEvent = { type: 'action_finished', source: 'b', target: null };
    const inChain: StageEvent = tagChain({ type: 'action_finished', source: 'a', target: null }, 42);
    d.dispatch([root1, root2, inChain]);
    expect(chains[0]).not.toBe(0);
    expect(chains[1]).not.toBe(0);
    expect(chains[1]).not.toBe(chains[0]);
    expect(chains[2]).toBe(42);
  });

  it('two runaway chains are capped each on their own; past MAX_HELD_BACK the excess is dropped and counted', () => {
    const h = host(['a']);
    const d = new RuleDispatcher([], h);
    const burst = (chain: number, n: number) => Array.from({ length: n }, () => tagChain({ type: 'arrived', source: 'a', target: null }, chain));
    d.dispatch([...burst(1, MAX_CHAIN_EVENTS_PER_STEP + 10), ...burst(2, MAX_CHAIN_EVENTS_PER_STEP + 5)]);
    expect(h.dispatchedEvents).toHaveLength(2 * MAX_CHAIN_EVENTS_PER_STEP);
    expect(d.deferred).toBe(15);
    h.warnings.length = 0;
    d.dispatch(burst(3, MAX_CHAIN_EVENTS_PER_STEP + MAX_HELD_BACK + 7));
    expect(d.deferred).toBe(MAX_HELD_BACK);
    expect(h.warnings).toHaveLength(1);
    expect(h.warnings[0]).toMatch(/7 dropped/);
  });

  it('a missing actor is skipped with a reason, never retargeted; the other actions of the rule still run', () => {
    const h = host(['a', 'b']);
    const r: Rule = {
      id: 'r', enabled: true, when: { type: 'arrived', source: 'a', target: 'any' },
      then: [
        { actor: 'ghost', mode: 'sequential', action: { type: 'wait', seconds: 1 } },
        { actor: 'b', mode: 'overlay', action: { type: 'speak', text: 'hi' } },
      ],
    };
    const d = new RuleDispatcher([r], h);
    h.queue.push({ type: 'arrived', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.records).toEqual([
      { rule: 'r', event: 'arrived', actor: 'ghost', mode: 'sequential', action: 'wait', status: 'skipped', reason: 'actor "ghost" no longer exists' },
      { rule: 'r', event: 'arrived', actor: 'b', mode: 'overlay', action: 'speak', status: 'dispatched', action_id: 'r#1' },
    ]);
    expect(h.enqueued.map((e) => e.actor)).toEqual(['b']);
  });

  it('a rule whose source or target no longer exists skips all its actions', () => {
    const h = host(['a', 'box']);
    const r: Rule = {
      id: 'r', enabled: true, when: { type: 'collided', source: 'a', target: 'box' },
      then: [{ actor: 'a', mode: 'overlay', action: { type: 'speak', text: 'ow' } }],
    };
    const d = new RuleDispatcher([r], h);
    h.live.delete('box');
    h.queue.push({ type: 'collided', source: 'a', target: 'box' });
    d.dispatch(h.queue);
    expect(h.records).toEqual([{ rule: 'r', event: 'collided', actor: 'a', mode: 'overlay', action: 'speak', status: 'skipped', reason: '"box" no longer exists' }]);
    expect(h.enqueued).toEqual([]);
  });

  it('a skip reported by the host is traced as skipped', () => {
    const h = host(['a']);
    h.enqueue = () => ({ skipped: 'no action runner' });
    const d = new RuleDispatcher([speak('r', 'a', {})], h);
    h.queue.push({ type: 'action_finished', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.records).toEqual([{ rule: 'r', event: 'action_finished', actor: 'a', mode: 'overlay', action: 'speak', status: 'skipped', reason: 'no action runner' }]);
  });
});
