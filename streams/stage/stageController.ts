/**
 * The stage: the authored document, the root stage actor (with its SimulatedClock), the PLAY
 * runtime and the record stream that feeds the trace and the timeline. UI and CLI talk to this.
 */
import { BehaviorSubject, Subject, type Subscription } from 'rxjs';
import { createActor, fromCallback, SimulatedClock, type Actor, type EventObject } from 'xstate';
import { stageMachine, stageModeOf, type RunInput, type RunStarted, type StageEvent as StageCommand } from '../../machines/stageMachine';
import type { ActionPayload, SceneDocument } from '../../core/scene/schema';
import { objectsOfKind } from '../../objects/core/models';
import type { RigInput } from '../../machines/rigMachine';
import { loadSceneText, type SceneLoadResult } from '../../core/scene/io';
import { StageRuntime, type RuntimeState } from '../runtime/stageRuntime';
import type { Snapshot } from 'xstate';
import type { RuntimeCommand } from '../runtime/commands';
import { documentFrame } from '../frame/documentFrame';
import type { FrameSnapshot } from '../frame/frame';
import { attachTrace, createInspector, type TraceAttachment } from '../trace/inspector';
import { loadWarnings } from '../../core/scene/loadWarnings';
import { round2, roundVec, STEP_MS, tickTime, type TraceRecord } from '../trace/records';

export type { StageCommand };
/** What the UI and the CLI may send (documents and keyframes have their own methods). */
export type StageUiCommand = Exclude<StageCommand, { type: 'stage.setRigs' } | { type: 'stage.restore' } | RunStarted>;

/**
 * A debugger's breakpoint test: called at the end of every step with the records that step wrote
 * (transitions included) and its tick; returning true pauses the stage there (`ui.pause`).
 */
export type BreakCheck = (records: readonly TraceRecord[], tick: number) => boolean;

/** What a take (streams/take) hears from the stage: see `setTakeHooks`. */
export interface TakeHooks {
  /** A command from the UI or the CLI was queued during PLAY (before it is queued). */
  onCommand?(command: RuntimeCommand): void;
  /** A step is about to run and will have this tick: a replayed take queues that tick's commands. */
  beforeStep?(tick: number): void;
}

/**
 * The stage between two steps of PLAY, as data (issue 14): the rig actors' persisted snapshots
 * and the runtime's state. Restoring it gives the frame, the next steps and the trace the run
 * had from that tick on. Valid for the document it was captured on.
 */
export interface StageKeyframe {
  tick: number;
  document: SceneDocument;
  rigs: Record<string, Snapshot<unknown>>;
  runtime: RuntimeState;
}

/** Rig actor inputs: every stickman with its authored queue as lane items. */
const rigInputsOf = (doc: SceneDocument): RigInput[] =>
  objectsOfKind(doc.objects, 'stickman')
    .map((o) => ({
      id: o.id,
      autoRecover: o.auto_recover,
      gestures: doc.gestures,
      // Own keys only: a stickman called `toString` without a queue must not get Object.prototype's.
      items: (Object.hasOwn(doc.queues, o.id) ? doc.queues[o.id] : []).map(({ id, ...action }) => ({ id, origin: 'authored' as const, action: action as ActionPayload })),
    }));

export class StageController {
  readonly clock = new SimulatedClock();
  readonly actor: Actor<typeof stageMachine>;
  /** Every trace record, live: transitions, stage events, actions, warnings. */
  readonly records$ = new Subject<TraceRecord>();
  readonly frame$: BehaviorSubject<FrameSnapshot>;
  /** Fires once per fixed step with the new tick number. */
  readonly tick$ = new Subject<number>();
  private doc: SceneDocument;
  private runtime: StageRuntime | null = null;
  private previousFrame: FrameSnapshot;
  private debug = false;
  private readonly inspector: ReturnType<typeof createInspector>;
  /** How the trace hears the actor system (streams/trace/inspector `attachTrace`). */
  readonly traceAttachment: TraceAttachment;

