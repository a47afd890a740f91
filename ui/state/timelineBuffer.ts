/**
 * The timeline's record buffer (DESIGN.md §6b). Records from records$ are kept per kind, each kind
 * in its own bounded ring, so a flood of one kind (contacts, hundreds a second in a busy scene)
 * can never evict the transitions, actions and rule records a director is looking for. Contact
 * events are also folded into counts per pair (ContactFolds), which the timeline shows as one
 * summary row. Memory is bounded: every ring, the pair table and the actor list have a cap.
 *
 * The buffer publishes a merged newest-first view at most once per `intervalMs` (4 Hz), and not
 * at all while the timeline is hidden; a stage mode change is published at once (the next
 * microtask), since the director just caused it and expects to see it.
 *
 * It holds one run (issue 21). A new run (PLAY entered, seen in the records themselves; the
 * director's RESET, New or Open, told by `startRun`) moves the current one to `previous`, one
 * click away. Within a run the stage may go back (a seek restores a keyframe or restarts and
 * re-simulates; a take replays behind its end): those steps stream the same records again
 * (DESIGN.md §4), so a record of a step the buffer has already seen complete is a repeat and is
 * not kept twice, and the view lists only the records up to the stage's tick (`cursor`). A
 * branch (a new command behind the end of the take) or its undo drops the records after its tick
 * (`truncateAfter`): they belong to a future that is no longer the take's.
 */
import type { Observable, Subscription } from 'rxjs';
import type { TraceRecord } from '../../streams';
import { BoundedRing } from './boundedRing';
import { ContactFolds, isContactType } from './contactFolds';

/** Records kept per kind. Contacts are counted in full by the folds; only the latest are listed. */
export const TIMELINE_CAPS: Readonly<Record<string, number>> = {
  transition: 2000,
  action: 1000,
  rule: 1000,
  event: 1000,
  command: 500,
  warning: 300,
  contact: 200,
  summary: 5,
};
/** The cap of a record kind this buffer does not know yet. */
export const DEFAULT_KIND_CAP = 300;
export const TIMELINE_FLUSH_MS = 250;
/** Distinct actors offered by the actor filter. */
export const TIMELINE_ACTOR_CAP = 1000;

/** Timeline kinds: the trace record type, except that contact events are their own kind. */
export type TimelineKind = TraceRecord['type'] | 'contact' | (string & {});

export interface TimelineEntry {
  seq: number;
  record: TraceRecord;
  /** Who the record is about: an actor path, an object id or a rig. */
  actor: string;
  /** The other object an event names (its target), which the actor filter also matches. */
  related: string | null;
  kind: TimelineKind;
  text: string;
}

export interface KindCount {
  kind: TimelineKind;
  kept: number;
  cap: number;
  /** Records of this kind dropped because the ring was full. */
  evicted: number;
}

export interface TimelineView {
  /** Every kept record up to the cursor, all kinds merged, newest first. */
  entries: readonly TimelineEntry[];
  /** The last tick listed (the stage's tick while in PLAY), or Infinity: everything. */
  cursor: number;
  /** Known actors, sorted (the same array until one is added). */
  actors: readonly string[];
  kinds: readonly KindCount[];
  /** Live contact counts (read at publish time; they keep counting between publishes). */
  contacts: ContactFolds;
}

/** Runs `cb` after `delayMs` (0: as soon as the current task ends). */
export type Scheduler = (cb: () => void, delayMs: number) => void;

const defaultScheduler: Scheduler = (cb, delayMs) => {
  if (delayMs <= 0) queueMicrotask(cb);
  else setTimeout(cb, delayMs);
};

export interface TimelineBufferOptions {
  schedule?: Scheduler;
  /** Extra text for a record's row, appended after its description (e.g. a landing's fall height). */
  detail?: (r: TraceRecord) => string | null;
  intervalMs?: number;
  caps?: Readonly<Record<string, number>>;
  pairCap?: number;
  actorCap?: number;
  /** The stage's tick while the records after it must not be listed (PLAY), else Infinity. */
  cursor?: () => number;
  /** A seek is re-simulating: the stage controls it sends between steps are its own, not the director's. */
  seeking?: () => boolean;
}

interface Slot {
  seq: number;
  record: TraceRecord;
  kind: TimelineKind;
  /** Described on first publish: most contact records are overwritten before anyone sees them. */
  entry: TimelineEntry | null;
}

export function kindOf(r: TraceRecord): TimelineKind {
  return r.type === 'event' && isContactType(r.event.type) ? 'contact' : r.type;
}

