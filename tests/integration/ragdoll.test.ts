/**
 * Issue 8 / seed phase 4.5 on a real headless stage: RigState ANIMATED · RAGDOLL · RECOVERING,
 * the ragdoll's bodies and joints, rest and recovery, the queue while the rig is down, the
 * contact contract with reactions, grabs, and that every exit path frees what the ragdoll held.
 * (Proxy shapes, sizes, mirroring and the head centre — seed validation 1–3 — are in
 * proxies.test.ts; reaction numbers — validation 10 — in tests/unit/rig/reactions.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RAGDOLL_JOINTS, RAGDOLL_MASSES, RAGDOLL_REST_SECONDS, STAND_UP_SECONDS } from '../../core/ragdoll/constants';
import { PART_NAMES } from '../../core/rig/skeleton';
import type { Vec2 } from '../../core/geometry/vec';
import { liveWorldCount } from '../../streams/physics/world';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

type Obj = Record<string, unknown>;
const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1400], facing: 'RIGHT', ...extra });
const onGround = (objects: Obj[], extra: Obj = {}) => scene([ground(1400), ...objects], extra);
const states = (s: TestStage, id: string) => s.transitions(`rig:${id}`).map((t) => `${t.from}->${t.to}:${t.event}`);

describe('RigState: ANIMATED · RAGDOLL · RECOVERING', () => {
  it('a direct ragdoll call: proxies off, ten bodies and nine limited joints, state_changed with previous; rest → stand-up → ANIMATED with a terrain fall', () => {
    const s = TestStage.load(onGround([stickman('a', 800)])).play().step(30);
    const physics = s.runtime.physics;
    const before = physics.counts();
    expect(physics.enabledPartCount('a')).toBe(10);
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(1);
    expect(s.rigView('a').state).toBe('RAGDOLL');
    expect(physics.enabledPartCount('a')).toBe(0);
    expect(physics.counts()).toEqual({ bodies: before.bodies + 10, colliders: before.colliders + 10, joints: 9 });
    expect(s.events('state_changed')).toMatchObject([{ source: 'a', target: null, state: 'RAGDOLL', previous: 'ANIMATED' }]);
    // It stays down until it rests, then stands up over STAND_UP_SECONDS and falls onto the ground.
    s.stepUntil(() => s.rigView('a').state === 'RECOVERING', 60 * 10);
    const recoverTick = s.tick;
    expect(physics.counts()).toEqual(before);
    expect(physics.enabledPartCount('a')).toBe(10); // re-enabled right after the snap, before the stand-up
    s.stepUntil(() => s.rigView('a').state === 'ANIMATED', 200);
    expect(s.tick - recoverTick).toBe(Math.round(STAND_UP_SECONDS * 60));
    expect(states(s, 'a')).toEqual(['ANIMATED->RAGDOLL.FREE:rig.setRagdoll', 'RAGDOLL.FREE->RECOVERING:physics.ragdollAtRest', 'RECOVERING->ANIMATED:rig.standUpFinished']);
    expect(s.events('state_changed').map((e) => `${e.previous}->${e.state}`)).toEqual(['ANIMATED->RAGDOLL', 'RAGDOLL->RECOVERING', 'RECOVERING->ANIMATED']);
    // A terrain fall starts at once and settles it, standing, on the ground.
    expect(s.transitions('rig:a/terrainMotion').at(-1)).toMatchObject({ from: 'DISABLED', to: 'AIRBORNE' });
    s.step(60).expectRig('a', { state: 'ANIMATED', terrain: 'GROUNDED' });
    expect(s.rig('a').motion.root[1]).toBeCloseTo(1400, 0);
    s.dispose();
  });

  it('the ragdoll is built from the solved pose: every body where its proxy was, masses from the table, joints inside their limits', () => {
    const s = TestStage.load(onGround([stickman('a', 800)])).play().step(30);
    const proxies = s.rig('a').proxies;
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(1);
    const pose = s.rig('a').body.ragdollPose!;
    // One step of falling: every part is still within a few px of where the standing pose had it.
    for (const part of PART_NAMES) {
      const c = part === 'head' ? pose.head.end : pose[part].center;
      expect(Math.hypot(c[0] - proxies[part].center[0], c[1] - proxies[part].center[1]), part).toBeLessThan(6);
    }
    expect(Object.keys(RAGDOLL_MASSES).sort()).toEqual([...PART_NAMES].sort());
    expect(RAGDOLL_JOINTS.map((j) => j.name)).toEqual(['neck', 'left_shoulder', 'right_shoulder', 'left_elbow', 'right_elbow', 'left_hip', 'right_hip', 'left_knee', 'right_knee']);
    // Jointed neighbours stay together while it falls: each joint's two ends within a few px.
    s.step(90);
    const p = s.rig('a').body.ragdollPose!;
    const gap = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    expect(gap(p.torso.end, p.head.start)).toBeLessThan(8);
    expect(gap(p.left_upper_arm.end, p.left_lower_arm.start)).toBeLessThan(8);
    expect(gap(p.right_upper_leg.end, p.right_lower_leg.start)).toBeLessThan(8);
    expect(gap(p.torso.start, p.left_upper_leg.start)).toBeLessThan(8);
    // It lies on the ground, not through it.
    for (const part of PART_NAMES) expect(Math.max(p[part].start[1], p[part].end[1]), part).toBeLessThan(1400 + 16);
    s.dispose();
  });

  it('a ragdoll from a walk carries the walk\'s momentum forward', () => {
    const fall = (walk: boolean) => {
      const s = TestStage.load(onGround([stickman('a', 800)], { queues: walk ? { a: [{ id: 'w', type: 'walk_to', target_position: [2400, 1400] }] } : {} })).play().step(90);
      const x0 = s.rig('a').worldPose.torso.start[0];
      s.command({ type: 'rig.ragdoll', id: 'a' }).step(20);
      const dx = s.rig('a').body.ragdollPose!.torso.start[0] - x0;
      s.dispose();
      return dx;
    };
    const standing = fall(false);
    const walking = fall(true);
    // 20 steps at the walk's ~160 px/s is ~50 px; a standing stickman's pelvis barely moves.
    expect(walking - standing).toBeGreaterThan(30);
  });

  it('ragdolled in mid-air over a ledge, it lands on the terrain below and stands up there', () => {
    const doc = scene([
      ground(1400),
      { kind: 'terrain', id: 'ledge', shape: 'block', position: [700, 1150], size: [400, 100] },
      stickman('a', 700, { position: [700, 1100] }),
    ], { queues: { a: [{ id: 'off', type: 'walk_to', target_position: [1300, 1400] }] } });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.rig('a').terrainPhase === 'AIRBORNE' && s.tick > 5, 60 * 6);
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(1);
    expect(s.rigView('a').state).toBe('RAGDOLL');
    s.stepUntil(() => s.rigView('a').state === 'ANIMATED' && s.rig('a').terrainPhase === 'GROUNDED', 60 * 15);
    const root = s.rig('a').motion.root;
    expect(root[0]).toBeGreaterThan(900); // past the ledge's edge (x 900)
    expect(root[1]).toBeCloseTo(1400, 0); // on the ground below, not the ledge
    s.dispose();
  });

  it('with auto_recover false the rig stays down until a recover action runs', () => {
    const doc = onGround([stickman('a', 800, { auto_recover: false })], {
      queues: { a: [{ id: 'down', type: 'ragdoll' }, { id: 'lie', type: 'wait', seconds: 5 }, { id: 'up', type: 'recover' }] },
    });
    const s = TestStage.load(doc).play().step(60 * 4);
    expect(s.rigView('a').state).toBe('RAGDOLL'); // long at rest, still down
    expect(s.actionLog('a')).toEqual(['down started', 'down finished completed', 'lie started']);
    s.stepUntil(() => s.actionLog('a').includes('up finished completed'), 60 * 6);
    expect(s.rigView('a').state).toBe('ANIMATED');
    // recover finishes when the rig is ANIMATED again, a stand-up after it started.
    expect(s.tickOf('up', 'finished') - s.tickOf('up', 'started')).toBe(Math.round(STAND_UP_SECONDS * 60));
    expect(states(s, 'a')).toEqual(['ANIMATED->RAGDOLL.FREE:rig.setRagdoll', 'RAGDOLL.FREE->RECOVERING:rig.recover', 'RECOVERING->ANIMATED:rig.standUpFinished']);
    s.dispose();
  });

  it('RECOVERING → RAGDOLL mid stand-up cancels the stand-up and turns the re-enabled proxies off again', () => {
    const s = TestStage.load(onGround([stickman('a', 800)])).play().step(5);
    s.command({ type: 'rig.ragdoll', id: 'a' });
    s.stepUntil(() => s.rigView('a').state === 'RECOVERING', 60 * 10).step(20);
    expect(s.runtime.physics.enabledPartCount('a')).toBe(10);
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(1);
    expect(s.rigView('a').state).toBe('RAGDOLL');
    expect(s.runtime.physics.enabledPartCount('a')).toBe(0);
    expect(s.runtime.physics.counts().joints).toBe(9);
    expect(s.events('state_changed').at(-1)).toMatchObject({ state: 'RAGDOLL', previous: 'RECOVERING' });
    expect(s.rig('a').body.standUpVariant).toBeNull();
    s.dispose();
  });

  it('a state_changed rule may filter on the new state', () => {
    const doc = onGround([stickman('a', 800)], {
      queues: { a: [{ id: 'down', type: 'ragdoll' }] },
      rules: [
        { id: 'on-down', when: { type: 'state_changed', source: 'a', target: 'any', state: 'RAGDOLL' }, then: [{ actor: 'a', mode: 'overlay', action: { type: 'speak', text: 'Ouch', seconds: 0.5 } }] },
        { id: 'on-any', when: { type: 'state_changed', source: 'a', target: 'any' }, then: [] },
      ],
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.events('state_changed').length === 3, 60 * 12);
    expect(s.rules('on-down')).toHaveLength(1);
    expect(s.records('event').filter((r) => r.event.type === 'state_changed').length).toBe(3);
    expect(s.actions('a').filter((x) => x.action === 'speak' && x.phase === 'started')).toHaveLength(1);
    s.dispose();
  });
});

describe('the queue while the rig is down', () => {
  it('walk_to and face wait, wait counts down and speak talks; ragdoll is skipped if already down, recover if not down', () => {
    const doc = onGround([stickman('a', 800, { auto_recover: false })], {
      queues: {
        a: [
          { id: 'up-noop', type: 'recover' },
          { id: 'down', type: 'ragdoll' },
          { id: 'down-again', type: 'ragdoll' },
          { id: 'pause', type: 'wait', seconds: 0.5 },
          { id: 'ouch', type: 'speak', text: 'Ouch', seconds: 0.5 },
          { id: 'turn', type: 'face', direction: 'LEFT' },
        ],
      },
    });
    const s = TestStage.load(doc).play().step(60 * 3);
    expect(s.actionLog('a')).toEqual([
      'up-noop started', 'up-noop finished skipped',
      'down started', 'down finished completed',
      'down-again started', 'down-again finished skipped',
      'pause started', 'pause finished completed',
      'ouch started', 'ouch finished completed',
    ]);
    // The ragdoll finished the step the rig became RAGDOLL.
    expect(s.tickOf('down', 'finished')).toBe(s.transitions('rig:a').find((t) => t.to === 'RAGDOLL.FREE')!.tick);
    expect(s.tickOf('pause', 'finished') - s.tickOf('pause', 'started')).toBe(30);
    // The turn waits for the rig to be up again.
    s.command({ type: 'rig.recover', id: 'a' });
    s.stepUntil(() => s.actionLog('a').includes('turn finished completed'), 200);
    expect(s.tickOf('turn', 'started')).toBeGreaterThanOrEqual(s.transitions('rig:a').find((t) => t.to === 'ANIMATED')!.tick);
    expect(s.rig('a').motion.facing).toBe('LEFT');
    s.dispose();
  });

  it('a walk interrupted by a ragdoll resumes towards its target after the stand-up', () => {
    const doc = onGround([stickman('a', 600)], { queues: { a: [{ id: 'w', type: 'walk_to', target_position: [1500, 1400] }] } });
    const s = TestStage.load(doc).play().step(60);
    s.command({ type: 'rig.ragdoll', id: 'a' });
    s.stepUntil(() => s.actionLog('a').includes('w finished completed'), 60 * 20);
    expect(s.actionLog('a')).toEqual(['w started', 'w finished completed']);
    expect(s.rig('a').motion.root[0]).toBeCloseTo(1500, -1);
    s.dispose();
  });
});

describe('contacts and reactions (seed 4.5 contact contract)', () => {
  /** A box dropped onto a standing stickman from above its head. */
  const boxDrop = (extra: Obj = {}, rules: Obj[] = []) => onGround([stickman('a', 1000, extra), prop('box', 'box', [1030, 500])], { rules });

  it('a hit flinches the stickman: reactions appear on the hit part\'s joint, decay and are gone; the proxies follow the flinched pose', () => {
    const s = TestStage.load(boxDrop()).play();
    s.stepUntil(() => s.events('collided', 'a').length > 0, 120);
    s.step(1);
    const reactions = s.rig('a').reactions;
    expect(reactions.size).toBeGreaterThan(0);
    const hit = s.events('collided', 'a')[0].part!;
    expect(hit).toBe('head');
    expect([...reactions.keys()]).toContain('Head');
    // The head proxy sits on the flinched head, not the upright one.
    const flinched = s.rig('a').proxies.head.center;
    const neck = s.rig('a').worldPose.head.start;
    expect(Math.abs(flinched[0] - neck[0])).toBeGreaterThan(1);
    s.step(60);
    expect(s.rig('a').reactions.size).toBe(0);
    s.dispose();
  });

  it('a ragdoll\'s bodies fire no rule and no reaction; contacts while RECOVERING may fire the rule but never flinch', () => {
    const rules = [{ id: 'hit', when: { type: 'collided', source: 'a', target: 'box' }, then: [] }];
    const s = TestStage.load(boxDrop({}, rules)).play().step(1);
    s.command({ type: 'rig.ragdoll', id: 'a' });
    s.step(180);
    // The box fell on the ragdoll: physical contact, but the stage heard nothing.
    expect(s.events('collided').filter((e) => e.source === 'a' || e.target === 'a')).toEqual([]);
    expect(s.rules('hit')).toEqual([]);
    expect(s.rig('a').reactions.size).toBe(0);
    // A second box lands on it while it stands up: the rule may fire, nothing flinches.
    const r = TestStage.load(onGround([stickman('a', 1000), prop('box', 'box', [1000, -600])], { rules })).play();
    r.command({ type: 'rig.ragdoll', id: 'a' });
    r.stepUntil(() => r.rigView('a').state === 'RECOVERING', 60 * 10);
    let maxReactions = 0;
    for (let i = 0; i < 72 && r.rigView('a').state === 'RECOVERING'; i += 1) {
      r.step(1);
      maxReactions = Math.max(maxReactions, r.rig('a').reactions.size);
    }
    expect(maxReactions).toBe(0);
    r.dispose();
    s.dispose();
  });

  it('ragdoll entry purges the stickman\'s contact pairs: no separated for a pair it was in, and a new touch later fires again', () => {
    const s = TestStage.load(onGround([stickman('a', 1000), prop('box', 'box', [1000, 1300])])).play();
    // The box sits against the stickman's legs.
    s.stepUntil(() => s.events('collided', 'a').length > 0, 120);
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(60);
    expect(s.events('separated', 'a')).toEqual([]);
    s.dispose();
  });
});

