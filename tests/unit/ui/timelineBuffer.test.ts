import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import { DEFAULT_KIND_CAP, TIMELINE_CAPS, TIMELINE_FLUSH_MS, TimelineBuffer, type TimelineView } from '../../../ui/state/timelineBuffer';
import { BoundedRing } from '../../../ui/state/boundedRing';
import { ContactFolds } from '../../../ui/state/contactFolds';
import type { TraceRecord } from '../../../streams';

let tick = 0;
const at = () => ({ t: tick / 60, tick: (tick += 1) });
const transition = (actor = 'rig:s1/terrainMotion', to = 'GROUNDED'): TraceRecord => ({ ...at(), type: 'transition', actor, from: 'AIRBORNE', to, event: 'physics.landed' });
const stageTransition = (): TraceRecord => ({ ...at(), type: 'transition', actor: 'stage', from: 'EDIT', to: 'PLAY.RUNNING', event: 'ui.play' });
const action = (id = 'a1'): TraceRecord => ({ ...at(), type: 'action', rig: 's1', id, action: 'walk_to', phase: 'finished', outcome: 'completed' });
const rule = (): TraceRecord => ({ ...at(), type: 'rule', rule: 'r1', event: 'entered_area', actor: 's1', mode: 'overlay', action: 'speak', status: 'dispatched', action_id: 'x1' });
const contact = (type: 'collided' | 'separated', source: string, target: string): TraceRecord => ({ ...at(), type: 'event', event: { type, source, target } });
const arrived = (): TraceRecord => ({ ...at(), type: 'event', event: { type: 'arrived', source: 's1', target: null } });

/** A scheduler the test runs by hand, recording the delays asked for. */
function manualScheduler() {
  const queue: Array<{ cb: () => void; delay: number }> = [];
  return {
    schedule: (cb: () => void, delay: number) => void queue.push({ cb, delay }),
    delays: () => queue.map((q) => q.delay),
    runAll() {
      const due = queue.splice(0);
      for (const q of due) q.cb();
    },
  };
}

function bufferWithViews(options: ConstructorParameters<typeof TimelineBuffer>[1] = {}) {
  const sched = manualScheduler();
  const views: TimelineView[] = [];
  const buffer = new TimelineBuffer((v) => views.push(v), { schedule: sched.schedule, ...options });
  return { buffer, sched, views, last: () => views[views.length - 1] };
}

const keptOf = (v: TimelineView, kind: string) => v.kinds.find((k) => k.kind === kind);

