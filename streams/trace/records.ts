/** Trace records (DESIGN.md §9). One JSON object per line; key order is fixed by construction. */
import type { StageEvent } from '../../core/events';
import type { RuntimeCommand } from '../runtime/commands';

export interface TransitionRecord { t: number; tick: number; type: 'transition'; actor: string; from: string; to: string; event: string }
export interface EventRecord { t: number; tick: number; type: 'event'; event: StageEvent }
export interface ActionRecord { t: number; tick: number; type: 'action'; rig: string; id: string; action: string; phase: 'started' | 'finished'; outcome?: string }
export interface WarningRecord { t: number; tick: number; type: 'warning'; message: string; object?: string }
/** A rule dispatch or skip (DESIGN.md §7: every dispatch and every skipped rule is traced). */
export interface RuleTraceRecord {
  t: number; tick: number; type: 'rule'; rule: string; event: string; actor: string; mode: string; action: string;
  status: 'dispatched' | 'skipped'; reason?: string; action_id?: string;
}
/** A runtime command as it took effect (DESIGN.md §9): document + commands replay a run. */
export interface CommandRecord { t: number; tick: number; type: 'command'; command: RuntimeCommand }
export interface SummaryRecord { t: number; tick: number; type: 'summary'; rigs: Record<string, unknown>; props: Record<string, unknown> }

export type TraceRecord = TransitionRecord | EventRecord | ActionRecord | WarningRecord | RuleTraceRecord | CommandRecord | SummaryRecord;

export const STEP_SECONDS = 1 / 60;
export const STEP_MS = 1000 / 60;

/** Simulation time of a tick, rounded so traces read well and stay byte-stable. */
export const tickTime = (tick: number): number => Math.round(tick * STEP_SECONDS * 1e4) / 1e4;

export const round2 = (v: number): number => Math.round(v * 100) / 100 + 0; // + 0 turns -0 into 0

/** Unit vectors (contact normals) keep four decimals. */
export const round4 = (v: number): number => Math.round(v * 1e4) / 1e4 + 0;

export const roundVec = (v: readonly [number, number]): [number, number] => [round2(v[0]), round2(v[1])];

export function toJsonLine(record: TraceRecord): string {
  return JSON.stringify(record);
}

/** Flattens a state value ({PLAY: 'RUNNING'} → "PLAY.RUNNING"; parallel regions joined by commas). */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  // The trace names a transition with it, so it runs for every snapshot change: no arrays built.
  const keys = Object.keys(value);
  let out = '';
  for (let i = 0; i < keys.length; i += 1) {
    const k = keys[i];
    const inner = stateName((value as Record<string, unknown>)[k]);
    const part = inner ? `${k}.${inner}` : k;
    out = i === 0 ? part : `${out},${part}`;
  }
  return out;
}
