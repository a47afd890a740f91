/**
 * A stage's takes (issue 14): every PLAY run is recorded as a take, and the current take can be
 * scrubbed, stepped and branched.
 *
 * Recording reads the trace (records$), so a take holds exactly what the trace says happened:
 * each `command` record at its tick, each pause and resume as a control, and how far the run got.
 * A run starts a take when PLAY starts or the director presses RESET (the stage's `run.started`
 * with its cause); leaving PLAY ends it (it stays available to save until the next one starts).
 * Which of these the session is doing is its machine's state (machines/takeSessionMachine.ts:
 * NO_TAKE, ON_STAGE { RECORDING, REPLAYING, SEEKING }, FINISHED); this class holds the take's
 * data (the tape, the keyframes, the branches) and does what the machine decides.
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
import { createActor, type Actor } from 'xstate';
import type { SceneDocument } from '../../core/scene/schema';
import type { TakeControlEvent, TakeDocument, TakeStart } from '../../core/take/schema';
import { TAKE_CONTROL_EVENTS } from '../../core/take/schema';
import { TAKE_STEPS_PER_SECOND } from '../../core/take/limits';
import { takeSessionMachine, type TakeSessionEvent } from '../../machines/takeSessionMachine';
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

/** The session's state, as the director would name it (see machines/takeSessionMachine.ts). */
export type TakeSessionState = 'NO_TAKE' | 'RECORDING' | 'REPLAYING' | 'SEEKING' | 'FINISHED';

interface Recording {
  tape: TakeTape;
  scene: SceneDocument;
  start: TakeStart;
  name: string;
  created: string | null;
}

const isControl = (e: string): e is TakeControlEvent => (TAKE_CONTROL_EVENTS as readonly string[]).includes(e);
const inPlay = (state: string) => state.startsWith('PLAY.');

type Ev<T extends TakeSessionEvent['type']> = Extract<TakeSessionEvent, { type: T }>;

export class TakeSession {
  /** Fires when the take changes: started, grew, was cut or restored, or the stage moved in it. */
  readonly changes$ = new Subject<void>();
  private rec: Recording | null = null;
  private pending: TakeDocument | null = null;
  private readonly branches: TakeBranch[] = [];
  private readonly subs: Subscription[] = [];
  private readonly actor: Actor<typeof takeSessionMachine>;
  /** The current take's keyframes (cleared with each new take; cut with the take). */
  readonly keyframes = new KeyframeStore();
  /** Seeks use keyframes and new ones are kept (`keyframes` option; a benchmark may switch it). */
  keyframesEnabled: boolean;

  constructor(private readonly controller: StageController, private readonly options: TakeSessionOptions = {}) {
    this.keyframesEnabled = options.keyframes !== false;
    this.actor = createActor(
      takeSessionMachine.provide({
        actions: {
          beginTake: ({ event }) => this.begin(event as Ev<'run.started'>),
          branch: ({ event }) => this.branch((event as Ev<'take.command'>).tick),
          recordCommand: ({ event }) => this.recordCommand(event as Ev<'take.commandRecord'>),
          recordControl: ({ event }) => this.recordControl(event as Ev<'take.controlRecord'>),
          putBranchBack: () => this.putBranchBack(),
          ended: () => this.changes$.next(),
        },
      }),
    );
    this.actor.start();
    controller.setTakeHooks({
      onCommand: () => this.send({ type: 'take.command', tick: controller.tick, length: this.length }),
      beforeStep: (tick) => this.beforeStep(tick),
    });
    this.subs.push(controller.records$.subscribe((r) => this.onRecord(r)));
    this.subs.push(controller.tick$.subscribe((tick) => this.afterStep(tick)));
    // A run starts when the stage says so (PLAY, RESET, a restored keyframe); it ends when the
    // stage is no longer in PLAY (left, or PLAY failed).
    const started = controller.actor.on('run.started', (e) => this.send({ type: 'run.started', cause: e.cause, replays: (this.pending?.length ?? 0) > 0 }));
    const stage = controller.actor.subscribe(() => {
      if (controller.mode.mode !== 'PLAY') this.send({ type: 'run.ended' });
    });
    this.subs.push({ unsubscribe: () => (started.unsubscribe(), stage.unsubscribe()) } as Subscription);
  }

  // ------------------------------------------------------------------ reading

