/**
 * The PLAY run: loading the physics engine, play, pause, reset and single steps, a seek's
 * restored keyframe, and what the panels show of the run (./liveRun). Every mode change goes
 * through `controller.send`; a refused one becomes a notice. The editor hands it out as `editor.run`.
 */
import { createSignal, type Accessor } from 'solid-js';
import { initPhysics, type FrameSnapshot, type StageController } from '../../streams';
import { LiveRun, type ActionRun } from './liveRun';
import { errorText, type NoticeBoard } from './notices';
import type { RunStarts } from './runStarts';

export class RunControl {
  readonly physicsReady: Accessor<boolean>;
  private readonly setPhysicsReady: (b: boolean) => void;
  private readonly live: LiveRun;
  private physics: Promise<void> | null = null;

  constructor(
    private readonly controller: StageController,
    private readonly notices: NoticeBoard,
    private readonly runStarts: RunStarts,
    /** Ends a drag in progress (it becomes an undo step) before the stage runs. */
    private readonly finishInteraction: () => void,
  ) {
    [this.physicsReady, this.setPhysicsReady] = createSignal(false);
    this.live = new LiveRun(controller);
  }

  /** The latest frame in PLAY (one update per simulated step shown). */
  get liveFrame(): Accessor<FrameSnapshot> {
    return this.live.liveFrame;
  }

  get setLiveFrame(): (f: FrameSnapshot) => void {
    return this.live.setLiveFrame;
  }

  /** Stickman `rigId`'s queue item runs in the current PLAY run, by action id (reactive); cleared on PLAY and RESET. */
  runsOf(rigId: string): ReadonlyMap<string, ActionRun> {
    return this.live.runsOf(rigId);
  }

  /** Starts loading Rapier; PLAY waits for it. */
  preparePhysics(): Promise<void> {
    this.physics ??= initPhysics().then(
      () => this.setPhysicsReady(true),
      (e: unknown) => {
        this.physics = null;
        this.notices.notify('error', 'The physics engine failed to load', [errorText(e)]);
        throw e;
      },
    );
    return this.physics;
  }

  async play(): Promise<void> {
    this.finishInteraction();
    try {
      await this.preparePhysics();
    } catch {
      return;
    }
    const m = this.controller.mode;
    if (m.mode === 'PLAY') {
      if (m.paused) this.send({ type: 'ui.resume' });
      return;
    }
    this.send({ type: 'ui.play' });
  }

  pause(): void {
    if (this.controller.mode.mode === 'PLAY' && !this.controller.mode.paused) this.send({ type: 'ui.pause' });
  }

  togglePlayPause(): void {
    const m = this.controller.mode;
    if (m.mode === 'PLAY' && !m.paused) this.pause();
    else void this.play();
  }

  /** RESET: rewinds PLAY to the document and holds at t = 0. */
  reset(): void {
    if (this.controller.mode.mode !== 'PLAY') return;
    this.live.clearRuns();
    this.runStarts.fire('reset');
    this.send({ type: 'ui.reset' });
    this.live.showCurrentFrame();
  }

  /** A seek restored the keyframe of `tick`: the panels show the run as it was there. */
  restored(tick: number): void {
    this.live.rewindTo(tick);
    this.live.showCurrentFrame();
  }

  /** PLAY started: the panels start from the run's first frame. */
  started(): void {
    this.live.clearRuns();
    this.live.showCurrentFrame();
  }

  /**
   * Runs exactly one fixed step and holds there (PAUSED): from EDIT or DIRECT it enters PLAY
   * first, so the first step shown is t = 1/60 s.
   */
  async stepFrame(): Promise<void> {
    const inPlay = () => this.controller.mode.mode === 'PLAY';
    if (!inPlay()) {
      await this.play();
      // PLAY may not have started (physics failed to load, the scene refused).
      if (!inPlay()) return;
    }
    this.pause();
    try {
      this.controller.stepFrame();
    } catch (e) {
      this.notices.notify('error', 'The simulation stopped with an error', [errorText(e)]);
    }
  }

  /** Sends a mode command; a refusal, or the stage stopping on an error, becomes a notice. */
  send(command: Parameters<StageController['send']>[0]): void {
    try {
      this.controller.send(command);
    } catch (e) {
      this.notices.notify('error', `The stage could not handle ${command.type}`, [errorText(e)]);
    }
    const snapshot = this.controller.actor.getSnapshot() as { status?: string; error?: unknown };
    if (snapshot.status === 'error') {
      this.notices.notify('error', 'The stage stopped after an error; reload the page (your scene is autosaved)', [errorText(snapshot.error)]);
    }
  }
}
