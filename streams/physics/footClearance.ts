/**
 * Where a foot can stand clear of the props (issue 20's box-5 seam). Terrain knows nothing of
 * props: a hard landing locks each foot to the terrain under it (seed 6a §7), and a stickman coming
 * down beside a box had a foot locked on the floor inside the box, its shin proxy pressed through
 * the box for the whole impact, and Rapier shoved it aside; the settle after it and a walk's last
 * steps put a foot on its rest spot the same way. Here the foot moves along the ground (towards
 * where core/locomotion/clearFoot says: under the body first) until a ball the size of the shin's
 * end and PROP_GAP more, resting on the ground there, overlaps no prop; with no such spot the caller keeps its own
 * (standing over a prop, moving it gains nothing).
 */
import type { FootClearance } from '../../core/locomotion/types';
import { LEG_COLLISION_RADIUS } from '../../core/rig/proxies';
import { BESIDE_RAGDOLLS_GROUPS } from './ragdollBodies';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import type { PhysicsWorld } from './world';

/**
 * How far from a prop a foot that was moved off it stands, px: the shin's end just touching a
 * prop's side stays in contact with it as the knee bends, and pushes it.
 */
const PROP_GAP = 3;
/** The search's stride, px: a shin's radius (a gap too narrow for a stride to land in is passed over for the next). */
const SEARCH_STRIDE = LEG_COLLISION_RADIUS;
/** How close to the prop's edge the clear spot found is, px: a twentieth of the shin's width. */
const EDGE_PRECISION = (2 * LEG_COLLISION_RADIUS) / 20;

export function createFootClearance(physics: PhysicsWorld): FootClearance {
  // The shin's end with the gap around it, resting on the ground.
  const foot = new RAPIER.Ball(toMeters(LEG_COLLISION_RADIUS + PROP_GAP));
  // Props are the dynamic solids but for ragdolls' bodies (a held prop's colliders are off): Rapier
  // leaves out the ground the ball rests on, the stickmen's proxies and the areas by their kind,
  // and the ragdolls by their groups, with no call back into JavaScript for each candidate.
  const onlyDynamicSolids = RAPIER.QueryFilterFlags.ONLY_DYNAMIC | RAPIER.QueryFilterFlags.EXCLUDE_SENSORS;
  const overlapsProp = (x: number, groundY: number): boolean =>
    physics.queryWorld.intersectionWithShape({ x: toMeters(x), y: toMeters(groundY - LEG_COLLISION_RADIUS - PROP_GAP) }, 0, foot, onlyDynamicSolids, BESIDE_RAGDOLLS_GROUPS) !== null;
  return (x, groundY, towardX) => {
    // A non-finite position is no place to search (and must not reach the query): the foot stays.
    if (!Number.isFinite(x) || !Number.isFinite(groundY) || !Number.isFinite(towardX)) return x;
    if (!overlapsProp(x, groundY)) return x;
    const dir = towardX < x ? -1 : 1;
    const reach = Math.abs(towardX - x);
    // Stride out to the first clear spot (a query each: a crowd ends walks beside props every
    // step), then halve back to the prop's edge between it and the last blocked one.
    let blocked = 0;
    let clear = 0;
    for (let d = SEARCH_STRIDE; clear === 0; d += SEARCH_STRIDE) {
      const at = Math.min(d, reach);
      if (!overlapsProp(x + dir * at, groundY)) clear = at;
      else if (at >= reach) return null;
      else blocked = at;
    }
    while (clear - blocked > EDGE_PRECISION) {
      const mid = (clear + blocked) / 2;
      if (overlapsProp(x + dir * mid, groundY)) blocked = mid;
      else clear = mid;
    }
    return x + dir * clear;
  };
}
