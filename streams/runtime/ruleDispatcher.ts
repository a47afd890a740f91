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
 * physics, authored queues, anyone else's — are never held back.
 */
import type { StageEvent } from '../../core/events';
import type { ActionPayload, Rule } from '../../core/scene/schema';
import { matchingRules } from '../../core/rules/match';
import type { ReactiveMode } from '../../core/actions/lane';
import { chainOfEvent, tagChain, type ChainId } from './eventChains';

/** Events one dispatch chain may raise and have dispatched in one step. */
export const MAX_CHAIN_EVENTS_PER_STEP = 64;
/** Held-back chain events kept across steps; a runaway cycle past this loses its newest events. */
export const MAX_HELD_BACK = 1024;

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

export class RuleDispatcher {
  private heldBack: StageEvent[] = [];
  private nextChain: ChainId = 1;

  constructor(private readonly rules: readonly Rule[], private readonly host: DispatchHost) {}

  /** Dispatches what was held back from the last step, then the step's events (`queue` is emptied). */
  dispatch(queue: StageEvent[]): void {
    const pending = this.heldBack;
    this.heldBack = [];
    for (const e of queue) pending.push(e);
    queue.length = 0;
    const perChain = new Map<ChainId, number>();
    let dropped = 0;
    for (let i = 0; i < pending.length; i += 1) {
      const event = pending[i];
      const chain = chainOfEvent(event);
      if (chain !== 0) {
        const count = (perChain.get(chain) ?? 0) + 1;
        perChain.set(chain, count);
        if (count > MAX_CHAIN_EVENTS_PER_STEP) {
          if (this.heldBack.length < MAX_HELD_BACK) this.heldBack.push(event);
          else dropped += 1;
          continue;
        }
      }
      this.host.dispatched(event);
      let reactionChain = chain;
      for (const rule of matchingRules(this.rules, event)) reactionChain = this.run(rule, event, chain);
      // Anything a host raised while dispatching (the runtime does not: its reactions start next
      // step) runs now, in order, as part of the chain whose reaction raised it.
      if (queue.length > 0) {
        for (const e of queue) pending.push(chainOfEvent(e) === 0 ? tagChain(e, reactionChain) : e);
        queue.length = 0;
      }
    }
    if (this.heldBack.length > 0 || dropped > 0) {
      const lost = dropped > 0 ? `; ${dropped} dropped past the ${MAX_HELD_BACK}-event limit` : '';
      this.host.warn(`rule cycle: a dispatch chain raised more than ${MAX_CHAIN_EVENTS_PER_STEP} events this step; ${this.heldBack.length} held back for the next step${lost}`);
    }
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
