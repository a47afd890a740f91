/**
 * The rule dispatcher against a fake host (DESIGN.md §7): FIFO, events raised while dispatching
 * handled in the same step, a per-step cap with the rest deferred (and a warning), skips never
 * retargeted.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_STEP, RuleDispatcher, type DispatchHost, type RuleRecord } from '../../../streams/runtime/ruleDispatcher';
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

  it('caps a cascade at MAX_EVENTS_PER_STEP, warns, and resumes the backlog first (FIFO) on the next step', () => {
    const h = host(['a']);
    // Each action_finished raises another: an instantaneous cycle.
    h.raise = () => [{ type: 'action_finished', source: 'a', target: null }];
    const d = new RuleDispatcher([speak('loop', 'a', { source: 'a' })], h);
    h.queue.push({ type: 'action_finished', source: 'a', target: null, action_id: 'first' });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents).toHaveLength(MAX_EVENTS_PER_STEP);
    expect(h.warnings).toHaveLength(1);
    expect(h.warnings[0]).toContain(String(MAX_EVENTS_PER_STEP));
    expect(d.deferred).toBe(1);
    expect(h.queue).toEqual([]);
    // Next step: a fresh event waits behind the backlog.
    h.dispatchedEvents.length = 0;
    h.queue.push({ type: 'arrived', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents).toHaveLength(MAX_EVENTS_PER_STEP);
    expect(h.dispatchedEvents[0].type).toBe('action_finished');
    expect(h.dispatchedEvents[1].type).toBe('arrived');
    expect(h.warnings).toHaveLength(2);
  });

  it('exactly MAX_EVENTS_PER_STEP events fit in a step without a warning', () => {
    const h = host(['a']);
    const d = new RuleDispatcher([], h);
    for (let i = 0; i < MAX_EVENTS_PER_STEP; i += 1) h.queue.push({ type: 'arrived', source: 'a', target: null });
    d.dispatch(h.queue);
    expect(h.dispatchedEvents).toHaveLength(MAX_EVENTS_PER_STEP);
    expect(h.warnings).toEqual([]);
    expect(d.deferred).toBe(0);
    h.queue.push(...Array.from({ length: MAX_EVENTS_PER_STEP + 3 }, () => ({ type: 'arrived' as const, source: 'a', target: null })));
    h.dispatchedEvents.length = 0;
    d.dispatch(h.queue);
    expect(h.dispatchedEvents).toHaveLength(MAX_EVENTS_PER_STEP);
    expect(d.deferred).toBe(3);
    h.dispatchedEvents.length = 0;
    d.dispatch(h.queue);
    expect(h.dispatchedEvents).toHaveLength(3);
    expect(d.deferred).toBe(0);
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
