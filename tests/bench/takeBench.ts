/**
 * `npm run bench:take`: takes in Node (issue 14). Records a 60 s take of the demo (grabs, a
 * walk, a ragdoll and a recovery during it), then seeks it: to its end from the start, and to 30
 * random ticks in a fixed pseudo-random order, with keyframes (a seek restores the nearest one and
 * steps on) and without (backward seeks re-simulate from t = 0, forward ones step on). Also a
 * headless replay of the whole take, and what the take costs in memory per minute: its keyframes
 * and its commands. The demo settles after its queues, so the same is measured on a busy scene
 * (10 stickmen walking back and forth among 50 props) where every step costs the whole time.
 * Prints one JSON document; never asserts.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadSceneText } from '../../core/scene/io';
import { saveTakeText } from '../../core/take/io';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { replayTake } from '../../streams/take/replay';
import { TakeSession } from '../../streams/take/session';
import { KEYFRAME_BUDGET_BYTES } from '../../streams/take/keyframes';
import { walkingSceneText } from './browser/benchScenes';

const TAKE_TICKS = 60 * 60;
const SEEKS = 30;

function demo() {
  const loaded = loadSceneText(readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8'));
  if (!loaded.ok) throw new Error('the demo scene does not load');
  return loaded.scene;
}

/** A 60 s live run with the director's hands in it. */
function record(controller: StageController): void {
  controller.send({ type: 'ui.play' });
  const at = (tick: number) => controller.step(tick - controller.tick);
  at(120);
  const box = controller.currentRuntime!.propState('box-1')!.position;
  controller.grabStart('box-1', [box[0], box[1]]);
  for (let i = 1; i <= 60; i += 1) {
    controller.grabMove([box[0] + 4 * i, box[1] - 5 * i]);
    at(120 + i);
  }
  controller.grabEnd();
  at(900);
  controller.walkTo('stick-1', 600);
  at(1500);
  controller.ragdoll('stick-2');
  at(1800);
  controller.recover('stick-2');
  at(TAKE_TICKS);
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { min: +s[0].toFixed(1), median: +s[Math.floor(s.length / 2)].toFixed(1), max: +s[s.length - 1].toFixed(1) };
};

/** Seeks to `count` pseudo-random ticks of the take, then steps back five times from its end. */
function seekFigures(controller: StageController, session: TakeSession, count: number, seed: number) {
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  // Warm-up: the first re-simulation also compiles the step code.
  session.seek(0);
  session.seek(TAKE_TICKS);
  session.seek(0);
  let t0 = performance.now();
  session.seek(TAKE_TICKS);
  const startToEnd = performance.now() - t0;
  const backward: number[] = [];
  const forward: number[] = [];
  const any: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const target = Math.floor(random() * TAKE_TICKS);
    const from = controller.tick;
    t0 = performance.now();
    session.seek(target);
    const ms = performance.now() - t0;
    any.push(ms);
    (target < from ? backward : forward).push(ms);
  }
  const stepBack: number[] = [];
  session.seek(TAKE_TICKS);
  for (let i = 0; i < 5; i += 1) {
    t0 = performance.now();
    session.stepBack();
    stepBack.push(performance.now() - t0);
  }
  return {
    start_to_end: +startToEnd.toFixed(1),
    random_tick: { count, ...stats(any) },
    backward: backward.length ? { count: backward.length, ...stats(backward) } : null,
    forward: forward.length ? { count: forward.length, ...stats(forward) } : null,
    step_back_at_end: stats(stepBack),
  };
}

const heapNow = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

/** A 60 s take recorded on `scene` with and without keyframes, and its seeks. */
function busyFigures(sceneText: string) {
  const loaded = loadSceneText(sceneText);
  if (!loaded.ok) throw new Error('the busy scene does not load');
  const out: Record<string, unknown> = {};
  for (const keyframes of [true, false]) {
    const busy = new StageController(loaded.scene);
    const session = new TakeSession(busy, { keyframes });
    busy.send({ type: 'ui.play' });
    busy.step(TAKE_TICKS);
    out[keyframes ? 'with_keyframes' : 'without_keyframes'] = seekFigures(busy, session, 10, 777);
    if (keyframes) out.keyframe_bytes_per_minute = Math.round(session.keyframes.memoryBytes / (TAKE_TICKS / 3600));
    session.dispose();
    busy.dispose();
  }
  return out;
}

async function main() {
  await initPhysics();
  const heapBefore = heapNow();
  const controller = new StageController(demo());
  const session = new TakeSession(controller);
  let t0 = performance.now();
  record(controller);
  const liveMs = performance.now() - t0;
  const heapAfter = heapNow();
  const take = session.take()!;
  const keyframes = { count: session.keyframes.count, interval_ticks: session.keyframes.interval, accounted_bytes: session.keyframes.memoryBytes };
  const withKeyframes = seekFigures(controller, session, SEEKS, 12345);

  // The same take seeked by re-simulation only (what a seek costs without keyframes).
  const plain = new StageController(demo());
  const plainSession = new TakeSession(plain, { keyframes: false });
  record(plain);
  const withoutKeyframes = seekFigures(plain, plainSession, SEEKS, 12345);
  plainSession.dispose();
  plain.dispose();

  t0 = performance.now();
  const replay = await replayTake(take);
  const replayMs = performance.now() - t0;
  replay.controller.dispose();

  // Busy 60 s takes: re-simulation cost is proportional to what the scene does every step.
  const busy = busyFigures(walkingSceneText(10, 50));

  const tape = session.tape!;
  const fileBytes = new TextEncoder().encode(saveTakeText(take)).length;
  const minutes = TAKE_TICKS / 3600;
  const result = {
    take: { seconds: TAKE_TICKS / 60, commands: tape.commandCount, live_record_ms: +liveMs.toFixed(0) },
    seek_ms: { with_keyframes: withKeyframes, without_keyframes: withoutKeyframes },
    replay_60s_ms: +replayMs.toFixed(0),
    busy_scene_10_stickmen_50_props: busy,
    memory: {
      keyframes: { ...keyframes, bytes_per_minute: Math.round(keyframes.accounted_bytes / minutes), budget_bytes: KEYFRAME_BUDGET_BYTES },
      // The heap the recording grew by (keyframes, tape, trace-free run); exact only with --expose-gc.
      recording_heap_bytes: (globalThis as { gc?: () => void }).gc ? heapAfter - heapBefore : 'run with node --expose-gc for this',
      tape_bytes: tape.memoryBytes,
      tape_bytes_per_minute: Math.round(tape.memoryBytes / minutes),
      file_bytes: fileBytes,
    },
  };
  session.dispose();
  controller.dispose();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

void main();
