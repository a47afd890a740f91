import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import type { TraceRecord } from '../../streams/trace/records';
import { ground, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

describe('direct calls during a running queue', () => {
  it('a direct walk_to takes over the current item; the authored future still runs', () => {
    const doc = scene([ground(1400), { kind: 'stickman', id: 's', position: [600, 1400] }], {
      queues: {
        s: [
          { id: 'w', type: 'wait', seconds: 5 },
          { id: 'talk', type: 'speak', text: 'after', seconds: 0.5 },
        ],
      },
    });
    const c = new StageController(doc);
    const records: TraceRecord[] = [];
    c.records$.subscribe((r) => records.push(r));
    c.send({ type: 'ui.play' });
    c.step(30);
    c.walkTo('s', 900);
    c.step(60 * 4);
    const actions = records.filter((r): r is Extract<TraceRecord, { type: 'action' }> => r.type === 'action');
    expect(actions.map((a) => `${a.id} ${a.phase}${a.outcome ? ` ${a.outcome}` : ''}`)).toEqual([
      'w started', 'w finished cancelled', 'direct#1 started', 'direct#1 finished completed', 'talk started', 'talk finished completed',
    ]);
    expect(Math.abs(c.currentRuntime!.rig('s')!.motion.root[0] - 900)).toBeLessThanOrEqual(4);
    c.dispose();
  });

  it('a direct call naming a missing stickman or a non-finite target is skipped with a warning', () => {
    const doc = scene([ground(1400), { kind: 'stickman', id: 's', position: [600, 1400] }]);
    const c = new StageController(doc);
    const warnings: string[] = [];
    c.records$.subscribe((r) => r.type === 'warning' && warnings.push(r.message));
    c.send({ type: 'ui.play' });
    c.walkTo('ghost', 900);
    c.walkTo('s', Number.NaN);
    c.step(5);
    expect(warnings).toEqual([expect.stringMatching(/no stickman "ghost"/), expect.stringMatching(/not a finite number/)]);
    expect(c.currentRuntime!.rig('s')!.motion.walkTargetX).toBeNull();
    c.dispose();
  });

  it('stop_queue cancels the running item and drops the rest without queue_finished; start_queue takes new work', () => {
    const doc = scene([ground(1400), { kind: 'stickman', id: 's', position: [600, 1400] }], {
      queues: { s: [{ id: 'w', type: 'wait', seconds: 2 }, { id: 'never', type: 'speak', text: 'no', seconds: 1 }] },
    });
    const c = new StageController(doc);
    const records: TraceRecord[] = [];
    c.records$.subscribe((r) => records.push(r));
    c.send({ type: 'ui.play' });
    c.step(30);
    c.stopQueue('s');
    c.step(200);
    const log = () => records.filter((r): r is Extract<TraceRecord, { type: 'action' }> => r.type === 'action').map((a) => `${a.id} ${a.phase}${a.outcome ? ` ${a.outcome}` : ''}`);
    expect(log()).toEqual(['w started', 'w finished cancelled']);
    expect(records.some((r) => r.type === 'event' && r.event.type === 'queue_finished')).toBe(false);
    c.startQueue('s');
    c.step(1);
    c.currentRuntime!.rig('s')!.enqueueReactive('sequential', { type: 'wait', seconds: 0.1 }, 'again');
    c.step(30);
    expect(log().slice(2)).toEqual(['again#1 started', 'again#1 finished completed']);
    expect(records.filter((r) => r.type === 'event' && r.event.type === 'queue_finished')).toHaveLength(1);
    c.dispose();
  });
});
