/**
 * Ragdoll collision slots (core/ragdoll/slots): a free slot first, the lowest; with all taken,
 * the slot whose nearest holder is farthest away, so ragdolls that pass through each other are
 * the ones least likely to meet.
 */
import { describe, expect, it } from 'vitest';
import { chooseRagdollSlot } from '../../../core/ragdoll/slots';

describe('chooseRagdollSlot', () => {
  it('takes the lowest free slot', () => {
    expect(chooseRagdollSlot([], [0, 0], 4)).toBe(0);
    expect(chooseRagdollSlot([{ slot: 0, position: [0, 0] }, { slot: 2, position: [0, 0] }], [0, 0], 4)).toBe(1);
  });

  it('with every slot held, shares the one whose nearest holder is farthest away', () => {
    const row = [0, 1, 2, 3].map((slot) => ({ slot, position: [slot * 300, 0] as [number, number] }));
    // At the right end of the row: the leftmost ragdoll is the farthest.
    expect(chooseRagdollSlot(row, [1200, 0], 4)).toBe(0);
    expect(chooseRagdollSlot(row, [-300, 0], 4)).toBe(3);
    // A slot held twice counts by its nearest holder.
    const shared = [...row, { slot: 0, position: [1100, 0] as [number, number] }];
    expect(chooseRagdollSlot(shared, [1200, 0], 4)).toBe(1);
  });
});
