/**
 * The rule dispatcher (DESIGN.md §6 step 5, §7): every stage event of a step is dispatched in that
 * step, first in, first out, to every matching rule in document order. Reactions are handed to
 * their actor now and start on the next step, so a rule can never run inside the dispatch that
 * fired it.
 *
 * A rule cycle (a reaction whose events fire the rule again) is a dispatch chain: an event raised
 * by a reaction belongs to the chain of the event that fired the rule. One chain may dispatch at
 * most MAX_CHAIN_EVENTS_PER_STEP events a step; the rest is held back for the next step (at most
 * MAX_HELD_BACK, the oldest kept) and the trace says so once per step. Events of no chain —
 * physics, authored queues, anyone else's — are not held back by that cap.
 *
 * Every chain together may hand out at most MAX_REACTIONS_PER_STEP reactions a step: a storm
 * (500 rules × 50 actions on one event, or a cycle that physics keeps feeding, each physics event
 * starting a new chain) bounds the step's work. Past the budget, the rest — the remaining rules of
 * the event being dispatched, and every later event that has reactions to hand out — waits for the
 * next step, in order, and the trace says so once per step. Events without reactions are never
 * delayed by it.
 */
import type { StageEvent } from '../../core/events';
import type { ActionPayload, Rule } from '../../core/scene/schema';
import { ruleMatches } from '../../core/rules/match';
import type { ReactiveMode } from '../../core/actions/lane';
import { chainOfEvent, tagChain, type ChainId } from './eventChains';

/** Events one dispatch chain may raise and have dispatched in one step. */
export const MAX_CHAIN_EVENTS_PER_STEP = 64;
/** Held-back events kept across steps; a runaway cycle past this loses its newest events. */
export const MAX_HELD_BACK = 1024;
/** Reactions all dispatch chains together may hand to actors in one step. */
export const MAX_REACTIONS_PER_STEP = 1000;

/** An event waiting for the next step, and the first of its matching rules still to run (0: not dispatched yet). */
interface Held {
  event: StageEvent;
  fromRule: number;
}

export interface RuleRecord {
  rule: string;
  event: StageEvent['type'];
  actor: string;
  mode: ReactiveMode;
  action: ActionPayload['type'];
  status: 'dispatched' | 'skipped';
  reason?: string;
  action_id?: string;
}

export interface DispatchHost {
  /** True while `id` names a live object on stage. */
  exists(id: string): boolean;
  /**
   * Hands a reactive action to the actor's queue (it starts next step); returns the new item's id
   * or why the actor cannot take it. `chain` is the dispatch chain its events will belong to.
   */
  enqueue(actor: string, mode: ReactiveMode, action: ActionPayload, ruleId: string, chain: ChainId): { id: string } | { skipped: string };
  /** Called for every event as it is dispatched (the trace's `event` record). */
  dispatched(event: StageEvent): void;
  ruleRecord(record: RuleRecord): void;
  warn(message: string): void;
}

const reactionsOf = (rules: readonly Rule[]): number => rules.reduce((n, r) => n + r.then.length, 0);

const NO_RULES: readonly Rule[] = Object.freeze([]);

/**
 * Each dispatcher's rules by the event type they wait for, in document order (its rules never
 * change): an event is matched against its own type's rules only, and an event no rule waits for
 * allocates nothing. Kept beside the dispatcher, not in it: an index, never keyframe state.
 */
const rulesByType = new WeakMap<object, Map<string, Rule[]>>();

function byTypeOf(owner: object, rules: readonly Rule[]): Map<string, Rule[]> {
  let byType = rulesByType.get(owner);
  if (!byType) {
    byType = new Map();
    for (const r of rules) {
      const list = byType.get(r.when.type);
      if (list) list.push(r);
      else byType.set(r.when.type, [r]);
    }
    rulesByType.set(owner, byType);
  }
  return byType;
}

export class RuleDispatcher {
  private heldBack: Held[] = [];
  private nextChain: ChainId = 1;

  constructor(private readonly rules: readonly Rule[], private readonly host: DispatchHost) {}