  constructor(doc: SceneDocument) {
    this.doc = doc;
    this.previousFrame = documentFrame(doc);
    this.frame$ = new BehaviorSubject(this.previousFrame);
    this.inspector = createInspector(() => this.now(), (r) => this.record(r));
    const machine = stageMachine.provide({
      actors: {
        // The run: the PLAY runtime lives exactly as long as this actor. A build (or a keyframe's
        // load) that throws errors the run, and the stage lands in PLAY_FAILED with the error.
        run: fromCallback<EventObject, RunInput>(({ input, sendBack }) => {
          const runtime = this.openRuntime(input);
          sendBack({ type: 'run.started', cause: input.cause } satisfies RunStarted);
          return () => this.closeRuntime(runtime);
        }),
      },
    });
    this.actor = createActor(machine, { clock: this.clock, systemId: 'stage', input: { rigs: rigInputsOf(doc) } });
    // Attached before start, so the trace hears every actor's first snapshot (where it starts).
    this.traceAttachment = attachTrace(this.actor.system, this.inspector.observe);
    this.actor.subscribe(() => this.publishModeChange());
    // A run from tick 0 (PLAY, RESET) says first what the loader warned about (DESIGN.md §9); the
    // event comes after the transition that started the run. A restored keyframe is the same run.
    this.actor.on('run.started', (e) => {
      if (e.cause !== 'restore') for (const w of loadWarnings(this.doc)) this.warn(w.message, w.object);
    });
    this.actor.start();
  }

  get document(): SceneDocument {
    return this.doc;
  }

  get mode(): { mode: 'EDIT' | 'DIRECT' | 'PLAY'; paused: boolean } {
    return stageModeOf(this.actor.getSnapshot().value);
  }

  get tick(): number {
    return this.runtime?.tick ?? 0;
  }

  get currentRuntime(): StageRuntime | null {
    return this.runtime;
  }

  /**
   * Sends a UI command to the stage machine. If the run it starts cannot be built (a scene physics
   * rejects), the stage lands in PLAY_FAILED (edited like EDIT), the trace gets a warning and the
   * error is thrown.
   */
  send(command: StageUiCommand): void {
    this.sendChecked(command);
  }

  /** Why the last run could not start, while the stage is in PLAY_FAILED; null otherwise. */
  get runFailure(): Error | null {
    const s = this.actor.getSnapshot();
    return s.value === 'PLAY_FAILED' ? toError(s.context.failure) : null;
  }

  private sendChecked(command: Exclude<StageCommand, { type: 'stage.setRigs' } | RunStarted>): void {
    const before = this.actor.getSnapshot().context.failure;
    this.actor.send(command);
    const after = this.actor.getSnapshot();
    if (after.value === 'PLAY_FAILED' && after.context.failure !== before) {
      const failure = toError(after.context.failure);
      this.warn(`PLAY could not start: ${failure.message}`);
      throw failure;
    }
  }

  /**
   * Replaces the authored document (an edit or a load). Refused during PLAY, where the runtime
   * owns the stage; the caller switches to EDIT first.
   */
  setDocument(doc: SceneDocument): void {
    if (this.mode.mode === 'PLAY') throw new Error('cannot change the scene during PLAY; switch to EDIT or DIRECT first');
    // Build the frame first: if the document cannot be drawn, nothing changes.
    const frame = documentFrame(doc, this.mode.mode);
    this.doc = doc;
    this.actor.send({ type: 'stage.setRigs', rigs: rigInputsOf(doc) });
    this.publish(frame);
  }

  /** Loads a scene file. On failure the current scene stays exactly as it was. */
  loadText(text: string): SceneLoadResult {
    const result = loadSceneText(text);
    if (!result.ok) return result;
    if (this.mode.mode === 'PLAY') this.send({ type: 'ui.edit' });
    this.setDocument(result.scene);
    return result;
  }

  /**
   * Advances `count` fixed steps if PLAY is running; returns how many ran. The frame is
   * published once at the end: render only ever shows the latest step.
   */
  step(count = 1): number {
    let ran = 0;
    for (let i = 0; i < count; i += 1) {
      const m = this.mode;
      if (m.mode !== 'PLAY' || m.paused || !this.runtime) break;
      if (i === count - 1) this.previousFrame = this.runtime.frame();
      this.stepOnce(this.runtime);
      ran += 1;
    }
    if (ran > 0 && this.runtime) this.publish(this.runtime.frame(), false);
    return ran;
  }

  /** Steps once even while paused (frame-by-frame debugging). */
  stepFrame(): void {
    if (!this.runtime) return;
    this.previousFrame = this.runtime.frame();
    this.stepOnce(this.runtime);
    this.publish(this.runtime.frame(), false);
  }

  interpolationPair(): [FrameSnapshot, FrameSnapshot] {
    return [this.previousFrame, this.frame$.value];
  }

  /** Debug overlay data (probe rays, proxies, TerrainMotion) in frames while enabled. */
  setDebug(enabled: boolean): void {
    this.debug = enabled;
    this.runtime?.setDebug(enabled);
    if (this.runtime) this.publish(this.runtime.frame(), false);
  }

