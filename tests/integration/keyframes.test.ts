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
  // Every 15 ticks, and once mid-way through the opening drop (the stickmen land at tick 11, so
  // the 15-tick grid alone would never catch one AIRBORNE).
  live = await livePerformance({ onStep: (c) => { if (c.tick % 15 === 0 || c.tick === 5) keyframes.push(c.captureKeyframe()); } });
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
  it('are taken in every situation the performance goes through', () => {
    const at = (kf: StageKeyframe) => JSON.parse(live.frames[kf.tick]) as { rigs: Array<{ state: string; terrain: string; heldProp: string | null }> };
    const seen = new Set<string>();
    for (const kf of keyframes) {
      for (const r of at(kf).rigs) {
        seen.add(r.state);
        seen.add(r.terrain);
        if (r.heldProp) seen.add('holding');
      }
      const runtime = kf.runtime.data.step as { grab: unknown };
      if (runtime.grab) seen.add('grabbed');
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['AIRBORNE', 'ANIMATED', 'GROUNDED', 'LANDING_IMPACT', 'RAGDOLL', 'RECOVERING', 'grabbed', 'holding']));
  });

  it('restored anywhere in the take, the stage shows and does what the live run did from there on', () => {
    expect(keyframes.length).toBe(PERFORMANCE_TICKS / 15 + 1); // and the one mid-drop
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

describe('restoring a keyframe', () => {
  it('can be done again and again: a keyframe is not used up, and the stage leaks nothing', () => {
    const kf = keyframes[12];
    const controller = new StageController(live.controller.document);
    controller.send({ type: 'ui.play' });
    const counts: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      controller.restoreKeyframe(kf);
      expect(controller.tick).toBe(kf.tick);
      expect(controller.mode).toEqual({ mode: 'PLAY', paused: true });
      expect(frameKey(controller.frame$.value)).toBe(live.frames[kf.tick]);
      controller.advance(20);
      counts.push(JSON.stringify([controller.currentRuntime!.physics.counts(), controller.inspectedActors]));
    }
    expect(new Set(counts).size).toBe(1);
    controller.dispose();
  });

  it('is refused outside PLAY and on another document, and the stage is left as it was', () => {
    const controller = new StageController(live.controller.document);
    expect(() => controller.captureKeyframe()).toThrow(/PLAY/);
    expect(() => controller.restoreKeyframe(keyframes[3])).toThrow(/PLAY only/);
    expect(controller.mode.mode).toBe('EDIT');
    controller.send({ type: 'ui.play' });
    controller.step(5);
    const other = { ...keyframes[3], document: structuredClone(live.controller.document) };
    expect(() => controller.restoreKeyframe(other)).toThrow(/document/);
    expect(controller.tick).toBe(5);
    controller.dispose();
  });
});

describe('with the debug overlay on', () => {
  it('a restored frame shows the probes, proxies and labels the live frame showed', () => {
    const scene = live.controller.document;
    const recordRun = new StageController(scene);
    recordRun.setDebug(true);
    recordRun.send({ type: 'ui.play' });
    recordRun.step(40);
    const kf = recordRun.captureKeyframe();
    const liveFrame = frameKey(recordRun.frame$.value);
    recordRun.step(10);
    const later = frameKey(recordRun.frame$.value);
    recordRun.dispose();
    expect(JSON.parse(liveFrame).debug.rays.length).toBeGreaterThan(0);

    const restored = new StageController(scene);
    restored.setDebug(true);
    restored.send({ type: 'ui.play' });
    restored.restoreKeyframe(kf);
    expect(frameKey(restored.frame$.value)).toBe(liveFrame);
    restored.advance(10);
    expect(frameKey(restored.frame$.value)).toBe(later);
    restored.dispose();
  });
});

describe('a keyframe between two touching stickmen, one in an area', () => {
  it('keeps who is touching whom and who is inside: no second collided or entered_area after a restore, the separated and exited_area when due', async () => {
    const { scene, ground } = await import('../helpers/scenes');
    const man = (id: string, x: number, facing: string) => ({ kind: 'stickman', id, position: [x, 1400], facing });
    const zone = { kind: 'area', id: 'zone', position: [1150, 1200], size: [200, 400] };
    const doc = scene([ground(1400), zone, man('a', 800, 'RIGHT'), man('b', 1400, 'LEFT')], {
      queues: {
        a: [{ id: 'a-in', type: 'walk_to', target_position: [1300, 1400] }, { id: 'a-out', type: 'walk_to', target_position: [500, 1400] }],
        b: [{ id: 'b-wait', type: 'wait', seconds: 30 }],
      },
      rules: [{ id: 'bump', when: { type: 'collided', source: 'a', target: 'b' }, then: [{ actor: 'b', mode: 'overlay', action: { type: 'speak', text: 'Oi!', seconds: 1 } }] }],
    });
    const liveRun = new StageController(doc);
    const lines: TraceRecord[] = [];
    const frames: string[] = [];
    const taken: StageKeyframe[] = [];
    liveRun.records$.subscribe((r) => lines.push(r));
    liveRun.send({ type: 'ui.play' });
    while (liveRun.tick < 600) {
      liveRun.step(1);
      frames[liveRun.tick] = frameKey(liveRun.frame$.value);
      if (liveRun.tick % 10 === 0) taken.push(liveRun.captureKeyframe());
    }
    liveRun.dispose();
    const touches = lines.filter((r) => r.type === 'event' && (r.event.type === 'collided' || r.event.type === 'separated') && r.event.source === 'a' && r.event.target === 'b');
    expect(touches.map((r) => (r as { event: { type: string } }).event.type).slice(0, 2)).toEqual(['collided', 'separated']);
    const [touched, parted] = touches.map((r) => r.tick);
    const areaTicks = (type: string) => lines.filter((r) => r.type === 'event' && r.event.type === type && r.event.source === 'a').map((r) => r.tick);
    const [entered] = areaTicks('entered_area');
    const [exited] = areaTicks('exited_area');
    expect(entered).toBeLessThan(exited);
    // Every keyframe restored and played to the end: some while they touch, some while a is in the area.
    expect(taken.some((k) => k.tick > touched && k.tick < parted)).toBe(true);
    expect(taken.some((k) => k.tick > entered && k.tick < exited)).toBe(true);
    for (const kf of taken) {
      const c = new StageController(doc);
      const after: TraceRecord[] = [];
      c.send({ type: 'ui.play' });
      c.restoreKeyframe(kf);
      c.records$.subscribe((r) => after.push(r));
      c.advance(600 - kf.tick);
      expect(frameKey(c.frame$.value)).toBe(frames[600]);
      expect(simLines(after, kf.tick), `trace after a restore at ${kf.tick}`).toEqual(simLines(lines, kf.tick));
      c.dispose();
    }
  });
});
