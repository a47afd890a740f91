/**
 * The timeline's record buffer: bounded (the newest `limit` records), filled from records$ and
 * published at most once per animation frame, so a burst of records costs one UI update.
 */
import type { Observable, Subscription } from 'rxjs';
import type { TraceRecord } from '../../streams';

export const TIMELINE_LIMIT = 500;

export interface TimelineEntry {
  seq: number;
  record: TraceRecord;
  /** Who the record is about: an actor path, an object id or a rig. */
  actor: string;
  kind: TraceRecord['type'];
  text: string;
}

function describe(r: TraceRecord): { actor: string; text: string } {
  switch (r.type) {
    case 'transition':
      return { actor: r.actor, text: `${r.from} → ${r.to}  (${r.event})` };
    case 'event': {
      const e = r.event;
      const extra = [e.reason, e.outcome, e.action_id, e.state].filter(Boolean).join(' ');
      return { actor: e.source, text: `${e.type}  ${e.source}${e.target ? ` → ${e.target}` : ''}${extra ? `  ${extra}` : ''}` };
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

export class TimelineBuffer {
  private entries: TimelineEntry[] = [];
  private pending: TraceRecord[] = [];
  private seq = 0;
  private scheduled = false;
  private sub: Subscription | null = null;
  readonly actors = new Set<string>();

  constructor(
    private readonly publish: (entries: readonly TimelineEntry[], actors: readonly string[]) => void,
    private readonly schedule: (cb: () => void) => void = (cb) => requestAnimationFrame(cb),
    readonly limit = TIMELINE_LIMIT,
  ) {}

  attach(records$: Observable<TraceRecord>): void {
    this.sub?.unsubscribe();
    this.sub = records$.subscribe((r) => this.push(r));
  }

  push(r: TraceRecord): void {
    this.pending.push(r);
    if (this.pending.length > this.limit) this.pending.splice(0, this.pending.length - this.limit);
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (!this.pending.length) return;
    let actorsChanged = false;
    const fresh = this.pending.map((record) => {
      const { actor, text } = describe(record);
      if (!this.actors.has(actor)) {
        this.actors.add(actor);
        actorsChanged = true;
      }
      return { seq: (this.seq += 1), record, actor, kind: record.type, text };
    });
    this.pending = [];
    // Newest first; keep only the newest `limit`.
    fresh.reverse();
    const next = fresh.concat(this.entries);
    if (next.length > this.limit) next.length = this.limit;
    this.entries = next;
    this.publish(this.entries, actorsChanged ? [...this.actors].sort() : this.knownActors());
  }

  private knownActorsCache: string[] = [];
  private knownActors(): string[] {
    if (this.knownActorsCache.length !== this.actors.size) this.knownActorsCache = [...this.actors].sort();
    return this.knownActorsCache;
  }

  clear(): void {
    this.entries = [];
    this.pending = [];
    this.publish(this.entries, this.knownActors());
  }

  dispose(): void {
    this.sub?.unsubscribe();
    this.sub = null;
  }
}

/** Does `actor` pass the actor filter? Choosing `rig:x` also shows its children (`rig:x/terrainMotion`). */
export function actorMatches(actor: string, filter: string): boolean {
  if (!filter) return true;
  if (actor === filter || actor.startsWith(`${filter}/`)) return true;
  // Events name objects by id ("stick-1"); rig actors are "rig:stick-1".
  return filter.startsWith('rig:') && actor === filter.slice(4);
}
