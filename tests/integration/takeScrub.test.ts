/**
 * Issue 14, scrub and replay: a seek re-simulates the take, and the stage then shows exactly the
 * frame the live run showed at that tick (compared as whole frame snapshots) at a dozen ticks
 * spread over the take, inside landings and ragdolls, sought back and forth in a scrambled order.
 * Stepping back and forward, playing on from a sought tick (the take replays), a new command
 * there (a branch: the later commands dropped) and undoing the branch; the frames an export
 * renders; a statechart breakpoint, then stepping back from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { replayTake } from '../../streams/take/replay';
import { frameCount, TakeFrameSource } from '../../streams/take/frameSource';
import type { TakeDocument } from '../../core/take/schema';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession } from '../../streams/take/session';
import { frameKey, livePerformance, performanceScene, PERFORMANCE_TICKS, type LivePerformance } from './takeScenario';

let live: LivePerformance;
let liveNoKeyframes: LivePerformance;
let recorded: TakeDocument;
const frameNow = () => frameKey(live.controller.frame$.value);

beforeAll(async () => {
  await initPhysics();
  live = await livePerformance();
  liveNoKeyframes = await livePerformance({ session: { keyframes: false } });
  recorded = live.session.take()!;
});

/** A dozen ticks: the start, landings, inside both ragdolls, and spread over the rest. */
function probeTicks(): number[] {
  const al = live.ragdollTicks.get('al')!;
  const bo = live.ragdollTicks.get('bo')!;
  const landing = live.landingTicks;
  // The step before a landing (still airborne), the landing step, inside the landing impact.
  const picks = [0, 1, landing[0] - 1, landing[0], landing[0] + 3, al[5], al[Math.floor(al.length / 2)], bo[10], 77, 101, 455, PERFORMANCE_TICKS];
  // Scrambled: backward and forward seeks both get exercised.
  return [picks[6], picks[2], picks[11], picks[0], picks[9], picks[5], picks[3], picks[10], picks[1], picks[8], picks[4], picks[7]];
}

describe.each([
  ['from the nearest keyframe', () => live],
  ['by re-simulating from t = 0 (no keyframes)', () => liveNoKeyframes],
])('seeking a take %s', (_how, current) => {
  let live: LivePerformance;
  const frameNow = () => frameKey(live.controller.frame$.value);
  beforeAll(() => {
    live = current();
  });

  it('shows the live frame of the same tick, at a dozen ticks including landings and ragdolls', () => {
    const ticks = probeTicks();
    expect(new Set(ticks).size).toBe(12);
    for (const tick of ticks) {
      expect(live.session.seek(tick)).toBe(tick);
      expect(live.controller.tick).toBe(tick);
      expect(live.controller.mode).toEqual({ mode: 'PLAY', paused: true });
      expect(frameNow(), `frame at tick ${tick}`).toBe(live.frames[tick]);
    }
    // The frames compared differ from each other: a stale frame could not pass for another tick.
    expect(new Set(ticks.map((t) => live.frames[t])).size).toBe(12);
    // Inside a ragdoll and inside a landing, as asked.
    live.session.seek(live.ragdollTicks.get('al')![5]);
    expect(live.controller.frame$.value.rigs.find((r) => r.id === 'al')!.state).toBe('RAGDOLL');
    live.session.seek(live.landingTicks[0]);
    expect(live.controller.frame$.value.rigs.map((r) => r.terrain)).toContain('LANDING_IMPACT');
  });

  it('leaves the take as it was: same commands, same length, no new take', () => {
    const before = live.session.take()!;
    live.session.seek(250);
    live.session.seek(40);
    expect(live.session.take()).toEqual(before);
    expect(live.session.length).toBe(PERFORMANCE_TICKS);
  });

  it('steps one tick back and forward', () => {
    live.session.seek(300);
    expect(live.session.stepBack()).toBe(299);
    expect(frameNow()).toBe(live.frames[299]);
    expect(live.session.seek(live.controller.tick + 1)).toBe(300);
    expect(frameNow()).toBe(live.frames[300]);
  });

  it('past the end is clamped to the end; before 0 to 0', () => {
    expect(live.session.seek(PERFORMANCE_TICKS + 500)).toBe(PERFORMANCE_TICKS);
    expect(live.session.seek(-20)).toBe(0);
    expect(frameNow()).toBe(live.frames[0]);
  });

  it('in slices (a UI frame at a time) arrives at the same frame, the target changing on the way', () => {
    live.session.seek(500);
    // From the keyframe at 60 (or from 0): at most 25 steps a slice, the rest still to go.
    const start = live.session.keyframes.atOrBefore(110)?.tick ?? 0;
    let left = live.session.seekToward(110, 25);
    expect(live.controller.tick).toBe(start + 25);
    expect(left).toBe(110 - live.controller.tick);
    // A new target on the way: from the keyframe behind it when that is nearer than the stage (or
    // the stage is past it), else on from where the stage is; back to 0 only with neither.
    const here = live.controller.tick;
    const keyframe = live.session.keyframes.atOrBefore(70)?.tick;
    const from = keyframe !== undefined && (70 < here || keyframe > here) ? keyframe : 70 < here ? 0 : here;
    left = live.session.seekToward(70, 25);
    expect(live.controller.tick).toBe(Math.min(70, from + 25));
    while (left > 0) left = live.session.seekToward(70, 25);
    expect(live.controller.tick).toBe(70);
    expect(frameNow()).toBe(live.frames[70]);
  });

  it(`keeps ${_how.startsWith('from') ? 'a keyframe every second' : 'no keyframes'} of the take`, () => {
    const every = live.session.keyframes.ticks();
    if (_how.startsWith('from')) expect(every).toEqual(Array.from({ length: PERFORMANCE_TICKS / 60 }, (_, i) => (i + 1) * 60));
    else expect(every).toEqual([]);
  });
});

