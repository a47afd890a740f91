/**
 * Breakpoints: the browser-side store (toggle, scope, persistence, hostile stored text), which
 * records hit which breakpoints, and the stage controller's break check pausing the real stage at
 * the end of the step that hit one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BREAKPOINTS_KEY, BreakpointStore, findHits, MAX_BREAKPOINTS, type Breakpoint } from '../../../ui/statecharts/breakpoints';
import { chartModel } from '../../../ui/statecharts/chartModel';
import { machineForActorId } from '../../../ui/statecharts/actorCatalog';
import { initPhysics } from '../../../streams/physics/rapier';
import { StageController } from '../../../streams/stage/stageController';
import type { TraceRecord } from '../../../streams/trace/records';
import { ledgeScene } from './statechartScenes';
import { MemoryStorage } from '../../helpers/memoryStorage';

const modelOf = (actor: string) => {
  const m = machineForActorId(actor);
  return m ? chartModel(m) : null;
};

let tick = 0;
const transition = (actor: string, from: string, to: string, event: string): TraceRecord => ({ t: tick / 60, tick: (tick += 1), type: 'transition', actor, from, to, event });

describe('breakpoint store', () => {
  it('toggles a breakpoint on and off and remembers it in storage, not anywhere else', () => {
    const storage = new MemoryStorage();
    const store = new BreakpointStore(storage);
    let changes = 0;
    store.subscribe(() => (changes += 1));
    expect(store.toggle('terrainMotion', 'state', 'AIRBORNE', null)).toBe(true);
    expect(store.toggle('terrainMotion', 'edge', 'GROUNDED|physics.supportLost|AIRBORNE', 'rig:a/terrainMotion')).toBe(true);
    expect(store.list()).toHaveLength(2);
    expect(changes).toBe(2);
    expect(JSON.parse(storage.getItem(BREAKPOINTS_KEY)!)).toEqual({ breakpoints: store.list() });
    // A second store on the same storage (a reload) sees the same breakpoints.
    expect(new BreakpointStore(storage).list()).toEqual(store.list());
    expect(store.toggle('terrainMotion', 'state', 'AIRBORNE', null)).toBe(false);
    expect(new BreakpointStore(storage).list()).toEqual([{ machine: 'terrainMotion', kind: 'edge', key: 'GROUNDED|physics.supportLost|AIRBORNE', actor: 'rig:a/terrainMotion' }]);
  });

  it('one breakpoint per element: toggling it again removes it whatever its scope; scope can change', () => {
    const store = new BreakpointStore(null);
    store.toggle('rig', 'state', 'RAGDOLL', 'rig:a');
    store.setActor('rig', 'state', 'RAGDOLL', null);
    expect(store.get('rig', 'state', 'RAGDOLL')!.actor).toBeNull();
    expect(store.toggle('rig', 'state', 'RAGDOLL', 'rig:b')).toBe(false);
    expect(store.list()).toEqual([]);
  });

  it('clears per machine or all', () => {
    const store = new BreakpointStore(null);
    store.toggle('rig', 'state', 'RAGDOLL', null);
    store.toggle('stage', 'state', 'PLAY.PAUSED', null);
    store.clear('rig');
    expect(store.list().map((b) => b.machine)).toEqual(['stage']);
    store.clear();
    expect(store.list()).toEqual([]);
  });

  it('starts empty from stored text that is not JSON, has the wrong shape or is too long', () => {
    const bad = [
      '{ nope',
      JSON.stringify({ breakpoints: [{ machine: 'rig', kind: 'bogus', key: 'x', actor: null }] }),
      JSON.stringify({ breakpoints: 'all' }),
      JSON.stringify({ breakpoints: Array.from({ length: MAX_BREAKPOINTS + 1 }, (_, i) => ({ machine: 'rig', kind: 'state', key: `s${i}`, actor: null })) }),
      JSON.stringify(null),
    ];
    for (const text of bad) {
      const storage = new MemoryStorage();
      storage.setItem(BREAKPOINTS_KEY, text);
      expect(new BreakpointStore(storage).list(), text.slice(0, 40)).toEqual([]);
    }
  });

  it('keeps working when storage throws', () => {
    const storage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    const store = new BreakpointStore(storage);
    expect(store.toggle('rig', 'state', 'RAGDOLL', null)).toBe(true);
    expect(store.list()).toHaveLength(1);
  });

  it('refuses more than the cap', () => {
    const store = new BreakpointStore(null);
    for (let i = 0; i < MAX_BREAKPOINTS; i += 1) store.toggle('rig', 'state', `s${i}`, null);
    expect(store.toggle('rig', 'state', 'one-more', null)).toBe(false);
    expect(store.list()).toHaveLength(MAX_BREAKPOINTS);
  });
});

describe('which records hit which breakpoints', () => {
  const airborne: Breakpoint = { machine: 'terrainMotion', kind: 'state', key: 'AIRBORNE', actor: null };
  const walkOff: Breakpoint = { machine: 'terrainMotion', kind: 'edge', key: 'GROUNDED|physics.supportLost|AIRBORNE', actor: null };
  const onlyB: Breakpoint = { ...airborne, actor: 'rig:b/terrainMotion' };

  it('a state breakpoint hits when the state is entered, by any actor of its machine', () => {
    const fall = transition('rig:a/terrainMotion', 'DISABLED', 'AIRBORNE', 'rig.beginTerrainFall');
    const land = transition('rig:a/terrainMotion', 'AIRBORNE', 'GROUNDED', 'physics.landed');
    const other = transition('rig:b/terrainMotion', 'GROUNDED', 'AIRBORNE', 'physics.supportLost');
    expect(findHits([airborne], [fall, land, other], modelOf).map((h) => h.record)).toEqual([fall, other]);
  });

  it('an edge breakpoint hits only on that edge', () => {
    const fall = transition('rig:a/terrainMotion', 'DISABLED', 'AIRBORNE', 'rig.beginTerrainFall');
    const off = transition('rig:a/terrainMotion', 'GROUNDED', 'AIRBORNE', 'physics.supportLost');
    expect(findHits([walkOff], [fall, off], modelOf).map((h) => h.record)).toEqual([off]);
  });

  it('an actor-scoped breakpoint ignores the other actors of its machine', () => {
    const a = transition('rig:a/terrainMotion', 'DISABLED', 'AIRBORNE', 'rig.beginTerrainFall');
    const b = transition('rig:b/terrainMotion', 'DISABLED', 'AIRBORNE', 'rig.beginTerrainFall');
    expect(findHits([onlyB], [a, b], modelOf).map((h) => (h.record.type === 'transition' ? h.record.actor : null))).toEqual(['rig:b/terrainMotion']);
  });

  it('a breakpoint on one machine never hits another machine with a state of the same name', () => {
    const rigAnimated: Breakpoint = { machine: 'rig', kind: 'state', key: 'ANIMATED', actor: null };
    const runnerRecord = transition('rig:a/actionRunner', 'stopped', 'running.lane.idle,overlay.quiet', 'queue.start');
    const rigRecord = transition('rig:a', 'RECOVERING', 'ANIMATED', 'rig.standUpFinished');
    expect(findHits([rigAnimated], [runnerRecord, rigRecord], modelOf).map((h) => h.record)).toEqual([rigRecord]);
  });

  it('nested and parallel states: entering a region state hits, staying in its parent does not', () => {
    const lane: Breakpoint = { machine: 'actionRunner', kind: 'state', key: 'running.lane.blocked', actor: null };
    const running: Breakpoint = { machine: 'actionRunner', kind: 'state', key: 'running', actor: null };
    const block = transition('rig:a/actionRunner', 'running.lane.walking,overlay.quiet', 'running.lane.blocked,overlay.quiet', 'queue.block');
    expect(findHits([lane, running], [block], modelOf).map((h) => h.breakpoint)).toEqual([lane]);
  });

  it('ignores records that are not transitions and actors it does not know', () => {
    const event: TraceRecord = { t: 0, tick: 1, type: 'event', event: { type: 'arrived', source: 'a', target: null } };
    const unknown = transition('ball-1', 'A', 'B', 'x');
    expect(findHits([airborne], [event, unknown], modelOf)).toEqual([]);
  });
});

describe('the stage pauses at the end of the step that hits a breakpoint', () => {
  beforeAll(async () => {
    await initPhysics();
  });

  const playWithBreakpoints = (breakpoints: Breakpoint[]) => {
    const controller = new StageController(ledgeScene());
    const hits: Array<ReturnType<typeof findHits>[number] & { tick: number }> = [];
    controller.setBreakCheck((records, t) => {
      const found = findHits(breakpoints, records, modelOf);
      hits.push(...found.map((h) => ({ ...h, tick: t })));
      return found.length > 0;
    });
    controller.send({ type: 'ui.play' });
    return { controller, hits };
  };

  it('AIRBORNE: first the terrain fall PLAY starts with, then, resumed, the walk off the edge', () => {
    const { controller, hits } = playWithBreakpoints([{ machine: 'terrainMotion', kind: 'state', key: 'AIRBORNE', actor: null }]);
    expect(controller.step(600)).toBe(1);
    expect(controller.mode).toEqual({ mode: 'PLAY', paused: true });
    expect(hits.map((h) => [h.tick, h.record.event])).toEqual([[1, 'rig.beginTerrainFall']]);
    // The whole step ran: the landing in the same step is already done.
    expect(controller.tick).toBe(1);
    expect(controller.frame$.value.rigs[0].terrain).toBe('GROUNDED');
    controller.send({ type: 'ui.resume' });
    const ran = controller.step(600);
    expect(controller.mode.paused).toBe(true);
    expect(hits).toHaveLength(2);
    expect(hits[1].record).toMatchObject({ actor: 'rig:walker/terrainMotion', from: 'GROUNDED', to: 'AIRBORNE', event: 'physics.supportLost' });
    expect(controller.tick).toBe(hits[1].record.tick);
    expect(ran).toBe(hits[1].record.tick - 1);
    // Paused: nothing more runs until resumed.
    expect(controller.step(10)).toBe(0);
    controller.dispose();
  });

  it('an edge breakpoint lets the PLAY-start fall through and stops on the walk off the edge', () => {
    const { controller, hits } = playWithBreakpoints([{ machine: 'terrainMotion', kind: 'edge', key: 'GROUNDED|physics.supportLost|AIRBORNE', actor: null }]);
    controller.step(600);
    expect(hits.map((h) => h.record.event)).toEqual(['physics.supportLost']);
    expect(controller.mode.paused).toBe(true);
    expect(controller.tick).toBeGreaterThan(60);
    controller.dispose();
  });

  it('without a check, or after removing it, nothing pauses', () => {
    const { controller, hits } = playWithBreakpoints([{ machine: 'terrainMotion', kind: 'state', key: 'AIRBORNE', actor: null }]);
    controller.setBreakCheck(null);
    expect(controller.step(300)).toBe(300);
    expect(hits).toEqual([]);
    expect(controller.mode.paused).toBe(false);
    controller.dispose();
  });

  it('a frame step while paused still reports hits but does not unpause or double-pause', () => {
    const { controller, hits } = playWithBreakpoints([{ machine: 'actionRunner', kind: 'state', key: 'running.lane.walking', actor: null }]);
    controller.send({ type: 'ui.pause' });
    controller.stepFrame();
    expect(hits.map((h) => h.tick)).toEqual([1]);
    expect(controller.mode).toEqual({ mode: 'PLAY', paused: true });
    controller.dispose();
  });
});

describe('event breakpoints (issue 21): a rule\'s When', () => {
  const event = (type: string, source: string, target: string | null, extra: Record<string, unknown> = {}): TraceRecord => ({ t: tick / 60, tick: (tick += 1), type: 'event', event: { type, source, target, ...extra } as never });

  it('hit on the stage events their When matches, like a rule would', () => {
    const store = new BreakpointStore(new MemoryStorage());
    expect(store.addEvent({ type: 'collided', source: 'any', target: 'bo' })).toBe(true);
    expect(store.addEvent({ type: 'state_changed', source: 'ada', target: 'any', state: 'RAGDOLL' })).toBe(true);
    // One breakpoint per When.
    expect(store.addEvent({ type: 'collided', source: 'any', target: 'bo' })).toBe(true);
    expect(store.list()).toHaveLength(2);
    const hitBo = event('collided', 'ball', 'bo');
    const records = [event('collided', 'bo', 'ball'), hitBo, event('state_changed', 'ada', null, { state: 'RECOVERING' }), transition('rig:ada', 'ANIMATED', 'RAGDOLL', 'rig.setRagdoll')];
    const fell = event('state_changed', 'ada', null, { state: 'RAGDOLL', previous: 'ANIMATED' });
    expect(findHits(store.list(), [...records, fell], modelOf).map((h) => h.record)).toEqual([hitBo, fell]);
  });

  it('are kept like the others, and a stored one without its When is refused', () => {
    const storage = new MemoryStorage();
    const store = new BreakpointStore(storage);
    store.addEvent({ type: 'entered_area', source: 'any', target: 'goal' });
    expect(new BreakpointStore(storage).list()).toEqual(store.list());
    storage.setItem(BREAKPOINTS_KEY, JSON.stringify({ breakpoints: [{ machine: 'stage-events', kind: 'event', key: 'x', actor: null }] }));
    expect(new BreakpointStore(storage).list()).toEqual([]);
  });

  it('pause the real stage at the end of the step that dispatched the event', async () => {
    await initPhysics();
    const controller = new StageController(ledgeScene());
    const store = new BreakpointStore(null);
    store.addEvent({ type: 'action_finished', source: 'walker', target: 'any' });
    const hits: Array<{ tick: number; record: TraceRecord }> = [];
    controller.setBreakCheck((records, t) => {
      const found = findHits(store.list(), records, modelOf);
      for (const h of found) hits.push({ tick: t, record: h.record });
      return found.length > 0;
    });
    controller.send({ type: 'ui.play' });
    const ran = controller.step(60 * 20);
    expect(hits).toHaveLength(1);
    expect(hits[0].record).toMatchObject({ type: 'event', event: { type: 'action_finished', source: 'walker', action_id: 'w1' } });
    expect(controller.mode.paused).toBe(true);
    expect(controller.tick).toBe(hits[0].record.tick);
    expect(ran).toBe(hits[0].record.tick);
    controller.dispose();
  });
});
