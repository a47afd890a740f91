/** `npm run sim -- <scene.json> [--seconds N] … ` or `npm run sim -- --take <file.take.json> …`: see runCli.ts. */
import { createWriteStream, readFileSync } from 'node:fs';
import { runCli } from './runCli';

// `npm run sim -- scene.json --trace - | head` closes the pipe early: that is not a failure.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

runCli(process.argv.slice(2), {
  readFile: (path) => readFileSync(path, 'utf8'),
  stderr: (text) => process.stderr.write(text),
  openOutput(target) {
    if (target === '-') return { write: (line) => process.stdout.write(`${line}\n`), close: async () => {} };
    const stream = createWriteStream(target);
    return {
      write: (line) => stream.write(`${line}\n`),
      close: () => new Promise<void>((resolve) => stream.end(resolve)),
    };
  },
}).then((code) => {
  process.exitCode = code;
});
