/**
 * The headless runner behind `npm run sim` (DESIGN.md §9), with its I/O injected so tests can run
 * it in-process. Exit codes: 0 success, 2 invalid scene or arguments, 1 runtime failure.
 */
import { loadSceneText } from '../../core/scene/io';
import { formatIssues } from '../../core/scene/errors';
import { runHeadless } from '../stage/headless';
import type { StageController } from '../stage/stageController';

export interface CliIo {
  readFile(path: string): string;
  /** Opens the trace destination ('-' = stdout); returns a line writer and a closer. */
  openTrace(target: string): { write(line: string): void; close(): Promise<void> };
  stderr(text: string): void;
  /** Test seam: called once the runtime exists, before the first step. */
  onStart?(controller: StageController): void;
}

interface Args { scene: string; seconds: number; trace: string | null }

export const USAGE = 'usage: npm run sim -- <scene.json> [--seconds N] [--trace <file>|-]';

export function parseArgs(argv: readonly string[]): Args | string {
  let scene: string | undefined;
  let seconds = 10;
  let trace: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--seconds') {
      const raw = argv[++i];
      const v = Number(raw);
      if (raw === undefined || !Number.isFinite(v) || v < 0 || v > 3600) return `--seconds must be a number between 0 and 3600, got ${raw}`;
      seconds = v;
    } else if (a === '--trace') {
      const v = argv[++i];
      if (!v) return '--trace needs a file name or -';
      trace = v;
    } else if (a.startsWith('--')) {
      return `unknown option ${a}\n${USAGE}`;
    } else if (!scene) {
      scene = a;
    } else {
      return `unexpected argument ${a}\n${USAGE}`;
    }
  }
  if (!scene) return USAGE;
  return { scene, seconds, trace };
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`${args}\n`);
    return 2;
  }
  let text: string;
  try {
    text = io.readFile(args.scene);
  } catch (e) {
    io.stderr(`${args.scene}: cannot read (${(e as Error).message})\n`);
    return 2;
  }
  const loaded = loadSceneText(text);
  if (!loaded.ok) {
    io.stderr(`${args.scene}: invalid scene: ${formatIssues(loaded.issues, 1)}\n`);
    return 2;
  }
  const out = args.trace ? io.openTrace(args.trace) : null;
  let code = 0;
  try {
    const run = await runHeadless(loaded.scene, args.seconds, out ? (line) => out.write(line) : undefined, io.onStart);
    run.controller.dispose();
  } catch (e) {
    io.stderr(`runtime failure: ${(e as Error).message}\n`);
    code = 1;
  }
  await out?.close();
  return code;
}
