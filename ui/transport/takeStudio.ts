/**
 * The app's side of takes (issue 14): one TakeSession on the stage, seen through Solid signals,
 * and the transport's commands. Seeks run in slices, one per animation frame within a time
 * budget, so dragging the scrubber back across a long take never freezes the app: the stage
 * fast-forwards to the tick under the thumb, and a new target mid-way just changes where it stops.
 *
 * A seek restores the take's keyframe nearest behind its target (the panels rewind to that tick)
 * or, with none, restarts the run through the editor's RESET, which clears what the panels showed
 * of it; the steps after that stream the same records again, so the queue panel, the statecharts
 * and the timeline show the run as it was at the tick sought.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import { saveSceneText } from '../../core/scene/io';
import { loadTakeText, saveTakeText } from '../../core/take/io';
import type { TakeDocument } from '../../core/take/schema';
import { STEP_SECONDS } from '../../streams/trace/records';
import { TakeSession } from '../../streams/take/session';
import type { Editor } from '../state/editor';
import { errorText, issueLines } from '../state/notices';
import { oneEach } from '../../core/data/oneEach';

/** A frame's share of a seek: the simulation gets this long per animation frame (ms). */
export const SEEK_SLICE_MS = 35;

export interface BranchNote {
  tick: number;
  dropped: number;
}

export interface SeekTiming {
  from: number;
  to: number;
  steps: number;
  ms: number;
}

export class TakeStudio {
  readonly session: TakeSession;
  /** The stage's tick (updated once per drawn frame, not per step). */
  readonly tick: Accessor<number>;
  /** The take's last tick. */
  readonly length: Accessor<number>;
  /** Ticks that have commands (markers on the scrubber); updated with the take. */
  readonly commandTicks: Accessor<readonly number[]>;
  /** Where a seek in progress is going, or null. */
  readonly seekTarget: Accessor<number | null>;
  /** The latest branch that can be undone. */
  readonly branch: Accessor<BranchNote | null>;
  /** The last completed seek and how long it took (the transport shows it; tests read it). */
  readonly lastSeek: Accessor<SeekTiming | null>;
  private readonly setTick: (t: number) => void;
  private readonly setLength: (t: number) => void;
  private readonly setCommandTicks: (t: readonly number[]) => void;
  private readonly setSeekTarget: (t: number | null) => void;
  private readonly setBranch: (b: BranchNote | null) => void;
  private readonly setLastSeek: (s: SeekTiming | null) => void;
  private frameHandle = 0;
  private sliceSteps = 120;
  private resumeAfterSeek = false;
  private seekStarted: { at: number; from: number; steps: number } | null = null;
  private markersKey = '';
  private markersPending = false;
  private markedTape: unknown = null;
  /** Steps the stage has run (a seek's cost is its steps, not how far the tick moved: a keyframe jumps). */
  private stepsRun = 0;

  constructor(readonly editor: Editor) {
    const controller = editor.controller;
    this.session = new TakeSession(controller, {
      restart: () => editor.run.reset(),
      restored: (tick) => editor.run.restored(tick),
      nameOf: (scene) => scene.name ?? 'take',
      now: () => new Date().toISOString(),
    });
    [this.tick, this.setTick] = createSignal(controller.tick);
    [this.length, this.setLength] = createSignal(0);
    [this.commandTicks, this.setCommandTicks] = createSignal<readonly number[]>([]);
    [this.seekTarget, this.setSeekTarget] = createSignal<number | null>(null);
    [this.branch, this.setBranch] = createSignal<BranchNote | null>(null);
    [this.lastSeek, this.setLastSeek] = createSignal<SeekTiming | null>(null);
    controller.frame$.subscribe((f) => this.setTick(f.tick));
    controller.tick$.subscribe(() => (this.stepsRun += 1));
    this.session.changes$.subscribe(() => this.refresh());
  }

  /** Seconds of a tick. */
  static seconds(tick: number): number {
    return tick * STEP_SECONDS;
  }

  get active(): boolean {
    return this.session.active;
  }

  // ------------------------------------------------------------------ seeking

  /** Scrub to `tick`: the stage pauses and re-simulates there over the next frames. */
  seekTo(tick: number): void {
    if (!this.session.active) return;
    const target = Math.max(0, Math.min(this.session.length, Math.round(tick)));
    if (this.seekTarget() === null) this.seekStarted = { at: performance.now(), from: this.editor.controller.tick, steps: 0 };
    this.setSeekTarget(target);
    this.slice();
  }

  /** Seeks and, once there, plays on (the take replays its commands; a new command branches). */
  playFrom(tick: number): void {
    this.resumeAfterSeek = true;
    this.seekTo(tick);
  }

  stepBack(): void {
    const from = this.seekTarget() ?? this.editor.controller.tick;
    this.resumeAfterSeek = false;
    this.seekTo(from - 1);
  }

  /** One tick on: replayed from the take when behind its end, else a live frame step. */
  stepForward(): void {
    this.resumeAfterSeek = false;
    const from = this.seekTarget() ?? this.editor.controller.tick;
    if (from < this.session.length) this.seekTo(from + 1);
    else void this.editor.run.stepFrame();
  }

