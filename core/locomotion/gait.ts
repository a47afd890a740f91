/**
 * Stance/swing gait: a stance foot stays exactly where it was planted; the swing foot arcs to a
 * foothold sampled on the terrain ahead. When the walk ends, settle steps bring the feet back to
 * the rest pose one at a time.
 */
import type { Vec2 } from '../geometry/vec';
import { markerToWorld } from '../rig/facing';
import { MAX_STEP_HEIGHT } from '../terrain/constants';
import { FOOT_WALL_CLEARANCE, FOOT_LIFT, SETTLE_DISTANCE, SETTLE_SWING_DURATION, STEP_UP_LIFT_FACTOR, SWING_DURATION, WALK_SPEED } from './constants';
import { foothold } from './probes';
import type { FootSide, LocomotionEnv, LocomotionState } from './types';

const OTHER: Record<FootSide, FootSide> = { left: 'right', right: 'left' };

/** A foot never lands inside a wall: the foothold stops short of the first wall ahead. */
function footholdBeforeWall(env: LocomotionEnv, root: Vec2, dir: number, x: number): number {
  const height = MAX_STEP_HEIGHT + 4;
  const wall = env.terrain.raycast([root[0], root[1] - height], [dir, 0], Math.abs(x - root[0]), (seg) => !seg.supporting);
  return wall ? wall.point[0] - dir * FOOT_WALL_CLEARANCE : x;
}

/** Where a foot rests in the authored pose, placed on the terrain under it. */
export function restFoot(s: LocomotionState, env: LocomotionEnv, side: FootSide): Vec2 {
  const local = side === 'left' ? env.basePose.Left_Leg : env.basePose.Right_Leg;
  const world = markerToWorld(local, [s.root[0], s.root[1]], s.facing);
  const hit = foothold(env.terrain, world[0], s.root[1], env.debug);
  // The authored pose may lift a foot: keep its height above the ground it stands over.
  const groundY = hit ? hit.point[1] : s.root[1];
  return [world[0], groundY + local[1]];
}

function startSwing(s: LocomotionState, side: FootSide, to: Vec2, duration: number): void {
  const foot = s.feet[side];
  foot.from = [foot.pos[0], foot.pos[1]];
  foot.to = to;
  s.swing = side;
  s.swingT = 0;
  s.swingDuration = duration;
}

function swingPosition(from: Vec2, to: Vec2, t: number): Vec2 {
  const ease = t * t * (3 - 2 * t);
  const lift = FOOT_LIFT + Math.abs(from[1] - to[1]) * STEP_UP_LIFT_FACTOR;
  return [from[0] + (to[0] - from[0]) * ease, from[1] + (to[1] - from[1]) * ease - lift * Math.sin(Math.PI * t)];
}

/** Advances the gait one step. `walkDir` is +1/−1 while walking, 0 when idle. */
export function updateGait(s: LocomotionState, env: LocomotionEnv, walkDir: number, dt: number): void {
  if (s.swing === null) {
    if (walkDir !== 0) {
      // Swing the trailing foot to a foothold one half-stride past where the root will be.
      const side: FootSide = walkDir * s.feet.left.pos[0] < walkDir * s.feet.right.pos[0] ? 'left' : 'right';
      const advance = WALK_SPEED * SWING_DURATION;
      const x = footholdBeforeWall(env, s.root, walkDir, s.root[0] + walkDir * (advance + advance / 2));
      const hit = foothold(env.terrain, x, s.root[1], env.debug);
      startSwing(s, side, [x, hit ? hit.point[1] : s.root[1]], SWING_DURATION);
    } else {
      for (const side of ['left', 'right'] as const) {
        const rest = restFoot(s, env, side);
        const pos = s.feet[side].pos;
        if (Math.hypot(pos[0] - rest[0], pos[1] - rest[1]) > SETTLE_DISTANCE) {
          startSwing(s, side, rest, SETTLE_SWING_DURATION);
          break;
        }
      }
    }
  }
  if (s.swing !== null) {
    const foot = s.feet[s.swing];
    s.swingT = Math.min(1, s.swingT + dt / s.swingDuration);
    foot.pos = s.swingT >= 1 ? [foot.to[0], foot.to[1]] : swingPosition(foot.from, foot.to, s.swingT);
    if (s.swingT >= 1) s.swing = null;
  }
}

/** −1..1: how far forward the given foot is relative to the root, in stride units (arm swing). */
export function footLead(s: LocomotionState, side: FootSide): number {
  const dir = s.facing === 'LEFT' ? -1 : 1;
  const halfStride = (WALK_SPEED * SWING_DURATION) / 2;
  const lead = ((s.feet[side].pos[0] - s.root[0]) * dir) / (halfStride * 2);
  return Math.max(-1, Math.min(1, lead));
}

export { OTHER as OTHER_FOOT };
