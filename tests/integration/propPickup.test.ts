/**
 * Issue 10 / seed phase 11 §3, §4, §8 on a real headless stage: pick up, carry and drop with the
 * PropInteractor; reservations; failures that must be safe; ragdoll disarm; PLAY lifecycle;
 * prop triggers firing once per committed transition.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

type Obj = Record<string, unknown>;
const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1400], facing: 'RIGHT', ...extra });
const pick = (id: string, target: string, hand = 'auto') => ({ id, type: 'pick_up_prop', target_prop_id: target, hand });
const walk = (id: string, x: number) => ({ id, type: 'walk_to', target_position: [x, 1400] });

describe('pick up, carry, drop', () => {
  it('a distant pickup is one action: it walks over without any walk_to or arrived, reaches, holds; then carries and drops', () => {
    const doc = scene([ground(1400), stickman('bo', 800), prop('box', 'box', [1400, 1300])], {
      queues: { bo: [pick('p', 'box'), walk('carry', 600), { id: 'd', type: 'drop_prop' }] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.actionLog('bo').includes('p finished completed'), 60 * 8);
    expect(s.actionLog('bo')).toEqual(['p started', 'p finished completed']);
    expect(s.events('arrived')).toEqual([]);
    expect(s.events('prop_picked_up')).toMatchObject([{ source: 'bo', target: 'box' }]);
    expect(s.rigView('bo').heldProp).toBe('box');
    expect(s.transitions('rig:bo/propInteractor').map((t) => t.to)).toEqual(['APPROACHING', 'REACHING', 'HELD']);
    // Carried: the box moves with the stickman, off the ground, its grip on the wrist.
    s.step(60);
    const carried = s.runtime.propState('box')!.position;
    expect(carried[1]).toBeLessThan(1300);
    const wrist = s.rig('bo').worldPose.right_lower_arm.end;
    expect(Math.hypot(carried[0] - wrist[0], carried[1] - wrist[1])).toBeLessThan(2);
    s.stepUntil(() => s.actionLog('bo').includes('d finished completed'), 60 * 8);
    expect(s.events('prop_dropped')).toMatchObject([{ source: 'bo', target: 'box', reason: 'manual' }]);
    expect(s.rigView('bo').heldProp).toBeNull();
    // Dropped: physics again, it falls to the ground where it was let go.
    s.step(90);
    const rest = s.runtime.propState('box')!;
    expect(rest.position[1]).toBeCloseTo(1360, -1);
    expect(Math.abs(rest.position[0] - 600)).toBeLessThan(150);
    expect(s.controller.summary()).toMatchObject({ rigs: { bo: { held_prop: null } } });
    s.dispose();
  });

  it('works facing LEFT too: the grip stays on the wrist while carried', () => {
    const doc = scene([ground(1400), stickman('bo', 1800, { facing: 'LEFT' }), prop('box', 'box', [1400, 1300])], {
      queues: { bo: [pick('p', 'box'), walk('carry', 2200)] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.events('prop_picked_up').length > 0, 60 * 8).step(90);
    expect(s.rig('bo').motion.facing).toBe('RIGHT'); // walking right to carry it
    const box = s.runtime.propState('box')!.position;
    const wrist = s.rig('bo').worldPose.right_lower_arm.end;
    expect(Math.hypot(box[0] - wrist[0], box[1] - wrist[1])).toBeLessThan(2);
    s.dispose();
  });

  it('every built-in prop can be picked up off the ground (the reach crouches)', () => {
    for (const spawn of ['box', 'ball', 'bottle', 'plank']) {
      const doc = scene([ground(1400), stickman('bo', 800), prop('p1', spawn, [1000, 1300])], { queues: { bo: [pick('p', 'p1')] } });
      const s = TestStage.load(doc).play();
      s.stepUntil(() => s.actionLog('bo').includes('p finished completed') || s.actionLog('bo').some((l) => l.startsWith('p finished')), 60 * 8);
      expect(s.actionLog('bo'), spawn).toEqual(['p started', 'p finished completed']);
      expect(s.rigView('bo').heldProp, spawn).toBe('p1');
      s.dispose();
    }
  });
});

describe('debug overlay', () => {
  it('shows the interactor state with prop, hand and grip, the stand point, grips and the reservation', () => {
    const doc = scene([ground(1400), stickman('bo', 800), prop('box', 'box', [1400, 1300])], { queues: { bo: [pick('p', 'box')] } });
    const s = TestStage.load(doc).play();
    s.controller.setDebug(true);
    s.step(10);
    const d = s.frame().debug!;
    expect(d.labels.map((l) => l.text)).toContain('bo: APPROACHING box · right hand · grip center');
    expect(d.labels.map((l) => l.text)).toContain('box: reserved by bo');
    const standX = s.rig('bo').motion.walkTargetX!;
    expect(d.points).toContainEqual([standX, s.rig('bo').motion.root[1]]);
    const box = s.runtime.propState('box')!.position;
    expect(d.points.some((p) => Math.hypot(p[0] - box[0], p[1] - box[1]) < 0.5)).toBe(true); // the centre grip
    s.stepUntil(() => s.rigView('bo').heldProp === 'box', 60 * 6);
    expect(s.frame().debug!.labels.map((l) => l.text)).toContain('box: held by bo');
    s.dispose();
  });
});

describe('pickups that must fail safely', () => {
  it('a missing prop, and a prop already held by someone else, are skipped with no prop event and no reservation kept', () => {
    const doc = scene([ground(1400), stickman('a', 800), stickman('b', 1600), prop('box', 'box', [1000, 1300])], {
      queues: { a: [pick('pa', 'box')], b: [{ id: 'wait', type: 'wait', seconds: 2 }, pick('pb', 'box'), pick('ghost', 'nope')] },
    });
    const s = TestStage.load(doc).play().step(60 * 5);
    expect(s.actionLog('a')).toEqual(['pa started', 'pa finished completed']);
    expect(s.actionLog('b')).toEqual(['wait started', 'wait finished completed', 'pb started', 'pb finished skipped', 'ghost started', 'ghost finished skipped']);
    expect(s.events('prop_picked_up')).toHaveLength(1);
    expect(s.warnings().some((w) => /held or reserved by "a"/.test(w.message))).toBe(true);
    s.dispose();
  });

  it('two stickmen going for the same prop: the first claims it synchronously, the other skips', () => {
    const doc = scene([ground(1400), stickman('a', 700), stickman('b', 1500, { facing: 'LEFT' }), prop('box', 'box', [1100, 1300])], {
      queues: { a: [pick('pa', 'box')], b: [pick('pb', 'box')] },
    });
    const s = TestStage.load(doc).play().step(60 * 6);
    expect(s.actionLog('a')).toEqual(['pa started', 'pa finished completed']);
    expect(s.actionLog('b')).toEqual(['pb started', 'pb finished skipped']);
    s.dispose();
  });

  it('a hand no grip allows is skipped; an explicit hand is never switched', () => {
    const asset = {
      spawn_id: 'custom:lefty', name: 'Lefty', shape: { kind: 'box', size: [60, 60] }, mass: 1, gravity_scale: 1, friction: 0.5, restitution: 0.1,
      anchors: [{ id: 'h', role: 'grip', hands: ['left'], position: [0, 0], rotation: 0, z_offset: 0, primary_grip: true }],
    };
    const doc = scene([ground(1400), stickman('bo', 800), { kind: 'prop', id: 'l', spawn_id: 'custom:lefty', position: [950, 1300], rotation: 0, scale: [1, 1] }], {
      prop_assets: [asset],
      queues: { bo: [pick('right', 'l', 'right'), pick('left', 'l', 'left')] },
    });
    const s = TestStage.load(doc).play().step(60 * 4);
    expect(s.actionLog('bo')).toEqual(['right started', 'right finished skipped', 'left started', 'left finished completed']);
    expect(s.rig('bo').connection.interactor.hand).toBe('left');
    s.dispose();
  });

  it('a stop_queue mid-approach cancels the pickup and releases the reservation; another stickman can then take it', () => {
    const doc = scene([ground(1400), stickman('a', 400), stickman('b', 1800, { facing: 'LEFT' }), prop('box', 'box', [1200, 1300])], {
      queues: { a: [pick('pa', 'box')], b: [{ id: 'w', type: 'wait', seconds: 1.5 }, pick('pb', 'box')] },
    });
    const s = TestStage.load(doc).play().step(30);
    s.command({ type: 'rig.stopQueue', id: 'a' }).step(60 * 6);
    expect(s.actionLog('a')).toEqual(['pa started', 'pa finished cancelled']);
    expect(s.actionLog('b')).toContain('pb finished completed');
    expect(s.rigView('b').heldProp).toBe('box');
    s.dispose();
  });
});

describe('lifecycle', () => {
  it('ragdoll entry drops the held prop first, with one prop_dropped reason ragdoll; prop actions wait while down', () => {
    const doc = scene([ground(1400), stickman('bo', 800), prop('box', 'box', [950, 1300])], {
      queues: { bo: [pick('p', 'box'), { id: 'down', type: 'ragdoll' }, pick('again', 'box')] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.rigView('bo').state === 'RAGDOLL', 60 * 6);
    const dropped = s.events('prop_dropped');
    expect(dropped).toMatchObject([{ source: 'bo', target: 'box', reason: 'ragdoll' }]);
    // The drop comes before the state change in the same step.
    const log = s.records('event').map((r) => r.event.type);
    expect(log.indexOf('prop_dropped')).toBeLessThan(log.lastIndexOf('state_changed'));
    expect(s.rigView('bo').heldProp).toBeNull();
    // The next pickup waits for the stand-up, then runs.
    s.stepUntil(() => s.actionLog('bo').includes('again finished completed'), 60 * 15);
    expect(s.tickOf('again', 'started')).toBeGreaterThan(s.transitions('rig:bo').find((t) => t.to === 'ANIMATED')!.tick - 1);
    expect(s.events('prop_dropped')).toHaveLength(1);
    s.dispose();
  });

  it('pause keeps the hold; RESET releases silently and restores the authored prop', () => {
    const doc = scene([ground(1400), stickman('bo', 800), prop('box', 'box', [950, 1300])], { queues: { bo: [pick('p', 'box')] } });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.rigView('bo').heldProp === 'box', 60 * 5);
    s.send({ type: 'ui.pause' });
    s.controller.step(30);
    expect(s.rigView('bo').heldProp).toBe('box');
    s.send({ type: 'ui.resume' }).step(5);
    expect(s.rigView('bo').heldProp).toBe('box');
    const before = s.events('prop_dropped').length;
    s.send({ type: 'ui.reset' });
    expect(s.rigView('bo').heldProp).toBeNull();
    expect(s.frame().props[0].position).toEqual([950, 1300]);
    expect(s.events('prop_dropped').length).toBe(before);
    s.dispose();
  });

  it('prop triggers fire once per committed transition and run their rules; drop and throw with nothing held are skipped', () => {
    const doc = scene([ground(1400), stickman('bo', 800), prop('box', 'box', [950, 1300])], {
      queues: { bo: [{ id: 'd0', type: 'drop_prop' }, pick('p', 'box'), { id: 'd', type: 'drop_prop' }, { id: 'd2', type: 'drop_prop' }] },
      rules: [
        { id: 'on-pick', when: { type: 'prop_picked_up', source: 'bo', target: 'box' }, then: [{ actor: 'bo', mode: 'overlay', action: { type: 'speak', text: 'Got it', seconds: 0.5 } }] },
        { id: 'on-drop', when: { type: 'prop_dropped', source: 'bo', target: 'box' }, then: [{ actor: 'bo', mode: 'overlay', action: { type: 'speak', text: 'Oops', seconds: 0.5 } }] },
      ],
    });
    const s = TestStage.load(doc).play().step(60 * 5);
    expect(s.actionLog('bo').filter((l) => !l.startsWith('on-'))).toEqual([
      'd0 started', 'd0 finished skipped',
      'p started', 'p finished completed',
      'd started', 'd finished completed',
      'd2 started', 'd2 finished skipped',
    ]);
    expect(s.rules('on-pick').map((r) => r.status)).toEqual(['dispatched']);
    expect(s.rules('on-drop').map((r) => r.status)).toEqual(['dispatched']);
    s.dispose();
  });

  it('a placeholder (its asset missing) is inert and cannot be picked up; its id still resolves for rules', () => {
    const doc = scene([ground(1400), stickman('bo', 800), { kind: 'prop', id: 'ghost', spawn_id: 'custom:gone', position: [950, 1300], rotation: 0, scale: [1, 1] }], {
      queues: { bo: [pick('p', 'ghost')] },
    });
    const s = TestStage.load(doc).play().step(60);
    expect(s.actionLog('bo')).toEqual(['p started', 'p finished skipped']);
    expect(s.frame().props.map((p) => p.id)).toEqual(['ghost']);
    expect(s.frame().props[0].position).toEqual([950, 1300]);
    s.dispose();
  });
});
