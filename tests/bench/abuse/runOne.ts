/**
 * One abuse scenario in its own process (so its memory is its own): loads it, plays it headless
 * for its seconds with the trace streamed to a counter (as `npm run sim` streams it), and prints
 * one JSON line: refused (with the first issue) or the wall time, peak RSS, records and the
 * slowest step. Usage: tsx tests/bench/abuse/runOne.ts <scenario-name>
 */
import { performance } from 'node:perf_hooks';
import { initPhysics } from '../../../streams/physics/rapier';
import { StageController } from '../../../streams/stage/stageController';
import { loadScenario, SCENARIOS } from './scenarios';

const name = process.argv[2];
const scenario = SCENARIOS.find((s) => s.name === name);
if (!scenario) throw new Error(`unknown scenario ${name}; one of ${SCENARIOS.map((s) => s.name).join(', ')}`);
const loaded = loadScenario(scenario);
if (!loaded.ok) {
  console.log(JSON.stringify({ name, refused: `${loaded.issues[0].path}: ${loaded.issues[0].message}` }));
} else {
  await initPhysics();
  const t0 = performance.now();
  const controller = new StageController(loaded.scene);
  let records = 0;
  let bytes = 0;
  const warnings = new Map<string, number>();
  controller.records$.subscribe((r) => {
    records += 1;
    bytes += JSON.stringify(r).length + 1;
    if (r.type === 'warning') {
      const key = String((r as { message: string }).message).replace(/\d+/g, 'N');
      warnings.set(key, (warnings.get(key) ?? 0) + 1);
    }
  });
  controller.send({ type: 'ui.play' });
  const built = performance.now() - t0;
  let slowest = 0;
  let slowestTick = 0;
  let failure: string | null = null;
  const steps = Math.round(scenario.seconds * 60);
  for (let i = 0; i < steps; i += 1) {
    const s0 = performance.now();
    try {
      if (controller.step(1) === 0) {
        failure = `stopped at tick ${controller.tick}`;
        break;
      }
    } catch (e) {
      failure = (e as Error).message;
      break;
    }
    const ms = performance.now() - s0;
    if (ms > slowest) {
      slowest = ms;
      slowestTick = controller.tick;
    }
  }
  const wall = performance.now() - t0;
  let disposed = 'ok';
  try {
    controller.dispose();
  } catch (e) {
    disposed = (e as Error).message;
  }
  console.log(JSON.stringify({
    name,
    seconds: scenario.seconds,
    wall_s: +(wall / 1000).toFixed(2),
    build_s: +(built / 1000).toFixed(2),
    slowest_step_ms: Math.round(slowest),
    slowest_tick: slowestTick,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    records,
    trace_mb: +(bytes / 1e6).toFixed(1),
    warnings: Object.fromEntries(warnings),
    failure,
    disposed,
  }));
}