  /** Actors the trace inspector currently tracks (stopped ones are forgotten). */
  get inspectedActors(): number {
    return this.inspector.tracked();
  }

  get debugEnabled(): boolean {
    return this.debug;
  }

  /**
   * A command for the running stage, applied at the start of the next step and traced then as a
   * `command` record. Ignored outside PLAY (there is nothing running to command).
   */
  command(command: RuntimeCommand): void {
    if (this.runtime) this.takeHooks?.onCommand?.(command);
    this.runtime?.enqueue(command);
  }

  /** A direct walk request during PLAY; applied at the start of the next step. */
  walkTo(rigId: string, x: number, y?: number): void {
    this.command(y === undefined ? { type: 'rig.walkTo', id: rigId, x } : { type: 'rig.walkTo', id: rigId, x, y });
  }

  /** stop_queue / start_queue for one stickman during PLAY; applied at the start of the next step. */
  stopQueue(rigId: string): void {
    this.command({ type: 'rig.stopQueue', id: rigId });
  }

  startQueue(rigId: string): void {
    this.command({ type: 'rig.startQueue', id: rigId });
  }

  /** Direct calls during PLAY: ragdoll a stickman now, or have it stand up now. */
  ragdoll(rigId: string): void {
    this.command({ type: 'rig.ragdoll', id: rigId });
  }

  recover(rigId: string): void {
    this.command({ type: 'rig.recover', id: rigId });
  }

  /** The director's grab in PLAY: hold a prop or a stickman at a stage point, drag, let go. */
  grabStart(id: string, point: [number, number]): void {
    this.command({ type: 'grab.start', id, point: [point[0], point[1]] });
  }

  grabMove(point: [number, number]): void {
    this.command({ type: 'grab.move', point: [point[0], point[1]] });
  }

  grabEnd(): void {
    this.command({ type: 'grab.end' });
  }

  warn(message: string, object?: string): void {
    const rec: TraceRecord = { t: tickTime(this.tick), tick: this.tick, type: 'warning', message };
    if (object) rec.object = object;
    this.record(rec);
  }

  /** A trace record to `records$`: with nobody listening (a bench, a headless step loop), next() would only build its observer list's iterator. */
  private record(r: TraceRecord): void {
    if (this.records$.observed) this.records$.next(r);
  }

  summary(): TraceRecord {
    const props: Record<string, unknown> = {};
    const frame = this.frame$.value;
    for (const p of frame.props) {
      const s = this.runtime?.propState(p.id);
      props[p.id] = { position: roundVec(p.position), velocity: s ? roundVec(s.velocity) : [0, 0] };
    }
    const rigs: Record<string, unknown> = {};
    for (const r of frame.rigs) {
      const live = this.runtime?.rig(r.id)?.motion;
      const feet = live ? { left: roundVec(live.feet.left.pos), right: roundVec(live.feet.right.pos) } : null;
      rigs[r.id] = { root: roundVec(r.root), facing: r.facing, state: r.state, terrain: r.terrain, feet, held_prop: r.heldProp };
    }
    return { t: tickTime(this.tick), tick: this.tick, type: 'summary', rigs, props };
  }

  dispose(): void {
    // Stopping the stage stops the run, which disposes the runtime.
    this.actor.stop();
    this.records$.complete();
    this.tick$.complete();
    this.frame$.complete();
  }

  private now() {
    return { t: tickTime(this.tick), tick: this.tick };
  }

  private stepOnce(runtime: StageRuntime, checkBreaks = true): void {
    this.stepRecords.length = 0;
    this.takeHooks?.beforeStep?.(runtime.tick + 1);
    runtime.step();
    this.clock.increment(STEP_MS);
    this.tick$.next(runtime.tick);
    if (checkBreaks) this.checkBreak(runtime.tick);
    else this.stepRecords.length = 0;
  }

  // --- Takes (streams/take): recording, replaying and seeking a run. ---
  private takeHooks: TakeHooks | null = null;

  /** Installs (or with null removes) the take hooks; see `TakeHooks`. */
  setTakeHooks(hooks: TakeHooks | null): void {
    this.takeHooks = hooks;
  }

