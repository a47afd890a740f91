/** The headless driver: a plain synchronous loop of fixed steps (tests, CLI, benchmarks). */
import { initPhysics } from '../physics/rapier';
import type { SceneDocument } from '../../core/scene/schema';
import { StageController } from './stageController';
import { toJsonLine, type TraceRecord } from '../trace/records';

export interface HeadlessRun {
  /** Every trace record, in order (empty when the run streams: `keepRecords: false`). */
  records: TraceRecord[];
  lines: string[];
  controller: StageController;
}

export interface HeadlessOptions {
  /** Each trace record as a JSON line, as it happens. */
  onRecord?: (line: string) => void;
  /** Called once the runtime exists, before the first step. */
  onStart?: (controller: StageController) => void;
  /**
   * Called after every `stepEvery`-th step (ticks stepEvery, 2·stepEvery, …); the controller's
   * `frame$` then holds that step's frame.
   */
  onStep?: (controller: StageController) => void;
  /** A positive integer; default 1 (every step). */
  stepEvery?: number;
  /**
   * Keep every record in `records` and `lines` (default true, for tests). The CLI streams instead:
   * a storm of rules writes millions of records in a few simulated seconds, and holding them all
   * made a 10-second run of the demo take 4.3 GB.
   */
  keepRecords?: boolean;
}

/** The checked `stepEvery` of the options (a positive integer, default 1). */
export function stepEveryOf(options: HeadlessOptions): number {
  const { stepEvery = 1 } = options;
  if (!Number.isInteger(stepEvery) || stepEvery < 1) throw new RangeError(`stepEvery must be a positive integer, got ${stepEvery}`);
  return stepEvery;
}

/** Passes each trace record on as a JSON line as it comes, and collects records and lines unless `keep` is false. */
export function recordCollector(onRecord?: (line: string) => void, keep = true) {
  const records: TraceRecord[] = [];
  const lines: string[] = [];
  const sink = (r: TraceRecord) => {
    if (!keep && !onRecord) return;
    const line = toJsonLine(r);
    if (keep) {
      records.push(r);
      lines.push(line);
    }
    onRecord?.(line);
  };
  return { records, lines, sink };
}

/** Plays `doc` for `seconds` of simulation time, collecting every trace record, then the summary. */
export async function runHeadless(doc: SceneDocument, seconds: number, options: HeadlessOptions = {}): Promise<HeadlessRun> {
  const { onStart, onStep } = options;
  const stepEvery = stepEveryOf(options);
  await initPhysics();
  const controller = new StageController(doc);
  const { records, lines, sink } = recordCollector(options.onRecord, options.keepRecords ?? true);
  const sub = controller.records$.subscribe(sink);
  try {
    controller.send({ type: 'ui.play' });
    onStart?.(controller);
    const steps = Math.round(seconds * 60);
    if (!onStep) {
      controller.step(steps);
    } else {
      // Stepping in chunks of stepEvery publishes a frame only for the steps the caller sees.
      for (let done = 0; done < steps; ) {
        const ran = controller.step(Math.min(stepEvery, steps - done));
        if (ran === 0) break;
        done += ran;
        if (controller.tick % stepEvery === 0) onStep(controller);
      }
    }
  } catch (e) {
    // A run that fails frees its stage here: the caller never gets the controller.
    sub.unsubscribe();
    controller.dispose();
    throw e;
  }
  sink(controller.summary());
  sub.unsubscribe();
  return { records, lines, controller };
}