function describe(r: TraceRecord): { actor: string; text: string; related?: string | null } {
  switch (r.type) {
    case 'transition':
      return { actor: r.actor, text: `${r.from} → ${r.to}  (${r.event})` };
    case 'event': {
      const e = r.event;
      const extra = [e.reason, e.outcome, e.action_id, e.state].filter(Boolean).join(' ');
      return { actor: e.source, related: e.target, text: `${e.type}  ${e.source}${e.target ? ` → ${e.target}` : ''}${extra ? `  ${extra}` : ''}` };
    }
    case 'action':
      return { actor: `rig:${r.rig}`, text: `${r.action} ${r.id} ${r.phase}${r.outcome ? ` (${r.outcome})` : ''}` };
    case 'warning':
      return { actor: r.object ?? 'stage', text: r.message };
    case 'rule':
      return {
        actor: `rig:${r.actor}`,
        text: `rule ${r.rule} ${r.status}: ${r.event} → ${r.actor} ${r.mode} ${r.action}${r.action_id ? ` (${r.action_id})` : ''}${r.reason ? `  ${r.reason}` : ''}`,
      };
    case 'summary':
      return { actor: 'stage', text: 'summary' };
    default: {
      // A record type this UI does not know yet: still listed, as JSON.
      const other = r as { type: string; actor?: string };
      return { actor: other.actor ?? 'stage', text: JSON.stringify(other) };
    }
  }
}

/** A stage mode change: published at once rather than with the next batch. */
const isUrgent = (r: TraceRecord) => r.type === 'transition' && r.actor === 'stage';
const inPlay = (state: string) => state.startsWith('PLAY');
/** PLAY entered from EDIT or DIRECT: the record that opens a new run. */
const opensRun = (r: TraceRecord) => r.type === 'transition' && r.actor === 'stage' && !inPlay(r.from) && inPlay(r.to);

export class TimelineBuffer {
  private rings = new Map<TimelineKind, BoundedRing<Slot>>();
  /** The current run's contact counts (a new run gets new ones). */
  contacts: ContactFolds;
  private actorSet = new Set<string>();
  private actorList: readonly string[] = [];
  private prev: TimelineView | null = null;
  /** The last step whose records were all seen (-1: none yet in this run). */
  private complete = -1;
  private readonly pairCap: number | undefined;
  private readonly cursorOf: () => number;
  private readonly seeking: () => boolean;
  private seq = 0;
  private dirty = false;
  private active = true;
  private flushQueued = false;
  private urgentQueued = false;
  private sub: Subscription | null = null;
  private readonly schedule: Scheduler;
  private readonly intervalMs: number;
  private readonly caps: Readonly<Record<string, number>>;
  private readonly actorCap: number;
  private readonly detail: ((r: TraceRecord) => string | null) | undefined;

  constructor(
    private readonly publish: (view: TimelineView) => void,
    options: TimelineBufferOptions = {},
  ) {
    this.schedule = options.schedule ?? defaultScheduler;
    this.intervalMs = options.intervalMs ?? TIMELINE_FLUSH_MS;
    this.caps = options.caps ?? TIMELINE_CAPS;
    this.actorCap = options.actorCap ?? TIMELINE_ACTOR_CAP;
    this.detail = options.detail;
    this.pairCap = options.pairCap;
    this.contacts = new ContactFolds(options.pairCap);
    this.cursorOf = options.cursor ?? (() => Number.POSITIVE_INFINITY);
    this.seeking = options.seeking ?? (() => false);
  }

  /** Listens to a stage: its records, and its steps (`tick$`, to know which steps were seen whole). */
  attach(records$: Observable<TraceRecord>, tick$?: Observable<number>): void {
    this.sub?.unsubscribe();
    this.sub = records$.subscribe((r) => this.push(r));
    if (tick$) this.sub.add(tick$.subscribe((t) => this.noteStep(t)));
  }

  /** The previous run, as it was when the current one started (null before a second run). */
  get previous(): TimelineView | null {
    return this.prev;
  }

  /**
   * A new run starts (the director's RESET, a new or opened scene): the current run becomes the
   * previous one — unless it has no records, so an Open followed by PLAY keeps the run before.
   */
  startRun(): void {
    if (this.seq > 0 && [...this.rings.values()].some((r) => r.size > 0)) this.prev = { ...this.snapshot(Number.POSITIVE_INFINITY) };
    this.rings = new Map();
    this.contacts = new ContactFolds(this.pairCap);
    this.actorSet = new Set();
    this.actorList = [];
    this.complete = -1;
    this.dirty = true;
    this.request(true);
  }

  /** Step `tick` ran: its records are all in. */
  noteStep(tick: number): void {
    if (tick > this.complete) this.complete = tick;
  }

  /** Where the record stream is now (to drop what comes after it: `truncateAfter`). */
  get mark(): number {
    return this.seq;
  }

  /**
   * Drops the records after `tick` (a branch cut the take there, or its undo put another future
   * back) and, with `sinceMark`, those pushed after that mark (a control at the branch's own tick
   * belongs to the branch): the steps after it will be new.
   */
  truncateAfter(tick: number, sinceMark = Number.POSITIVE_INFINITY): void {
    for (const ring of this.rings.values()) ring.keepWhere((s) => s.record.tick <= tick && s.seq <= sinceMark);
    if (this.complete > tick) this.complete = tick;
    this.dirty = true;
    this.request(true);
  }

  /** Asks for a publish (the cursor moved: a seek arrived, or the stage paused). */
  refresh(): void {
    this.dirty = true;
    this.request(true);
  }

