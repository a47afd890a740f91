/**
 * The timeline shows one run (issue 21): a seek lists the records up to the tick sought (whether it
 * restored a keyframe or restarted), without repeats; a branch and its undo drop the records after
 * the branch; the director's RESET starts a new run and keeps the old one as the previous run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession } from '../../streams/take/session';
import type { TraceRecord } from '../../streams/trace/records';
import { RunStarts } from '../../ui/state/runStarts';
import { TimelineBuffer, type TimelineView } from '../../ui/state/timelineBuffer';
import { followTake } from '../../ui/state/timelineRuns';
import { ground, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

const doc = () =>
  scene(
    [ground(1400), { kind: 'stickman', id: 'ada', position: [800, 1250], facing: 'RIGHT' }, { kind: 'area', id: 'goal', position: [1300, 1300], size: [200, 200] }],
    { queues: { ada: [{ id: 'w1', type: 'walk_to', target_position: [1500, 1400] }] } },
  );

function stage() {
  const controller = new StageController(doc());
  const session = new TakeSession(controller);
  const runStarts = new RunStarts();
  let view: TimelineView | null = null;
  const buffer = new TimelineBuffer((v) => (view = v), {
    schedule: () => undefined,
    cursor: () => (controller.mode.mode === 'PLAY' ? controller.tick : Number.POSITIVE_INFINITY),
    seeking: () => session.isSeeking,
  });
  const live: TraceRecord[] = [];
  controller.records$.subscribe((r) => live.push(r));
  buffer.attach(controller.records$, controller.tick$);
  const stop = followTake(buffer, session, runStarts);
  /** The listed records, oldest first, as JSON (what the rows show). */
  const listed = () => {
    buffer.refresh();
    buffer.flush();
    return view!.entries.map((e) => JSON.stringify(e.record)).reverse();
  };
  /** The live run's records up to `tick`, in the order they came. */
  const liveUpTo = (tick: number, from: readonly TraceRecord[] = live) => from.filter((r) => r.tick <= tick).map((r) => JSON.stringify(r));
  const reset = () => {
    runStarts.fire('reset');
    controller.send({ type: 'ui.reset' });
  };
  const done = () => (stop(), buffer.dispose(), session.dispose(), controller.dispose());
  return { controller, session, buffer, live, listed, liveUpTo, reset, done };
}

describe('timeline: one run, seeks and branches', () => {
  it('a seek back (restart or keyframe) lists the records up to the tick sought, once each; forward again, the whole run', () => {
    const s = stage();
    s.controller.send({ type: 'ui.play' });
    s.controller.step(100);
    s.controller.ragdoll('ada');
    s.controller.step(100);
    const liveRun = [...s.live];
    expect(s.listed()).toEqual(s.liveUpTo(200, liveRun));
    // No keyframe behind 30: a restart, re-simulated from 0.
    s.session.seek(30);
    expect(s.controller.tick).toBe(30);
    expect(s.listed()).toEqual(s.liveUpTo(30, liveRun));
    // Keyframes behind 150 (one a second): restored and stepped on.
    s.session.seek(150);
    expect(s.listed()).toEqual(s.liveUpTo(150, liveRun));
    s.session.seek(125);
    expect(s.listed()).toEqual(s.liveUpTo(125, liveRun));
    s.session.seek(200);
    expect(s.listed()).toEqual(s.liveUpTo(200, liveRun));
    expect(s.listed().some((l) => l.includes('"RAGDOLL"'))).toBe(true);
    s.done();
  });

  it("a branch drops the records after it, and undoing it drops the branch's own", () => {
    const s = stage();
    s.controller.send({ type: 'ui.play' });
    s.controller.step(180);
    const original = [...s.live];
    s.session.seek(90);
    // A new command behind the end: the take is cut at 90 and records on from there.
    s.controller.ragdoll('ada');
    expect(s.listed()).toEqual(s.liveUpTo(90, original));
    s.controller.send({ type: 'ui.resume' });
    s.controller.step(30);
    const branch = s.listed();
    expect(branch.length).toBeGreaterThan(s.liveUpTo(90, original).length);
    expect(branch.some((l) => l.includes('"rig.setRagdoll"'))).toBe(true);
    s.session.undoBranch();
    expect(s.controller.tick).toBe(90);
    expect(s.listed()).toEqual(s.liveUpTo(90, original));
    // The future put back plays again as it was.
    s.session.seek(180);
    expect(s.listed()).toEqual(s.liveUpTo(180, original));
    expect(s.listed().some((l) => l.includes('"rig.setRagdoll"'))).toBe(false);
    s.done();
  });

  it("the director's RESET starts a new run; the old one is the previous run", () => {
    const s = stage();
    s.controller.send({ type: 'ui.play' });
    s.controller.step(120);
    const first = s.listed();
    const mark = s.live.length;
    s.reset();
    s.controller.step(10);
    expect(s.listed()).toEqual(s.liveUpTo(10, s.live.slice(mark)));
    expect(s.buffer.previous!.entries.map((e) => JSON.stringify(e.record)).reverse()).toEqual(first);
    // Entering PLAY again from EDIT is a new run too, seen in the records.
    s.controller.send({ type: 'ui.edit' });
    const second = s.listed();
    s.controller.send({ type: 'ui.play' });
    s.controller.step(5);
    expect(s.listed()[0]).toContain('"from":"EDIT","to":"PLAY.RUNNING"');
    expect(s.buffer.previous!.entries.map((e) => JSON.stringify(e.record)).reverse()).toEqual(second);
    s.done();
  });
});
