/**
 * Where a foot that would stand inside a prop stands instead. Terrain knows nothing of props, so a
 * foot placed by terrain alone (a hard landing's contact, an idle foot's settle back to its rest
 * spot) can come down inside a box beside the stickman, and its shin proxy then shoves the box.
 */
import { LEG_COLLISION_RADIUS } from '../rig/proxies';
import type { FootClearance } from './types';

/** However near the root a foot stands, it may move this far past it to clear a prop: two shins' widths. */
export const FOOT_CLEARANCE_MIN_SHIFT = 4 * LEG_COLLISION_RADIUS;

/**
 * The X where a foot meant for `x` on ground at `groundY` stands clear of the props: `x` itself
 * when it is clear; else moved under the body first (towards `rootX` and on past it, as far as it
 * was on its own side, at least FOOT_CLEARANCE_MIN_SHIFT), so the leg never reaches across the
 * prop; else outwards as far; null when no spot in reach is clear.
 */
export function clearFootX(x: number, groundY: number, rootX: number, clearance: FootClearance): number | null {
  const inward = x < rootX ? 1 : -1;
  const reach = Math.max(Math.abs(x - rootX), FOOT_CLEARANCE_MIN_SHIFT);
  return clearance(x, groundY, rootX + inward * reach) ?? clearance(x, groundY, x - inward * reach);
}
