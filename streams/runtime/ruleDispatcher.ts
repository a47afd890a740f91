/**
 * The rule dispatcher (DESIGN.md §6 step 5, §7): stage events are handled first in, first out;
 * events raised while dispatching join the same queue and are handled in the same step, up to a
 * cap per step. Past the cap the rest waits for the next step and the trace says so, so a cycle
 * of rules can never hang a step.
 */
import type { StageEvent } from '../../core/events';
import type { ActionPayload, Rule } from '../../core/scene/schema';
import { matchingRules } from '../../core/rules/match';
import type { ReactiveMode } from '../../core/actions/lane';

/** Stage events handled per step before the rest is deferred. */
export const MAX_EVENTS_PER_STEP = 256;

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
  /** Hands a reactive action to the actor's queue; returns the new item's id or a skip reason. */
  enqueue(actor: string, mode: ReactiveMode, action: ActionPayload, ruleId: string): { id: string } | { skipped: string };
  /** Called for every event as it is dispatched (the trace's `event` record). */
  dispatched(event: StageEvent): void;
  ruleRecord(record: RuleRecord): void;
  warn(message: string): void;
}

export class RuleDispatcher {
  private readonly backlog: StageEvent[] = [];

  constructor(private readonly rules: readonly Rule[], private readonly host: DispatchHost) {}

  /**
   * Dispatches the step's events, plus anything they raise into `queue` while dispatching.
   * `queue` is shared with the runtime: reactions push their own events onto it.
   */
  dispatch(queue: StageEvent[]): void {
    const pending = this.backlog.splice(0, this.backlog.length);
    pending.push(...queue.splice(0, queue.length));
    let handled = 0;
    while (pending.length > 0 || queue.length > 0) {
      if (queue.length > 0) pending.push(...queue.splice(0, queue.length));
      if (handled >= MAX_EVENTS_PER_STEP) {
        this.backlog.push(...pending.splice(0, pending.length));
        this.host.warn(`rule cascade reached ${MAX_EVENTS_PER_STEP} events this step; ${this.backlog.length} event(s) wait for the next step`);
        return;
      }
      const event = pending.shift()!;
      handled += 1;
      this.host.dispatched(event);
      for (const rule of matchingRules(this.rules, event)) this.run(rule, event);
    }
  }

  get deferred(): number {
    return this.backlog.length;
  }

  private run(rule: Rule, event: StageEvent): void {
    for (const end of [rule.when.source, rule.when.target]) {
      if (end !== 'any' && !this.host.exists(end)) {
        for (const then of rule.then) {
          this.host.ruleRecord({ rule: rule.id, event: event.type, actor: then.actor, mode: then.mode, action: then.action.type, status: 'skipped', reason: `"${end}" no longer exists` });
        }
        return;
      }
    }
    for (const then of rule.then) {
      const base = { rule: rule.id, event: event.type, actor: then.actor, mode: then.mode, action: then.action.type } as const;
      if (!this.host.exists(then.actor)) {
        this.host.ruleRecord({ ...base, status: 'skipped', reason: `actor "${then.actor}" no longer exists` });
        continue;
      }
      const result = this.host.enqueue(then.actor, then.mode, then.action, rule.id);
      if ('skipped' in result) this.host.ruleRecord({ ...base, status: 'skipped', reason: result.skipped });
      else this.host.ruleRecord({ ...base, status: 'dispatched', action_id: result.id });
    }
  }
}