  /**
   * Dispatches what was held back from the last step, then the step's events (`queue` is emptied).
   * The step's events are dispatched where they are: anything a host raises while dispatching is
   * appended to `queue` and dispatched after them, in order.
   */
  dispatch(queue: StageEvent[]): void {
    const held = this.heldBack;
    this.heldBack = [];
    const byType = byTypeOf(this, this.rules);
    // Made only in a step that has an event of a chain: most steps have none.
    let perChain: Map<ChainId, number> | undefined;
    let budget = MAX_REACTIONS_PER_STEP;
    let chainHeld = 0;
    let budgetHeld = 0;
    let dropped = 0;
    // Queue entries before this index are the step's own or were tagged with their chain.
    let tagged = queue.length;
    for (let i = 0; i < held.length + queue.length; i += 1) {
      const entry = i < held.length ? held[i] : null;
      const event = entry ? entry.event : queue[i - held.length];
      const fromRule = entry ? entry.fromRule : 0;
      const chain = chainOfEvent(event);
      const typed = byType.get(event.type);
      const rules = typed ? typed.filter((r) => ruleMatches(r, event)) : NO_RULES;
      if (budget <= 0 && reactionsOf(rules.slice(fromRule)) > 0) {
        if (!this.hold(entry ?? { event, fromRule })) dropped += 1;
        budgetHeld += 1;
        continue;
      }
      if (fromRule === 0) {
        if (chain !== 0) {
          perChain ??= new Map();
          const count = (perChain.get(chain) ?? 0) + 1;
          perChain.set(chain, count);
          if (count > MAX_CHAIN_EVENTS_PER_STEP) {
            if (!this.hold(entry ?? { event, fromRule })) dropped += 1;
            chainHeld += 1;
            continue;
          }
        }
        this.host.dispatched(event);
      }
      let reactionChain = chain;
      let next = fromRule;
      for (; next < rules.length && budget > 0; next += 1) {
        budget -= rules[next].then.length;
        reactionChain = this.run(rules[next], event, chain);
      }
      if (next < rules.length) {
        // The budget ran out inside this event's rules: the rest of them run first next step.
        if (!this.hold({ event, fromRule: next })) dropped += 1;
        budgetHeld += 1;
      }
      // Anything a host raised while dispatching (the runtime does not: its reactions start next
      // step) runs now, in order, as part of the chain whose reaction raised it.
      for (; tagged < queue.length; tagged += 1) if (chainOfEvent(queue[tagged]) === 0) tagChain(queue[tagged], reactionChain);
    }
    queue.length = 0;
    const lost = dropped > 0 ? `; ${dropped} dropped past the ${MAX_HELD_BACK}-event limit` : '';
    if (chainHeld > 0 || (dropped > 0 && budgetHeld === 0)) {
      this.host.warn(`rule cycle: a dispatch chain raised more than ${MAX_CHAIN_EVENTS_PER_STEP} events this step; ${chainHeld} held back for the next step${lost}`);
    }
    if (budgetHeld > 0) {
      this.host.warn(`reaction budget: rules handed out ${MAX_REACTIONS_PER_STEP - budget} reactions this step (the budget is ${MAX_REACTIONS_PER_STEP}); ${budgetHeld} events wait for the next step${chainHeld > 0 ? '' : lost}`);
    }
  }

  /** Keeps an event for the next step; false when it is dropped (past MAX_HELD_BACK). */
  private hold(entry: Held): boolean {
    if (this.heldBack.length >= MAX_HELD_BACK) return false;
    this.heldBack.push(entry);
    return true;
  }

  /** Events held back for the next step. */
  get deferred(): number {
    return this.heldBack.length;
  }

  /** Runs one matching rule; returns the chain its reactions belong to. */
  private run(rule: Rule, event: StageEvent, eventChain: ChainId): ChainId {
    for (const end of [rule.when.source, rule.when.target]) {
      if (end !== 'any' && !this.host.exists(end)) {
        for (const then of rule.then) {
          this.host.ruleRecord({ rule: rule.id, event: event.type, actor: then.actor, mode: then.mode, action: then.action.type, status: 'skipped', reason: `"${end}" no longer exists` });
        }
        return eventChain;
      }
    }
    // A root event starts a chain for the reactions it fires; a chain's own events continue it.
    const chain = eventChain !== 0 ? eventChain : this.nextChain++;
    for (const then of rule.then) {
      const base = { rule: rule.id, event: event.type, actor: then.actor, mode: then.mode, action: then.action.type } as const;
      if (!this.host.exists(then.actor)) {
        this.host.ruleRecord({ ...base, status: 'skipped', reason: `actor "${then.actor}" no longer exists` });
        continue;
      }
      const result = this.host.enqueue(then.actor, then.mode, then.action, rule.id, chain);
      if ('skipped' in result) this.host.ruleRecord({ ...base, status: 'skipped', reason: result.skipped });
      else this.host.ruleRecord({ ...base, status: 'dispatched', action_id: result.id });
    }
    return chain;
  }
}
