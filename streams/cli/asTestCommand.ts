/**
 * `npm run sim -- --take <file.take.json> --as-test [<file.test.ts>|-]`: replays the take and writes
 * it as a Vitest file (streams/take/asTest) — beside the take by default (`walk.take.json` →
 * `walk.take.test.ts`), which then reads the take from there. Run the same command again to
 * regenerate it after a deliberate behaviour change.
 */
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TakeDocument } from '../../core/take/schema';
import { takeTestSource, testPathOf } from '../take/asTest';
import { replayObserved } from '../take/takeObservation';
import type { CliIo } from './runCli';

/** The project root (this file is streams/cli/asTestCommand.ts). */
const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A relative import path with forward slashes that starts with a dot. */
function importPath(from: string, to: string): string {
  const rel = relative(from, to).split('\\').join('/') || '.';
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** `destination` '' = beside the take, '-' = stdout (then the test is assumed to sit beside the take). */
export async function writeTakeTest(take: TakeDocument, takePath: string, destination: string, io: CliIo): Promise<number> {
  const target = destination || testPathOf(takePath);
  const testDir = dirname(resolve(target === '-' ? takePath : target));
  const command = `npm run sim -- --take ${takePath} --as-test${destination ? ` ${destination}` : ''}`;
  let text: string;
  try {
    const seen = await replayObserved(take);
    text = takeTestSource(take, seen, {
      rootFromTest: importPath(testDir, PROJECT_ROOT),
      take: { file: importPath(testDir, resolve(takePath)) },
      command,
    });
  } catch (e) {
    io.stderr(`runtime failure: ${(e as Error).message}\n`);
    return 1;
  }
  const out = io.openOutput(target);
  out.write(text.replace(/\n$/, ''));
  await out.close();
  if (target !== '-') io.stderr(`wrote ${target}\n`);
  return 0;
}
