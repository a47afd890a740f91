/**
 * The fall height of each TerrainMotion landing, for the timeline row of the transition it causes.
 * A trace `transition` record names only its event's type (the trace format is fixed); the height
 * travels in the `physics.landed` machine event itself. So this reads it from an inspector of the
 * machine events, keyed by actor and tick: the transition that event causes carries the same
 * actor path and tick. Bounded: only the most recent LANDING_NOTES_CAP landings are kept.
 */
import type { InspectionEvent } from 'xstate';
import { actorPath } from '../../streams/trace/inspector';
import type { TraceRecord } from '../../streams';

export const LANDING_NOTES_CAP = 500;

const keyOf = (actor: string, tick: number) => `${actor}@${tick}`;

export class LandingNotes {
  private readonly heights = new Map<string, number>();

  /** `tick` says which step the stage is on when an event is delivered (the trace's own clock). */
  constructor(private readonly tick: () => number, private readonly cap = LANDING_NOTES_CAP) {}

  /** An xstate inspection observer: returns at once for everything but a TerrainMotion's `physics.landed`. */
  readonly observe = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.event' || ev.event.type !== 'physics.landed') return;
    const fall = (ev.event as { fallDistance?: unknown }).fallDistance;
    if (typeof fall !== 'number' || !Number.isFinite(fall)) return;
    const actor = actorPath(ev.actorRef as never);
    if (!actor.endsWith('/terrainMotion')) return;
    if (this.heights.size >= this.cap) this.heights.delete(this.heights.keys().next().value as string);
    this.heights.set(keyOf(actor, this.tick()), fall);
  };

  /** The fall height of a landing (a `physics.landed` transition), px; undefined for any other record. */
  fallOf(r: TraceRecord): number | undefined {
    if (r.type !== 'transition' || r.event !== 'physics.landed') return undefined;
    return this.heights.get(keyOf(r.actor, r.tick));
  }

  /** "fall 300 px" for a landing's transition, null for any other record. */
  detail(r: TraceRecord): string | null {
    const h = this.fallOf(r);
    return h === undefined ? null : `fall ${Math.round(h)} px`;
  }

  get size(): number {
    return this.heights.size;
  }
}
