import { describe, expect, it } from 'vitest';
import { ColliderIndex } from '../../../streams/physics/colliderIndex';
import type { ColliderEntity } from '../../../streams/physics/entities';

/** A Rapier collider handle: the slot in the low 32 bits of the float, the generation in the high 32. */
function handle(slot: number, generation: number): number {
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  words[0] = slot;
  words[1] = generation;
  return bits[0];
}

const entity = (id: string): ColliderEntity => ({ id, kind: 'prop', order: 0 });

describe('ColliderIndex', () => {
  it('answers for each registered handle and keeps the map it indexes in step', () => {
    const truth = new Map<number, ColliderEntity>();
    const index = new ColliderIndex(truth);
    index.set(handle(0, 0), entity('a'));
    index.set(handle(3, 0), entity('b'));
    expect(index.get(handle(0, 0))?.id).toBe('a');
    expect(index.get(handle(3, 0))?.id).toBe('b');
    expect(index.get(handle(1, 0))).toBeUndefined();
    expect([...truth.values()].map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('forgets a removed collider, and a slot handed out again answers only for its new generation', () => {
    const truth = new Map<number, ColliderEntity>();
    const index = new ColliderIndex(truth);
    index.set(handle(1, 0), entity('old'));
    index.delete(handle(1, 0));
    expect(index.has(handle(1, 0))).toBe(false);
    index.set(handle(1, 1), entity('new'));
    expect(index.get(handle(1, 0))).toBeUndefined();
    expect(index.get(handle(1, 1))?.id).toBe('new');
    // A stale handle's delete leaves the slot's new owner alone.
    index.delete(handle(1, 0));
    expect(index.get(handle(1, 1))?.id).toBe('new');
    expect(truth.size).toBe(1);
  });

  it('grows past its first slots and holds exactly what a restored keyframe names', () => {
    const truth = new Map<number, ColliderEntity>();
    const index = new ColliderIndex(truth);
    for (let slot = 0; slot < 300; slot += 1) index.set(handle(slot, slot % 3), entity(`c${slot}`));
    expect(index.get(handle(299, 2))?.id).toBe('c299');
    expect(index.get(handle(299, 0))).toBeUndefined();
    index.replaceAll(new Map([[handle(7, 4), entity('restored')]]));
    expect([...truth.values()].map((e) => e.id)).toEqual(['restored']);
    expect(index.get(handle(7, 4))?.id).toBe('restored');
    expect(index.get(handle(8, 2))).toBeUndefined();
    index.clear();
    expect(index.get(handle(7, 4))).toBeUndefined();
    expect(truth.size).toBe(0);
  });
});