  /**
   * Runs `count` steps in PLAY whether running or paused (a take replay or seek re-simulates
   * while paused), without breakpoints; publishes the frame once at the end. Returns how many ran.
   */
  advance(count: number): number {
    let ran = 0;
    for (let i = 0; i < count; i += 1) {
      if (this.mode.mode !== 'PLAY' || !this.runtime) break;
      if (i === count - 1) this.previousFrame = this.runtime.frame();
      this.stepOnce(this.runtime, false);
      ran += 1;
    }
    if (ran > 0 && this.runtime) this.publish(this.runtime.frame(), false);
    return ran;
  }

  // --- Keyframes (streams/take/keyframes): the stage saved between two steps and restored. ---

  /** The running stage as a keyframe (PLAY only; between steps). */
  captureKeyframe(): StageKeyframe {
    const runtime = this.runtime;
    if (!runtime || this.mode.mode !== 'PLAY') throw new Error('a keyframe needs a stage in PLAY');
    const context = this.actor.getSnapshot().context;
    const rigs: Record<string, Snapshot<unknown>> = {};
    // Copied now: a persisted snapshot shares arrays with the live context.
    for (const [id, ref] of Object.entries(context.rigs)) rigs[id] = structuredClone(ref.getPersistedSnapshot());
    return { tick: runtime.tick, document: this.doc, rigs, runtime: runtime.saveState() };
  }

  /**
   * Puts the stage back at `keyframe`, paused: rig actors restored from their snapshots, a runtime
   * rebuilt from the document and loaded with the saved state. PLAY only, same document.
   */
  restoreKeyframe(keyframe: StageKeyframe): void {
    if (this.mode.mode !== 'PLAY') throw new Error('a keyframe restores into PLAY only');
    if (keyframe.document !== this.doc) throw new Error('a keyframe restores only on the document it was captured on');
    this.sendChecked({ type: 'stage.restore', rigs: keyframe.rigs, runtime: keyframe.runtime });
  }

  // --- Breakpoints (the statecharts panel): pause at the end of the step that hit one. ---
  private breakCheck: BreakCheck | null = null;
  private breakRecords: Subscription | null = null;
  private readonly stepRecords: TraceRecord[] = [];

  /** Installs (or with null removes) the check run after every step; see `BreakCheck`. */
  setBreakCheck(check: BreakCheck | null): void {
    this.breakRecords?.unsubscribe();
    this.breakRecords = null;
    this.stepRecords.length = 0;
    this.breakCheck = check;
    // Records are collected only while a check is installed: no cost otherwise.
    if (check) this.breakRecords = this.records$.subscribe((r) => this.stepRecords.push(r));
  }

  private checkBreak(tick: number): void {
    if (!this.breakCheck || this.stepRecords.length === 0) return;
    const hit = this.breakCheck(this.stepRecords.slice(), tick);
    this.stepRecords.length = 0;
    const m = this.mode;
    if (hit && m.mode === 'PLAY' && !m.paused) this.actor.send({ type: 'ui.pause' });
  }

  /** The run's start: a runtime from the document on the run's rigs (and a keyframe's state). Throws if it cannot be built. */
  private openRuntime({ rigs, restore }: RunInput): StageRuntime {
    // Own keys only: a stickman may be called `constructor` or `toString`.
    const runtime = new StageRuntime(this.doc, (id) => (Object.hasOwn(rigs, id) ? rigs[id] : undefined));
    try {
      // The overlay first: a keyframe fills in the probes of its step.
      if (this.debug) runtime.setDebug(true);
      if (restore) runtime.loadState(restore as RuntimeState);
    } catch (e) {
      runtime.dispose();
      throw e;
    }
    this.runtime = runtime;
    // Records stream as they are written, so a command precedes the transitions it causes.
    runtime.onRecord = (r) => this.record(r);
    this.publish(runtime.frame());
    return runtime;
  }

  /** The run's stop. */
  private closeRuntime(runtime: StageRuntime): void {
    runtime.dispose();
    if (this.runtime === runtime) this.runtime = null;
  }

  private publishModeChange(): void {
    const m = this.mode;
    const frame = this.runtime && m.mode === 'PLAY' ? this.runtime.frame() : documentFrame(this.doc, m.mode);
    this.publish({ ...frame, mode: m.mode, paused: m.paused });
  }

  /** `fromStep` false keeps the interpolation pair the step loop set up. */
  private publish(frame: FrameSnapshot, resetInterpolation = true): void {
    const m = this.mode;
    const f = frame.mode === m.mode && frame.paused === m.paused ? frame : { ...frame, mode: m.mode, paused: m.paused };
    if (resetInterpolation) this.previousFrame = f;
    this.frame$.next(f);
  }
}

const toError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

export { round2 };
