/**
 * Where a foot can stand clear of the props (issue 20's box-5 seam). Terrain knows nothing of
 * props: a hard landing locks each foot to the terrain under it (seed 6a §7), and a stickman coming
 * down beside a box had a foot locked on the floor inside the box, its shin proxy pressed through
 * the box for the whole impact, and Rapier shoved it aside; the settle after it and a walk's last
 * steps put a foot on its rest spot the same way. Here the foot moves along the ground (towards
 * where core/locomotion/clearFoot says: under the body first) until a ball the size of the shin's
 * end, resting on the ground there, overlaps no prop; with no such spot the caller keeps its own
 * (standing over a prop, moving it gains nothing).
 */
import type { FootClearance } from '../../core/locomotion/types';
import { LEG_COLLISION_RADIUS } from '../../core/rig/proxies';
import { isPropBody } from './entities';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import type { PhysicsWorld } from './world';

type Collider = InstanceType<typeof RAPIER.Collider>;

/** How far apart the positions tried are, px: a tenth of the shin's width. */
const FOOT_SEARCH_STEP = (2 * LEG_COLLISION_RADIUS) / 10;

export function createFootClearance(physics: PhysicsWorld): FootClearance {
  const foot = new RAPIER.Ball(toMeters(LEG_COLLISION_RADIUS));
  const props = (c: Collider): boolean => {
    const e = physics.entityOf(c);
    return !!e && isPropBody(e);
  };
  const overlapsProp = (x: number, groundY: number): boolean =>
    physics.queryWorld.intersectionWithShape({ x: toMeters(x), y: toMeters(groundY - LEG_COLLISION_RADIUS) }, 0, foot, undefined, undefined, undefined, undefined, props) !== null;
  return (x, groundY, towardX) => {
    // A non-finite position is no place to search (and must not reach the query): the foot stays.
    if (!Number.isFinite(x) || !Number.isFinite(groundY) || !Number.isFinite(towardX)) return x;
    if (!overlapsProp(x, groundY)) return x;
    const span = towardX - x;
    const steps = Math.ceil(Math.abs(span) / FOOT_SEARCH_STEP);
    for (let i = 1; i <= steps; i += 1) {
      const at = i === steps ? towardX : x + (span * i) / steps;
      if (!overlapsProp(at, groundY)) return at;
    }
    return null;
  };
}
