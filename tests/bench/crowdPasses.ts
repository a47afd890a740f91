/**
 * `npm run bench:passes [-- N]`: where one step of N walking stickmen among 500 props (the bench
 * scene, default 100) goes, in µs of wall time per step: every step phase, every rig system, and
 * Rapier's own step; `js` is the step without Rapier's. ~15 s. Measures; never asserts.
 *
 * For a change too small for `npm run bench`'s run-to-run noise (the same code reads 1.55–1.79×
 * there on this machine), compare it paired against its base: a second checkout of the base
 * (`git worktree add /tmp/base HEAD`, node_modules linked in), then both run in alternation, three
 * or four times each — a slow spell of the machine then hits both, and a pass's share of the
 * rig systems (e.g. flinch / stepRigs) is steadier still than its µs.
 *
 * `heap`: what a step allocates, in kB (the heap's growth between collections, summed), and the
 * collections' main-thread pauses, in µs a step (the meters' own wrappers allocate a little too).
 * The crowd's JavaScript waits on memory more than it computes: a change that allocates less
 * shows here steadily, where its µs drown in the machine's noise.
 */
import { GCProfiler } from 'node:v8';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { RIG_STEP } from '../../streams/runtime/rig/systems';
import { STEP_PHASES } from '../../streams/runtime/phases';
import { rigScene } from './rigBench';
import { wrap } from './phaseMeter';

type Timed = Record<string, number>;

async function main(): Promise<void> {
  await initPhysics();
  const stickmen = Number(process.argv[2] ?? 100);
  const controller = new StageController(rigScene(stickmen));
  controller.send({ type: 'ui.play' });
  controller.step(150);
  const phases: Timed = {};
  const systems: Timed = {};
  const rapier: Timed = {};
  for (const s of RIG_STEP) wrap(s, 'run', systems, s.name);
  for (const p of STEP_PHASES) wrap(p, 'run', phases, p.name);
  wrap((controller.currentRuntime!.physics as unknown as { world: { physicsPipeline: object } }).world.physicsPipeline, 'step', rapier, 'step');
  // The frame each step publishes, built as npm run bench's rows build it (one step at a time).
  wrap(controller.currentRuntime!, 'buildFrame', phases, 'buildFrame');
  const steps = 780;
  const gc = new GCProfiler();
  gc.start();
  const usedAtStart = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  for (let i = 0; i < steps; i += 1) controller.step(1);
  const step = ((performance.now() - t0) * 1000) / steps;
  const heap = heapPerStep(gc.stop(), usedAtStart, process.memoryUsage().heapUsed, steps);
  controller.dispose();
  const per = (t: Timed) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v / steps)]));
  process.stdout.write(`${JSON.stringify({ stickmen, step: Math.round(step), js: Math.round(step - rapier.step / steps), rapier: Math.round(rapier.step / steps), phases: per(phases), rig_systems: per(systems), heap })}\n`);
}

interface GcStatistics {
  cost: number;
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

/** kB allocated and µs of collection pauses a step, from the collections the profiler saw over `steps` steps. */
function heapPerStep(profile: { statistics: GcStatistics[] } | undefined, usedAtStart: number, usedAtEnd: number, steps: number) {
  let allocated = 0;
  let pauses = 0;
  let used = usedAtStart;
  for (const gc of profile?.statistics ?? []) {
    allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - used);
    used = gc.afterGC.heapStatistics.usedHeapSize;
    pauses += gc.cost;
  }
  allocated += Math.max(0, usedAtEnd - used);
  return { allocated_kb: Math.round(allocated / 1024 / steps), gc_pause_us: Math.round(pauses / steps), collections: profile?.statistics.length ?? 0 };
}

main();
