/** The fluent test stage itself (tests/helpers/testStage.ts): chaining, queries, and failures that explain themselves. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { WALK_SPEED } from '../../core/locomotion';

beforeAll(async () => {
  await TestStage.init();
});

const doc = () =>
  scene([ground(1400), { kind: 'stickman', id: 'a', position: [600, 1400], facing: 'RIGHT' }], {
    queues: { a: [{ id: 'w', type: 'wait', seconds: 0.5 }] },
  });

describe('TestStage', () => {
  it('chains load → play → step → expectations on the same stage', () => {
    const s = TestStage.load(doc());
    const same = s.play().step(60).expectRig('a', { terrain: 'GROUNDED', state: 'ANIMATED', facing: 'RIGHT', root: [600, 1400] });
    expect(same).toBe(s);
    expect(s.tick).toBe(60);
    s.expectEvent({ type: 'queue_finished', source: 'a' }).expectNoEvent({ type: 'arrived' });
    s.dispose();
  });

  it('collects the trace: typed records, ticked events, action logs', () => {
    const s = TestStage.load(doc()).play().step(60);
    expect(s.records('action').map((r) => `${r.id} ${r.phase}`)).toEqual(['w started', 'w finished']);
    expect(s.records()[0]).toMatchObject({ type: 'transition', actor: 'stage', to: 'PLAY.RUNNING' });
    expect(s.tickOf('w', 'finished') - s.tickOf('w', 'started')).toBe(30);
    const done = s.events('action_finished', 'a');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ action_id: 'w', outcome: 'completed', tick: s.tickOf('w', 'finished') });
    expect(s.eventLog('a')).toEqual(s.actionLog('a'));
    expect(s.machineEvents('rig:a/terrainMotion', 'physics.landed')).toHaveLength(1);
    s.dispose();
  });

  it('walkTo and stepUntil drive a direct walk to its arrival', () => {
    const s = TestStage.load(doc()).play().walkTo('a', 800);
    s.stepUntil(() => s.events('arrived').length > 0, 60 * 5);
    // 200 px at WALK_SPEED, one root move of WALK_SPEED/60 a step.
    expect(s.stepsTaken).toBeGreaterThanOrEqual(Math.floor((200 / WALK_SPEED) * 60));
    expect(s.stepsTaken).toBeLessThan(60 * 5);
    s.expectRig('a', { root: [800, 1400], tolerance: 10 });
    s.dispose();
  });

  it('a failing expectRig names the rig, the tick, what it found and what was expected', () => {
    const s = TestStage.load(doc()).play().step(30);
    expect(() => s.expectRig('a', { terrain: 'AIRBORNE', facing: 'RIGHT' })).toThrow(
      'expectRig("a") at tick 30: terrain is "GROUNDED", expected "AIRBORNE"',
    );
    expect(() => s.expectRig('a', { root: [700, 1400] })).toThrow(/root is \[600,1400\], expected \[700,1400\]/);
    expect(() => s.expectRig('ghost', {})).toThrow('no running rig "ghost"; running: a');
    s.dispose();
  });

  it('a failing expectEvent shows the events of that type it did see', () => {
    const s = TestStage.load(doc()).play().step(60);
    const finishedAt = s.tickOf('w', 'finished');
    expect(() => s.expectEvent({ type: 'action_finished', action_id: 'w', outcome: 'cancelled' })).toThrow(
      new RegExp(`no such event; 1 action_finished event\\(s\\), the last ones:\n {2}\\{"type":"action_finished","source":"a".*"outcome":"completed".*"tick":${finishedAt}\\}`),
    );
    const queueDoneAt = s.events('queue_finished')[0].tick;
    expect(() => s.expectNoEvent({ type: 'queue_finished' })).toThrow(`expectNoEvent {"type":"queue_finished"}: found one at tick ${queueDoneAt}`);
    s.dispose();
  });

  it('refuses to step a stage that cannot run, and to read a runtime before PLAY', () => {
    const s = TestStage.load(doc());
    expect(() => s.runtime).toThrow(/no PLAY runtime .*call play\(\) first/);
    expect(() => s.step(5)).toThrow(/step\(5\): only 0 step\(s\) ran at tick 0; the stage is \{"mode":"EDIT","paused":false\}/);
    s.play().send({ type: 'ui.pause' });
    expect(() => s.step(1)).toThrow(/"paused":true/);
    expect(() => s.tickOf('w', 'finished')).toThrow(/w finished: expected once, found 0 time\(s\)/);
    s.dispose();
  });
});
