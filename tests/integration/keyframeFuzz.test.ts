/**
 * Property (issue 14): a keyframe is exact whatever the director did. A random performance on the
 * demo — grabs of random props and stickmen dragged along random paths and flung, Direct ragdoll
 * and recover calls, walks, queue stops and starts, pauses — recorded as a take with a keyframe
 * every 30 steps; a random keyframe restored on a fresh stage and played on with the take's
 * commands gives the live frames and the live trace to the end. Bounded in `npm test`; set
 * FUZZ_RUNS for a longer search.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneText } from '../../core/scene/io';
import type { SceneDocument } from '../../core/scene/schema';
import { initPhysics } from '../../streams/physics/rapier';
import type { RuntimeCommand } from '../../streams/runtime/commands';
import { StageController, type StageKeyframe } from '../../streams/stage/stageController';
import { toJsonLine, type TraceRecord } from '../../streams/trace/records';
import { frameKey } from './takeScenario';

const RUNS = Number(process.env.FUZZ_RUNS) || 6;
const TICKS = 360;
const EVERY = 30;
let demo: SceneDocument;

beforeAll(async () => {
  await initPhysics();
  const loaded = loadSceneText(readFileSync(fileURLToPath(new URL('../../scenes/demo.scene.json', import.meta.url)), 'utf8'));
  if (!loaded.ok) throw new Error('the demo does not load');
  demo = loaded.scene;
});

const PROPS = ['ball-1', 'ball-2', 'plank-1', 'bottle-1', 'box-1', 'box-3', 'box-5', 'ball-3'];
const RIGS = ['stick-1', 'stick-2'];
const point = fc.tuple(fc.integer({ min: 200, max: 3800 }), fc.integer({ min: 400, max: 1500 }));

/** One thing the director does at a tick (a grab is a start, a few moves and an end). */
const act = fc.oneof(
  fc.record({ kind: fc.constant('grab' as const), id: fc.constantFrom(...PROPS, ...RIGS), path: fc.array(point, { minLength: 1, maxLength: 12 }) }),
  fc.record({ kind: fc.constantFrom('ragdoll' as const, 'recover' as const, 'stop' as const, 'start' as const), id: fc.constantFrom(...RIGS) }),
  fc.record({ kind: fc.constant('walk' as const), id: fc.constantFrom(...RIGS), x: fc.integer({ min: 200, max: 3800 }) }),
  fc.record({ kind: fc.constant('pause' as const), steps: fc.integer({ min: 1, max: 5 }) }),
);
const performance = fc.array(fc.tuple(fc.integer({ min: 1, max: TICKS - 20 }), act), { minLength: 3, maxLength: 10 });

/** Plays `acts` live, keeping frames, trace records, commands by tick and keyframes. */
function perform(acts: ReadonlyArray<readonly [number, Act]>) {
  const controller = new StageController(demo);
  const frames: string[] = [];
  const records: TraceRecord[] = [];
  const commands = new Map<number, RuntimeCommand[]>();
  const keyframes: StageKeyframe[] = [];
  controller.records$.subscribe((r) => {
    records.push(r);
    if (r.type === 'command') commands.set(r.tick, [...(commands.get(r.tick) ?? []), r.command as RuntimeCommand]);
  });
  controller.send({ type: 'ui.play' });
  const stepOne = () => {
    if (controller.mode.paused) controller.stepFrame();
    else controller.step(1);
    frames[controller.tick] = frameKey(controller.frame$.value);
    if (controller.tick % EVERY === 0) keyframes.push(controller.captureKeyframe());
  };
  const sorted = [...acts].sort((a, b) => a[0] - b[0]);
  for (const [at, a] of sorted) {
    while (controller.tick < at) stepOne();
    apply(controller, a, stepOne);
  }
  while (controller.tick < TICKS) stepOne();
  controller.dispose();
  return { frames, records, commands, keyframes };
}

type Act = { kind: 'grab'; id: string; path: Array<[number, number]> } | { kind: 'ragdoll' | 'recover' | 'stop' | 'start'; id: string } | { kind: 'walk'; id: string; x: number } | { kind: 'pause'; steps: number };

function apply(c: StageController, a: Act, stepOne: () => void): void {
  if (a.kind === 'grab') {
    const target = a.id.startsWith('stick') ? c.frame$.value.rigs.find((r) => r.id === a.id)?.headCenter : c.frame$.value.props.find((p) => p.id === a.id)?.position;
    if (!target) return;
    c.grabStart(a.id, [target[0], target[1]]);
    for (const p of a.path) {
      c.grabMove(p);
      stepOne();
    }
    c.grabEnd();
  } else if (a.kind === 'ragdoll') c.ragdoll(a.id);
  else if (a.kind === 'recover') c.recover(a.id);
  else if (a.kind === 'stop') c.stopQueue(a.id);
  else if (a.kind === 'start') c.startQueue(a.id);
  else if (a.kind === 'walk') c.walkTo(a.id, a.x);
  else if (a.kind === 'pause') {
    c.send({ type: 'ui.pause' });
    for (let i = 0; i < a.steps; i += 1) stepOne();
    c.send({ type: 'ui.resume' });
  }
}

/** The simulation's own records after `tick` (the stage's mode transitions are the director's). */
const after = (records: readonly TraceRecord[], tick: number) =>
  records.filter((r) => r.tick > tick && !(r.type === 'transition' && r.actor === 'stage')).map(toJsonLine);

describe('keyframes under random performances', () => {
  it('a random keyframe, restored and played on with the take, gives the live frames and trace to the end', () => {
    fc.assert(
      fc.property(performance, fc.nat(), (acts, pick) => {
        const live = perform(acts);
        const kf = live.keyframes[pick % live.keyframes.length];
        const controller = new StageController(demo);
        const records: TraceRecord[] = [];
        controller.send({ type: 'ui.play' });
        controller.restoreKeyframe(kf);
        controller.records$.subscribe((r) => records.push(r));
        controller.setTakeHooks({ beforeStep: (t) => { for (const c of live.commands.get(t) ?? []) controller.currentRuntime!.enqueue(structuredClone(c)); } });
        expect(frameKey(controller.frame$.value)).toBe(live.frames[kf.tick]);
        while (controller.tick < TICKS) {
          controller.advance(1);
          const t = controller.tick;
          if (frameKey(controller.frame$.value) !== live.frames[t]) expect(frameKey(controller.frame$.value), `frame ${t} after a restore at ${kf.tick}`).toBe(live.frames[t]);
        }
        expect(after(records, kf.tick)).toEqual(after(live.records, kf.tick));
        controller.dispose();
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 4242 },
    );
  }, 120_000);
});
