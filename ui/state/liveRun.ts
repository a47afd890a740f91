/**
 * What the panels show of the current PLAY run: the latest frame and, per queue item, whether it
 * started or finished (from the 'action' trace records). Cleared when PLAY starts or resets.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { FrameSnapshot, StageController } from '../../streams';

/** What happened to one queue item in the current PLAY run. */
export interface ActionRun {
  phase: 'started' | 'finished';
  outcome?: string;
}

export class LiveRun {
  /** The latest frame in PLAY (one update per simulated step shown). */
  readonly liveFrame: Accessor<FrameSnapshot>;
  readonly setLiveFrame: (f: FrameSnapshot) => void;
  /** Queue item runs, keyed `rigId/actionId`. */
  readonly actionRuns: Accessor<ReadonlyMap<string, ActionRun>>;
  private readonly setActionRuns: (m: ReadonlyMap<string, ActionRun>) => void;
  /** Every action record of the run, in order, so the runs can be rewound to a tick (a keyframe seek). */
  private history: Array<{ tick: number; key: string; run: ActionRun }> = [];
  /** The runs as the records left them; published once per burst of records (a step's worth), not per record. */
  private runs = new Map<string, ActionRun>();
  private publishQueued = false;

  constructor(private readonly controller: StageController) {
    [this.liveFrame, this.setLiveFrame] = createSignal<FrameSnapshot>(controller.frame$.value, { equals: false });
    [this.actionRuns, this.setActionRuns] = createSignal<ReadonlyMap<string, ActionRun>>(new Map());
    controller.records$.subscribe((r) => {
      if (r.type !== 'action') return;
      const key = `${r.rig}/${r.id}`;
      const run: ActionRun = r.phase === 'finished' ? { phase: 'finished', outcome: r.outcome } : { phase: 'started' };
      this.history.push({ tick: r.tick, key, run });
      this.runs.set(key, run);
      this.queuePublish();
    });
  }

  /**
   * A crowd's step streams dozens of action records; copying the map and waking every queue row
   * for each of them cost a busy stage's frame rate. One copy after the burst (the frame driver's
   * steps run synchronously, so a microtask lands after them).
   */
  private queuePublish(): void {
    if (this.publishQueued) return;
    this.publishQueued = true;
    queueMicrotask(() => {
      this.publishQueued = false;
      this.setActionRuns(new Map(this.runs));
    });
  }

  /** Forgets the queue item runs (before a reset, whose records belong to the new run). */
  clearRuns(): void {
    this.history = [];
    this.runs = new Map();
    this.setActionRuns(new Map());
  }

  /**
   * Shows the runs as they were at the end of step `tick` (a seek restored a keyframe there: the
   * steps after it will stream their records again).
   */
  rewindTo(tick: number): void {
    this.history = this.history.filter((h) => h.tick <= tick);
    const runs = new Map<string, ActionRun>();
    for (const h of this.history) runs.set(h.key, h.run);
    this.runs = runs;
    this.setActionRuns(new Map(runs));
  }

  /** Shows the stage as it is now. */
  showCurrentFrame(): void {
    this.setLiveFrame(this.controller.frame$.value);
  }
}
