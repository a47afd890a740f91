/**
 * A stage's takes (issue 14): every PLAY run is recorded as a take, and the current take can be
 * scrubbed, stepped and branched.
 *
 * Recording reads the trace (records$), so a take holds exactly what the trace says happened:
 * each `command` record at its tick, each pause and resume as a control, and how far the run got.
 * A run starts a take when PLAY starts or the director presses RESET; leaving PLAY ends it (it
 * stays available to save until the next one starts).
 *
 * Seeking restores the nearest keyframe at or before the wanted tick (./keyframes: the stage saved
 * every second of the take as it ran or was replayed) and steps on from there, feeding the take's
 * commands at their ticks; with no keyframe behind the target it restarts the run (the stage's
 * RESET: fresh physics, fresh actors) and steps from t = 0. The simulation is deterministic
 * (DESIGN.md §4) and a restored keyframe steps on exactly as the run did, so either way the stage
 * shows exactly the frame the live run showed there (tests/integration/takeScrub.test.ts and
 * keyframes.test.ts check both). Seeking forward steps on, or jumps to a keyframe on the way.
 *
 * While the stage is behind the end of its take, stepping (playing, a frame step) replays the
 * take's commands. A new command from the director there starts a new branch: the take is cut at
 * the current tick (the later commands are dropped) and the command is recorded live; the cut is
 * kept so `undoBranch` can put the old future back.
 */
import { Subject, type Subscription } from 'rxjs';
import type { SceneDocument } from '../../core/scene/schema';
import type { TakeControlEvent, TakeDocument, TakeStart } from '../../core/take/schema';
import { TAKE_CONTROL_EVENTS } from '../../core/take/schema';
import { TAKE_STEPS_PER_SECOND } from '../../core/take/limits';
import type { RuntimeCommand } from '../runtime/commands';
import type { StageController, StageKeyframe } from '../stage/stageController';
import type { TraceRecord } from '../trace/records';
import { TakeTape, type TapeTail } from './tape';
import { KeyframeStore } from './keyframes';

export interface TakeSessionOptions {
  /**
   * Rewinds the run to tick 0, paused (default: the stage's RESET). The app passes its own reset,
   * which also clears what its panels showed of the run.
   */
  restart?: () => void;
  /** The name new takes get (e.g. the scene's name). */
  nameOf?: (scene: SceneDocument) => string;
  /** When a take started, as an ISO time; the simulation never reads a clock, the app may. */
  now?: () => string | null;
  /**
   * A seek restored the keyframe of `tick` (the app rewinds what its panels show of the run to
   * that tick). Without keyframes (`keyframes: false`) seeks always restart instead.
   */
  restored?: (tick: number) => void;
  /** Keep keyframes for fast seeking (default true); false: every backward seek re-simulates from 0. */
  keyframes?: boolean;
}

/** A branch made behind the end of the take: where, and the future it dropped. */
export interface TakeBranch {
  tick: number;
  dropped: TapeTail;
}

interface Recording {
  tape: TakeTape;
  scene: SceneDocument;
  start: TakeStart;
  name: string;
  created: string | null;
}

const isControl = (e: string): e is TakeControlEvent => (TAKE_CONTROL_EVENTS as readonly string[]).includes(e);
const inPlay = (state: string) => state.startsWith('PLAY');

export class TakeSession {
  /** Fires when the take changes: started, grew, was cut or restored, or the stage moved in it. */
  readonly changes$ = new Subject<void>();
  private rec: Recording | null = null;
  /** The stage is in PLAY on this take (false once PLAY is left: the take is kept, finished). */
  private live = false;
  /** A seek is re-simulating: its own stage events are not the director's. */
  private seeking = false;
  private pending: TakeDocument | null = null;
  /** The step running now is past the end of the take (set before each step). */
  private stepIsLive = false;
  private lastMode: { mode: string; paused: boolean };
  private lastRuntime: unknown = null;
  private readonly branches: TakeBranch[] = [];
  private readonly subs: Subscription[] = [];
  /** The current take's keyframes (cleared with each new take; cut with the take). */
  readonly keyframes = new KeyframeStore();
  /** Seeks use keyframes and new ones are kept (`keyframes` option; a benchmark may switch it). */
  keyframesEnabled: boolean;

