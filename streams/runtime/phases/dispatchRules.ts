/**
 * Phase 5 (DESIGN.md §6): the step's stage events go to the rule engine in order; reactions are
 * accepted now and start on the next step.
 */
import { flushNotes, type StepState } from '../stepState';

export function dispatchRules(s: StepState): void {
  s.dispatcher.dispatch(s.sink.events);
  for (const id of s.leavingNow) s.liveIds.delete(id);
  s.leavingNow.length = 0;
  flushNotes(s);
}
