/**
 * The timeline shows TerrainMotion's transitions with the fall height on the landing. The trace's
 * transition record stays as it is (its event type only); the height comes from the
 * `physics.landed` machine event, read by the UI's own inspector (ui/state/landingNotes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TraceRecord } from '../../streams';
import { LandingNotes } from '../../ui/state/landingNotes';
import { TimelineBuffer, type TimelineView } from '../../ui/state/timelineBuffer';
import { ground } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { sceneWithQueues, stickman, walk } from './rigScenes';

beforeAll(async () => {
  await TestStage.init();
});

// A raised block over x 700..1300 whose top (1100) is 300 px above the ground.
const platform = { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };
const TM = 'rig:ada/terrainMotion';

function walkOff() {
  const s = TestStage.load(sceneWithQueues([ground(), platform, stickman('ada', [1000, 1100]), stickman('bo', [2000, 900])], { ada: [walk('w1', 1600)] }));
  const notes = new LandingNotes(() => s.controller.tick);
  const inspection = s.controller.actor.system.inspect(notes.observe);
  let view: TimelineView | null = null;
  const buffer = new TimelineBuffer((v) => (view = v), { schedule: () => undefined, detail: (r) => notes.detail(r) });
  buffer.attach(s.controller.records$);
  s.play();
  s.stepUntil(() => s.finished('w1') !== undefined, 60 * 10);
  buffer.flush();
  return { s, notes, view: view!, done: () => (inspection.unsubscribe(), buffer.dispose(), s.dispose()) };
}

describe('timeline: TerrainMotion transitions with the landing’s fall height', () => {
  it('every TerrainMotion transition is listed; the landings show the fall each machine event carried, nothing else does', () => {
    const { s, view, notes, done } = walkOff();
    const rows = view.entries.filter((e) => e.kind === 'transition' && e.actor === TM).reverse();
    expect(rows.map((e) => e.text.split('  (')[0])).toEqual([
      'DISABLED → AIRBORNE',
      'AIRBORNE → GROUNDED',
      'GROUNDED → AIRBORNE',
      'AIRBORNE → LANDING_IMPACT',
      'LANDING_IMPACT → GROUNDED',
    ]);
    const landed = s.machineEvents(TM, 'physics.landed').map((e) => e.event.fallDistance as number);
    expect(landed).toHaveLength(2);
    expect(landed[1]).toBeCloseTo(300, 6);
    expect(rows[1].text).toBe(`AIRBORNE → GROUNDED  (physics.landed)  fall ${Math.round(landed[0])} px`);
    expect(rows[3].text).toBe('AIRBORNE → LANDING_IMPACT  (physics.landed)  fall 300 px');
    for (const i of [0, 2, 4]) expect(rows[i].text).not.toContain('fall');
    // Bo's own PLAY-start landing (500 px up) has its own height on its own row.
    const bo = view.entries.find((e) => e.actor === 'rig:bo/terrainMotion' && e.text.startsWith('AIRBORNE →'))!;
    const boFall = s.machineEvents('rig:bo/terrainMotion', 'physics.landed')[0].event.fallDistance as number;
    expect(boFall).toBeGreaterThan(400);
    expect(bo.text).toBe(`AIRBORNE → LANDING_IMPACT  (physics.landed)  fall ${Math.round(boFall)} px`);
    // The trace record itself is unchanged: the event type only.
    const rec = rows[3].record as Extract<TraceRecord, { type: 'transition' }>;
    expect(Object.keys(rec).sort()).toEqual(['actor', 'event', 'from', 't', 'tick', 'to', 'type']);
    expect(notes.size).toBe(3);
    done();
  });

  it('keeps at most its cap of landings, oldest dropped first', () => {
    let tick = 0;
    const notes = new LandingNotes(() => tick, 3);
    const landing = (actor: string) => ({
      type: '@xstate.event',
      event: { type: 'physics.landed', fallDistance: 100 + tick, impactSpeed: 1 },
      actorRef: { id: 'terrainMotion', sessionId: actor, options: { systemId: actor } },
    }) as never;
    for (tick = 1; tick <= 5; tick += 1) notes.observe(landing('rig:a/terrainMotion'));
    // Other events and other actors are ignored.
    notes.observe({ type: '@xstate.event', event: { type: 'physics.landed', fallDistance: 9 }, actorRef: { id: 'rig', sessionId: 'x', options: { systemId: 'rig:a' } } } as never);
    notes.observe({ type: '@xstate.event', event: { type: 'step', dt: 1 / 60 }, actorRef: { id: 'terrainMotion', sessionId: 'y', options: { systemId: 'rig:a/terrainMotion' } } } as never);
    expect(notes.size).toBe(3);
    const rec = (t: number): TraceRecord => ({ t: t / 60, tick: t, type: 'transition', actor: 'rig:a/terrainMotion', from: 'AIRBORNE', to: 'GROUNDED', event: 'physics.landed' });
    expect([1, 2, 3, 4, 5].map((t) => notes.detail(rec(t)))).toEqual([null, null, 'fall 103 px', 'fall 104 px', 'fall 105 px']);
    expect(notes.detail({ ...rec(5), event: 'physics.supportLost' } as TraceRecord)).toBeNull();
  });
});
