import { describe, expect, it } from 'vitest';
import { dropPending, emptyLane, insertReactive, peekNext, pendingCount, pendingItems, reactiveAhead, takeNext, type Lane, type LaneItem } from '../../../core/actions/lane';

const authored = (id: string): LaneItem => ({ id, origin: 'authored', action: { type: 'wait', seconds: 1 } });
const reactive = (id: string): LaneItem => ({ id, origin: 'reactive', action: { type: 'speak', text: id } });
const ids = (lane: Lane) => pendingItems(lane).map((i) => i.id);

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
    expect(ids(lane)).toEqual(['a', 'b']);
    expect(peekNext(lane)?.id).toBe('a');
    expect(reactiveAhead(lane)).toBe(0);
    expect(pendingCount(lane)).toBe(2);
    expect(lane.taken).toBe(0);
    expect(pendingCount(emptyLane())).toBe(0);
    expect(peekNext(emptyLane())).toBeNull();
  });

  it('takes items in order; a started item leaves the lane; the input lane is unchanged', () => {
    const lane = emptyLane([authored('a'), authored('b')]);
    const first = takeNext(lane);
    expect(first.item?.id).toBe('a');
    expect(ids(first.lane)).toEqual(['b']);
    expect(first.lane.taken).toBe(1);
    expect(ids(lane)).toEqual(['a', 'b']); // pure
    const second = takeNext(first.lane);
    expect(second.item?.id).toBe('b');
    expect(pendingCount(second.lane)).toBe(0);
    expect(second.lane.taken).toBe(2);
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
    expect(reactiveAhead(lane)).toBe(2);
    lane = takeNext(lane).lane;
    expect(reactiveAhead(lane)).toBe(1);
    lane = takeNext(lane).lane;
    expect(reactiveAhead(lane)).toBe(0);
    const last = takeNext(lane);
    expect(last.item?.id).toBe('a');
    expect(reactiveAhead(last.lane)).toBe(0);
  });

  it('dropPending forgets what was waiting and keeps the count of what started', () => {
    let lane = takeNext(emptyLane([authored('a'), authored('b')])).lane;
    lane = insertReactive(lane, reactive('s'), 'sequential');
    const dropped = dropPending(lane);
    expect(pendingCount(dropped)).toBe(0);
    expect(dropped.taken).toBe(1);
    expect(dropped.dropped).toBe(2);
    expect(drain(insertReactive(dropped, reactive('t'), 'sequential'))).toEqual(['t']);
  });
});

describe('lane: insertReactive', () => {
  it('sequential runs right after the current item, before the rest of the authored future', () => {
    // a is running (taken), b and c are the authored future.
    let lane = takeNext(emptyLane([authored('a'), authored('b'), authored('c')])).lane;
    lane = insertReactive(lane, reactive('s'), 'sequential');
    expect(ids(lane)).toEqual(['s', 'b', 'c']);
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
    expect(ids(lane)).toEqual(['t', 's1', 'b', 'c']);
    expect(reactiveAhead(lane)).toBe(2);
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

  it('never changes a lane it was given, even when two lanes grow from the same one (model tests branch)', () => {
    const base = insertReactive(takeNext(emptyLane([authored('a'), authored('b')])).lane, reactive('s0'), 'sequential');
    const before = ids(base);
    const left = insertReactive(base, reactive('L'), 'sequential');
    const right = insertReactive(base, reactive('R'), 'sequential');
    const leftTake = insertReactive(base, reactive('T'), 'takeover');
    const rightTake = insertReactive(base, reactive('U'), 'takeover');
    expect(ids(base)).toEqual(before);
    expect(ids(left)).toEqual(['s0', 'L', 'b']);
    expect(ids(right)).toEqual(['s0', 'R', 'b']);
    expect(ids(leftTake)).toEqual(['T', 's0', 'b']);
    expect(ids(rightTake)).toEqual(['U', 's0', 'b']);
    // A pop then a push on the takeover stack must not overwrite what an older lane sees.
    const popped = takeNext(leftTake).lane;
    const pushed = insertReactive(popped, reactive('V'), 'takeover');
    expect(ids(leftTake)).toEqual(['T', 's0', 'b']);
    expect(ids(pushed)).toEqual(['V', 's0', 'b']);
  });

  it('a storm of 100,000 inserts and takes stays linear, and the lane lets go of started items', () => {
    let lane = emptyLane([authored('a')]);
    for (let i = 0; i < 100_000; i += 1) {
      lane = insertReactive(lane, reactive(`s${i}`), 'sequential');
      if (i % 2 === 0) lane = takeNext(lane).lane;
    }
    expect(pendingCount(lane)).toBe(50_001);
    expect(lane.taken).toBe(50_000);
    // What is kept behind the lane is bounded by what is still to run, not by what ran.
    expect(lane.back.length).toBeLessThanOrEqual(2 * reactiveAhead(lane) + 1);
    lane = takeNext(lane).lane;
    expect(peekNext(lane)?.id).toBe('s50001');
  });

  it('agrees with a reference queue over random interleavings, branching included (seeded)', () => {
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
      let refA = [...authoredIds];
      // An older lane and its expected content, kept to check that later operations never touch it.
      const kept: Array<[Lane, string[]]> = [];
      let n = 0;
      for (let op = 0; op < 40; op += 1) {
        const r = rand();
        if (r < 0.05 && kept.length > 0) {
          // Branch: go back to an older lane and carry on from there.
          const [old, expected] = kept[Math.floor(rand() * kept.length)];
          lane = old;
          const rCount = reactiveAhead(old);
          refR = expected.slice(0, rCount);
          refA = expected.slice(rCount);
        } else if (r < 0.4) {
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
        expect(ids(lane)).toEqual([...refR, ...refA]);
        expect(reactiveAhead(lane)).toBe(refR.length);
        if (rand() < 0.2) kept.push([lane, [...refR, ...refA]]);
      }
      for (const [old, expected] of kept) expect(ids(old)).toEqual(expected);
      expect(drain(lane)).toEqual([...refR, ...refA]);
    }
  });
});