describe('playing on from a sought tick', () => {
  it('replays the take: the recorded commands arrive at their ticks and the frames are the live ones', () => {
    const before = live.session.take()!;
    live.session.seek(90);
    expect(live.session.behind).toBe(true);
    live.controller.send({ type: 'ui.resume' });
    for (let tick = 91; tick <= PERFORMANCE_TICKS; tick += 1) {
      live.controller.step(1);
      if (tick % 37 === 0 || tick === 151 || tick === 331) expect(frameNow(), `frame at tick ${tick}`).toBe(live.frames[tick]);
    }
    expect(live.session.behind).toBe(false);
    expect(live.session.take()).toEqual(before);
  });

  it('at the end of the take it records on: the take grows', () => {
    live.controller.step(30);
    live.controller.walkTo('al', 1000);
    live.controller.step(10);
    const take = live.session.take()!;
    expect(take.length).toBe(PERFORMANCE_TICKS + 40);
    expect(take.commands.at(-1)).toEqual({ tick: PERFORMANCE_TICKS + 31, command: { type: 'rig.walkTo', id: 'al', x: 1000 } });
  });
});

describe('a branch', () => {
  it('a new command behind the end drops the later commands and records on from there; undo puts them back', async () => {
    const original = live.session.take()!;
    live.session.seek(200);
    live.controller.walkTo('bo', 300);
    const cut = live.session.take()!;
    expect(cut.length).toBe(200);
    expect(cut.commands).toEqual(original.commands.filter((c) => c.tick <= 200));
    expect(live.session.branchHistory.map((b) => b.tick)).toEqual([200]);
    // The branch plays on live from 200: its first command at 201.
    live.controller.send({ type: 'ui.resume' });
    const branchFrames: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      live.controller.step(1);
      branchFrames[live.controller.tick] = frameNow();
    }
    const branch = live.session.take()!;
    expect(branch.length).toBe(260);
    expect(branch.commands.filter((c) => c.tick > 200)).toEqual([{ tick: 201, command: { type: 'rig.walkTo', id: 'bo', x: 300 } }]);
    // The branch is a take like any other: replayed headless, it shows the same frames.
    const replayed: string[] = [];
    const run = await replayTake(branch, { onStep: (c) => (replayed[c.tick] = frameKey(c.frame$.value)) });
    run.controller.dispose();
    for (let t = 201; t <= 260; t += 1) expect(replayed[t], `branch frame ${t}`).toBe(branchFrames[t]);
    expect(branchFrames[230]).not.toBe(live.frames[230]);

    expect(live.session.undoBranch()).toBe(200);
    expect(live.session.take()).toEqual(original);
    expect(live.controller.tick).toBe(200);
    expect(frameNow()).toBe(live.frames[200]);
    // The keyframes the branch left behind went with it: past the branch point it is the original again.
    expect(live.session.keyframes.ticks().filter((t) => t > 200)).toEqual([]);
    live.session.seek(250);
    expect(frameNow()).toBe(live.frames[250]);
    expect(live.session.undoBranch()).toBeNull();
  });
});

describe('the frames an export renders', () => {
  it('come from a stage of their own at a fixed rate, and are the live frames of those ticks', async () => {
    const tickBefore = live.controller.tick;
    const source = await TakeFrameSource.open(recorded);
    const fps = 30;
    const n = frameCount(0, recorded.length, fps);
    expect(n).toBe(PERFORMANCE_TICKS / 2);
    for (let i = 0; i < n; i += 1) {
      const tick = TakeFrameSource.tickOfFrame(i, fps);
      const frame = source.frameAt(tick);
      expect(frame.tick).toBe(tick);
      if (i % 15 === 0) expect(frameKey(frame), `export frame ${i}`).toBe(live.frames[tick]);
    }
    source.dispose();
    // The app's stage did not move.
    expect(live.controller.tick).toBe(tickBefore);
  });
});

describe('with a statechart breakpoint', () => {
  it('break, then step back to see what led there: the frames before the break, the breakpoint silent while seeking, and it fires again when played through', () => {
    const controller = new StageController(performanceScene());
    const session = new TakeSession(controller);
    const frames: string[] = [];
    const hits: number[] = [];
    // As the statecharts panel installs it: break on al's landing.
    controller.setBreakCheck((records, tick) => {
      const hit = records.some((r) => r.type === 'transition' && r.actor === 'rig:al/terrainMotion' && r.to === 'LANDING_IMPACT');
      if (hit) hits.push(tick);
      return hit;
    });
    controller.send({ type: 'ui.play' });
    while (!controller.mode.paused && controller.tick < 200) {
      controller.step(1);
      frames[controller.tick] = frameKey(controller.frame$.value);
    }
    const breakTick = controller.tick;
    expect(hits).toEqual([breakTick]);
    expect(controller.mode.paused).toBe(true);
    for (let back = 1; back <= 3; back += 1) {
      expect(session.stepBack()).toBe(breakTick - back);
      expect(frameKey(controller.frame$.value)).toBe(frames[breakTick - back]);
    }
    expect(controller.frame$.value.rigs.find((r) => r.id === 'al')!.terrain).toBe('AIRBORNE');
    // Seeking back to the break itself re-simulated through it without breaking again.
    expect(session.seek(breakTick)).toBe(breakTick);
    expect(hits).toEqual([breakTick]);
    // Played through from before it, it breaks there again.
    session.seek(breakTick - 5);
    controller.send({ type: 'ui.resume' });
    controller.step(10);
    expect(controller.tick).toBe(breakTick);
    expect(controller.mode.paused).toBe(true);
    expect(hits).toEqual([breakTick, breakTick]);
    controller.dispose();
  });
});
