/**
 * `npm run sim -- <scene.json> [--seconds N] [--trace <file>|-]` (DESIGN.md §9).
 * Exit codes: 0 success, 2 invalid scene or arguments, 1 runtime failure.
 */
import { readFileSync, createWriteStream, type WriteStream } from 'node:fs';
import { loadSceneText } from '../../core/scene/io';
import { formatIssues } from '../../core/scene/errors';
import { runHeadless } from '../stage/headless';

interface Args { scene: string; seconds: number; trace: string | null }

function parseArgs(argv: string[]): Args | string {
  let scene: string | undefined;
  let seconds = 10;
  let trace: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--seconds') {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v < 0 || v > 3600) return `--seconds must be a number between 0 and 3600, got ${argv[i]}`;
      seconds = v;
    } else if (a === '--trace') {
      const v = argv[++i];
      if (!v) return '--trace needs a file name or -';
      trace = v;
    } else if (a.startsWith('--')) {
      return `unknown option ${a}`;
    } else if (!scene) {
      scene = a;
    } else {
      return `unexpected argument ${a}`;
    }
  }
  if (!scene) return 'usage: npm run sim -- <scene.json> [--seconds N] [--trace <file>|-]';
  return { scene, seconds, trace };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(args.scene, 'utf8');
  } catch (e) {
    process.stderr.write(`${args.scene}: cannot read (${(e as Error).message})\n`);
    return 2;
  }
  const loaded = loadSceneText(text);
  if (!loaded.ok) {
    process.stderr.write(`${args.scene}: invalid scene: ${formatIssues(loaded.issues, 1)}\n`);
    return 2;
  }
  let out: WriteStream | NodeJS.WriteStream | null = null;
  if (args.trace === '-') out = process.stdout;
  else if (args.trace) out = createWriteStream(args.trace);
  try {
    const run = await runHeadless(loaded.scene, args.seconds, out ? (line) => out!.write(`${line}\n`) : undefined);
    run.controller.dispose();
  } catch (e) {
    process.stderr.write(`runtime failure: ${(e as Error).message}\n`);
    if (out && out !== process.stdout) (out as WriteStream).end();
    return 1;
  }
  if (out && out !== process.stdout) await new Promise<void>((resolve) => (out as WriteStream).end(resolve));
  return 0;
}

main().then((code) => {
  process.exitCode = code;
});
