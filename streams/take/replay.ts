/**
 * Headless replay of a take (`npm run sim -- --take <file>`): the take's scene on a fresh stage,
 * PLAY started the way the live run started it, each recorded command queued for the step it took
 * effect in, each pause and resume sent after the step it followed, up to the take's last tick,
 * then the summary. The trace is the live run's, byte for byte (DESIGN.md §4, §9).
 */
import type { TakeDocument } from '../../core/take/schema';
import { initPhysics } from '../physics/rapier';
import { recordCollector, stepEveryOf, type HeadlessOptions, type HeadlessRun } from '../stage/headless';
import { openReplayStage } from './replayStage';

export async function replayTake(take: TakeDocument, options: HeadlessOptions = {}): Promise<HeadlessRun> {
  const { onStart, onStep } = options;
  const stepEvery = stepEveryOf(options);
  await initPhysics();
  const { records, lines, sink } = recordCollector(options.onRecord, options.keepRecords ?? true);
  const stage = openReplayStage(take, sink);
  const { controller } = stage;
  try {
    onStart?.(controller);
    stage.applyControls(0);
    let nextControl = 0;
    // Steps run in runs that end where a control or a frame is due, so each lands after its step.
    while (controller.tick < take.length) {
      const tick = controller.tick;
      while (nextControl < stage.controlTicks.length && stage.controlTicks[nextControl] <= tick) nextControl += 1;
      let next = Math.min(take.length, stage.controlTicks[nextControl] ?? take.length);
      if (onStep) next = Math.min(next, (Math.floor(tick / stepEvery) + 1) * stepEvery);
      if (controller.advance(next - tick) === 0) throw new Error(`the replay stopped at tick ${tick}: the stage left PLAY`);
      if (onStep && controller.tick % stepEvery === 0) onStep(controller);
      stage.applyControls(controller.tick);
    }
  } catch (e) {
    // A replay that fails frees its stage here: the caller never gets the controller.
    stage.detach();
    controller.dispose();
    throw e;
  }
  sink(controller.summary());
  // The caller owns the controller (it may read it, then disposes it); the records stop here.
  stage.detach();
  return { records, lines, controller };
}
