/**
 * Queues, headless through the StageController (DESIGN.md §5–§7, §9; seed phase 6a §8): order,
 * one start/finish per item in both the trace (`action` records) and the stage events,
 * queue_finished once, reactive modes (takeover, sequential, overlay), the landing barrier hook
 * and stop_queue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { WALK_SPEED } from '../../core/locomotion';

beforeAll(async () => {
  await TestStage.init();
});

type Obj = Record<string, unknown>;
type QueueItem = Obj & { id: string; type: string };

const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1400], ...extra });

/** Plays the objects (on the ground) with their queues and rules. */
function play(objects: Obj[], queues: Record<string, QueueItem[]>, rules: Obj[] = []): TestStage {
  return TestStage.load(scene([ground(1400), ...objects], { queues, rules })).play();
}

/** Every item started exactly once and finished exactly once (trace and stage events agree). */
function expectPairs(p: TestStage, rig: string) {
  const log = p.actions(rig);
  const ids = [...new Set(log.map((a) => a.id))];
  for (const id of ids) {
    expect(log.filter((a) => a.id === id && a.phase === 'started'), `${id} started`).toHaveLength(1);
    expect(log.filter((a) => a.id === id && a.phase === 'finished'), `${id} finished`).toHaveLength(1);
    const s = p.events('action_started', rig).filter((e) => e.action_id === id);
    const f = p.events('action_finished', rig).filter((e) => e.action_id === id);
    expect(s, `${id} action_started events`).toHaveLength(1);
    expect(f, `${id} action_finished events`).toHaveLength(1);
    // The stage event and the trace record come from the same step.
    expect(s[0].tick).toBe(log.find((a) => a.id === id && a.phase === 'started')!.tick);
    expect(f[0].tick).toBe(log.find((a) => a.id === id && a.phase === 'finished')!.tick);
    expect(f[0].outcome).toBe(log.find((a) => a.id === id && a.phase === 'finished')!.outcome);
  }
}

describe('authored queue', () => {
  it('walk_to → wait → speak run in order, each started and finished once, then one queue_finished', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'a1', type: 'walk_to', target_position: [900, 1400] },
        { id: 'a2', type: 'wait', seconds: 1 },
        { id: 'a3', type: 'speak', text: 'Hello', seconds: 1 },
      ],
    });
    p.step(60 * 6);
    const expected = ['a1 started', 'a1 finished completed', 'a2 started', 'a2 finished completed', 'a3 started', 'a3 finished completed'];
    expect(p.actionLog('s')).toEqual(expected);
    expect(p.eventLog('s')).toEqual(expected);
    expectPairs(p, 's');
    for (const a of p.actions('s')) expect(a.action).toBe({ a1: 'walk_to', a2: 'wait', a3: 'speak' }[a.id]);

    // Walking 300 px at WALK_SPEED (300 px/s: 1 s, 60 steps); it ends with one `arrived` near the target.
    const arrived = p.events('arrived', 's');
    expect(arrived).toHaveLength(1);
    expect(arrived[0].position![0]).toBeCloseTo(900, -1);
    expect(p.tickOf('a1', 'finished')).toBe(arrived[0].tick);
    const walkSteps = (300 / WALK_SPEED) * 60;
    expect(p.tickOf('a1', 'finished')).toBeGreaterThan(walkSteps - 12);
    expect(p.tickOf('a1', 'finished')).toBeLessThan(walkSteps + 18);
    // The wait and the speech each last exactly their seconds in steps.
    expect(p.tickOf('a2', 'finished') - p.tickOf('a2', 'started')).toBe(60);
    expect(p.tickOf('a3', 'finished') - p.tickOf('a3', 'started')).toBe(60);
    expect(p.tickOf('a2', 'started')).toBeGreaterThanOrEqual(p.tickOf('a1', 'finished'));
    expect(p.tickOf('a3', 'started')).toBeGreaterThanOrEqual(p.tickOf('a2', 'finished'));

    const speech = p.events('speech_finished', 's');
    expect(speech).toHaveLength(1);
    expect(speech[0]).toMatchObject({ reason: 'queue', tick: p.tickOf('a3', 'finished') });
    const done = p.events('queue_finished', 's');
    expect(done).toHaveLength(1);
    expect(done[0].tick).toBeGreaterThanOrEqual(p.tickOf('a3', 'finished'));
    // queue_finished comes after the last action_finished in the event stream.
    const order = p.records().filter((r) => r.type === 'event').map((r) => (r.type === 'event' ? r.event.type : ''));
    expect(order.lastIndexOf('queue_finished')).toBeGreaterThan(order.lastIndexOf('action_finished'));
    expect(p.rig('s').connection.queue).toMatchObject({ current: null, done: 3 });
    p.dispose();
  });

  it('a stickman without a queue never reports queue_finished', () => {
    const p = play([stickman('s', 600)], {});
    p.step(120);
    expect(p.actions()).toEqual([]);
    expect(p.events('queue_finished')).toEqual([]);
    p.dispose();
  });
});

