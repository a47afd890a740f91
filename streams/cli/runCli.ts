/**
 * The headless runner behind `npm run sim` (DESIGN.md §9), with its I/O injected so tests can run
 * it in-process. Exit codes: 0 success, 2 invalid scene, take or arguments, 1 runtime failure.
 * `--take <file>` replays a recorded take instead of playing a scene (streams/take/replay).
 */
import { loadSceneText } from '../../core/scene/io';
import { formatIssues, type SceneIssue } from '../../core/scene/errors';
import { runHeadless, type HeadlessOptions, type HeadlessRun } from '../stage/headless';
import type { StageController } from '../stage/stageController';
import { frameRecord } from '../frame/frameRecord';
import { loadTakeText } from '../../core/take/io';
import { replayTake } from '../take/replay';
import { writeTakeTest } from './asTestCommand';

export interface CliOutput {
  write(line: string): void;
  close(): Promise<void>;
}

export interface CliIo {
  readFile(path: string): string;
  /** Opens a JSON Lines destination for the trace or the frames ('-' = stdout). */
  openOutput(target: string): CliOutput;
  stderr(text: string): void;
  /** Test seam: called once the runtime exists, before the first step. */
  onStart?(controller: StageController): void;
}

export interface CliArgs {
  /** The scene to play, or null when a take is replayed. */
  scene: string | null;
  /** `--take <file>`: replay a recorded take (its scene, its commands, its length). */
  take: string | null;
  seconds: number;
  trace: string | null;
  frames: string | null;
  frameEvery: number;
  /** `--as-test [<file>|-]`: write the take as a Vitest file (default: beside the take) instead of a trace. */
  asTest: string | null;
}

export const USAGE = 'usage: npm run sim -- <scene.json> [--seconds N] [--trace <file>|-] [--frames <file>|-] [--frame-every N]\n       npm run sim -- --take <file.take.json> [--trace <file>|-] [--frames <file>|-] [--frame-every N]\n       npm run sim -- --take <file.take.json> --as-test [<file.test.ts>|-]';

/** Reads the value after an option, or says what is missing. */
function optionValue(argv: readonly string[], i: number, what: string): string | { error: string } {
  const v = argv[i];
  return v === undefined || v === '' ? { error: `${argv[i - 1]} needs ${what}` } : v;
}

export function parseArgs(argv: readonly string[]): CliArgs | string {
  let scene: string | undefined;
  let take: string | undefined;
  let secondsGiven = false;
  let seconds = 10;
  let trace: string | null = null;
  let frames: string | null = null;
  let frameEvery: number | null = null;
  let asTest: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--seconds') {
      const raw = argv[++i];
      const v = Number(raw);
      if (raw === undefined || !Number.isFinite(v) || v < 0 || v > 3600) return `--seconds must be a number between 0 and 3600, got ${raw}`;
      seconds = v;
      secondsGiven = true;
    } else if (a === '--take') {
      const v = optionValue(argv, ++i, 'a .take.json file');
      if (typeof v !== 'string') return v.error;
      take = v;
    } else if (a === '--trace' || a === '--frames') {
      const v = optionValue(argv, ++i, 'a file name or -');
      if (typeof v !== 'string') return v.error;
      if (a === '--trace') trace = v;
      else frames = v;
    } else if (a === '--frame-every') {
      const raw = argv[++i];
      // Only plain decimal digits: Number() would also take '1e3', '0x10' or ' 5 '.
      const v = raw !== undefined && /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(v) || v < 1) return `--frame-every must be a whole number of steps, 1 or more, got ${raw}`;
      frameEvery = v;
    } else if (a === '--as-test') {
      // The destination is optional: the next argument, unless it is another option.
      const next = argv[i + 1];
      asTest = next !== undefined && next !== '' && !next.startsWith('--') ? next : '';
      if (asTest) i += 1;
    } else if (a.startsWith('--')) {
      return `unknown option ${a}\n${USAGE}`;
    } else if (!scene) {
      scene = a;
    } else {
      return `unexpected argument ${a}\n${USAGE}`;
    }
  }
  // A take is its own scene and length: neither may be given beside it.
  if (take !== undefined && scene) return `--take replays the take's own scene: drop ${scene}\n${USAGE}`;
  if (take !== undefined && secondsGiven) return '--take replays the take to its last tick: --seconds does not apply';
  if (!scene && take === undefined) return USAGE;
  if (asTest !== null) {
    if (take === undefined) return `--as-test turns a take into a test: give it --take <file.take.json>\n${USAGE}`;
    if (trace !== null || frames !== null) return '--as-test writes a test, not a trace: drop --trace and --frames';
    return { scene: null, take, seconds, trace: null, frames: null, frameEvery: 1, asTest };
  }
  if (frameEvery !== null && frames === null) return '--frame-every needs --frames <file>|-';
  // Two JSON Lines streams in one destination could not be told apart line by line.
  if (frames !== null && frames === trace) return `--trace and --frames cannot both write to ${frames === '-' ? 'stdout' : frames}`;
  // The trace goes to stdout unless told otherwise (DESIGN.md §9: the runner writes the trace),
  // or unless the frames have stdout.
  if (trace === null && frames !== '-') trace = '-';
  return { scene: scene ?? null, take: take ?? null, seconds, trace, frames, frameEvery: frameEvery ?? 1, asTest: null };
}

/** What the loader warned about, on stderr (the trace has them too, at tick 0): a run is never silent about a placeholder. */
function printWarnings(io: CliIo, source: string, warnings: readonly SceneIssue[]): void {
  for (const w of warnings) io.stderr(`${source}: warning: ${w.path}: ${w.message}\n`);
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`${args}\n`);
    return 2;
  }
  const source = args.take ?? args.scene ?? '';
  let text: string;
  try {
    text = io.readFile(source);
  } catch (e) {
    io.stderr(`${source}: cannot read (${(e as Error).message})\n`);
    return 2;
  }
  let play: (options: HeadlessOptions) => Promise<HeadlessRun>;
  if (args.take) {
    const loaded = loadTakeText(text);
    if (!loaded.ok) {
      io.stderr(`${source}: invalid take: ${formatIssues(loaded.issues, 1)}\n`);
      return 2;
    }
    printWarnings(io, source, loaded.warnings);
    if (args.asTest !== null) return writeTakeTest(loaded.take, args.take, args.asTest, io);
    play = (options) => replayTake(loaded.take, options);
  } else {
    const loaded = loadSceneText(text);
    if (!loaded.ok) {
      io.stderr(`${source}: invalid scene: ${formatIssues(loaded.issues, 1)}\n`);
      return 2;
    }
    printWarnings(io, source, loaded.warnings);
    play = (options) => runHeadless(loaded.scene, args.seconds, options);
  }
  const trace = args.trace ? io.openOutput(args.trace) : null;
  const frames = args.frames ? io.openOutput(args.frames) : null;
  let code = 0;
  try {
    const run = await play({
      onRecord: trace ? (line) => trace.write(line) : undefined,
      onStart: io.onStart,
      onStep: frames
        ? (controller) => {
            const runtime = controller.currentRuntime;
            const record = frameRecord(controller.frame$.value, (id) => runtime?.propState(id)?.velocity);
            frames.write(JSON.stringify(record));
          }
        : undefined,
      stepEvery: args.frameEvery,
      // The trace streams to its destination: nothing holds the run's records in memory.
      keepRecords: false,
    });
    run.controller.dispose();
  } catch (e) {
    io.stderr(`runtime failure: ${(e as Error).message}\n`);
    code = 1;
  }
  await trace?.close();
  await frames?.close();
  return code;
}
