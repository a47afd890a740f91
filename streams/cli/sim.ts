/** `npm run sim -- <scene.json> [--seconds N] … ` or `npm run sim -- --take <file.take.json> …`: see runCli.ts. */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
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
    // Written synchronously in 64 KiB chunks: the run is one synchronous loop, so an async stream
    // would hold the whole trace in memory until it ends. (stdout is synchronous for files and
    // pipes on Linux already.)
    const fd = openSync(target, 'w');
    let chunk = '';
    const flush = () => {
      if (chunk) writeSync(fd, chunk);
      chunk = '';
    };
    return {
      write: (line) => {
        chunk += `${line}\n`;
        if (chunk.length >= 65_536) flush();
      },
      close: async () => {
        flush();
        closeSync(fd);
      },
    };
  },
}).then((code) => {
  process.exitCode = code;
});
