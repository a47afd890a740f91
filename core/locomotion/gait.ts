/**
 * Stance/swing gait: a stance foot stays exactly where it was planted; the swing foot arcs to a
 * foothold found by following the terrain ahead. Walking, both feet stay down for a moment after
 * each touchdown (double support), then the trailing foot lifts and lands WalkCycle.plantLead
 * ahead of where the root will be. When the walk ends, settle steps bring the feet back
 * to the rest pose one at a time.
 */
import { hypot, type Vec2 } from '../geometry/vec';
import { facingSign } from '../rig/facing';
import { MAX_STEP_HEIGHT } from '../terrain/constants';
import { notSupporting } from '../terrain/surfaces';
import { FOOT_LIFT, FOOT_WALL_CLEARANCE, FOOTHOLD_HOP, SETTLE_DISTANCE, SETTLE_SWING_DURATION, STEP_UP_LIFT_FACTOR } from './constants';
import { clearFootX } from './clearFoot';
import { foothold } from './probes';
import type { FootSide, FootState, LocomotionEnv, LocomotionState } from './types';
import type { WalkCycle } from './walkCycle';

const OTHER: Record<FootSide, FootSide> = { left: 'right', right: 'left' };
/** One foot's state (a named read: the two names through one keyed read would be a slower lookup). */
const footOf = (s: LocomotionState, side: FootSide) => (side === 'left' ? s.feet.left : s.feet.right);
/** The settle order: the left foot first. */
const FEET: readonly FootSide[] = ['left', 'right'];
/** Height above the foot at which a foothold's wall check looks: just above a climbable step. */
const WALL_PROBE_HEIGHT = MAX_STEP_HEIGHT + 4;
/** A hurried step (see walkingSwingDuration) still takes at least this share of a normal swing. */
const MIN_SWING_SHARE = 0.45;

/**
 * The foothold for a foot aimed at `x`: the terrain is followed from the root in short hops, so a
 * staircase rising (or falling) under a long stride is climbed tread by tread, and the foot stops
 * short of the first wall on the way.
 */
export function footholdAhead(env: LocomotionEnv, root: Readonly<Vec2>, dir: number, x: number): Vec2 {
  const distance = Math.abs(x - root[0]);
  const hops = Math.max(1, Math.ceil(distance / FOOTHOLD_HOP));
  let y = root[1];
  let fromX = root[0];
  for (let i = 1; i <= hops; i++) {
    const nextX = root[0] + (dir * distance * i) / hops;
    const wallX = firstWallX(env, fromX, y - WALL_PROBE_HEIGHT, dir, Math.abs(nextX - fromX));
    if (wallX !== null) {
      const stopX = wallX - dir * FOOT_WALL_CLEARANCE;
      const hit = foothold(env.terrain, stopX, y, env.debug);
      return [stopX, hit !== null ? hit : y];
    }
    const hit = foothold(env.terrain, nextX, y, env.debug);
    if (hit !== null) y = hit;
    fromX = nextX;
  }
  return [x, y];
}

/** X of the first wall a horizontal ray from (x, y) along `dir` meets within `reach`, or null. */
function firstWallX(env: LocomotionEnv, x: number, y: number, dir: number, reach: number): number | null {
  if (dir !== 1 && dir !== -1) return env.terrain.raycast([x, y], [dir, 0], reach, notSupporting)?.point[0] ?? null;
  // raycast's direction [±1, 0] has length 1, so its hit is at x + dir × distance.
  const d = env.terrain.rayDistance(x, y, dir, 0, reach, notSupporting);
  return d === null ? null : x + dir * d;
}

/** Where a foot rests in the authored pose, placed on the terrain under it. */
export function restFoot(s: LocomotionState, env: LocomotionEnv, side: FootSide): Vec2 {
  const local = side === 'left' ? env.basePose.Left_Leg : env.basePose.Right_Leg;
  // markerToWorld's X: mirrored about the root, then placed there.
  return footOnGround(s, env, s.root[0] + facingSign(s.facing) * local[0], local[1]);
}

/** A foot at `x` on the terrain under it, `lift` px off it (the authored pose may lift a foot: it keeps that height above the ground it stands over). */
function footOnGround(s: LocomotionState, env: LocomotionEnv, x: number, lift: number): Vec2 {
  const hit = foothold(env.terrain, x, s.root[1], env.debug);
  return [x, (hit !== null ? hit : s.root[1]) + lift];
}

/**
 * Where an idle foot settles: its rest spot `rest` (./restFoot), or the nearest spot beside it clear of the props (a
 * settle after a landing or a walk that ended beside a box would otherwise step into the box and
 * shove it with the shin); null when no spot in reach is clear, and the foot stays where it is.
 */
function settleSpot(s: LocomotionState, env: LocomotionEnv, side: FootSide, rest: Vec2): Vec2 | null {
  const clearance = env.footClearance;
  if (!clearance) return rest;
  const lift = (side === 'left' ? env.basePose.Left_Leg : env.basePose.Right_Leg)[1];
  const x = clearFootX(rest[0], rest[1] - lift, s.root[0], clearance);
  return x === null ? null : x === rest[0] ? rest : footOnGround(s, env, x, lift);
}

/** This idle foot found nowhere better to settle, standing where it stands, for this very rest spot. */
function isHeld(foot: FootState, rest: Readonly<Vec2>): boolean {
  const h = foot.settleHeld;
  return h !== null && h[0] === rest[0] && h[1] === rest[1] && h[2] === foot.pos[0] && h[3] === foot.pos[1];
}