describe('timeline buffer: kept per kind', () => {
  it('contact noise does not evict transitions, actions or rule records', () => {
    const { buffer, last } = bufferWithViews();
    buffer.push(transition());
    buffer.push(action());
    buffer.push(rule());
    buffer.push(arrived());
    for (let i = 0; i < 10_000; i += 1) buffer.push(contact(i % 2 ? 'separated' : 'collided', `p${i % 40}`, 'ground'));
    buffer.flush();
    const v = last();
    const kinds = v.entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'transition')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'action')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'rule')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'event')).toHaveLength(1); // a non-contact event is not a contact
    // Only the latest contacts are listed, but every one was counted.
    expect(keptOf(v, 'contact')).toEqual({ kind: 'contact', kept: TIMELINE_CAPS.contact, cap: TIMELINE_CAPS.contact, evicted: 10_000 - TIMELINE_CAPS.contact });
    expect(v.contacts.total).toBe(10_000);
    expect(v.entries.find((e) => e.kind === 'rule')!.text).toBe('rule r1 dispatched: entered_area → s1 overlay speak (x1)');
  });

  it('merges the kinds newest first', () => {
    const { buffer, last } = bufferWithViews();
    const records = [transition(), contact('collided', 'a', 'b'), action(), rule(), contact('separated', 'a', 'b'), transition('rig:s1', 'RAGDOLL')];
    for (const r of records) buffer.push(r);
    buffer.flush();
    expect(last().entries.map((e) => e.record)).toEqual([...records].reverse());
    expect(last().entries.map((e) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('caps hold: each kind keeps its newest records up to its cap, unknown kinds the default cap', () => {
    const { buffer, last } = bufferWithViews();
    const cap = TIMELINE_CAPS.transition;
    const pushed: TraceRecord[] = [];
    for (let i = 0; i < cap + 750; i += 1) {
      const r = transition('rig:s1', `S${i}`);
      pushed.push(r);
      buffer.push(r);
    }
    const unknown = DEFAULT_KIND_CAP + 10;
    for (let i = 0; i < unknown; i += 1) buffer.push({ ...at(), type: 'replay_marker', n: i } as unknown as TraceRecord);
    buffer.flush();
    const v = last();
    const transitions = v.entries.filter((e) => e.kind === 'transition');
    expect(transitions).toHaveLength(cap);
    expect(transitions[0].record).toBe(pushed[pushed.length - 1]);
    expect(transitions[cap - 1].record).toBe(pushed[750]);
    expect(keptOf(v, 'transition')).toMatchObject({ kept: cap, evicted: 750 });
    expect(keptOf(v, 'replay_marker')).toMatchObject({ kept: DEFAULT_KIND_CAP, cap: DEFAULT_KIND_CAP, evicted: 10 });
    // An unknown record kind is still listed, as JSON.
    expect(v.entries[0].text).toBe(JSON.stringify(v.entries[0].record));
    expect(v.entries.length).toBe(cap + DEFAULT_KIND_CAP);
  });

  it('caps can be set per buffer, and the actor list is capped too', () => {
    const { buffer, last } = bufferWithViews({ caps: { transition: 3 }, actorCap: 5 });
    for (let i = 0; i < 10; i += 1) buffer.push(transition(`rig:s${i}`));
    buffer.flush();
    expect(last().entries.map((e) => e.actor)).toEqual(['rig:s9', 'rig:s8', 'rig:s7']);
    for (let i = 0; i < 10; i += 1) buffer.push(contact('collided', `p${i}`, 'ground'));
    buffer.flush();
    expect(last().actors).toHaveLength(5);
  });

  it('clear empties every kind and the contact counts', () => {
    const { buffer, last } = bufferWithViews();
    buffer.push(transition());
    buffer.push(contact('collided', 'a', 'b'));
    buffer.flush();
    buffer.clear();
    expect(last().entries).toEqual([]);
    expect(last().contacts.total).toBe(0);
    expect(last().kinds.every((k) => k.kept === 0 && k.evicted === 0)).toBe(true);
  });
});

describe('timeline buffer: publishing rate', () => {
  it('a burst of records is published once, after the flush interval', () => {
    const { buffer, sched, views } = bufferWithViews();
    for (let i = 0; i < 500; i += 1) buffer.push(contact('collided', 'a', 'b'));
    buffer.push(transition());
    expect(views).toHaveLength(0);
    expect(sched.delays()).toEqual([TIMELINE_FLUSH_MS]);
    sched.runAll();
    expect(views).toHaveLength(1);
    expect(views[0].entries[0].kind).toBe('transition');
    // Nothing new: the next timer publishes nothing.
    buffer.push(action());
    sched.runAll();
    sched.runAll();
    expect(views).toHaveLength(2);
  });

  it('a stage mode change is published at once, not with the next batch', () => {
    const { buffer, sched, views } = bufferWithViews();
    buffer.push(transition());
    buffer.push(stageTransition());
    expect(sched.delays()).toEqual([TIMELINE_FLUSH_MS, 0]);
    sched.runAll();
    expect(views).toHaveLength(1);
    expect(views[0].entries[0].text).toBe('EDIT → PLAY.RUNNING  (ui.play)');
  });

  it('publishes nothing while hidden, and the kept records at once when shown again', () => {
    const { buffer, sched, views } = bufferWithViews();
    buffer.setActive(false);
    const records$ = new Subject<TraceRecord>();
    buffer.attach(records$);
    for (let i = 0; i < 50; i += 1) records$.next(transition());
    expect(sched.delays()).toEqual([]);
    buffer.flush();
    expect(views).toHaveLength(0);
    buffer.setActive(true);
    expect(sched.delays()).toEqual([0]);
    sched.runAll();
    expect(views).toHaveLength(1);
    expect(views[0].entries).toHaveLength(50);
    buffer.dispose();
    records$.next(transition());
    expect(sched.delays()).toEqual([]);
  });
});

describe('contact folds', () => {
  it('counts collided and separated per unordered pair and in total', () => {
    const folds = new ContactFolds();
    folds.add('collided', 'box', 'ground');
    folds.add('collided', 'ground', 'box');
    folds.add('separated', 'box', 'ground');
    folds.add('collided', 's1', 's2');
    folds.add('collided', 'ball', null);
    const s = folds.summary(2);
    expect(s).toEqual({
      collided: 4,
      separated: 1,
      pairs: 3,
      top: [
        { a: 'box', b: 'ground', collided: 2, separated: 1 },
        { a: '', b: 'ball', collided: 1, separated: 0 },
      ],
      other: { collided: 0, separated: 0 },
    });
    expect(folds.total).toBe(5);
  });

  it('past the pair cap, new pairs are counted together and known pairs keep counting', () => {
    const folds = new ContactFolds(2);
    expect(folds.add('collided', 'a', 'b')).toBe(true);
    expect(folds.add('collided', 'c', 'd')).toBe(true);
    expect(folds.add('collided', 'e', 'f')).toBe(false);
    expect(folds.add('separated', 'g', 'h')).toBe(false);
    expect(folds.add('separated', 'b', 'a')).toBe(false);
    const s = folds.summary();
    expect(s.pairs).toBe(2);
    expect(s.other).toEqual({ collided: 1, separated: 1 });
    expect([s.collided, s.separated]).toEqual([3, 2]);
    expect(s.top[0]).toEqual({ a: 'a', b: 'b', collided: 1, separated: 1 });
  });

  it('lists the pairs with the most contacts, most first, ties by id', () => {
    const folds = new ContactFolds();
    const counts: Array<[string, number]> = [['e', 2], ['b', 5], ['d', 1], ['a', 2], ['c', 7], ['f', 5]];
    for (const [id, n] of counts) for (let i = 0; i < n; i += 1) folds.add('collided', id, 'ground');
    expect(folds.summary(4).top.map((p) => `${p.a}×${p.collided}`)).toEqual(['c×7', 'b×5', 'f×5', 'a×2']);
    expect(folds.summary(0).top).toEqual([]);
    expect(folds.summary(10).top).toHaveLength(6);
  });

  it('a filtered summary counts only the pairs kept, and leaves the anonymous overflow out', () => {
    const folds = new ContactFolds(2);
    folds.add('collided', 's1', 'ground');
    folds.add('collided', 'p1', 'ground');
    folds.add('collided', 's1', 'p1');
    const s = folds.summary(3, (p) => p.a === 's1' || p.b === 's1');
    expect(s).toEqual({ collided: 1, separated: 0, pairs: 1, top: [{ a: 'ground', b: 's1', collided: 1, separated: 0 }], other: { collided: 0, separated: 0 } });
  });
});

describe('bounded ring', () => {
  it('keeps the newest `capacity` items and counts the overwritten', () => {
    const ring = new BoundedRing<number>(3);
    for (let i = 1; i <= 5; i += 1) ring.push(i);
    expect([ring.newest(0), ring.newest(1), ring.newest(2), ring.newest(3)]).toEqual([5, 4, 3, undefined]);
    expect(ring.size).toBe(3);
    expect(ring.evicted).toBe(2);
    ring.clear();
    expect([ring.size, ring.evicted, ring.newest(0)]).toEqual([0, 0, undefined]);
    expect(() => new BoundedRing(0)).toThrow(/positive integer/);
  });
});

describe('timeline buffer: one run (issue 21)', () => {
  it('a new run keeps the old one as the previous run; an empty run in between does not replace it', () => {
    const { buffer, last } = bufferWithViews();
    buffer.push(stageTransition());
    buffer.push(transition());
    buffer.flush();
    const first = last().entries.map((e) => e.record);
    buffer.startRun();
    expect(buffer.previous!.entries.map((e) => e.record)).toEqual(first);
    // Open (a new run with nothing in it), then PLAY: the run before stays the previous one.
    buffer.push(stageTransition());
    expect(buffer.previous!.entries.map((e) => e.record)).toEqual(first);
    buffer.flush();
    expect(last().entries).toHaveLength(1);
  });

  it('lists records up to the cursor only, and does not keep the steps it saw whole twice', () => {
    let cursor = Number.POSITIVE_INFINITY;
    let seeking = false;
    const { buffer, last } = bufferWithViews({ cursor: () => cursor, seeking: () => seeking });
    const rec = (t: number): TraceRecord => ({ t: t / 60, tick: t, type: 'transition', actor: 'rig:s1', from: 'A', to: 'B', event: `e${t}` });
    for (const t of [1, 2, 3]) {
      buffer.push(rec(t));
      buffer.noteStep(t);
    }
    cursor = 2;
    buffer.refresh();
    buffer.flush();
    expect(last().entries.map((e) => e.record.tick)).toEqual([2, 1]);
    // A seek restarts (a control between steps while seeking) and re-simulates steps 1..3.
    seeking = true;
    buffer.push({ t: 0, tick: 0, type: 'transition', actor: 'stage', from: 'PLAY.PAUSED', to: 'PLAY.PAUSED', event: 'ui.reset' });
    seeking = false;
    for (const t of [1, 2, 3]) buffer.push(rec(t));
    cursor = 4;
    buffer.push(rec(4));
    buffer.flush();
    expect(last().entries.map((e) => e.record.tick)).toEqual([4, 3, 2, 1]);
    // A branch at 2: what came after goes, and the next steps are new.
    buffer.truncateAfter(2);
    buffer.push(rec(3));
    buffer.flush();
    expect(last().entries.map((e) => (e.record as { event: string }).event)).toEqual(['e3', 'e2', 'e1']);
  });
});
