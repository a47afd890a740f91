import { describe, expect, it } from 'vitest';
import { applyToAll, sharedFields } from '../../../ui/state/multiEdit';
import { ground, prop, scene } from '../../helpers/scenes';

const doc = scene([
  ground(1400),
  prop('a', 'box', [500, 1300]),
  prop('b', 'ball', [700, 1300], { scale: [2, 2] }),
  { kind: 'stickman', id: 's1', position: [900, 1400], facing: 'RIGHT' },
  { kind: 'stickman', id: 's2', position: [1200, 1400], facing: 'LEFT' },
]);
const objects = (...ids: string[]) => ids.map((id) => doc.objects.find((o) => o.id === id)!);
const field = (ids: string[], id: string) => sharedFields(objects(...ids)).find((s) => s.field.id === id);

describe('a multi-selection edits what its objects share', () => {
  it('lists the fields every selected object has, with the value they share or none', () => {
    const props = sharedFields(objects('a', 'b')).map((s) => s.field.id);
    expect(props).toEqual(expect.arrayContaining(['scale.x', 'scale.y', 'color', 'physics.mass']));
    expect(field(['a', 'b'], 'scale.x')!.common).toBeUndefined();
    expect(sharedFields(objects('s1', 's2')).map((s) => s.field.id)).toEqual(expect.arrayContaining(['facing', 'auto_recover', 'color']));
    // A prop and a stickman share their colour only; a name is never set on many.
    expect(sharedFields(objects('a', 's1')).map((s) => s.field.id)).toEqual(['color']);
    expect(sharedFields(objects('a'))).toEqual([]);
  });

  it('sets a value on every one of them in one document change', () => {
    const next = applyToAll(doc, field(['a', 'b'], 'physics.mass')!, 7);
    const massOf = (id: string) => (next.objects.find((o) => o.id === id) as { physics?: { mass?: number } }).physics?.mass;
    expect([massOf('a'), massOf('b')]).toEqual([7, 7]);
    const scaled = applyToAll(doc, field(['a', 'b'], 'scale.x')!, 1.5);
    expect(scaled.objects.filter((o) => o.kind === 'prop').map((o) => (o as { scale: number[] }).scale)).toEqual([[1.5, 1], [1.5, 2]]);
    expect(doc.objects.find((o) => o.id === 'b')).toMatchObject({ scale: [2, 2] });
  });

  it('presses a button on each (flip the facing of several stickmen)', () => {
    const next = applyToAll(doc, field(['s1', 's2'], 'facing')!);
    expect(next.objects.filter((o) => o.kind === 'stickman').map((o) => (o as { facing: string }).facing)).toEqual(['LEFT', 'RIGHT']);
  });

  it('refuses a value the schema refuses for any of them, changing nothing', () => {
    expect(() => applyToAll(doc, field(['a', 'b'], 'scale.x')!, -1)).toThrow();
  });
});