describe('grabs', () => {
  it('grabbing a stickman ragdolls it by the part under the cursor; it hangs there, never rests, and stands up after the let-go', () => {
    const s = TestStage.load(onGround([stickman('a', 800)])).play().step(10);
    const head = s.rigView('a').headCenter;
    s.command({ type: 'grab.start', id: 'a', point: [head[0], head[1]] });
    for (let i = 0; i < 60; i += 1) s.command({ type: 'grab.move', point: [head[0], head[1] - 5 * i] }).step(1);
    expect(s.rigView('a').state).toBe('RAGDOLL');
    expect(s.events('state_changed')[0]).toMatchObject({ state: 'RAGDOLL' });
    // Held up by the head: the head is near the cursor, the feet off the ground.
    const pose = s.rig('a').body.ragdollPose!;
    expect(Math.hypot(pose.head.end[0] - head[0], pose.head.end[1] - (head[1] - 295))).toBeLessThan(40);
    expect(Math.min(pose.left_lower_leg.end[1], pose.right_lower_leg.end[1])).toBeLessThan(1400 - 200);
    s.step(60 * 3); // held still far longer than the rest time
    expect(s.rigView('a').state).toBe('RAGDOLL');
    s.command({ type: 'grab.end' });
    s.stepUntil(() => s.rigView('a').state === 'ANIMATED', 60 * 12);
    expect(s.records('command').map((c) => c.command.type).filter((t, i, a) => a.indexOf(t) === i)).toEqual(['grab.start', 'grab.move', 'grab.end']);
    s.dispose();
  });

  it('a grabbed box follows the cursor and a let-go throws it with the cursor\'s velocity', () => {
    const s = TestStage.load(onGround([prop('box', 'box', [1200, 1300])])).play().step(30);
    const start = s.runtime.propState('box')!.position;
    s.command({ type: 'grab.start', id: 'box', point: [start[0], start[1]] });
    for (let i = 1; i <= 40; i += 1) s.command({ type: 'grab.move', point: [start[0] + 8 * i, start[1] - 8 * i] }).step(1);
    const held = s.runtime.propState('box')!;
    expect(Math.hypot(held.position[0] - (start[0] + 320), held.position[1] - (start[1] - 320))).toBeLessThan(60);
    s.command({ type: 'grab.end' }).step(1);
    const v = s.runtime.propState('box')!.velocity;
    expect(v[0]).toBeCloseTo(480, -1); // 8 px a step at 60 steps/s
    expect(v[1]).toBeLessThan(-400);
    s.dispose();
  });

  /**
   * A fling from a slow browser: a frame of 6 steps each, the frame's cursor move 48 px up and
   * right, then the frame's steps; the let-go comes with the ninth move, or in the frame after it
   * (a browser hands a release over at once, moves once a frame). The box's velocity after.
   */
  function slowBrowserFling(letGo: 'with the last move' | 'a frame after it'): Vec2 {
    const s = TestStage.load(onGround([prop('box', 'box', [1200, 1300])])).play().step(30);
    const start = s.runtime.propState('box')!.position;
    s.command({ type: 'grab.start', id: 'box', point: [start[0], start[1]] });
    for (let frame = 1; frame <= 8; frame += 1) s.command({ type: 'grab.move', point: [start[0] + 48 * frame, start[1] - 48 * frame] }).step(6);
    s.command({ type: 'grab.move', point: [start[0] + 48 * 9, start[1] - 48 * 9] });
    if (letGo === 'a frame after it') s.step(6);
    s.command({ type: 'grab.end' }).step(1);
    const v = s.runtime.propState('box')!.velocity;
    s.dispose();
    return v;
  }

  for (const letGo of ['with the last move', 'a frame after it'] as const) {
    it(`a fling from a slow browser (a cursor move every 6 steps, the let-go ${letGo}) throws with the cursor's speed`, () => {
      const v = slowBrowserFling(letGo);
      expect(v[0]).toBeCloseTo(480, -1); // 48 px a frame of 6 steps at 60 steps/s
      expect(v[1]).toBeLessThan(-400);
    });
  }

  it('a box carried, held still for longer than a frame, then let go is not thrown', () => {
    const s = TestStage.load(onGround([prop('box', 'box', [1200, 1300])])).play().step(30);
    const start = s.runtime.propState('box')!.position;
    s.command({ type: 'grab.start', id: 'box', point: [start[0], start[1]] });
    for (let i = 1; i <= 20; i += 1) s.command({ type: 'grab.move', point: [start[0] + 8 * i, start[1] - 8 * i] }).step(1);
    s.step(12);
    s.command({ type: 'grab.end' }).step(1);
    const v = s.runtime.propState('box')!.velocity;
    expect(Math.hypot(v[0], v[1])).toBeLessThan(100);
    s.dispose();
  });
});

