/**
 * What the panels show of the current PLAY run: the latest frame and, per queue item, whether it
 * started or finished (from the 'action' trace records). Cleared when PLAY starts or resets.
 */
import { createSignal, type Accessor, type Signal } from 'solid-js';
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
  /** Every action record of the run, in order, so the runs can be rewound to a tick (a keyframe seek). */
  private history: Array<{ tick: number; rig: string; id: string; run: ActionRun }> = [];
  /** Each stickman's runs as the records left them, by action id. */
  private runs = new Map<string, Map<string, ActionRun>>();
  /** What the panels read: one signal per stickman asked about, so a record wakes only its stickman's readers. */
  private readonly published = new Map<string, Signal<ReadonlyMap<string, ActionRun>>>();
  /** Stickmen with records not published yet (published once per burst of records, a step's worth). */
  private readonly dirty = new Set<string>();
  private publishQueued = false;

  constructor(private readonly controller: StageController) {
    [this.liveFrame, this.setLiveFrame] = createSignal<FrameSnapshot>(controller.frame$.value, { equals: false });
    controller.records$.subscribe((r) => {
      if (r.type !== 'action') return;
      const run: ActionRun = r.phase === 'finished' ? { phase: 'finished', outcome: r.outcome } : { phase: 'started' };
      this.history.push({ tick: r.tick, rig: r.rig, id: r.id, run });
      this.note(r.rig, r.id, run);
      this.queuePublish();
    });
  }

  /**
   * Stickman `rigId`'s queue item runs, keyed by action id. The queue panel shows one stickman
   * while a crowd's step streams dozens of records for the others: those must not wake it.
   */
  runsOf(rigId: string): ReadonlyMap<string, ActionRun> {
    let signal = this.published.get(rigId);
    if (!signal) {
      signal = createSignal<ReadonlyMap<string, ActionRun>>(new Map(this.runs.get(rigId)));
      this.published.set(rigId, signal);
    }
    return signal[0]();
  }

  private note(rig: string, id: string, run: ActionRun): void {
    let runs = this.runs.get(rig);
    if (!runs) {
      runs = new Map();
      this.runs.set(rig, runs);
    }
    runs.set(id, run);
    this.dirty.add(rig);
  }

  /**
   * One copy per stickman after the burst (the frame driver's steps run synchronously, so a
   * microtask lands after them): copying and waking every queue row for each record cost a busy
   * stage's frame rate.
   */
  private queuePublish(): void {
    if (this.publishQueued) return;
    this.publishQueued = true;
    queueMicrotask(() => {
      this.publishQueued = false;
      this.publish();
    });
  }

  private publish(): void {
    for (const rig of this.dirty) this.published.get(rig)?.[1](new Map(this.runs.get(rig)));
    this.dirty.clear();
  }

  /** Forgets the queue item runs (before a reset, whose records belong to the new run). */
  clearRuns(): void {
    this.rewindTo(-Infinity);
  }

  /**
   * Shows the runs as they were at the end of step `tick` (a seek restored a keyframe there: the
   * steps after it will stream their records again).
   */
  rewindTo(tick: number): void {
    this.history = this.history.filter((h) => h.tick <= tick);
    this.runs = new Map();
    for (const rig of this.published.keys()) this.dirty.add(rig);
    for (const h of this.history) this.note(h.rig, h.id, h.run);
    this.publish();
  }

  /** Shows the stage as it is now. */
  showCurrentFrame(): void {
    this.setLiveFrame(this.controller.frame$.value);
  }
}
