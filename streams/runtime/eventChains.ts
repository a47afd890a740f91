/**
 * Dispatch chains (DESIGN.md §7): an event raised by a rule's reaction belongs to the chain of the
 * event that fired the rule; an event nobody's reaction caused (physics, an authored item) starts
 * none. The dispatcher caps how many events one chain may raise per step, so a rule cycle slows
 * itself down without delaying anyone else. Tags live beside the events, never in their payload
 * (the trace stays exactly §7's shape).
 */
import type { StageEvent } from '../../core/events';

/** 0: a root event, caused by no reaction. */
export type ChainId = number;

const chainOf = new WeakMap<StageEvent, ChainId>();

export function tagChain(event: StageEvent, chain: ChainId): StageEvent {
  if (chain !== 0) chainOf.set(event, chain);
  return event;
}

export function chainOfEvent(event: StageEvent): ChainId {
  return chainOf.get(event) ?? 0;
}
