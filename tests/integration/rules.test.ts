/**
 * Rules, headless through the StageController (DESIGN.md §7, §9; seed phase 4.5 "SandboxStage
 * wiring and rule preservation"): edge triggers, cycles bounded per step, skips never retargeted,
 * directional source/target, document order with every match running.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHAIN_EVENTS_PER_STEP } from '../../streams/runtime/ruleDispatcher';
import { WALK_SPEED, walkCycle } from '../../core/locomotion';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { sceneSchema } from '../../core/scene/schema';
import { loadSceneValue } from '../../core/scene/io';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

type Obj = Record<string, unknown>;

const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1400], ...extra });
const speak = (text: string, seconds?: number) => (seconds === undefined ? { type: 'speak', text } : { type: 'speak', text, seconds });

describe('edge triggers', () => {
  it('entered_area fires once per entry: a stickman walking through an area enters once, leaves once, the rule runs once', () => {
    const doc = scene([
      ground(1400),
      stickman('s', 600),
      { kind: 'area', id: 'zone', position: [1100, 1200], size: [120, 400] },
    ], {
      queues: { s: [{ id: 'walk', type: 'walk_to', target_position: [1600, 1400] }] },
      rules: [{ id: 'r-enter', when: { type: 'entered_area', source: 's', target: 'zone' }, then: [{ actor: 's', mode: 'overlay', action: speak('in', 0.5) }] }],
    });
    const p = TestStage.load(doc).play();
    p.step(60 * 9);
    expect(p.events('arrived', 's')).toHaveLength(1); // walked all the way through
    const entered = p.events('entered_area');
    const exited = p.events('exited_area');
    expect(entered).toHaveLength(1);
    expect(exited).toHaveLength(1);
    expect(entered[0]).toMatchObject({ source: 's', target: 'zone' });
    expect(exited[0]).toMatchObject({ source: 's', target: 'zone' });
    expect(entered[0].tick).toBeLessThan(exited[0].tick);
    // The stickman's root is near the area's edges (1040, 1160) when it enters and leaves: a foot
    // (lower-leg proxy radius 14) is at most a swing's landing reach ahead of it or behind it.
    const gait = walkCycle(WALK_SPEED, DEFAULT_PROPORTIONS);
    const footReach = gait.plantLead + gait.speed * gait.swingDuration + 2 * 14 + 10;
    expect(entered[0].position![0]).toBeGreaterThan(1040 - footReach);
    expect(entered[0].position![0]).toBeLessThan(1100);
    expect(exited[0].position![0]).toBeGreaterThan(1100);
    expect(exited[0].position![0]).toBeLessThan(1160 + footReach);
    const fired = p.rules('r-enter');
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ status: 'dispatched', event: 'entered_area', actor: 's', mode: 'overlay', action: 'speak' });
    expect(fired[0].tick).toBe(entered[0].tick);
    // The rule record follows its event record in the trace.
    const idxEvent = p.records().findIndex((r) => r.type === 'event' && r.event.type === 'entered_area');
    expect(p.records().indexOf(fired[0])).toBeGreaterThan(idxEvent);
    // Its overlay ran once, beside the walk.
    expect(p.actions('s').filter((a) => a.id === fired[0].action_id).map((a) => `${a.phase} ${a.outcome ?? ''}`.trim())).toEqual(['started', 'finished completed']);
    expect(p.actions('s').filter((a) => a.id === 'walk').map((a) => a.outcome ?? a.phase)).toEqual(['started', 'completed']);
    p.dispose();
  });
});

describe('cycles', () => {
  it('a speech cycle A → B → A … runs for many seconds, alternating in order, within the per-step cap', () => {
    const doc = scene([ground(1400), stickman('a', 600), stickman('b', 1800)], {
      queues: { a: [{ id: 'a0', type: 'speak', text: 'A0', seconds: 0.25 }] },
      rules: [
        { id: 'a-to-b', when: { type: 'speech_finished', source: 'a', target: 'any' }, then: [{ actor: 'b', mode: 'sequential', action: speak('B', 0.25) }] },
        { id: 'b-to-a', when: { type: 'speech_finished', source: 'b', target: 'any' }, then: [{ actor: 'a', mode: 'sequential', action: speak('A', 0.25) }] },
      ],
    });
    const p = TestStage.load(doc).play();
    expect(p.step(60 * 10).tick).toBe(600);
    const speakers = p.events('speech_finished').map((e) => e.source);
    // Each turn takes 0.25 s plus a step or two of hand-over: well over 20 turns in 10 s.
    expect(speakers.length).toBeGreaterThan(20);
    speakers.forEach((s, i) => expect(s, `turn ${i}`).toBe(i % 2 === 0 ? 'a' : 'b'));
    // Every turn is one dispatched rule, alternating, with the speaker's own next speech.
    const fired = p.rules();
    expect(fired.every((r) => r.status === 'dispatched')).toBe(true);
    fired.forEach((r, i) => expect(r.rule).toBe(i % 2 === 0 ? 'a-to-b' : 'b-to-a'));
    expect(fired.length).toBeGreaterThanOrEqual(speakers.length - 1);
    expect(fired.length).toBeLessThanOrEqual(speakers.length);
    // Turns do not overlap: each speech starts after the previous one finished.
    const turns = p.actions().filter((a) => a.phase === 'started').map((a) => a.rig);
    turns.forEach((rig, i) => expect(rig).toBe(i % 2 === 0 ? 'a' : 'b'));
    for (const n of p.eventsPerTick().values()) expect(n).toBeLessThanOrEqual(MAX_CHAIN_EVENTS_PER_STEP);
    expect(p.warnings()).toEqual([]);
    p.dispose();
  });

  // The issue-7 regression: a two-rule loop on one stickman (action_started → overlay face,
  // action_finished → overlay face) doubles its work every step. It used to run inside the
  // dispatch, fill the 256-event step cap and delay everyone else's events by a second.
  const faceLoop = (withLoop: boolean) => scene([ground(1400), stickman('a', 600), stickman('b', 1800)], {
    queues: {
      a: [{ id: 'a-wait', type: 'wait', seconds: 1 }],
      b: [{ id: 'b-wait', type: 'wait', seconds: 1.5 }],
    },
    rules: withLoop
      ? [
        { id: 'on-start', when: { type: 'action_started', source: 'a', target: 'any' }, then: [{ actor: 'a', mode: 'overlay', action: { type: 'face', direction: 'LEFT' } }] },
        { id: 'on-finish', when: { type: 'action_finished', source: 'a', target: 'any' }, then: [{ actor: 'a', mode: 'overlay', action: { type: 'face', direction: 'RIGHT' } }] },
      ]
      : [],
  });

  it('a runaway two-rule cycle is held to its per-chain cap and delays nobody else: the other stickman\'s events keep their own tick', () => {
    const quiet = TestStage.load(faceLoop(false)).play().step(60 * 3);
    const loud = TestStage.load(faceLoop(true)).play().step(60 * 3);
    // b's wait and its action_finished happen at exactly the ticks they happen without the loop.
    const finishedTicks = (p: typeof quiet) => ({
      action: p.actions('b').filter((a) => a.phase === 'finished').map((a) => a.tick),
      event: p.events('action_finished', 'b').map((e) => e.tick),
      queue: p.events('queue_finished', 'b').map((e) => e.tick),
    });
    expect(finishedTicks(loud)).toEqual(finishedTicks(quiet));
    expect(finishedTicks(loud).event).toEqual(finishedTicks(loud).action);
    // a's own authored wait keeps its timing too.
    const aWait = loud.actions('a').filter((x) => x.id === 'a-wait');
    expect(aWait.map((x) => x.outcome ?? x.phase)).toEqual(['started', 'completed']);
    expect(aWait[1].tick - aWait[0].tick).toBe(60);
    // The loop really runs away (it doubles every step) but no step dispatches more than the
    // cap of each chain plus the few events of everyone else. a's wait starting and finishing
    // are two root events, so two chains run away here.
    const perTick = loud.eventsPerTick();
    expect(Math.max(...perTick.values())).toBeGreaterThanOrEqual(MAX_CHAIN_EVENTS_PER_STEP);
    for (const [tick, n] of perTick) expect(n, `tick ${tick}`).toBeLessThanOrEqual(2 * MAX_CHAIN_EVENTS_PER_STEP + 4);
    // Once capped, the trace says so once per step, with the count held back.
    const held = loud.warnings().filter((w) => /rule cycle/.test(w.message));
    expect(held.length).toBeGreaterThan(100);
    expect(new Set(held.map((w) => w.tick)).size).toBe(held.length);
    expect(held[0].message).toMatch(/(\d+) held back/);
    // Reactions start on the next step, never inside the dispatch that fired them.
    const faceStarts = loud.actions('a').filter((a) => a.phase === 'started' && a.action === 'face');
    const firstRule = loud.rules().find((r) => r.rule === 'on-start')!;
    expect(faceStarts[0].tick).toBe(firstRule.tick + 1);
    quiet.dispose();
    loud.dispose();
  });
});

describe('skips', () => {
  it('a rule naming a missing actor is skipped with a reason, never retargeted; its other actions still run', () => {
    // load() rejects dangling references, so the document is built with the schema alone.
    const raw = {
      format: 'stickman-stage/scene',
      version: '1.1',
      stage: { width: 4000, height: 2000, gravity: [0, 980] },
      objects: [
        { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [2000, 1500], size: [4000, 200] },
        { kind: 'stickman', id: 's', file_id: 2, position: [600, 1400] },
        { kind: 'stickman', id: 'b', file_id: 3, position: [1800, 1400] },
      ],
      queues: { s: [{ id: 'w', type: 'wait', seconds: 0.2 }] },
      rules: [
        {
          id: 'r-ghost', when: { type: 'queue_finished', source: 's', target: 'any' },
          then: [
            { actor: 'ghost', mode: 'sequential', action: { type: 'wait', seconds: 0.5 } },
            { actor: 'b', mode: 'overlay', action: { type: 'speak', text: 'hi', seconds: 0.3 } },
          ],
        },
      ],
    };
    expect(loadSceneValue(raw).ok).toBe(false); // the normal load refuses it
    const doc = sceneSchema.parse(raw);
    const p = TestStage.load(doc).play();
    p.step(120);
    const recs = p.rules('r-ghost');
    expect(recs).toHaveLength(2);
    expect(recs[0]).toMatchObject({ actor: 'ghost', status: 'skipped', event: 'queue_finished', mode: 'sequential', action: 'wait' });
    expect(recs[0].reason).toMatch(/ghost/);
    expect(recs[0].action_id).toBeUndefined();
    expect(recs[1]).toMatchObject({ actor: 'b', status: 'dispatched', action_id: 'r-ghost#1' });
    // Nothing ran in the ghost's place: s ran only its own item, b only its overlay.
    expect(p.actions('s').map((a) => a.id)).toEqual(['w', 'w']);
    expect(p.actions('b').map((a) => `${a.id} ${a.phase}`)).toEqual(['r-ghost#1 started', 'r-ghost#1 finished']);
    expect(p.actions().every((a) => a.rig === 's' || a.rig === 'b')).toBe(true);
    p.dispose();
  });
});

describe('matching', () => {
  it('source/target order: collided stickman→prop fires when a box hits the stickman; prop→stickman never does', () => {
    const doc = scene([
      ground(1400),
      stickman('s', 1000),
      prop('box', 'box', [1000, 450]),
    ], {
      rules: [
        { id: 'r-fwd', when: { type: 'collided', source: 's', target: 'box' }, then: [{ actor: 's', mode: 'overlay', action: speak('ouch', 0.5) }] },
        { id: 'r-rev', when: { type: 'collided', source: 'box', target: 's' }, then: [{ actor: 's', mode: 'overlay', action: speak('never', 0.5) }] },
      ],
    });
    const p = TestStage.load(doc).play();
    p.step(60 * 3);
    const hits = p.events('collided', 's').filter((e) => e.target === 'box');
    expect(hits.length).toBeGreaterThanOrEqual(1);
    // The box landed on the stickman (well above the ground) before anything else.
    expect(hits[0].position![1]).toBeLessThan(1100);
    expect(p.events('collided', 'box').filter((e) => e.target === 's')).toEqual([]);
    const fwd = p.rules('r-fwd');
    expect(fwd).toHaveLength(hits.length);
    expect(fwd.every((r) => r.status === 'dispatched')).toBe(true);
    expect(fwd[0].tick).toBe(hits[0].tick);
    expect(p.rules('r-rev')).toEqual([]);
    p.dispose();
  });

  it('rules run in document order and every matching rule runs; disabled rules never do', () => {
    // b has no queue, so it never finishes one.
    const doc = scene([ground(1400), stickman('a', 600), stickman('b', 1800)], {
      queues: { a: [{ id: 'w', type: 'wait', seconds: 0.2 }] },
      rules: [
        { id: 'r-any', when: { type: 'queue_finished', source: 'any', target: 'any' }, then: [{ actor: 'a', mode: 'overlay', action: speak('one', 0.2) }] },
        { id: 'r-off', enabled: false, when: { type: 'queue_finished', source: 'a', target: 'any' }, then: [{ actor: 'a', mode: 'overlay', action: speak('off', 0.2) }] },
        { id: 'r-other', when: { type: 'queue_finished', source: 'b', target: 'any' }, then: [{ actor: 'a', mode: 'overlay', action: speak('other', 0.2) }] },
        { id: 'r-exact', when: { type: 'queue_finished', source: 'a', target: 'any' }, then: [
          { actor: 'a', mode: 'overlay', action: speak('two', 0.2) },
          { actor: 'a', mode: 'overlay', action: { type: 'face', direction: 'LEFT' } },
        ] },
      ],
    });
    const p = TestStage.load(doc).play();
    p.step(60);
    const fired = p.rules();
    expect(fired.map((r) => `${r.rule}:${r.status}`)).toEqual(['r-any:dispatched', 'r-exact:dispatched', 'r-exact:dispatched']);
    expect(fired.map((r) => r.action_id)).toEqual(['r-any#1', 'r-exact#2', 'r-exact#3']);
    // Their actions started in the same order, on the step after the queue finished (reactions
    // never start inside the dispatch that fired them, DESIGN.md §6 step 5).
    const started = p.actions('a').filter((x) => x.phase === 'started' && x.id !== 'w');
    expect(started.map((x) => x.id)).toEqual(['r-any#1', 'r-exact#2', 'r-exact#3']);
    const qf = p.events('queue_finished', 'a');
    expect(qf).toHaveLength(1);
    for (const x of started) expect(x.tick).toBe(qf[0].tick + 1);
    p.dispose();
  });
});
