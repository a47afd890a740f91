/**
 * Issue 14, keyframes: the stage saved between two steps (rig actors' persisted snapshots, the
 * physics world's snapshot, the runtime's own state) and restored on a fresh stage steps on
 * exactly as the live run did: the same frames and the same trace records, tick for tick, from
 * keyframes taken all through a performance with walks, grabs, a held ragdoll, a pickup, a throw,
 * landings, a Direct ragdoll and a stand-up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController, type StageKeyframe } from '../../streams/stage/stageController';
import { TakeTape } from '../../streams/take/tape';
import { toJsonLine, type TraceRecord } from '../../streams/trace/records';
import { frameKey, livePerformance, PERFORMANCE_TICKS, type LivePerformance } from './takeScenario';

let live: LivePerformance;
const keyframes: StageKeyframe[] = [];

/** Trace lines of the simulation itself (stage-mode transitions are the director's controls). */
const simLines = (records: readonly TraceRecord[], after: number) =>
  records.filter((r) => r.tick > after && r.type !== 'summary' && !(r.type === 'transition' && r.actor === 'stage')).map(toJsonLine);

beforeAll(async () => {
  await initPhysics();
  live = await livePerformance({ onStep: (c) => { if (c.tick % 15 === 0) keyframes.push(c.captureKeyframe()); } });
});

function restoredRun(kf: StageKeyframe) {
  const take = live.session.take()!;
  const tape = TakeTape.fromDocument(take);
  const controller = new StageController(live.controller.document);
  const records: TraceRecord[] = [];
  const frames: string[] = [];
  controller.send({ type: 'ui.play' });
  controller.restoreKeyframe(kf);
  controller.setTakeHooks({ beforeStep: (t) => { for (const c of tape.commandsAt(t)) controller.currentRuntime!.enqueue(c); } });
  controller.records$.subscribe((r) => records.push(r));
  frames[kf.tick] = frameKey(controller.frame$.value);
  while (controller.tick < PERFORMANCE_TICKS) {
    controller.advance(1);
    frames[controller.tick] = frameKey(controller.frame$.value);
  }
  controller.dispose();
  return { records, frames };
}

describe('keyframes', () => {
  it('restored anywhere in the take, the stage shows and does what the live run did from there on', () => {
    expect(keyframes.length).toBe(PERFORMANCE_TICKS / 15);
    const liveLines = live.records;
    for (const kf of keyframes) {
      const run = restoredRun(kf);
      expect(run.frames[kf.tick], `frame at the keyframe ${kf.tick}`).toBe(live.frames[kf.tick]);
      for (let t = kf.tick; t <= PERFORMANCE_TICKS; t += 1) {
        if (run.frames[t] !== live.frames[t]) expect(run.frames[t], `frame ${t} after a restore at ${kf.tick}`).toBe(live.frames[t]);
      }
      expect(simLines(run.records, kf.tick), `trace after a restore at ${kf.tick}`).toEqual(simLines(liveLines, kf.tick));
    }
  });
});
