/**
 * Which states a transition record entered and left, and which of the chart's edges explain it.
 * The timeline link, the last-transition flash and breakpoints all read records (`from`, `to`,
 * `event`), so they agree on what a record means.
 *
 * An edge explains a record when its source was active before, every target is active after, at
 * least one target was newly entered, and it listens to the record's event, or it is eventless
 * (`always`, taken in the same macrostep) and its source was left. Eventless edges only count
 * for entered states no event edge explains.
 */
import { isWithin, recordConfiguration, type ChartEdge, type ChartModel } from './chartModel';

export interface TransitionLike {
  from: string;
  to: string;
  event: string;
}

export interface RecordMatch {
  /** States active after and not before (ancestors included), in model order. */
  entered: string[];
  exited: string[];
  edges: ChartEdge[];
}

export function matchRecord(model: ChartModel, record: TransitionLike): RecordMatch {
  const before = recordConfiguration(model, record.from);
  const after = recordConfiguration(model, record.to);
  const entered = model.states.map((s) => s.path).filter((p) => after.has(p) && !before.has(p));
  const exited = model.states.map((s) => s.path).filter((p) => before.has(p) && !after.has(p));
  const enteredSet = new Set(entered);
  const plausible = (e: ChartEdge) => !e.internal && before.has(e.source) && e.targets.every((t) => after.has(t)) && e.targets.some((t) => enteredSet.has(t));
  const byEvent = model.edges.filter((e) => !e.eventless && e.event === record.event && plausible(e));
  const explained = (p: string) => byEvent.some((e) => e.targets.some((t) => isWithin(p, t) || isWithin(t, p)));
  const eventless = model.edges.filter((e) => e.eventless && plausible(e) && !after.has(e.source) && e.targets.some((t) => !explained(t)));
  return { entered, exited, edges: [...byEvent, ...eventless] };
}
