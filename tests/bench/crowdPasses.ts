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
 */
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
  const t0 = performance.now();
  for (let i = 0; i < steps; i += 1) controller.step(1);
  const step = ((performance.now() - t0) * 1000) / steps;
  controller.dispose();
  const per = (t: Timed) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v / steps)]));
  process.stdout.write(`${JSON.stringify({ stickmen, step: Math.round(step), js: Math.round(step - rapier.step / steps), rapier: Math.round(rapier.step / steps), phases: per(phases), rig_systems: per(systems) })}\n`);
}

main();
