/**
 * Ragdoll cost (issue 8), part of `npm run bench`: 20 simultaneous ragdolls on the stage against
 * a bare Rapier world holding the same jointed bodies (built from the same blueprints), in paired
 * blocks; and what one ragdoll → recover cycle adds to a step. Measures; never asserts.
 */
import { performance } from 'node:perf_hooks';
import { loadSceneValue } from '../../core/scene/io';
import type { SceneDocument } from '../../core/scene/schema';
import { createBareWorld } from '../../streams/physics/bareWorld';
import { slotOfBody } from '../../streams/physics/ragdollBodies';
import type { StageRuntime } from '../../streams/runtime/stageRuntime';
import { StageController } from '../../streams/stage/stageController';

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

function ragdollScene(count: number): SceneDocument {
  const width = count * 300 + 600;
  const objects: Record<string, unknown>[] = [{ kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [width / 2, 1500], size: [width, 200] }];
  for (let i = 0; i < count; i += 1) objects.push({ kind: 'stickman', id: `s${i}`, file_id: i + 2, position: [300 + i * 300, 1400], facing: i % 2 ? 'LEFT' : 'RIGHT', auto_recover: false });
  const r = loadSceneValue({ format: 'stickman-stage/scene', version: '1.1', stage: { width, height: 2000, gravity: [0, 980] }, objects });
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return r.scene;
}

/**
 * The collision slot the stage gave `id`'s ragdoll. The bare world must get the same one: past
 * RAGDOLL_SLOTS live ragdolls the stage shares a slot, and ragdolls sharing a slot pass through
 * each other, so any other slot would simulate different contacts (and different sleep).
 */
function stageSlot(runtime: StageRuntime, id: string): number {
  const body = runtime.physics.ragdollBody(id, 'torso');
  const slot = body ? slotOfBody(body) : null;
  if (slot === null) throw new Error(`no ragdoll slot for ${id}`);
  return slot;
}

function time(fn: () => void, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) fn();
  return ((performance.now() - t0) * 1000) / n;
}

export function measureRagdolls(count = 20, blocks = 7, steps = 60) {
  const doc = ragdollScene(count);
  const controller = new StageController(doc);
  controller.send({ type: 'ui.play' });
  controller.step(2);
  const runtime = controller.currentRuntime!;
  // The bare world gets each ragdoll exactly as the stage built it (same pose, same momentum).
  const bare = createBareWorld(doc);
  for (const r of runtime.rigs) controller.ragdoll(r.id);
  controller.step(1);
  runtime.rigs.forEach((r, i) => {
    bare.addRagdoll(r.body.lastBlueprint!, stageSlot(runtime, r.id));
    bare.disableProxies(i);
  });
  const ratios: number[] = [];
  let runtimeUs = 0;
  let bareUs = 0;
  for (let b = 0; b < blocks; b += 1) {
    const r = time(() => controller.step(1), steps);
    const f = time(() => bare.step(), steps);
    runtimeUs += r;
    bareUs += f;
    ratios.push(r / f);
  }
  ratios.sort((a, c) => a - c);
  controller.dispose();
  bare.free();
  return { ragdolls: count, runtime_us_per_step: round(runtimeUs / blocks), bare_rapier_us_per_step: round(bareUs / blocks), ratio: round(ratios[ratios.length >> 1], 3), ratio_of_means: round(runtimeUs / bareUs, 3) };
}

/** What one ragdoll → recover cycle adds: the build step and the recovery step over a plain one. */
export function measureCycle(cycles = 100) {
  const doc = ragdollScene(1);
  const controller = new StageController(doc);
  controller.send({ type: 'ui.play' });
  controller.step(10);
  let build = 0;
  let recover = 0;
  let plain = 0;
  for (let i = 0; i < cycles; i += 1) {
    plain += time(() => controller.step(1), 1);
    controller.ragdoll('s0');
    build += time(() => controller.step(1), 1);
    controller.recover('s0');
    recover += time(() => controller.step(1), 1);
    controller.step(80); // stand up (1.2 s) and land
  }
  controller.dispose();
  return { cycles, plain_step_us: round(plain / cycles), ragdoll_step_us: round(build / cycles), recover_step_us: round(recover / cycles), cycle_extra_us: round((build + recover - 2 * plain) / cycles) };
}

/** Full discarded runs before the measured one: fewer leave the first measured blocks still warming up. */
const WARM_UP_RUNS = 2;

export function run() {
  // Warm-up, discarded: the first runs of a process measure the JIT and WASM tier-up (a fresh
  // process spends 100–400 µs a step on them for the first few hundred steps), not a step.
  for (let i = 0; i < WARM_UP_RUNS; i += 1) measureRagdolls();
  const twenty = measureRagdolls(20);
  const fifty = measureRagdolls(50);
  return {
    unit: 'microseconds per fixed step (1/60 s)',
    simultaneous: twenty,
    simultaneous_50: fifty,
    cycle: measureCycle(),
    targets: {
      ratio_20_ragdolls_vs_bare: { measured: twenty.ratio, target: '<= 1.2', met: twenty.ratio <= 1.2 },
      ratio_50_ragdolls_vs_bare: { measured: fifty.ratio, target: '<= 1.3', met: fifty.ratio <= 1.3 },
    },
  };
}
