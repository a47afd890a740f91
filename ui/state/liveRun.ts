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

  constructor(private readonly controller: StageController) {
    [this.liveFrame, this.setLiveFrame] = createSignal<FrameSnapshot>(controller.frame$.value, { equals: false });
    [this.actionRuns, this.setActionRuns] = createSignal<ReadonlyMap<string, ActionRun>>(new Map());
    controller.records$.subscribe((r) => {
      if (r.type !== 'action') return;
      const next = new Map(this.actionRuns());
      next.set(`${r.rig}/${r.id}`, r.phase === 'finished' ? { phase: 'finished', outcome: r.outcome } : { phase: 'started' });
      this.setActionRuns(next);
    });
  }

  /** Forgets the queue item runs (before a reset, whose records belong to the new run). */
  clearRuns(): void {
    this.setActionRuns(new Map());
  }

  /** Shows the stage as it is now. */
  showCurrentFrame(): void {
    this.setLiveFrame(this.controller.frame$.value);
  }
}