  constructor(private readonly controller: StageController, private readonly options: TakeSessionOptions = {}) {
    this.keyframesEnabled = options.keyframes !== false;
    controller.setTakeHooks({ onCommand: (c) => this.onCommand(c), beforeStep: (t) => this.feed(t) });
    this.subs.push(controller.records$.subscribe((r) => this.onRecord(r)));
    this.subs.push(controller.tick$.subscribe((t) => this.onTick(t)));
    this.lastMode = controller.mode;
    // A run starts when the stage builds a new runtime in PLAY: PLAY entered, or RESET (a RESET
    // while paused changes no state name, so it leaves no transition in the trace to go by).
    const sub = controller.actor.subscribe(() => this.onStage());
    this.subs.push({ unsubscribe: () => sub.unsubscribe() } as Subscription);
  }

  // ------------------------------------------------------------------ reading

  /** The current (or last finished) take as a document, or null before the first PLAY. */
  take(): TakeDocument | null {
    const r = this.rec;
    if (!r) return null;
    return r.tape.toDocument({ scene: r.scene, started_by: r.start, metadata: { name: r.name, created: r.created, steps_per_second: TAKE_STEPS_PER_SECOND } });
  }

  /** The last tick of the take (0 before any). */
  get length(): number {
    return this.rec?.tape.length ?? 0;
  }

  /** The tape itself (read-only use: markers, memory accounting). */
  get tape(): TakeTape | null {
    return this.rec?.tape ?? null;
  }

  /** The stage is in PLAY on this take. */
  get active(): boolean {
    return this.live;
  }

  /** The stage shows a tick before the end of the take: stepping replays it. */
  get behind(): boolean {
    return this.live && this.controller.tick < this.length;
  }

  get isSeeking(): boolean {
    return this.seeking;
  }

  /** Branches that can be undone, the latest last. */
  get branchHistory(): readonly TakeBranch[] {
    return this.branches;
  }

  // ------------------------------------------------------------------ playing a take

  /**
   * The next PLAY start plays `take` instead of recording a new one (opening a take file). Its
   * scene must be the stage's document by then; the caller sets it and starts PLAY (and passes
   * null if it could not).
   */
  playNext(take: TakeDocument | null): void {
    this.pending = take;
  }

  /**
   * Moves the stage to `tick` of the take (clamped to 0 … length), paused, by re-simulation when
   * it is behind the stage's tick. Returns the tick reached. Only in PLAY.
   */
  seek(tick: number): number {
    while (this.seekToward(tick, Number.POSITIVE_INFINITY) > 0) {
      /* one call does it all with an unlimited budget */
    }
    return this.controller.tick;
  }

  /**
   * One slice of a seek: restarts the run if `tick` is behind the stage, then steps at most
   * `maxSteps` toward it. Returns how many steps are still to go (0: arrived). A UI calls this
   * once per frame so a long seek never freezes it, and may change the target between slices.
   */
  seekToward(tick: number, maxSteps: number): number {
    if (!this.live || this.controller.mode.mode !== 'PLAY') return 0;
    const target = Math.max(0, Math.min(this.length, Math.round(tick)));
    this.seeking = true;
    try {
      const here = this.controller.tick;
      const keyframe = !this.keyframesEnabled ? null : this.keyframes.atOrBefore(target);
      // A keyframe behind the target beats both a restart and stepping on from farther back.
      if (keyframe && (target < here || keyframe.tick > here)) this.restore(keyframe);
      else if (target < here) this.restart();
      else if (!this.controller.mode.paused) this.controller.send({ type: 'ui.pause' });
      const due = target - this.controller.tick;
      this.controller.advance(Math.min(due, maxSteps));
    } finally {
      this.seeking = false;
    }
    this.changes$.next();
    return Math.max(0, target - this.controller.tick);
  }

  /** One tick back (re-simulated). */
  stepBack(): number {
    return this.seek(this.controller.tick - 1);
  }

  /**
   * Puts back the future the latest branch dropped and returns the stage to the tick where it
   * branched, re-simulated (the branch's own steps are gone). With `seek: false` the run is only
   * restarted, for a caller that seeks in slices. Returns the branch's tick, or null when there
   * is no branch to undo.
   */
  undoBranch(options: { seek?: boolean } = {}): number | null {
    const rec = this.rec;
    if (!rec || !this.live) return null;
    const branch = this.branches.pop();
    if (!branch) return null;
    rec.tape.restore(branch.dropped);
    // What was kept after the branch point belongs to the branch, not to the future put back.
    this.keyframes.dropAfter(branch.tick);
    // Always from the start: the branch's first command may still wait in the stage's queue.
    this.seeking = true;
    try {
      this.restart();
    } finally {
      this.seeking = false;
    }
    if (options.seek !== false) this.seek(branch.tick);
    else this.changes$.next();
    return branch.tick;
  }

