/**
 * Issue 14: a take's keyframes — the nearest one at or before a tick, the cut after a branch, and
 * the memory budget (the store thins itself to a coarser grid instead of growing past it).
 */
import { describe, expect, it } from 'vitest';
import { KeyframeStore } from '../../../streams/take/keyframes';
import type { StageKeyframe } from '../../../streams/stage/stageController';
import { cloneData, estimateBytes, restoreInto, UncloneableStateError } from '../../../core/data/cloneData';

const keyframe = (tick: number, bytes = 1000): StageKeyframe =>
  ({ tick, document: {} as never, rigs: {}, runtime: { tick, physics: { bytes: new Uint8Array(bytes), data: {} }, data: {} as never } }) as StageKeyframe;

describe('KeyframeStore', () => {
  it('wants a keyframe on its grid only, once', () => {
    const store = new KeyframeStore(1e9, 60);
    expect([0, 59, 60, 61, 120].map((t) => store.wants(t))).toEqual([false, false, true, false, true]);
    store.add(keyframe(60));
    expect(store.wants(60)).toBe(false);
  });

  it('finds the latest keyframe at or before a tick, whatever order they came in', () => {
    const store = new KeyframeStore(1e9, 60);
    for (const t of [180, 60, 120]) store.add(keyframe(t));
    expect(store.ticks()).toEqual([60, 120, 180]);
    expect(store.atOrBefore(59)).toBeNull();
    expect(store.atOrBefore(60)?.tick).toBe(60);
    expect(store.atOrBefore(179)?.tick).toBe(120);
    expect(store.atOrBefore(10_000)?.tick).toBe(180);
  });

  it('replaces a keyframe of the same tick and keeps its accounting right', () => {
    const store = new KeyframeStore(1e9, 60);
    store.add(keyframe(60, 1000));
    const one = store.memoryBytes;
    store.add(keyframe(60, 1000));
    expect(store.count).toBe(1);
    expect(store.memoryBytes).toBe(one);
  });

  it('forgets the keyframes after a cut and their bytes', () => {
    const store = new KeyframeStore(1e9, 60);
    for (let t = 60; t <= 600; t += 60) store.add(keyframe(t));
    const each = store.memoryBytes / 10;
    store.dropAfter(300);
    expect(store.ticks()).toEqual([60, 120, 180, 240, 300]);
    expect(store.memoryBytes).toBeCloseTo(each * 5);
    store.clear();
    expect(store.count).toBe(0);
    expect(store.memoryBytes).toBe(0);
  });

  it('past its budget doubles its interval and drops what is off the new grid, so memory stays bounded', () => {
    const per = estimateBytes({}) + 10_000;
    const store = new KeyframeStore(per * 10 + 5000, 60);
    // A 10-minute take's worth of keyframes at one a second.
    for (let t = 60; t <= 36_000; t += 60) if (store.wants(t)) store.add(keyframe(t, 10_000));
    expect(store.memoryBytes).toBeLessThanOrEqual(per * 10 + 5000);
    expect(store.interval).toBeGreaterThan(60);
    // Still spread over the whole take, on the coarser grid.
    const ticks = store.ticks();
    expect(ticks.every((t) => t % store.interval === 0)).toBe(true);
    expect(ticks.at(-1)).toBeGreaterThan(30_000);
    expect(ticks[0]).toBeLessThanOrEqual(store.interval);
  });

  it('refuses an interval that is not a whole number of ticks', () => {
    expect(() => new KeyframeStore(1e9, 0)).toThrow(RangeError);
    expect(() => new KeyframeStore(1e9, 1.5)).toThrow(RangeError);
  });
});

describe('cloneData', () => {
  class Tracker {
    still = 0;
    bump() {
      this.still += 1;
    }
  }

  it('copies deeply, keeps aliasing and prototypes, and leaves shared objects alone', () => {
    const shared = { doc: true };
    const event = { type: 'speech_finished' };
    const state = { held: [event], waiting: event, tracker: new Tracker(), poses: new Float64Array([1, 2]), map: new Map([['a', new Set(['x'])]]), doc: shared };
    const copy = cloneData(state, { shared: new Set([shared]) });
    expect(copy).toEqual(state);
    expect(copy.held[0]).toBe(copy.waiting);
    expect(copy.held[0]).not.toBe(event);
    expect(copy.tracker).toBeInstanceOf(Tracker);
    copy.tracker.bump();
    expect(state.tracker.still).toBe(0);
    copy.poses[0] = 9;
    expect(state.poses[0]).toBe(1);
    copy.map.get('a')!.add('y');
    expect(state.map.get('a')!.size).toBe(1);
    expect(copy.doc).toBe(shared);
  });

  it('refuses wiring with the path that led to it', () => {
    expect(() => cloneData({ rig: { onDone: () => 1 } })).toThrow(new UncloneableStateError('$.rig.onDone', 'a function'));
    expect(() => cloneData({ list: [{ subscribe() {} }] })).toThrow(/\$\.list\[0\] is wiring/);
  });

  it('restores into live containers in place', () => {
    const claims = new Map([['ball', 'al']]);
    const poses = new Float64Array([1, 2, 3]);
    const list = [1];
    const live = { claims, poses, list, count: 1 };
    restoreInto(live, { claims: new Map([['box', 'bo']]), poses: new Float64Array([4, 5, 6]), list: [7, 8], count: 2 });
    expect(live.claims).toBe(claims);
    expect([...claims]).toEqual([['box', 'bo']]);
    expect(live.poses).toBe(poses);
    expect([...poses]).toEqual([4, 5, 6]);
    expect(live.list).toBe(list);
    expect(list).toEqual([7, 8]);
    expect(live.count).toBe(2);
  });
});
