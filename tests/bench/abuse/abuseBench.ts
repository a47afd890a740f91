/**
 * `npm run bench:abuse [name…]`: the issue 24 targets. Each scenario at the loader's limits
 * (tests/bench/abuse/scenarios.ts) runs in a fresh process with a 1.5 GB heap and a 5-minute
 * ceiling; the target is one simulated second (the rule-cycle storm: ten) within 30 s and 1.5 GB,
 * or a refusal. Prints one JSON line per scenario; never asserts. Figures depend on the machine's
 * load: say so when reporting them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SCENARIOS } from './scenarios';

const runner = fileURLToPath(new URL('./runOne.ts', import.meta.url));
const wanted = process.argv.slice(2);
for (const s of SCENARIOS) {
  if (wanted.length && !wanted.includes(s.name)) continue;
  const r = spawnSync(process.execPath, ['--max-old-space-size=1536', '--import', 'tsx', runner, s.name], { encoding: 'utf8', timeout: 300_000 });
  const line = r.stdout.trim().split('\n').at(-1);
  if (r.status === 0 && line) console.log(line);
  else console.log(JSON.stringify({ name: s.name, crashed: r.signal ?? r.status, stderr: r.stderr.trim().split('\n').slice(-3).join(' | ') }));
}