  dispose(): void {
    for (const s of this.subs) s.unsubscribe();
    this.controller.setTakeHooks(null);
    this.changes$.complete();
  }

  // ------------------------------------------------------------------ hooks

  private restart(): void {
    if (this.options.restart) this.options.restart();
    else this.controller.send({ type: 'ui.reset' });
  }

  private restore(keyframe: StageKeyframe): void {
    this.controller.restoreKeyframe(keyframe);
    this.options.restored?.(keyframe.tick);
  }

  /** Before a step: a take being replayed queues that step's commands. */
  private feed(tick: number): void {
    const rec = this.rec;
    // A step past the end is live: its command records are new and go on the tape.
    this.stepIsLive = !!rec && tick > rec.tape.length;
    if (!this.live || !rec || this.stepIsLive) return;
    const runtime = this.controller.currentRuntime;
    if (!runtime) return;
    for (const c of rec.tape.commandsAt(tick)) runtime.enqueue(c);
  }

  /** A director's command: behind the end of the take it starts a new branch. */
  private onCommand(_command: RuntimeCommand): void {
    const rec = this.rec;
    if (!this.live || !rec || this.seeking) return;
    const at = this.controller.tick;
    if (at >= rec.tape.length) return;
    this.branches.push({ tick: at, dropped: rec.tape.cutAfter(at) });
    this.keyframes.dropAfter(at);
    this.changes$.next();
  }

  private onTick(tick: number): void {
    const rec = this.rec;
    if (!this.live || !rec) return;
    // Live, replayed or re-simulated by a seek: the stage at this tick is the take's either way.
    if (this.keyframesEnabled && this.keyframes.wants(tick)) this.keyframes.add(this.controller.captureKeyframe());
    if (this.seeking) return;
    if (tick > rec.tape.length) {
      rec.tape.extendTo(tick);
      this.changes$.next();
    }
  }

  private onRecord(r: TraceRecord): void {
    if (r.type === 'command') {
      // Behind the end these are the take's own commands, fed back; at the end they are new.
      const rec = this.rec;
      if (this.live && rec && this.stepIsLive && !this.seeking) rec.tape.appendCommand(r.tick, r.command);
      return;
    }
    // Pauses and resumes at the end of the take are the director's; a seek makes its own.
    if (r.type !== 'transition' || r.actor !== 'stage' || !inPlay(r.from) || !inPlay(r.to) || !isControl(r.event)) return;
    const rec = this.rec;
    if (this.live && rec && !this.seeking && r.tick >= rec.tape.length) rec.tape.appendControl(r.tick, r.event);
  }

  private onStage(): void {
    const before = this.lastMode;
    const now = this.controller.mode;
    const runtime = now.mode === 'PLAY' ? this.controller.currentRuntime : null;
    this.lastMode = now;
    if (runtime && runtime !== this.lastRuntime) {
      this.lastRuntime = runtime;
      // The director's RESET starts over: a new take. A seek's own restart does not.
      if (!this.seeking) {
        if (before.mode !== 'PLAY') this.begin(before.mode === 'DIRECT' ? 'play_from_direct' : 'play_from_edit');
        else this.begin(before.paused ? 'reset_paused' : 'reset_running');
      }
    } else if (!runtime) {
      this.lastRuntime = null;
      if (this.live) {
        this.live = false;
        this.changes$.next();
      }
    }
  }

  private begin(start: TakeStart): void {
    const scene = this.controller.document;
    const pending = this.pending;
    this.pending = null;
    this.branches.length = 0;
    this.keyframes.clear();
    this.live = true;
    if (pending) {
      this.rec = { tape: TakeTape.fromDocument(pending), scene: pending.scene, start: pending.started_by, name: pending.metadata.name, created: pending.metadata.created };
    } else {
      this.rec = { tape: new TakeTape(), scene, start, name: this.options.nameOf?.(scene) ?? scene.name ?? 'take', created: this.options.now?.() ?? null };
    }
    this.changes$.next();
  }
}
