/**
 * A stage set up to replay a take: the take's scene on a fresh controller, its commands fed at
 * their ticks, and PLAY started the way the live run started it (what came before the run's first
 * record is done before `onRecord` is attached, so the replayed trace opens as the live one did).
 * The headless replay (./replay) and the export's frame source (./frameSource) both start here.
 */
import type { TakeDocument } from '../../core/take/schema';
import { StageController } from '../stage/stageController';
import type { TraceRecord } from '../trace/records';
import { TakeTape } from './tape';

export interface ReplayStage {
  controller: StageController;
  tape: TakeTape;
  /** Sends the pauses and resumes the live run made after step `tick`. */
  applyControls(tick: number): void;
  /** Ticks after which the live run paused or resumed, ascending. */
  controlTicks: readonly number[];
  /** Stops feeding commands and records (the controller stays, for its caller to read and dispose). */
  detach(): void;
  dispose(): void;
}

/** Rapier must be initialised (initPhysics) before this is called. */
export function openReplayStage(take: TakeDocument, onRecord?: (r: TraceRecord) => void): ReplayStage {
  const controller = new StageController(take.scene);
  const tape = TakeTape.fromDocument(take);
  controller.setTakeHooks({
    beforeStep: (tick) => {
      for (const c of tape.commandsAt(tick)) controller.currentRuntime?.enqueue(c);
    },
  });
  const reset = take.started_by === 'reset_running' || take.started_by === 'reset_paused';
  if (take.started_by === 'play_from_direct') controller.send({ type: 'ui.direct' });
  if (reset) {
    controller.send({ type: 'ui.play' });
    if (take.started_by === 'reset_paused') controller.send({ type: 'ui.pause' });
  }
  const sub = onRecord ? controller.records$.subscribe(onRecord) : null;
  controller.send({ type: reset ? 'ui.reset' : 'ui.play' });
  const controlTicks = [...new Set(take.controls.map((c) => c.tick))].sort((a, b) => a - b);
  return {
    controller,
    tape,
    controlTicks,
    applyControls: (tick) => {
      for (const event of tape.controlsAt(tick)) controller.send({ type: event });
    },
    detach: () => {
      sub?.unsubscribe();
      controller.setTakeHooks(null);
    },
    dispose: () => {
      sub?.unsubscribe();
      controller.setTakeHooks(null);
      controller.dispose();
    },
  };
}