  /** What the session is doing: no take yet, recording, replaying, seeking, or finished. */
  get state(): TakeSessionState {
    const value = this.actor.getSnapshot().value;
    return typeof value === 'string' ? (value as TakeSessionState) : (value.ON_STAGE as TakeSessionState);
  }

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
    return this.actor.getSnapshot().matches('ON_STAGE');
  }

  /** The stage shows a tick before the end of the take: stepping replays it. */
  get behind(): boolean {
    return this.active && this.controller.tick < this.length;
  }

  get isSeeking(): boolean {
    return this.state === 'SEEKING';
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
    if (!this.active || this.controller.mode.mode !== 'PLAY') return 0;
    const target = Math.max(0, Math.min(this.length, Math.round(tick)));
    this.send({ type: 'take.seek' });
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
      this.send({ type: 'take.seekDone', tick: this.controller.tick, length: this.length });
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
    const branch = this.branches[this.branches.length - 1];
    if (!this.active || !branch) return null;
    // Into SEEKING, the branch put back; always from the start: the branch's first command may
    // still wait in the stage's queue.
    this.send({ type: 'take.undoBranch', branches: this.branches.length });
    try {
      this.restart();
    } finally {
      this.send({ type: 'take.seekDone', tick: this.controller.tick, length: this.length });
    }
    if (options.seek !== false) this.seek(branch.tick);
    else this.changes$.next();
    return branch.tick;
  }

  dispose(): void {
    for (const s of this.subs) s.unsubscribe();
    this.controller.setTakeHooks(null);
    this.actor.stop();
    this.changes$.complete();
  }

  // ------------------------------------------------------------------ what the machine decides

  private send(event: TakeSessionEvent): void {
    this.actor.send(event);
  }

  private restart(): void {
    if (this.options.restart) this.options.restart();
    else this.controller.send({ type: 'ui.reset' });
  }

  private restore(keyframe: StageKeyframe): void {
    this.controller.restoreKeyframe(keyframe);
    this.options.restored?.(keyframe.tick);
  }

  /** A new take: the opened take file if one waits, else a new recording of this run. */
  private begin({ cause }: Ev<'run.started'>): void {
    // The machine's newRun guard lets no restore through: a keyframe is the run it came from.
    if (cause === 'restore') throw new Error('a restored keyframe begins no take');
    const scene = this.controller.document;
    const pending = this.pending;
    this.pending = null;
    this.branches.length = 0;
    this.keyframes.clear();
    if (pending) {
      this.rec = { tape: TakeTape.fromDocument(pending), scene: pending.scene, start: pending.started_by, name: pending.metadata.name, created: pending.metadata.created };
    } else {
      this.rec = { tape: new TakeTape(), scene, start: cause, name: this.options.nameOf?.(scene) ?? scene.name ?? 'take', created: this.options.now?.() ?? null };
    }
    this.changes$.next();
  }

  /** Before a step, in a `feeds` state: a step the take has gets its commands; one past the end is news. */
  private beforeStep(tick: number): void {
    const rec = this.rec;
    if (!rec || !this.actor.getSnapshot().hasTag('feeds')) return;
    if (tick > rec.tape.length) {
      this.send({ type: 'take.ranOut', tick });
      return;
    }
    const runtime = this.controller.currentRuntime;
    if (runtime) for (const c of rec.tape.commandsAt(tick)) runtime.enqueue(c);
  }

  /** After a step, what the session's state does each step (its tags): keep a keyframe, lengthen the take. */
  private afterStep(tick: number): void {
    const state = this.actor.getSnapshot();
    if (state.hasTag('keyframes') && this.keyframesEnabled && this.keyframes.wants(tick)) this.keyframes.add(this.controller.captureKeyframe());
    const rec = this.rec;
    if (state.hasTag('grows') && rec && tick > rec.tape.length) {
      rec.tape.extendTo(tick);
      this.changes$.next();
    }
  }

  /** A director's command behind the end: cut the take there, keeping the dropped future for an undo. */
  private branch(at: number): void {
    const rec = this.rec;
    if (!rec) return;
    this.branches.push({ tick: at, dropped: rec.tape.cutAfter(at) });
    this.keyframes.dropAfter(at);
    this.changes$.next();
  }

  private putBranchBack(): void {
    const branch = this.branches.pop();
    if (!branch || !this.rec) return;
    this.rec.tape.restore(branch.dropped);
    // What was kept after the branch point belongs to the branch, not to the future put back.
    this.keyframes.dropAfter(branch.tick);
  }

  private recordCommand({ tick, command }: Ev<'take.commandRecord'>): void {
    this.rec?.tape.appendCommand(tick, command);
  }

  private recordControl({ tick, control }: Ev<'take.controlRecord'>): void {
    this.rec?.tape.appendControl(tick, control);
  }

  private onRecord(r: TraceRecord): void {
    if (r.type === 'command') this.send({ type: 'take.commandRecord', tick: r.tick, command: r.command });
    // Stage controls inside PLAY (pause, resume): the machine keeps those at the end of the take.
    else if (r.type === 'transition' && r.actor === 'stage' && inPlay(r.from) && inPlay(r.to) && isControl(r.event)) {
      this.send({ type: 'take.controlRecord', tick: r.tick, length: this.length, control: r.event });
    }
  }
}
