/**
 * What a take showed, as a test asserts it (issue 21, "a take becomes a test"): every rig's state
 * changes, every rig's TerrainMotion phases, every stage event with its tick, and the final
 * summary. Each change and event is one short line (`#56 ANIMATED → RAGDOLL (rig.setRagdoll)`),
 * so a failing test's diff reads like the timeline.
 *
 * `observeTrace` reads a trace (pure); `replayObserved` replays a take headless and observes it —
 * what a generated test (./asTest) runs.
 */
import type { StageEvent } from '../../core/events';
import type { TakeDocument } from '../../core/take/schema';
import { loadTakeValue } from '../../core/take/io';
import { formatIssues } from '../../core/scene/errors';
import type { SummaryRecord, TraceRecord } from '../trace/records';
import { replayTake } from './replay';

export interface TakeObservation {
  /** Per stickman id: its rig machine's transitions (ANIMATED · RAGDOLL · RECOVERING …). */
  rigs: Record<string, string[]>;
  /** Per stickman id: its TerrainMotion child's transitions (DISABLED · AIRBORNE · GROUNDED · LANDING_IMPACT). */
  terrain: Record<string, string[]>;
  /** Every stage event, in the order dispatched. */
  events: string[];
  /** The summary record without its type (tick, t, rigs, props). */
  summary: Omit<SummaryRecord, 'type'> | null;
}

const RIG_ACTOR = /^rig:(.+)$/;
const TERRAIN_ACTOR = /^rig:(.+)\/terrainMotion$/;

/** `#72 entered_area stick-1 → goal (state RAGDOLL)`: the fields a rule can match on, and the outcome. */
export function eventLine(tick: number, e: StageEvent): string {
  const extra = [e.state && `state ${e.state}`, e.previous && `from ${e.previous}`, e.reason && `reason ${e.reason}`, e.outcome && `outcome ${e.outcome}`, e.action_id && `action ${e.action_id}`]
    .filter(Boolean)
    .join(', ');
  return `#${tick} ${e.type} ${e.source}${e.target ? ` → ${e.target}` : ''}${extra ? ` (${extra})` : ''}`;
}

export function observeTrace(records: readonly TraceRecord[]): TakeObservation {
  const out: TakeObservation = { rigs: {}, terrain: {}, events: [], summary: null };
  const push = (into: Record<string, string[]>, id: string, line: string) => (into[id] ??= []).push(line);
  for (const r of records) {
    if (r.type === 'transition') {
      const line = `#${r.tick} ${r.from} → ${r.to} (${r.event})`;
      const terrain = TERRAIN_ACTOR.exec(r.actor);
      if (terrain) push(out.terrain, terrain[1], line);
      else {
        const rig = RIG_ACTOR.exec(r.actor);
        // Only the rig machine itself: its other children (queue runner, hands) are not asked for.
        if (rig && !rig[1].includes('/')) push(out.rigs, rig[1], line);
      }
    } else if (r.type === 'event') {
      out.events.push(eventLine(r.tick, r.event));
    } else if (r.type === 'summary') {
      const { type: _type, ...rest } = r;
      out.summary = rest;
    }
  }
  return out;
}

/** A take written in a test (embedded, or read from its file), checked like a take file; throws naming what is wrong. */
export function takeFromValue(value: unknown, source = 'the take'): TakeDocument {
  const loaded = loadTakeValue(value);
  if (!loaded.ok) throw new Error(`${source}: invalid take: ${formatIssues(loaded.issues, 5)}`);
  return loaded.take;
}

/** Replays `take` headless (its scene, commands and pauses, to its last tick) and observes the trace. */
export async function replayObserved(take: TakeDocument): Promise<TakeObservation> {
  const run = await replayTake(take);
  run.controller.dispose();
  return observeTrace(run.records);
}
