/**
 * Collision slots: each live ragdoll gets one collision-group bit so its own overlapping parts
 * never collide while different ragdolls do. There are RAGDOLL_SLOTS bits; past that many live
 * ragdolls two must share one and pass through each other, so the newcomer shares with the
 * ragdolls farthest from it: sharing then only shows if they ever meet.
 */
import type { Vec2 } from '../rig/vec';
import { RAGDOLL_SLOTS } from './constants';

export interface SlotHolder {
  slot: number;
  /** Where the holder is now (any point of it: its first body). */
  position: Vec2;
}

/** The first free slot; with none free, the one whose nearest holder is farthest from `at`. */
export function chooseRagdollSlot(holders: readonly SlotHolder[], at: Vec2, slots = RAGDOLL_SLOTS): number {
  const nearest = new Array<number>(slots).fill(Infinity);
  for (const h of holders) {
    const s = h.slot % slots;
    nearest[s] = Math.min(nearest[s], Math.hypot(h.position[0] - at[0], h.position[1] - at[1]));
  }
  let best = 0;
  for (let s = 0; s < slots; s += 1) {
    // A free slot has no holder: Infinity, which always wins (the lowest free slot first).
    if (nearest[s] > nearest[best]) best = s;
  }
  return best;
}