describe('reactive modes', () => {
  it('takeover (direct enqueueReactive) during a wait cancels it; the authored future still runs', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'w', type: 'wait', seconds: 2 },
        { id: 'after', type: 'speak', text: 'after', seconds: 0.5 },
      ],
    });
    p.step(30);
    const r = p.rig('s').enqueueReactive('takeover', { type: 'speak', text: 'Hey!', seconds: 0.5 }, 'test');
    expect(r).toEqual({ id: 'test#1' });
    p.step(150);
    expect(p.actionLog('s')).toEqual([
      'w started', 'w finished cancelled',
      'test#1 started', 'test#1 finished completed',
      'after started', 'after finished completed',
    ]);
    expect(p.eventLog('s')).toEqual(p.actionLog('s'));
    expectPairs(p, 's');
    // The cancelled wait is reported on the next step, the takeover starts right after it.
    expect(p.tickOf('w', 'finished')).toBe(31);
    expect(p.tickOf('test#1', 'started')).toBeLessThanOrEqual(32);
    expect(p.tickOf('test#1', 'finished') - p.tickOf('test#1', 'started')).toBe(30);
    expect(p.events('queue_finished', 's')).toHaveLength(1);
    p.dispose();
  });

  it('takeover from a rule (B finishes → A takes over) cancels A’s wait; A’s authored future still runs', () => {
    const p = play([stickman('a', 600), stickman('b', 2000)], {
      a: [
        { id: 'a-wait', type: 'wait', seconds: 2 },
        { id: 'a-after', type: 'wait', seconds: 0.25 },
      ],
      b: [{ id: 'b-wait', type: 'wait', seconds: 0.5 }],
    }, [
      { id: 'r-take', when: { type: 'action_finished', source: 'b', target: 'any' }, then: [{ actor: 'a', mode: 'takeover', action: { type: 'speak', text: 'Now!', seconds: 0.5 } }] },
    ]);
    p.step(60 * 4);
    const rule = p.records().filter((r) => r.type === 'rule');
    expect(rule).toHaveLength(1);
    expect(rule[0]).toMatchObject({ rule: 'r-take', actor: 'a', mode: 'takeover', status: 'dispatched', action_id: 'r-take#1' });
    expect(p.actionLog('a')).toEqual([
      'a-wait started', 'a-wait finished cancelled',
      'r-take#1 started', 'r-take#1 finished completed',
      'a-after started', 'a-after finished completed',
    ]);
    expectPairs(p, 'a');
    // The rule dispatches in the step B finished; its takeover cancels the wait on the next step
    // (reactions start on the step after their dispatch, DESIGN.md §6 step 5).
    expect(p.rules('r-take')[0].tick).toBe(p.tickOf('b-wait', 'finished'));
    expect(p.tickOf('a-wait', 'finished')).toBe(p.tickOf('b-wait', 'finished') + 1);
    expect(p.events('action_finished', 'a').find((e) => e.action_id === 'a-wait')!.outcome).toBe('cancelled');
    expect(p.events('queue_finished', 'a')).toHaveLength(1);
    p.dispose();
  });

  it('a sequential reaction runs right after the current item and before the rest', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'w1', type: 'wait', seconds: 1 },
        { id: 'w2', type: 'wait', seconds: 0.5 },
        { id: 'w3', type: 'speak', text: 'end', seconds: 0.5 },
      ],
    });
    p.step(20);
    p.rig('s').enqueueReactive('sequential', { type: 'speak', text: 'S1', seconds: 0.25 }, 'seq');
    p.step(60 * 4);
    expect(p.actionLog('s')).toEqual([
      'w1 started', 'w1 finished completed',
      'seq#1 started', 'seq#1 finished completed',
      'w2 started', 'w2 finished completed',
      'w3 started', 'w3 finished completed',
    ]);
    expectPairs(p, 's');
    // The current item is not disturbed: w1 still lasts its full second.
    expect(p.tickOf('w1', 'finished') - p.tickOf('w1', 'started')).toBe(60);
    expect(p.events('queue_finished', 's')).toHaveLength(1);
    p.dispose();
  });

  it('sequential reactions keep their arrival order, also when they arrive at different times', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'w1', type: 'wait', seconds: 1 },
        { id: 'w2', type: 'wait', seconds: 0.25 },
      ],
    });
    const rig = p.rig('s');
    p.step(20);
    rig.enqueueReactive('sequential', { type: 'wait', seconds: 0.1 }, 'first');
    rig.enqueueReactive('sequential', { type: 'wait', seconds: 0.1 }, 'second');
    p.step(20);
    rig.enqueueReactive('sequential', { type: 'wait', seconds: 0.1 }, 'third');
    p.step(60 * 3);
    expect(p.actionLog('s').filter((l) => l.endsWith('started'))).toEqual([
      'w1 started', 'first#1 started', 'second#2 started', 'third#3 started', 'w2 started',
    ]);
    expectPairs(p, 's');
    p.dispose();
  });

  it('two sequential reactions from two rules on the same event run in document order, before the authored rest', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'walk', type: 'walk_to', target_position: [800, 1400] },
        { id: 'rest', type: 'wait', seconds: 0.25 },
      ],
    }, [
      { id: 'r1', when: { type: 'arrived', source: 's', target: 'any' }, then: [{ actor: 's', mode: 'sequential', action: { type: 'speak', text: 'one', seconds: 0.2 } }] },
      { id: 'r2', when: { type: 'arrived', source: 's', target: 'any' }, then: [{ actor: 's', mode: 'sequential', action: { type: 'speak', text: 'two', seconds: 0.2 } }] },
    ]);
    p.step(60 * 4);
    expect(p.actionLog('s').filter((l) => l.endsWith('started'))).toEqual(['walk started', 'r1#1 started', 'r2#2 started', 'rest started']);
    expectPairs(p, 's');
    expect(p.events('speech_finished', 's').map((e) => e.reason)).toEqual(['queue', 'queue']);
    p.dispose();
  });

  it('overlay speech shows beside the queue speech while the queue keeps its timing', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'main', type: 'speak', text: 'Main', seconds: 1.5 },
        { id: 'w', type: 'wait', seconds: 1 },
      ],
    });
    p.step(30);
    p.rig('s').enqueueReactive('overlay', { type: 'speak', text: 'Side', seconds: 2 }, 'ov');
    p.step(1);
    const speech = () => p.rigView('s').speech;
    expect(speech()).toEqual([{ text: 'Main', overlay: false }, { text: 'Side', overlay: true }]);
    p.step(70); // tick 101: Main is over, the wait runs, Side still shows
    expect(speech()).toEqual([{ text: 'Side', overlay: true }]);
    p.step(120);
    expect(speech()).toEqual([]);
    // The queue ignored the overlay: Main lasted 1.5 s, the wait 1 s.
    expect(p.tickOf('main', 'finished') - p.tickOf('main', 'started')).toBe(90);
    expect(p.tickOf('w', 'finished') - p.tickOf('w', 'started')).toBe(60);
    expect(p.tickOf('w', 'started')).toBeLessThanOrEqual(p.tickOf('main', 'finished') + 1);
    // The overlay ran its own 2 s clock from its enqueue after tick 30 (its start is traced with
    // the next step, tick 31): 120 steps later it is done.
    expect(p.tickOf('ov#1', 'started')).toBe(31);
    expect(p.tickOf('ov#1', 'finished')).toBe(30 + 120);
    expectPairs(p, 's');
    expect(p.events('speech_finished', 's').map((e) => e.reason)).toEqual(['queue', 'overlay']);
    expect(p.events('queue_finished', 's')).toHaveLength(1);
    p.dispose();
  });
});

