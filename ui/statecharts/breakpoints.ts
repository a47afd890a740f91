/**
 * Breakpoints on states and edges of a machine, and on stage events, kept in the browser
 * (localStorage), never in the scene file. A state or edge breakpoint applies to every actor of
 * its machine, or to one actor only; a step hits one when an actor of that machine enters the
 * state or takes the edge (read from that step's transition records, see recordMatch). An event
 * breakpoint is a rule's When (issue 21: written with the rules' own When editor, matched by
 * core/rules/match): a step hits it when it dispatched a matching stage event.
 */
import { z } from 'zod';
import type { TraceRecord } from '../../streams';
import { whenMatches } from '../../core/rules/match';
import { ruleSchema, type Rule } from '../../core/scene/schema';
import type { ChartModel } from './chartModel';
import { matchRecord } from './recordMatch';

export const BREAKPOINTS_KEY = 'stickman-stage/statechart-breakpoints/v1';
/** A bound on what is stored (a hand-edited or hostile entry cannot grow without limit). */
export const MAX_BREAKPOINTS = 200;

export type BreakpointKind = 'state' | 'edge' | 'event';

/** The `machine` of event breakpoints: they watch the stage's events, not a machine. */
export const STAGE_EVENTS = 'stage-events';

export type BreakWhen = Rule['when'];

export interface Breakpoint {
  machine: string;
  kind: BreakpointKind;
  /** A state path, an edge id, or (events) the When as JSON (`eventKey`). */
  key: string;
  /** Only this actor; null: every actor of the machine (events: the When names its own source). */
  actor: string | null;
  /** Event breakpoints: the When to match. */
  when?: BreakWhen;
}

/** The key of an event breakpoint: its When, fields in one order (one breakpoint per When). */
export const eventKey = (w: BreakWhen): string => JSON.stringify({ type: w.type, source: w.source, target: w.target, state: w.state ?? null });

const BreakpointSchema = z
  .object({
    machine: z.string().min(1).max(200),
    kind: z.enum(['state', 'edge', 'event']),
    key: z.string().max(1000),
    actor: z.string().min(1).max(400).nullable(),
    when: ruleSchema.shape.when.optional(),
  })
  .refine((b) => (b.kind === 'event') === (b.when !== undefined), { message: 'an event breakpoint has a When, and only it' });
const StoredSchema = z.object({ breakpoints: z.array(BreakpointSchema).max(MAX_BREAKPOINTS) });

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const idOf = (machine: string, kind: BreakpointKind, key: string) => `${machine}\u0000${kind}\u0000${key}`;

export class BreakpointStore {
  private items: Breakpoint[];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: StorageLike | null, private readonly storageKey = BREAKPOINTS_KEY) {
    this.items = this.load();
  }

  list(): readonly Breakpoint[] {
    return this.items;
  }

  get(machine: string, kind: BreakpointKind, key: string): Breakpoint | undefined {
    const id = idOf(machine, kind, key);
    return this.items.find((b) => idOf(b.machine, b.kind, b.key) === id);
  }

  /** Adds the breakpoint, or removes it when one is already set there. Returns whether it is set now. */
  toggle(machine: string, kind: BreakpointKind, key: string, actor: string | null, when?: BreakWhen): boolean {
    const existing = this.get(machine, kind, key);
    if (existing) this.items = this.items.filter((b) => b !== existing);
    else if (this.items.length < MAX_BREAKPOINTS) this.items = [...this.items, when ? { machine, kind, key, actor, when } : { machine, kind, key, actor }];
    else return false;
    this.changed();
    return !existing;
  }

  /** Adds a breakpoint on stage events matching `when` (no-op when there is one already). Returns whether it is set. */
  addEvent(when: BreakWhen): boolean {
    const key = eventKey(when);
    return !!this.get(STAGE_EVENTS, 'event', key) || this.toggle(STAGE_EVENTS, 'event', key, null, { ...when });
  }

  /** Narrows a breakpoint to one actor, or widens it to the whole machine (actor null). */
  setActor(machine: string, kind: BreakpointKind, key: string, actor: string | null): void {
    const existing = this.get(machine, kind, key);
    if (!existing || existing.actor === actor) return;
    this.items = this.items.map((b) => (b === existing ? { ...b, actor } : b));
    this.changed();
  }

  clear(machine?: string): void {
    const kept = machine ? this.items.filter((b) => b.machine !== machine) : [];
    if (kept.length === this.items.length) return;
    this.items = kept;
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    try {
      this.storage?.setItem(this.storageKey, JSON.stringify({ breakpoints: this.items }));
    } catch {
      // Storage full or unavailable: breakpoints still work for this session.
    }
    for (const l of this.listeners) l();
  }

  private load(): Breakpoint[] {
    let text: string | null = null;
    try {
      text = this.storage?.getItem(this.storageKey) ?? null;
    } catch {
      return [];
    }
    if (!text) return [];
    try {
      const parsed = StoredSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.breakpoints : [];
    } catch {
      return [];
    }
  }
}

export type BreakRecord = Extract<TraceRecord, { type: 'transition' } | { type: 'event' }>;

export interface BreakHit {
  breakpoint: Breakpoint;
  /** The record that hit it: a transition (states, edges) or a stage event. */
  record: BreakRecord;
}

/**
 * The breakpoints a step's records hit, in record order. `modelOf` gives the chart model of an
 * actor's machine (null for an actor it does not know); only machines with breakpoints are asked.
 */
export function findHits(breakpoints: readonly Breakpoint[], records: readonly TraceRecord[], modelOf: (actor: string) => ChartModel | null): BreakHit[] {
  if (breakpoints.length === 0) return [];
  const hits: BreakHit[] = [];
  const onEvents = breakpoints.filter((b) => b.kind === 'event' && b.when);
  for (const record of records) {
    if (record.type === 'event') {
      for (const b of onEvents) if (whenMatches(b.when!, record.event)) hits.push({ breakpoint: b, record });
      continue;
    }
    if (record.type !== 'transition') continue;
    const applicable = breakpoints.filter((b) => b.kind !== 'event' && (b.actor === null || b.actor === record.actor));
    if (applicable.length === 0) continue;
    const model = modelOf(record.actor);
    if (!model) continue;
    const mine = applicable.filter((b) => b.machine === model.machineId);
    if (mine.length === 0) continue;
    const match = matchRecord(model, record);
    for (const b of mine) {
      const hit = b.kind === 'state' ? match.entered.includes(b.key) : match.edges.some((e) => e.id === b.key);
      if (hit) hits.push({ breakpoint: b, record });
    }
  }
  return hits;
}