  /**
   * A record this run has already (the stage went back and re-simulates): one written by a step
   * seen whole before (or by the restart before step 1), or — for a stage transition, which only
   * a control sends, between steps — one a seek sent (it pauses, it restarts). The director's
   * own pause at a tick already seen is new.
   */
  private isRepeat(r: TraceRecord): boolean {
    if (r.type === 'transition' && r.actor === 'stage') return this.seeking();
    return r.tick <= this.complete;
  }

  push(record: TraceRecord): void {
    if (opensRun(record)) this.startRun();
    else if (this.isRepeat(record)) {
      // Not kept twice, but the cursor moved past it: publish.
      this.dirty = true;
      this.request(false);
      return;
    }
    const kind = kindOf(record);
    if (kind === 'contact' && record.type === 'event') {
      if (this.contacts.add(record.event.type as 'collided' | 'separated', record.event.source, record.event.target)) {
        this.addActor(record.event.source);
        if (record.event.target) this.addActor(record.event.target);
      }
    }
    this.ring(kind).push({ seq: (this.seq += 1), record, kind, entry: null });
    this.dirty = true;
    this.request(isUrgent(record));
  }

  /** While inactive (the timeline tab hidden) records are kept but nothing is published. */
  setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    if (active && this.dirty) this.request(true);
  }

  /** Publishes now if anything changed since the last publish. */
  flush(): void {
    if (!this.dirty || !this.active) return;
    this.dirty = false;
    this.publish(this.snapshot());
  }

  /** The Clear button: forgets the current run's records (the steps seen stay seen). */
  clear(): void {
    for (const ring of this.rings.values()) ring.clear();
    this.contacts.clear();
    this.dirty = false;
    this.publish(this.snapshot());
  }

  dispose(): void {
    this.sub?.unsubscribe();
    this.sub = null;
    this.active = false;
  }

  private ring(kind: TimelineKind): BoundedRing<Slot> {
    let ring = this.rings.get(kind);
    if (!ring) {
      ring = new BoundedRing<Slot>(this.caps[kind] ?? DEFAULT_KIND_CAP);
      this.rings.set(kind, ring);
    }
    return ring;
  }

  private request(urgent: boolean): void {
    if (!this.active) return;
    if (urgent) {
      if (this.urgentQueued) return;
      this.urgentQueued = true;
      this.schedule(() => {
        this.urgentQueued = false;
        this.flush();
      }, 0);
      return;
    }
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.schedule(() => {
      this.flushQueued = false;
      this.flush();
    }, this.intervalMs);
  }

  private addActor(actor: string): void {
    if (this.actorSet.has(actor) || this.actorSet.size >= this.actorCap) return;
    this.actorSet.add(actor);
    this.actorList = [];
  }

  private entryOf(slot: Slot): TimelineEntry {
    if (!slot.entry) {
      const { actor, text, related = null } = describe(slot.record);
      const extra = this.detail?.(slot.record);
      this.addActor(actor);
      slot.entry = { seq: slot.seq, record: slot.record, actor, related, kind: slot.kind, text: extra ? `${text}  ${extra}` : text };
    }
    return slot.entry;
  }

  /** The current merged view (what the next publish would send), up to `cursor`. */
  snapshot(cursor = this.cursorOf()): TimelineView {
    // Merge the rings (each newest first) by sequence number.
    const rings = [...this.rings.values()];
    const at = rings.map(() => 0);
    // Records past the cursor are the newest of each ring: skip them.
    for (let i = 0; i < rings.length; i += 1) while (at[i] < rings[i].size && rings[i].newest(at[i])!.record.tick > cursor) at[i] += 1;
    const entries: TimelineEntry[] = [];
    for (;;) {
      let best = -1;
      let bestSeq = -1;
      for (let i = 0; i < rings.length; i += 1) {
        const slot = rings[i].newest(at[i]);
        if (slot && slot.seq > bestSeq) {
          best = i;
          bestSeq = slot.seq;
        }
      }
      if (best < 0) break;
      entries.push(this.entryOf(rings[best].newest(at[best])!));
      at[best] += 1;
    }
    if (this.actorList.length !== this.actorSet.size) this.actorList = [...this.actorSet].sort();
    const kinds = [...this.rings.entries()].map(([kind, ring]) => ({ kind, kept: ring.size, cap: ring.capacity, evicted: ring.evicted }));
    return { entries, cursor, actors: this.actorList, kinds, contacts: this.contacts };
  }
}

/** Does `actor` pass the actor filter? Choosing `rig:x` also shows its children (`rig:x/terrainMotion`). */
export function actorMatches(actor: string, filter: string): boolean {
  if (!filter) return true;
  if (actor === filter || actor.startsWith(`${filter}/`)) return true;
  // Events name objects by id ("stick-1"); rig actors are "rig:stick-1".
  return filter.startsWith('rig:') && actor === filter.slice(4);
}

/** Does a row pass the actor filter: by who it is about, or by the other object its event names? */
export function entryMatches(e: Pick<TimelineEntry, 'actor' | 'related'>, filter: string): boolean {
  return actorMatches(e.actor, filter) || (e.related !== null && actorMatches(e.related, filter));
}