// The barrier goes up and down as a landing starts and ends: the rig hears it from its TerrainMotion
// (here: from the test, through the rig like every event for a stickman) and blocks its runner.
describe('landing barrier hook (queue.block / queue.unblock)', () => {
  it('freezes a wait by exactly the blocked duration; overlay speech keeps counting', () => {
    const p = play([stickman('s', 600)], { s: [{ id: 'w', type: 'wait', seconds: 1 }] });
    const runner = p.runner('s');
    expect(runner).toBeDefined();
    p.step(20);
    const elapsedAtBlock = runner.getSnapshot().context.elapsed;
    expect(elapsedAtBlock).toBeCloseTo(19 / 60, 9);
    p.rig('s').send({ type: 'terrain.landingStarted' });
    p.rig('s').enqueueReactive('overlay', { type: 'speak', text: 'Side', seconds: 0.25 }, 'ov');
    p.step(30);
    expect(runner.getSnapshot().context.elapsed).toBe(elapsedAtBlock);
    expect(runner.getSnapshot().matches({ running: { lane: 'blocked' } })).toBe(true);
    expect(p.actionLog('s')).toContain('ov#1 finished completed');
    // 0.25 s = 15 steps after its enqueue at tick 20, although the lane is blocked.
    expect(p.tickOf('ov#1', 'finished')).toBe(20 + 15);
    expect(p.events('speech_finished', 's').map((e) => e.reason)).toEqual(['overlay']);
    p.rig('s').send({ type: 'terrain.landingEnded' });
    p.step(60);
    // Unblocked run: 60 steps; blocked for 30 steps in between.
    expect(p.tickOf('w', 'finished') - p.tickOf('w', 'started')).toBe(60 + 30);
    expectPairs(p, 's');
    expect(p.events('queue_finished', 's')).toHaveLength(1);
    p.dispose();
  });

  it('freezes the primary speech clock (the bubble stays) and starts nothing new until released', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'talk', type: 'speak', text: 'Talk', seconds: 1 },
        { id: 'next', type: 'wait', seconds: 0.1 },
      ],
    });
    const runner = p.runner('s');
    p.step(30);
    p.rig('s').send({ type: 'terrain.landingStarted' });
    const frozen = runner.getSnapshot().context.elapsed;
    p.step(45);
    expect(runner.getSnapshot().context.elapsed).toBe(frozen);
    expect(p.frame().rigs[0].speech).toEqual([{ text: 'Talk', overlay: false }]);
    // A sequential reaction sent behind the barrier waits too.
    p.rig('s').enqueueReactive('sequential', { type: 'wait', seconds: 0.1 }, 'held');
    p.step(200);
    expect(p.actionLog('s')).toEqual(['talk started']);
    p.rig('s').send({ type: 'terrain.landingEnded' });
    p.step(60);
    expect(p.tickOf('talk', 'finished') - p.tickOf('talk', 'started')).toBe(60 + 245);
    expect(p.actionLog('s').filter((l) => l.endsWith('started'))).toEqual(['talk started', 'held#1 started', 'next started']);
    expectPairs(p, 's');
    p.dispose();
  });
});

