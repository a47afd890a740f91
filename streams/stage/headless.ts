/** The headless driver: a plain synchronous loop of fixed steps (tests, CLI, benchmarks). */
import { initPhysics } from '../physics/rapier';
import type { SceneDocument } from '../../core/scene/schema';
import { StageController } from './stageController';
import { toJsonLine, type TraceRecord } from '../trace/records';

export interface HeadlessRun {
  records: TraceRecord[];
  lines: string[];
  controller: StageController;
}

/** Plays `doc` for `seconds` of simulation time, collecting every trace record, then the summary. */
export async function runHeadless(
  doc: SceneDocument,
  seconds: number,
  onRecord?: (line: string) => void,
  onStart?: (controller: StageController) => void,
): Promise<HeadlessRun> {
  await initPhysics();
  const controller = new StageController(doc);
  const records: TraceRecord[] = [];
  const lines: string[] = [];
  const sink = (r: TraceRecord) => {
    records.push(r);
    const line = toJsonLine(r);
    lines.push(line);
    onRecord?.(line);
  };
  const sub = controller.records$.subscribe(sink);
  controller.send({ type: 'ui.play' });
  onStart?.(controller);
  const steps = Math.round(seconds * 60);
  controller.step(steps);
  sink(controller.summary());
  sub.unsubscribe();
  return { records, lines, controller };
}
