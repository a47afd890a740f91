/**
 * `npm run bench`: per-step cost of the stage runtime against a bare Rapier world holding the
 * same bodies (the engine's own floor), printed as JSON. Measures; never asserts.
 */
import { performance } from 'node:perf_hooks';
import { initPhysics } from '../../streams/physics/rapier';
import { createBareWorld } from '../../streams/physics/bareWorld';
import { StageController } from '../../streams/stage/stageController';
import { loadSceneValue } from '../../core/scene/io';
import type { SceneDocument } from '../../core/scene/schema';

const SPAWNS = ['builtin:box', 'builtin:ball', 'builtin:bottle', 'builtin:plank'];

export function propScene(count: number): SceneDocument {
  const columns = Math.ceil(Math.sqrt(count * 4));
  const width = Math.max(2000, columns * 110 + 400);
  const objects: Record<string, unknown>[] = [
    { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [width / 2, 3100], size: [width, 200] },
    { kind: 'terrain', id: 'ramp', file_id: 2, shape: 'ramp', position: [width / 4, 2900], size: [800, 200], rise: 'right' },
    { kind: 'terrain', id: 'stairs', file_id: 3, shape: 'stairs', position: [(3 * width) / 4, 2900], size: [600, 200], steps: 5, rise: 'left' },
  ];
  for (let i = 0; i < count; i += 1) {
    const col = i % columns;
    const row = Math.floor(i / columns);
    const id = `p${i}`;
    objects.push({ kind: 'prop', id, stage_object_id: id, file_id: i + 10, spawn_id: SPAWNS[i % SPAWNS.length], position: [200 + col * 110, 2700 - row * 110], rotation: (i % 7) * 0.1, scale: [1, 1] });
  }
  const r = loadSceneValue({ format: 'stickman-stage/scene', version: '1.1', stage: { width, height: 3200, gravity: [0, 980] }, objects });
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return r.scene;
}

function timeSteps(step: () => void, warmup: number, steps: number): number {
  for (let i = 0; i < warmup; i += 1) step();
  const t0 = performance.now();
  for (let i = 0; i < steps; i += 1) step();
  return ((performance.now() - t0) * 1000) / steps;
}

/** Runs runtime and bare world alternately in blocks so machine noise hits both alike. */
export function measureProps(count: number, blocks = 7) {
  const doc = propScene(count);
  const steps = count >= 1000 ? 60 : 150;
  const controller = new StageController(doc);
  controller.send({ type: 'ui.play' });
  const bare = createBareWorld(doc);
  let runtimeUs = 0;
  let bareUs = 0;
  const blockRatios: number[] = [];
  for (let b = 0; b < blocks; b += 1) {
    const r = timeSteps(() => controller.step(1), b === 0 ? 30 : 0, steps);
    const f = timeSteps(() => bare.step(), b === 0 ? 30 : 0, steps);
    runtimeUs += r;
    bareUs += f;
    blockRatios.push(r / f);
  }
  controller.dispose();
  bare.free();
  runtimeUs /= blocks;
  bareUs /= blocks;
  blockRatios.sort((a, b) => a - b);
  // Paired blocks over the same steps: the median ratio is robust to noise hitting one block.
  const medianRatio = blockRatios[blockRatios.length >> 1];
  return { props: count, runtime_us_per_step: round(runtimeUs), bare_rapier_us_per_step: round(bareUs), ratio: round(medianRatio, 3), ratio_of_means: round(runtimeUs / bareUs, 3) };
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

async function main() {
  await initPhysics();
  measureProps(200, 2); // JIT warm-up for both paths; discarded
  const props = [10, 100, 1000].map((n) => measureProps(n));
  const { run: runRigs } = await import('./rigBench');
  const stickmen = await runRigs();
  const { run: runRagdolls } = await import('./ragdollBench');
  const ragdolls = runRagdolls();
  const { run: runThrows } = await import('./throwBench');
  const throws = runThrows();
  // Issue 20: every target of one run together, each with `met`.
  const targets = { ...(stickmen.targets as object), ...ragdolls.targets };
  process.stdout.write(`${JSON.stringify({ unit: 'microseconds per fixed step (1/60 s)', props, stickmen, ragdolls, throws, targets }, null, 2)}\n`);
}

if (process.argv[1]?.endsWith('bench.ts')) main();