describe('every exit path frees the ragdoll', () => {
  it('100 ragdoll/recover cycles leave no body, collider or joint behind', () => {
    const s = TestStage.load(onGround([stickman('a', 800, { auto_recover: false })])).play().step(2);
    const base = s.runtime.physics.counts();
    for (let i = 0; i < 100; i += 1) {
      s.command({ type: 'rig.ragdoll', id: 'a' }).step(2);
      expect(s.runtime.physics.counts().joints).toBe(9);
      s.command({ type: 'rig.recover', id: 'a' }).step(2);
    }
    expect(s.runtime.physics.counts()).toEqual(base);
    s.stepUntil(() => s.rigView('a').state === 'ANIMATED', 200);
    s.dispose();
  });

  it('100 PLAY/RESET cycles mid-ragdoll leave no world, body or joint', () => {
    const worlds = liveWorldCount();
    const s = TestStage.load(onGround([stickman('a', 800), stickman('b', 1400)])).play();
    for (let i = 0; i < 100; i += 1) {
      s.command({ type: 'rig.ragdoll', id: 'a' }).command({ type: 'rig.ragdoll', id: 'b' }).step(3);
      expect(s.runtime.physics.counts().joints).toBe(18);
      s.send({ type: 'ui.reset' }).send({ type: 'ui.resume' });
    }
    expect(liveWorldCount()).toBe(worlds + 1);
    s.send({ type: 'ui.edit' });
    expect(liveWorldCount()).toBe(worlds);
    s.dispose();
  });

  it('a ragdoll that falls off the stage leaves it, bodies and joints freed', () => {
    // Standing in the air past the end of the ground: it falls, goes ragdoll on the way down.
    const doc = scene([{ kind: 'terrain', id: 'ground', shape: 'block', position: [500, 1500], size: [1000, 200] }, stickman('a', 1400)]);
    const s = TestStage.load(doc).play().step(5);
    const body = s.runtime.physics.counts().bodies;
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(1);
    expect(s.runtime.physics.counts().joints).toBe(9);
    s.stepUntil(() => s.events('left_stage').length > 0, 60 * 10);
    expect(s.events('left_stage')).toMatchObject([{ source: 'a' }]);
    expect(s.runtime.physics.counts().joints).toBe(0);
    expect(s.runtime.physics.counts().bodies).toBe(body - 10);
    s.dispose();
  });
});

describe('rest', () => {
  it(`rest needs every part still for ${RAGDOLL_REST_SECONDS} s`, () => {
    const s = TestStage.load(onGround([stickman('a', 800)])).play().step(2);
    s.command({ type: 'rig.ragdoll', id: 'a' });
    s.stepUntil(() => s.rigView('a').state === 'RECOVERING', 60 * 10);
    // At least the rest time passed since the ragdoll was built.
    const built = s.transitions('rig:a')[0].tick;
    expect(s.tick - built).toBeGreaterThanOrEqual(Math.round(RAGDOLL_REST_SECONDS * 60));
    s.dispose();
  });
});
