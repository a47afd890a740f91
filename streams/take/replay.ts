/**
 * Headless replay of a take (`npm run sim -- --take <file>`): the take's scene on a fresh stage,
 * PLAY started the way the live run started it, each recorded command queued for the step it took
 * effect in, each pause and resume sent after the step it followed, up to the take's last tick,
 * then the summary. The trace is the live run's, byte for byte (DESIGN.md §4, §9).
 */
import type { TakeDocument } from '../../core/take/schema';
import { initPhysics } from '../physics/rapier';
import type { HeadlessOptions, HeadlessRun } from '../stage/headless';
import { StageController } from '../stage/stageController';
import { toJsonLine, type TraceRecord } from '../trace/records';
import { TakeTape } from './tape';

export async function replayTake(take: TakeDocument, options: HeadlessOptions = {}): Promise<HeadlessRun> {
  const { onRecord, onStart, onStep, stepEvery = 1 } = options;
  if (!Number.isInteger(stepEvery) || stepEvery < 1) throw new RangeError(`stepEvery must be a positive integer, got ${stepEvery}`);
  await initPhysics();
  const controller = new StageController(take.scene);
  const tape = TakeTape.fromDocument(take);
  controller.setTakeHooks({
    beforeStep: (tick) => {
      for (const c of tape.commandsAt(tick)) controller.currentRuntime?.enqueue(c);
    },
  });
  const records: TraceRecord[] = [];
  const lines: string[] = [];
  const sink = (r: TraceRecord) => {
    records.push(r);
    const line = toJsonLine(r);
    lines.push(line);
    onRecord?.(line);
  };
  // What came before the run's first record is not part of its trace.
  if (take.started_by === 'play_from_direct') controller.send({ type: 'ui.direct' });
  if (take.started_by === 'reset_running' || take.started_by === 'reset_paused') {
    controller.send({ type: 'ui.play' });
    if (take.started_by === 'reset_paused') controller.send({ type: 'ui.pause' });
  }
  const sub = controller.records$.subscribe(sink);
  controller.send({ type: take.started_by.startsWith('reset') ? 'ui.reset' : 'ui.play' });
  onStart?.(controller);
  const controlTicks = new Set(take.controls.map((c) => c.tick));
  const applyControls = (tick: number) => {
    if (controlTicks.has(tick)) for (const event of tape.controlsAt(tick)) controller.send({ type: event });
  };
  applyControls(0);
  // Steps run in runs that end where a control or a frame is due, so each lands after its step.
  while (controller.tick < take.length) {
    const tick = controller.tick;
    let next = take.length;
    for (const t of controlTicks) if (t > tick && t < next) next = t;
    if (onStep) next = Math.min(next, (Math.floor(tick / stepEvery) + 1) * stepEvery);
    if (controller.advance(next - tick) === 0) throw new Error(`the replay stopped at tick ${tick}: the stage left PLAY`);
    if (onStep && controller.tick % stepEvery === 0) onStep(controller);
    applyControls(controller.tick);
  }
  sink(controller.summary());
  sub.unsubscribe();
  controller.setTakeHooks(null);
  return { records, lines, controller };
}
