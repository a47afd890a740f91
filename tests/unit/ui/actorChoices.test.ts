/**
 * The timeline's actor choices keep their identity while they do not change: the filter lists
 * them with `<For>`, which rebuilds the optgroup of every choice that is a new object.
 */
import { describe, expect, it } from 'vitest';
import { ActorChoices } from '../../../ui/state/actorChoices';
import { ground, prop, scene } from '../../helpers/scenes';

const doc = scene([ground(1400), { kind: 'stickman', id: 'ann', name: 'Ann', position: [500, 1400] }, { kind: 'stickman', id: 'bo', position: [900, 1400] }, prop('ball', 'ball', [700, 500])]);

describe('ActorChoices', () => {
  it('lists the stickmen with the child actors seen under each, then the other objects', () => {
    const c = new ActorChoices().of(doc, ['rig:ann', 'rig:ann/actionRunner', 'rig:bo/propInteractor', 'ball']);
    expect(c.stickmen.map((s) => [s.value, s.name, s.children])).toEqual([
      ['rig:ann', 'Ann (ann)', ['rig:ann/actionRunner']],
      ['rig:bo', 'bo', ['rig:bo/propInteractor']],
    ]);
    expect(c.others.map((o) => o.value)).toEqual([doc.objects[0].id, 'ball']);
  });

  it('keeps each unchanged choice the same object as more actors are seen', () => {
    const choices = new ActorChoices();
    const first = choices.of(doc, ['rig:ann', 'rig:ann/actionRunner']);
    // A prop named by an event: nobody's children change.
    const second = choices.of(doc, ['rig:ann', 'rig:ann/actionRunner', 'ball']);
    expect(second.stickmen[0]).toBe(first.stickmen[0]);
    expect(second.stickmen[1]).toBe(first.stickmen[1]);
    expect(second.others[1]).toBe(first.others[1]);
    // Bo's interactor is seen: his choice is new, Ann's is not.
    const third = choices.of(doc, ['rig:ann', 'rig:ann/actionRunner', 'ball', 'rig:bo/propInteractor']);
    expect(third.stickmen[0]).toBe(first.stickmen[0]);
    expect(third.stickmen[1]).not.toBe(first.stickmen[1]);
    expect(third.stickmen[1].children).toEqual(['rig:bo/propInteractor']);
  });

  it('makes a choice anew when its object is renamed', () => {
    const choices = new ActorChoices();
    const first = choices.of(doc, []);
    const renamed = { ...doc, objects: doc.objects.map((o) => (o.id === 'bo' ? { ...o, name: 'Bob' } : o)) };
    const second = choices.of(renamed, []);
    expect(second.stickmen[0]).toBe(first.stickmen[0]);
    expect(second.stickmen[1]).not.toBe(first.stickmen[1]);
    expect(second.stickmen[1].name).toBe('Bob (bo)');
  });
});
