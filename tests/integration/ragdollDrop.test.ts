/**
 * Issue 19 (seed 11 §4): a prop let go because its holder went ragdoll passes through that
 * holder's own ragdoll for the same clearing window a throw gets, instead of being shoved (and
 * slowed) by the falling limbs that held it a step ago.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactEvent } from '../../streams/physics/entities';
import { THROW_CLEAR_STEPS } from '../../streams/runtime/rig/throwing';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

describe('a ragdoll lets go of what it held', () => {
  it('the dropped prop does not touch its holder\'s ragdoll for THROW_CLEAR_STEPS', () => {
    const doc = scene([ground(), stickman('bo', [800, 1400]), prop('box', 'box', [950, 1300])], {
      queues: { bo: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'box', hand: 'auto' }] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.rigView('bo').heldProp === 'box', 300);
    expect(s.rigView('bo').heldProp).toBe('box');
    s.step(20);
    const contacts: Array<ContactEvent & { tick: number }> = [];
    s.runtime.contact$.subscribe((c) => contacts.push(Object.assign(c, { tick: s.tick })));
    s.command({ type: 'rig.ragdoll', id: 'bo' }).step(1);
    const dropped = s.events('prop_dropped', 'bo');
    expect(dropped).toMatchObject([{ target: 'box', reason: 'ragdoll' }]);
    const from = dropped[0].tick;
    s.step(THROW_CLEAR_STEPS + 5);
    const own = contacts.filter((c) => c.type === 'started' && c.tick < from + THROW_CLEAR_STEPS
      && ((c.a.id === 'box' && c.b.kind === 'ragdoll' && c.b.id === 'bo') || (c.b.id === 'box' && c.a.kind === 'ragdoll' && c.a.id === 'bo')));
    expect(own.map((c) => `${c.tick}: ${c.a.part ?? c.a.id} / ${c.b.part ?? c.b.id}`)).toEqual([]);
    s.dispose();
  });
});
