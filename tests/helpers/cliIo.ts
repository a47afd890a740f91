/**
 * The CLI's I/O in memory, for tests of `runCli`: files to read by name, every output it opens
 * kept as its lines (stdout is `-`), and what it wrote to stderr.
 */
import type { CliIo } from '../../streams/cli/runCli';

export function memoryIo(files: Record<string, string>, onStart?: CliIo['onStart']) {
  const outputs: Record<string, string[]> = {};
  const err: string[] = [];
  const io: CliIo = {
    readFile: (p) => {
      if (!(p in files)) throw new Error('ENOENT');
      return files[p];
    },
    openOutput: (t) => {
      outputs[t] = [];
      return { write: (l) => outputs[t].push(l), close: async () => {} };
    },
    stderr: (t) => err.push(t),
    onStart,
  };
  return { io, outputs, err };
}
