/**
 * Issue-7 seams and defects on a real headless stage: command records, the floor of the world
 * (`left_stage`), stickman ↔ stickman contacts, a dropped reaction reported as skipped, ids that
 * are Object.prototype member names, and live rig values in frames and the summary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { LEAVE_STAGE_MARGIN } from '../../streams/runtime/phases/leaveStage';
import { STEP_PHASES } from '../../streams/runtime/phases';

beforeAll(async () => {
  await TestStage.init();
});

type Obj = Record<string, unknown>;
const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1400], facing: 'RIGHT', ...extra });

describe('the step', () => {
  it('is the named phases of DESIGN.md §6, in order (post-physics read-back right after the physics step)', () => {
    expect(STEP_PHASES.map((p) => p.name)).toEqual([
      'applyCommands', 'stepRigs', 'writeKinematicTargets', 'applyGrab', 'stepPhysics', 'postPhysics', 'drainContacts', 'leaveStage', 'stepCamera', 'dispatchRules', 'publishFrame',
    ]);
  });

  it('shows what each stickman does in it: its systems, in order, before and after the physics step', () => {
    expect(Object.fromEntries(STEP_PHASES.filter((p) => p.rig).map((p) => [p.name, p.rig!.map((r) => r.name)]))).toEqual({
      stepRigs: ['locomotion', 'queueStep', 'standUp', 'propHands', 'armPose', 'flinch', 'turning', 'heldProp'],
      postPhysics: ['ragdollBody'],
    });
  });
});

describe('command records', () => {
  it('every applied command is traced at the tick it took effect, before what it caused', () => {
    const s = TestStage.load(scene([ground(1400), stickman('a', 600), prop('ball', 'ball', [1500, 1300])])).play().step(10);
    s.walkTo('a', 900).command({ type: 'prop.setVelocity', id: 'ball', velocity: [300, 0] }).command({ type: 'rig.stopQueue', id: 'nobody' });
    s.step(1);
    const commands = s.records('command');
    expect(commands.map((c) => c.command)).toEqual([
      { type: 'rig.walkTo', id: 'a', x: 900 },
      { type: 'prop.setVelocity', id: 'ball', velocity: [300, 0] },
      { type: 'rig.stopQueue', id: 'nobody' },
    ]);
    expect(commands.every((c) => c.tick === 11)).toBe(true);
    // The walk it asked for started in that same step, after the command record.
    const log = s.records();
    const walkCommand = log.findIndex((r) => r.type === 'command');
    const walkStart = log.findIndex((r) => r.type === 'action' && r.phase === 'started' && r.action === 'walk_to');
    expect(walkStart).toBeGreaterThan(walkCommand);
    expect(log[walkStart].tick).toBe(11);
    // A command for an unknown stickman is a warning naming it, not a crash.
    expect(s.warnings().some((w) => w.message.includes('"nobody"'))).toBe(true);
    s.dispose();
  });

  it('the same document and the same commands give a byte-identical trace', () => {
    const run = () => {
      const s = TestStage.load(scene([ground(1400), stickman('a', 600), prop('ball', 'ball', [1500, 1300])])).play().step(5);
      s.walkTo('a', 1000).step(30).command({ type: 'prop.setVelocity', id: 'ball', velocity: [-200, -300] }).step(60);
      const lines = s.records().map((r) => JSON.stringify(r));
      s.dispose();
      return lines;
    };
    expect(run()).toEqual(run());
  });
});

describe('the floor of the world: left_stage', () => {
  // The ground ends at x = 1200; past it the stage (height 2000) has nothing under it.
  const ledgeScene = (queue: Obj[], rules: Obj[] = []) => scene([
    { kind: 'terrain', id: 'ground', shape: 'block', position: [600, 1500], size: [1200, 200] },
    stickman('a', 600),
    stickman('b', 300),
    prop('ball', 'ball', [1500, 600]),
  ], { queues: { a: queue, b: [{ id: 'b-wait', type: 'wait', seconds: 20 }] }, rules });

  it('a stickman walked off the end of the terrain leaves play once: left_stage, its walk finishes blocked, its queue stops', () => {
    const s = TestStage.load(ledgeScene([
      { id: 'off', type: 'walk_to', target_position: [2600, 1400] },
      { id: 'never', type: 'wait', seconds: 1 },
    ])).play().step(60 * 8);
    const left = s.events('left_stage');
    expect(left.map((e) => e.source).sort()).toEqual(['a', 'ball']);
    const a = left.find((e) => e.source === 'a')!;
    expect(a.target).toBeNull();
    expect(a.position![1]).toBeGreaterThan(2000 + LEAVE_STAGE_MARGIN);
    expect(a.position![1]).toBeLessThan(2000 + LEAVE_STAGE_MARGIN + 100);
    // The walk it was on finishes blocked in that step; the rest of its queue never runs.
    expect(s.actionLog('a')).toEqual(['off started', 'off finished blocked']);
    expect(s.tickOf('off', 'finished')).toBe(a.tick);
    expect(s.events('queue_finished', 'a')).toEqual([]);
    // It stays where it left: no endless fall, no more steps, no proxies in physics.
    const y = s.rig('a').motion.root[1];
    s.step(600);
    expect(s.rig('a').motion.root[1]).toBe(y);
    expect(s.events('left_stage')).toHaveLength(2);
    expect(s.runtime.hasLeftStage('a')).toBe(true);
    // b, on the ground, is untouched.
    expect(s.runtime.hasLeftStage('b')).toBe(false);
    expect(s.actionLog('b')).toEqual(['b-wait started']);
    s.dispose();
  });

  it('a prop that falls past the bottom edge leaves physics and fires left_stage once; rules can react', () => {
    const s = TestStage.load(ledgeScene([], [
      { id: 'bye', when: { type: 'left_stage', source: 'ball', target: 'any' }, then: [{ actor: 'b', mode: 'overlay', action: { type: 'speak', text: 'Gone!', seconds: 1 } }] },
    ])).play();
    const bodies = s.runtime.physics.counts().bodies;
    s.step(60 * 4);
    const left = s.events('left_stage', 'ball');
    expect(left).toHaveLength(1);
    expect(s.runtime.physics.counts().bodies).toBe(bodies - 1);
    expect(s.runtime.propState('ball')).toBeUndefined();
    expect(s.rules('bye').map((r) => r.status)).toEqual(['dispatched']);
    // Commands for a prop that left are refused with a warning, never passed to a freed body.
    s.command({ type: 'prop.setVelocity', id: 'ball', velocity: [0, -100] }).step(1);
    expect(s.warnings().some((w) => /left the stage/.test(w.message))).toBe(true);
    // Frames and the summary still list it, at rest where it left.
    const summary = s.controller.summary() as { props: Record<string, { position: number[]; velocity: number[] }> };
    expect(summary.props.ball.velocity).toEqual([0, 0]);
    s.dispose();
  });
});

describe('stickman ↔ stickman contacts', () => {
  it('two stickmen walking into each other fire one collided from each side (with normals and parts), and separated when they part', () => {
    const s = TestStage.load(scene([ground(1400), stickman('a', 800), stickman('b', 1400, { facing: 'LEFT' })], {
      queues: {
        a: [{ id: 'a-in', type: 'walk_to', target_position: [1300, 1400] }, { id: 'a-out', type: 'walk_to', target_position: [500, 1400] }],
        b: [{ id: 'b-wait', type: 'wait', seconds: 30 }],
      },
    })).play().step(60 * 12);
    const collided = s.events('collided').filter((e) => e.target === 'a' || e.target === 'b');
    const separated = s.events('separated').filter((e) => e.target === 'a' || e.target === 'b');
    expect(collided.length).toBeGreaterThanOrEqual(2);
    expect(collided.slice(0, 2).map((e) => `${e.source}->${e.target}`)).toEqual(['a->b', 'b->a']);
    const [ab, ba] = collided;
    expect(ab.tick).toBe(ba.tick);
    // Normals point from source to target: a is left of b.
    expect(ab.normal![0]).toBeGreaterThan(0);
    expect(ba.normal![0]).toBeCloseTo(-ab.normal![0], 4);
    expect(typeof ab.part).toBe('string');
    expect(separated.slice(0, 2).map((e) => `${e.source}->${e.target}`)).toEqual(['a->b', 'b->a']);
    expect(separated[0].tick).toBeGreaterThan(ab.tick);
    // Pair edges: collided and separated alternate per direction.
    const ab2 = s.events().filter((e) => (e.type === 'collided' || e.type === 'separated') && e.source === 'a' && e.target === 'b');
    ab2.forEach((e, i) => expect(e.type).toBe(i % 2 === 0 ? 'collided' : 'separated'));
    s.dispose();
  });
});

describe('reactions a runner would drop', () => {
  it('an overlay reaction to a stopped queue is a skipped rule with its reason, never dispatched', () => {
    // The ball falls into the zone after a's queue was stopped.
    const s = TestStage.load(scene([ground(1400), stickman('a', 600), prop('ball', 'ball', [1500, 700]), { kind: 'area', id: 'zone', position: [1500, 1300], size: [300, 200] }], {
      queues: { a: [{ id: 'long', type: 'wait', seconds: 30 }] },
      rules: [{ id: 'r-say', when: { type: 'entered_area', source: 'ball', target: 'zone' }, then: [{ actor: 'a', mode: 'overlay', action: { type: 'speak', text: 'Hi' } }] }],
    })).play().step(5);
    s.command({ type: 'rig.stopQueue', id: 'a' }).step(60 * 3);
    expect(s.events('entered_area', 'ball')).toHaveLength(1);
    const r = s.rules('r-say');
    expect(r).toHaveLength(1);
    expect(r[0].status).toBe('skipped');
    expect(r[0].reason).toMatch(/queue stopped/);
    expect(r[0].action_id).toBeUndefined();
    expect(s.actions('a').some((x) => x.action === 'speak')).toBe(false);
    s.dispose();
  });
});

describe('ids that are Object.prototype member names', () => {
  // (`__proto__` itself is refused by the loader with its path: tests/unit/scene.)
  it('stickmen, props and areas called constructor, toString, valueOf and hasOwnProperty play, trigger rules and appear in frames', () => {
    const doc = scene([
      ground(1400),
      stickman('constructor', 600),
      stickman('toString', 1600),
      prop('valueOf', 'ball', [600, 900]),
      { kind: 'area', id: 'hasOwnProperty', position: [900, 1300], size: [100, 300] },
    ], {
      queues: { constructor: [{ id: 'walk', type: 'walk_to', target_position: [1200, 1400] }], toString: [{ id: 'isPrototypeOf', type: 'wait', seconds: 0.5 }] },
      rules: [{ id: 'r', when: { type: 'entered_area', source: 'constructor', target: 'hasOwnProperty' }, then: [{ actor: 'toString', mode: 'overlay', action: { type: 'speak', text: 'ok' } }] }],
    });
    const s = TestStage.load(doc).play().step(60 * 6);
    expect(s.frame().rigs.map((r) => r.id)).toEqual(['constructor', 'toString']);
    expect(s.frame().props.map((p) => p.id)).toEqual(['valueOf']);
    expect(s.actionLog('constructor')).toEqual(['walk started', 'walk finished completed']);
    expect(s.actionLog('toString').slice(0, 2)).toEqual(['isPrototypeOf started', 'isPrototypeOf finished completed']);
    expect(s.rules('r').map((r) => r.status)).toEqual(['dispatched']);
    const summary = s.controller.summary() as { rigs: Record<string, unknown>; props: Record<string, unknown> };
    expect(Object.keys(summary.rigs)).toEqual(['constructor', 'toString']);
    expect(Object.keys(summary.props)).toEqual(['valueOf']);
    s.dispose();
  });
});

describe('live rig values', () => {
  it('frames and the summary read state, terrain and held prop from the machines', () => {
    const s = TestStage.load(scene([ground(1400), stickman('a', 600, { position: [600, 1000] })])).play().step(1);
    expect(s.rigView('a')).toMatchObject({ state: 'ANIMATED', terrain: 'AIRBORNE', heldProp: null });
    s.step(120);
    expect(s.rigView('a')).toMatchObject({ state: 'ANIMATED', terrain: 'GROUNDED', heldProp: null });
    const summary = s.controller.summary() as { rigs: Record<string, { state: string; terrain: string; held_prop: unknown }> };
    expect(summary.rigs.a).toMatchObject({ state: 'ANIMATED', terrain: 'GROUNDED', held_prop: null });
    s.dispose();
  });
});