describe('stop_queue (queue.stop)', () => {
  it('cancels the current item, drops the rest and never fires queue_finished', () => {
    const p = play([stickman('s', 600)], {
      s: [
        { id: 'w1', type: 'wait', seconds: 1 },
        { id: 'w2', type: 'wait', seconds: 1 },
      ],
    });
    p.step(30);
    p.rig('s').send({ type: 'queue.stop' });
    p.step(60 * 3);
    expect(p.actionLog('s')).toEqual(['w1 started', 'w1 finished cancelled']);
    expect(p.eventLog('s')).toEqual(['w1 started', 'w1 finished cancelled']);
    expect(p.tickOf('w1', 'finished')).toBe(31);
    expect(p.events('queue_finished')).toEqual([]);
    expect(p.runner('s').getSnapshot().value).toBe('stopped');
    p.dispose();
  });

  it('after the queue finished, a stop does not fire queue_finished a second time', () => {
    const p = play([stickman('s', 600)], { s: [{ id: 'w', type: 'wait', seconds: 0.2 }] });
    p.step(30);
    expect(p.events('queue_finished', 's')).toHaveLength(1);
    p.rig('s').send({ type: 'queue.stop' });
    p.step(60);
    p.rig('s').send({ type: 'queue.start' });
    p.step(60);
    expect(p.events('queue_finished', 's')).toHaveLength(1);
    expect(p.actionLog('s')).toEqual(['w started', 'w finished completed']);
    p.dispose();
  });

  it('a stop during a walk stops the stickman where it is', () => {
    const p = play([stickman('s', 600)], { s: [{ id: 'walk', type: 'walk_to', target_position: [1400, 1400] }] });
    p.step(60);
    p.rig('s').send({ type: 'queue.stop' });
    p.step(60);
    const x1 = p.rig('s').motion.root[0];
    p.step(120);
    expect(p.rig('s').motion.root[0]).toBeCloseTo(x1, 0);
    expect(x1).toBeLessThan(1000);
    expect(p.actionLog('s')).toEqual(['walk started', 'walk finished cancelled']);
    expect(p.events('arrived')).toEqual([]);
    expect(p.events('queue_finished')).toEqual([]);
    p.dispose();
  });
});
