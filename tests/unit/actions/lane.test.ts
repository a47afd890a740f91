import { describe, expect, it } from 'vitest';
import { emptyLane, insertReactive, pendingCount, takeNext, type Lane, type LaneItem } from '../../../core/actions/lane';

const authored = (id: string): LaneItem => ({ id, origin: 'authored', action: { type: 'wait', seconds: 1 } });
const reactive = (id: string): LaneItem => ({ id, origin: 'reactive', action: { type: 'speak', text: id } });

/** Takes every remaining item, in order. */
function drain(lane: Lane): string[] {
  const out: string[] = [];
  for (;;) {
    const next = takeNext(lane);
    if (!next.item) return out;
    out.push(next.item.id);
    lane = next.lane;
  }
}

describe('lane: emptyLane / takeNext / pendingCount', () => {
  it('starts at the first item with nothing reactive ahead', () => {
    const lane = emptyLane([authored('a'), authored('b')]);
    expect(lane).toEqual({ items: [authored('a'), authored('b')], cursor: 0, reactiveAhead: 0 });
    expect(pendingCount(lane)).toBe(2);
    expect(emptyLane()).toEqual({ items: [], cursor: 0, reactiveAhead: 0 });
    expect(pendingCount(emptyLane())).toBe(0);
  });

  it('takes items in order, advancing the cursor, without mutating the input lane', () => {
    const lane = emptyLane([authored('a'), authored('b')]);
    const first = takeNext(lane);
    expect(first.item?.id).toBe('a');
    expect(first.lane.cursor).toBe(1);
    expect(lane.cursor).toBe(0); // pure
    expect(pendingCount(first.lane)).toBe(1);
    const second = takeNext(first.lane);
    expect(second.item?.id).toBe('b');
    expect(pendingCount(second.lane)).toBe(0);
  });

  it('returns null and the same lane when exhausted', () => {
    const lane = takeNext(emptyLane([authored('a')])).lane;
    const done = takeNext(lane);
    expect(done.item).toBeNull();
    expect(done.lane).toBe(lane);
    expect(takeNext(emptyLane()).item).toBeNull();
  });

  it('counts reactive items down as they are taken, never below zero', () => {
    let lane = emptyLane([authored('a')]);
    lane = insertReactive(lane, reactive('s1'), 'sequential');
    lane = insertReactive(lane, reactive('s2'), 'sequential');
    expect(lane.reactiveAhead).toBe(2);
    lane = takeNext(lane).lane;
    expect(lane.reactiveAhead).toBe(1);
    lane = takeNext(lane).lane;
    expect(lane.reactiveAhead).toBe(0);
    const last = takeNext(lane);
    expect(last.item?.id).toBe('a');
    expect(last.lane.reactiveAhead).toBe(0);
  });
});

describe('lane: insertReactive', () => {
  it('sequential runs right after the current item, before the rest of the authored future', () => {
    // a is running (taken), b and c are the authored future.
    let lane = takeNext(emptyLane([authored('a'), authored('b'), authored('c')])).lane;
    lane = insertReactive(lane, reactive('s'), 'sequential');
    expect(lane.items.map((i) => i.id)).toEqual(['a', 's', 'b', 'c']);
    expect(lane.cursor).toBe(1);
    expect(drain(lane)).toEqual(['s', 'b', 'c']);
  });

  it('two sequential insertions keep their arrival order', () => {
    let lane = takeNext(emptyLane([authored('a'), authored('b')])).lane;
    lane = insertReactive(lane, reactive('s1'), 'sequential');
    lane = insertReactive(lane, reactive('s2'), 'sequential');
    expect(drain(lane)).toEqual(['s1', 's2', 'b']);
  });

  it('a sequential item arriving while an earlier reaction runs goes after the reactions still waiting', () => {
    let lane = takeNext(emptyLane([authored('a'), authored('b')])).lane;
    lane = insertReactive(lane, reactive('s1'), 'sequential');
    lane = insertReactive(lane, reactive('s2'), 'sequential');
    const running = takeNext(lane); // s1 runs
    expect(running.item?.id).toBe('s1');
    lane = insertReactive(running.lane, reactive('s3'), 'sequential');
    expect(drain(lane)).toEqual(['s2', 's3', 'b']);
  });

  it('takeover goes to the very front, before pending sequential reactions; the authored future is kept', () => {
    let lane = takeNext(emptyLane([authored('a'), authored('b'), authored('c')])).lane;
    lane = insertReactive(lane, reactive('s1'), 'sequential');
    lane = insertReactive(lane, reactive('t'), 'takeover');
    expect(lane.items.map((i) => i.id)).toEqual(['a', 't', 's1', 'b', 'c']);
    expect(lane.reactiveAhead).toBe(2);
    // A sequential item after the takeover still comes after the earlier reactions.
    lane = insertReactive(lane, reactive('s2'), 'sequential');
    expect(drain(lane)).toEqual(['t', 's1', 's2', 'b', 'c']);
  });

  it('on an exhausted lane both modes append; before anything ran they go first', () => {
    const exhausted = takeNext(emptyLane([authored('a')])).lane;
    expect(drain(insertReactive(exhausted, reactive('s'), 'sequential'))).toEqual(['s']);
    expect(drain(insertReactive(exhausted, reactive('t'), 'takeover'))).toEqual(['t']);
    const fresh = emptyLane([authored('a'), authored('b')]);
    expect(drain(insertReactive(fresh, reactive('s'), 'sequential'))).toEqual(['s', 'a', 'b']);
    expect(drain(insertReactive(fresh, reactive('t'), 'takeover'))).toEqual(['t', 'a', 'b']);
  });

  it('never mutates the lane it is given, and keeps items already run', () => {
    const lane = takeNext(emptyLane([authored('a'), authored('b')])).lane;
    const before = JSON.stringify(lane);
    const after = insertReactive(lane, reactive('s'), 'sequential');
    expect(JSON.stringify(lane)).toBe(before);
    expect(after.items[0].id).toBe('a');
    expect(after.items).not.toBe(lane.items);
  });

  it('agrees with a reference queue over random interleavings (seeded)', () => {
    // Reference: pending reactive items R (front) then the authored future A.
    // sequential appends to R, takeover prepends to R, take pops R first, then A.
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let run = 0; run < 200; run += 1) {
      const authoredIds = Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, i) => `a${i}`);
      let lane = emptyLane(authoredIds.map(authored));
      let refR: string[] = [];
      const refA = [...authoredIds];
      let n = 0;
      for (let op = 0; op < 30; op += 1) {
        const r = rand();
        if (r < 0.4) {
          const { lane: next, item } = takeNext(lane);
          const expected = refR.length ? refR.shift()! : refA.shift() ?? null;
          expect(item?.id ?? null).toBe(expected);
          lane = next;
        } else {
          const id = `r${(n += 1)}`;
          const mode = r < 0.75 ? 'sequential' : 'takeover';
          lane = insertReactive(lane, reactive(id), mode);
          refR = mode === 'sequential' ? [...refR, id] : [id, ...refR];
        }
        expect(pendingCount(lane)).toBe(refR.length + refA.length);
        expect(lane.reactiveAhead).toBe(refR.length);
      }
      expect(drain(lane)).toEqual([...refR, ...refA]);
    }
  });
});