  /** Play / pause from the transport: a pending seek first arrives, then plays on. */
  togglePlay(): void {
    if (this.seekTarget() !== null) {
      this.resumeAfterSeek = !this.resumeAfterSeek;
      return;
    }
    this.editor.run.togglePlayPause();
  }

  /** Puts back what the latest branch dropped and returns to where it branched. */
  undoBranch(): void {
    const tick = this.session.undoBranch({ seek: false });
    if (tick === null) return;
    this.resumeAfterSeek = false;
    this.seekTo(tick);
    this.editor.notices.notify('info', `Branch undone: the take is back as it was (${this.session.length} steps)`, []);
  }

  private slice = (): void => {
    cancelAnimationFrame(this.frameHandle);
    const target = this.seekTarget();
    if (target === null) return;
    const started = performance.now();
    let left: number;
    const before = this.stepsRun;
    try {
      left = this.session.seekToward(target, this.sliceSteps);
    } catch (e) {
      this.setSeekTarget(null);
      this.editor.notices.notify('error', 'Seeking failed: the simulation stopped with an error', [errorText(e)]);
      return;
    }
    const spent = performance.now() - started;
    const ran = this.stepsRun - before;
    if (this.seekStarted) this.seekStarted.steps += ran;
    // Aim the next slice at the budget from what this one cost per step.
    if (ran > 0 && spent > 0) this.sliceSteps = Math.max(10, Math.min(5000, Math.round((ran * SEEK_SLICE_MS) / spent)));
    if (left > 0) {
      this.frameHandle = requestAnimationFrame(this.slice);
      return;
    }
    batch(() => {
      if (this.seekStarted) this.setLastSeek({ from: this.seekStarted.from, to: target, steps: this.seekStarted.steps, ms: performance.now() - this.seekStarted.at });
      this.seekStarted = null;
      this.setSeekTarget(null);
    });
    // Only if the stage is still in PLAY: leaving it mid-seek must not start it again.
    if (this.resumeAfterSeek && this.session.active) void this.editor.run.play();
    this.resumeAfterSeek = false;
  };

  // ------------------------------------------------------------------ files

  fileName(): string {
    const base = (this.session.take()?.metadata.name ?? 'take').trim().replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'take';
    return `${base}.take.json`;
  }

  /** The current take as file text, or null (with a notice) when there is none or it cannot be saved. */
  saveText(): string | null {
    const take = this.session.take();
    if (!take) {
      this.editor.notices.notify('warning', 'There is no take yet: press PLAY to record one', []);
      return null;
    }
    try {
      return saveTakeText(take);
    } catch (e) {
      const issues = (e as { issues?: Parameters<typeof issueLines>[0] }).issues;
      this.editor.notices.notify('error', 'The take could not be saved', issues ? issueLines(issues) : [errorText(e)]);
      return null;
    }
  }

  /**
   * Opens a take file: its scene becomes the document (one undo step, as opening a scene), and
   * PLAY starts on it, paused at t = 0, ready to play back or scrub. A bad take is refused with
   * its JSON paths and nothing changes.
   */
  async openTakeText(text: string, source = 'the take'): Promise<boolean> {
    const loaded = loadTakeText(text);
    if (!loaded.ok) {
      this.editor.notices.notify('error', `Could not open ${source}: nothing was changed`, issueLines(loaded.issues));
      return false;
    }
    return this.openTake(loaded.take, source);
  }

  async openTake(take: TakeDocument, source = 'the take'): Promise<boolean> {
    if (!this.editor.files.loadText(saveSceneText(take.scene), source)) return false;
    this.session.playNext(take);
    await this.editor.run.play();
    if (this.editor.controller.mode.mode !== 'PLAY') {
      this.session.playNext(null);
      return false;
    }
    this.editor.run.pause();
    this.editor.notices.notify('info', `Opened take ${take.metadata.name || source}`, [
      `${(take.length * STEP_SECONDS).toFixed(2)} s · ${take.commands.length} command${take.commands.length === 1 ? '' : 's'}`,
      'Play watches it again; drag the scrubber to any moment.',
    ]);
    return true;
  }

  private refresh(): void {
    const s = this.session;
    const b = s.branchHistory[s.branchHistory.length - 1];
    batch(() => {
      this.setLength(s.length);
      const current = this.branch();
      if (current?.tick !== b?.tick || current?.dropped !== b?.dropped.lines.length) this.setBranch(b ? { tick: b.tick, dropped: b.dropped.lines.length } : null);
    });
    // Markers: only when the commands changed, at most once a frame (a take may grow every step).
    const key = `${s.tape?.commandCount ?? 0}/${s.branchHistory.length}/${s.tape === this.markedTape}`;
    if (key !== this.markersKey && !this.markersPending) {
      this.markersPending = true;
      requestAnimationFrame(() => {
        this.markersPending = false;
        this.markedTape = s.tape;
        this.markersKey = `${s.tape?.commandCount ?? 0}/${s.branchHistory.length}/true`;
        this.setCommandTicks(s.tape?.commandTicks() ?? []);
      });
    }
  }
}

/** The one studio of an editor (created on first use; create it before the first PLAY). */
export const takeStudioFor = oneEach((editor: Editor) => new TakeStudio(editor));
