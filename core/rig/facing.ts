import type { Vec2 } from './vec';

/** Which way a stickman looks; LEFT mirrors rig-local X about the root. */
export type Facing = 'RIGHT' | 'LEFT';

/** +1 for RIGHT, -1 for LEFT: the factor applied to rig-local X on the way to stage space. */
export const facingSign = (facing: Facing): 1 | -1 => (facing === 'LEFT' ? -1 : 1);

/** Rig-local point -> stage point. Mirroring happens before translation, so it is about the root. */
export function markerToWorld(local: Vec2, root: Vec2, facing: Facing): Vec2 {
  return [root[0] + facingSign(facing) * local[0], root[1] + local[1]];
}

/** Stage point -> rig-local point; the exact inverse of `markerToWorld` (mirroring is its own inverse). */
export function worldToMarker(world: Vec2, root: Vec2, facing: Facing): Vec2 {
  return [facingSign(facing) * (world[0] - root[0]), world[1] - root[1]];
}
