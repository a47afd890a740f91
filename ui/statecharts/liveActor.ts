/**
 * The selected actor, live: its active configuration (from its snapshot, and at once from each of
 * its transition records), the edges of its last transition, and its context (read on a timer).
 * Only one actor is watched and only while the panel is shown, so an open panel costs one cheap
 * filter per trace record plus a few snapshot reads a second, whatever the number of actors.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { AnyActorRef } from 'xstate';
import type { StageController, TraceRecord } from '../../streams';
import { STAGE_ACTOR } from './actorCatalog';
import { recordConfiguration, valueConfiguration, type ChartModel } from './chartModel';
import { matchRecord } from './recordMatch';
import { stateName } from '../../streams/trace/records';

export const LIVE_POLL_MS = 250;
/** How long the edges of a new transition stay flashed (two repaints, no animation: cheap). */
export const FLASH_MS = 700;

export interface LastTransition {
  ids: ReadonlySet<string>;
  n: number;
  record: Extract<TraceRecord, { type: 'transition' }> | null;
}

const EMPTY = new Set<string>();

export class LiveActor {
  readonly active: Accessor<ReadonlySet<string>>;
  readonly last: Accessor<LastTransition>;
  readonly context: Accessor<unknown>;
  /** The last transition's edges are flashing (for FLASH_MS after it). */
  readonly flashing: Accessor<boolean>;
  /** The actor is running now (a planned actor or a definition is not). */
  readonly running: Accessor<boolean>;
  private readonly setActive: (s: ReadonlySet<string>) => void;
  private readonly setLast: (l: LastTransition) => void;
  private readonly setContext: (c: unknown) => void;
  private readonly setFlashing: (b: boolean) => void;
  private flashTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly setRunning: (b: boolean) => void;
  private ref: AnyActorRef | undefined;
  private lastValue: string | undefined = undefined;
  private flashes = 0;

  constructor(
    private readonly controller: StageController,
    readonly id: string,
    private readonly model: ChartModel,
  ) {
    [this.active, this.setActive] = createSignal<ReadonlySet<string>>(EMPTY);
    [this.last, this.setLast] = createSignal<LastTransition>({ ids: EMPTY, n: 0, record: null });
    // An unchanged context is the same object: nothing to rebuild.
    [this.context, this.setContext] = createSignal<unknown>(undefined);
    [this.running, this.setRunning] = createSignal(false);
    [this.flashing, this.setFlashing] = createSignal(false);
    this.poll(true);
  }

  /** A transition record of this actor: highlight at once (the poll would lag by up to 250 ms). */
  hear(record: TraceRecord): void {
    if (record.type !== 'transition' || record.actor !== this.id) return;
    this.setActive(recordConfiguration(this.model, record.to));
    this.showTransition(record);
  }

  /** Marks a record's edges as the last transition (also for a record picked in the timeline). */
  showTransition(record: Extract<TraceRecord, { type: 'transition' }>): void {
    const ids = new Set(matchRecord(this.model, record).edges.map((e) => e.id));
    this.setLast({ ids, n: (this.flashes += 1), record });
    this.setFlashing(true);
    if (this.flashTimer) clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.flashTimer = null;
      this.setFlashing(false);
    }, FLASH_MS);
  }

  dispose(): void {
    if (this.flashTimer) clearTimeout(this.flashTimer);
    this.flashTimer = null;
  }

  /** Re-reads the actor: a respawned child (same id, new actor) or a stopped one is noticed here. */
  poll(withContext: boolean): void {
    const ref = this.id === STAGE_ACTOR ? this.controller.actor : this.controller.actor.system.get(this.id);
    const snapshot = ref?.getSnapshot() as { status?: string; value?: unknown; context?: unknown } | undefined;
    const live = !!snapshot && snapshot.status === 'active';
    this.setRunning(live);
    if (ref !== this.ref || !live) {
      this.ref = ref;
      this.lastValue = undefined;
    }
    if (!live) {
      if (this.active().size) this.setActive(EMPTY);
      if (withContext) this.setContext(undefined);
      return;
    }
    // Values of compound machines are new objects on every snapshot: compare them as text.
    const key = stateName(snapshot.value);
    if (key !== this.lastValue) {
      this.lastValue = key;
      this.setActive(valueConfiguration(snapshot.value));
    }
    if (withContext) this.setContext(snapshot.context);
  }
}