function startSwing(s: LocomotionState, side: FootSide, to: Vec2, duration: number): void {
  const foot = footOf(s, side);
  foot.settleHeld = null;
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

/** How far ahead of the root a foot is along `dir`, px. */
const leadOf = (s: LocomotionState, side: FootSide, dir: number) => dir * (footOf(s, side).pos[0] - s.root[0]);

/**
 * Whether the trailing foot lifts now: both feet have been down for the cycle's double-support
 * share since the last touchdown (so the two feet stay half a cycle apart, whatever came before);
 * or the feet are close together (a standing start, after a landing or a turn), so there is
 * nothing to push off from; or the root has already passed plantLead beyond it.
 */
function shouldLift(s: LocomotionState, side: FootSide, dir: number, cycle: WalkCycle): boolean {
  const lead = leadOf(s, side, dir);
  if (s.stepTravel >= cycle.speed * (cycle.cycle / 2 - cycle.swingDuration)) return true;
  if (leadOf(s, side === 'left' ? 'right' : 'left', dir) - lead < cycle.stride / 4) return true;
  return lead <= -cycle.plantLead;
}

/**
 * How long a walking swing takes: the cycle's swing time, unless the standing foot would be left
 * too far behind before this one lands (the first step, a turn, a step after a landing): then a
 * quicker step, landing by the time the standing foot is due to lift.
 */
function walkingSwingDuration(s: LocomotionState, side: FootSide, dir: number, cycle: WalkCycle): number {
  const untilDue = (leadOf(s, side === 'left' ? 'right' : 'left', dir) + cycle.plantLead) / cycle.speed;
  return Math.min(cycle.swingDuration, Math.max(cycle.swingDuration * MIN_SWING_SHARE, untilDue));
}

/**
 * Where a walking swing lands: plantLead ahead of the root at touchdown, on the terrain followed
 * there; never past the foot's rest spot at the walk's end, and there beside a prop standing on
 * it, as an idle foot settles (./settleSpot): the walk's last steps are its settle.
 */
function walkingFoothold(s: LocomotionState, env: LocomotionEnv, side: FootSide, dir: number, cycle: WalkCycle, duration: number): Vec2 {
  const x = s.root[0] + dir * (cycle.speed * duration + cycle.plantLead);
  if (s.walkTargetX === null) return footholdAhead(env, s.root, dir, x);
  const local = side === 'left' ? env.basePose.Left_Leg : env.basePose.Right_Leg;
  // The rest spot of this foot for the way the stickman faces (a step backwards keeps its facing).
  const restX = s.walkTargetX + facingSign(s.facing) * local[0];
  if (dir * (x - restX) <= 0) return footholdAhead(env, s.root, dir, x);
  const rest = footholdAhead(env, s.root, dir, restX);
  const clearance = env.footClearance;
  if (!clearance) return rest;
  const clearX = clearFootX(rest[0], rest[1], s.walkTargetX, clearance);
  if (clearX === null || clearX === rest[0]) return rest;
  // Clear of the prop may lie behind the root (a box ahead of the walk's end): followed that way.
  return footholdAhead(env, s.root, Math.sign(clearX - s.root[0]) || dir, clearX);
}

/** Advances the gait one step. `walkDir` is +1/−1 while walking, 0 when idle. */
export function updateGait(s: LocomotionState, env: LocomotionEnv, walkDir: number, dt: number, cycle: WalkCycle): void {
  if (s.swing === null) {
    if (walkDir !== 0) {
      const side: FootSide = leadOf(s, 'left', walkDir) < leadOf(s, 'right', walkDir) ? 'left' : 'right';
      if (shouldLift(s, side, walkDir, cycle)) {
        const duration = walkingSwingDuration(s, side, walkDir, cycle);
        startSwing(s, side, walkingFoothold(s, env, side, walkDir, cycle, duration), duration);
      }
    } else {
      for (const side of FEET) {
        const foot = footOf(s, side);
        const pos = foot.pos;
        const rest = restFoot(s, env, side);
        // A foot at its rest spot stays; one away from it settles, beside a prop if one stands there.
        if (hypot(pos[0] - rest[0], pos[1] - rest[1]) <= SETTLE_DISTANCE || isHeld(foot, rest)) continue;
        const spot = settleSpot(s, env, side, rest);
        if (spot !== null && hypot(pos[0] - spot[0], pos[1] - spot[1]) > SETTLE_DISTANCE) {
          startSwing(s, side, spot, SETTLE_SWING_DURATION);
          break;
        }
        foot.settleHeld = [rest[0], rest[1], pos[0], pos[1]];
      }
    }
  }
  if (s.swing !== null) {
    const foot = footOf(s, s.swing);
    s.swingT = Math.min(1, s.swingT + dt / s.swingDuration);
    foot.pos = s.swingT >= 1 ? [foot.to[0], foot.to[1]] : swingPosition(foot.from, foot.to, s.swingT);
    if (s.swingT >= 1) {
      s.swing = null;
      // A touchdown starts the next step of the hip bob.
      s.stepTravel = 0;
    }
  }
}

/**
 * −1..1: how far the right foot is ahead of the left, in half strides (the distance between the
 * feet at touchdown). The left arm swings with it, the right arm against it.
 */
export function legSwing(s: LocomotionState, cycle: WalkCycle): number {
  const dir = facingSign(s.facing);
  const ahead = dir * (s.feet.right.pos[0] - s.feet.left.pos[0]);
  return Math.max(-1, Math.min(1, ahead / (cycle.stride / 2)));
}

export { OTHER as OTHER_FOOT };
