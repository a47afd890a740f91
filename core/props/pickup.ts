/**
 * Pickup geometry (seed phase 11 §3.1–§3.2, issue 10): where a grip is on the stage, which grip
 * and hand a pickup uses, whether the hand reaches it — crouching if need be, beyond the seed,
 * so a box on the floor can be picked up — where to stand if not, and where a held prop goes so
 * its grip sits on the wrist. Pure: the runtime passes poses in and applies what comes out.
 */
import type { Facing } from '../rig/facing';
import { facingSign, worldToMarker } from '../rig/facing';
import type { RigProportions } from '../rig/proportions';
import type { Vec2 } from '../rig/vec';
import type { GripHand, ResolvedGrip } from './grips';

/** How much of the arm's full length a reach may use (a fully straight arm snaps in IK). */
export const REACH_FRACTION = 0.97;
/** The deepest crouch: the pelvis this far above the root at most (a squat, px). */
export const MIN_PELVIS_HEIGHT = 120;
/** The furthest the torso leans towards a prop while picking it up, squatting as deep as needed first (rad). */
export const MAX_PICKUP_LEAN = 0.9;
/**
 * A deep bow, only when even the deepest squat at MAX_PICKUP_LEAN falls short: from it the hand
 * reaches a grip lying on the floor (at 0.9 the lowest reach ended 12 px above the floor, and a
 * plank's grip is 10 px up).
 */
export const MAX_PICKUP_BOW = 1.2;
/** Where an approach stops: the grip this far in front of the root (px). */
export const APPROACH_GAP = 110;
/** Where the carrying hand goes once the prop is held (rig-local px: in front, chest height). */
export const CARRY_HAND: Vec2 = [85, -310];

export interface PropPose {
  position: Vec2;
  rotation: number;
}

/** A grip on the stage: its point and its axis angle. */
export function gripWorld(prop: PropPose, grip: ResolvedGrip): { point: Vec2; rotation: number } {
  const c = Math.cos(prop.rotation);
  const s = Math.sin(prop.rotation);
  const [x, y] = grip.position;
  return { point: [prop.position[0] + c * x - s * y, prop.position[1] + s * x + c * y], rotation: prop.rotation + grip.rotation };
}

/** The crouch (pelvis drop, px) and lean (rad) a reach needs, or null if even crouched it fails. */
export interface Crouch {
  drop: number;
  lean: number;
}

/**
 * The least crouch that brings a rig-local point within the arm's reach of the shoulder: the
 * pelvis goes down first, the torso leans towards the point as needed. `pelvis` is the standing
 * pelvis (rig-local, above the root at x 0).
 */
export function crouchFor(target: Vec2, pelvis: Vec2, proportions: RigProportions): Crouch | null {
  return crouchWithin(target, pelvis, proportions, 0, MAX_PICKUP_LEAN) ?? crouchWithin(target, pelvis, proportions, MAX_PICKUP_LEAN + 0.05, MAX_PICKUP_BOW);
}

/** The least crouch whose lean is between `minLean` and `maxLean`, pelvis down first. */
function crouchWithin(target: Vec2, pelvis: Vec2, proportions: RigProportions, minLean: number, maxLean: number): Crouch | null {
  const reach = (proportions.upperArm + proportions.lowerArm) * REACH_FRACTION;
  const maxDrop = Math.max(0, -pelvis[1] - MIN_PELVIS_HEIGHT);
  for (let drop = 0; drop <= maxDrop + 1e-9; drop += 10) {
    for (let lean = minLean; lean <= maxLean + 1e-9; lean += 0.05) {
      // Lean towards the point's side (rig-local +X is forward; a point behind leans back).
      const dir = target[0] >= 0 ? 1 : -1;
      const px = pelvis[0];
      const py = pelvis[1] + drop;
      const sx = px + Math.sin(lean * dir) * proportions.torso;
      const sy = py - Math.cos(lean * dir) * proportions.torso;
      if (Math.hypot(target[0] - sx, target[1] - sy) <= reach) return { drop, lean: lean * dir };
    }
  }
  return null;
}

export type PickupChoice =
  | { kind: 'skip'; reason: string }
  | { kind: 'reach'; grip: string; hand: GripHand; crouch: Crouch }
  | { kind: 'approach'; grip: string; hand: GripHand; standX: number };

export interface PickupInput {
  grips: readonly ResolvedGrip[];
  prop: PropPose;
  hand: 'auto' | GripHand;
  root: Vec2;
  facing: Facing;
  /** The standing pelvis, rig-local. */
  pelvis: Vec2;
  /** Each hand's solved wrist now (stage px): `auto` prefers the nearer one. */
  wrists: Record<GripHand, Vec2>;
  proportions: RigProportions;
}

/**
 * Chooses grip and hand (seed §3.1): `auto` tries the primary grip first, then every compatible
 * pair by the shortest wrist-to-grip distance; an explicit hand is never switched. In reach
 * (crouching if need be) it reaches; otherwise it walks to a stand point on the rig's side.
 */
export function choosePickup(input: PickupInput): PickupChoice {
  const pairs: Array<{ grip: ResolvedGrip; hand: GripHand; distance: number }> = [];
  for (const grip of input.grips) {
    for (const hand of grip.hands) {
      if (input.hand !== 'auto' && hand !== input.hand) continue;
      const at = gripWorld(input.prop, grip).point;
      pairs.push({ grip, hand, distance: Math.hypot(at[0] - input.wrists[hand][0], at[1] - input.wrists[hand][1]) });
    }
  }
  if (pairs.length === 0) return { kind: 'skip', reason: input.grips.length === 0 ? 'the prop has no grip' : `no grip allows the ${input.hand} hand` };
  pairs.sort((a, b) => Number(b.grip.primary) - Number(a.grip.primary) || a.distance - b.distance);
  // The rig turns to face the prop before it reaches, so reach is judged facing it.
  for (const p of pairs) {
    const at = gripWorld(input.prop, p.grip).point;
    const facing: Facing = at[0] >= input.root[0] ? 'RIGHT' : 'LEFT';
    const crouch = crouchFor(worldToMarker(at, input.root, facing), input.pelvis, input.proportions);
    if (crouch) return { kind: 'reach', grip: p.grip.id, hand: p.hand, crouch };
  }
  // Walk to a stand point on the rig's side from which a grip is in reach, crouch included.
  const side = input.root[0] <= gripWorld(input.prop, pairs[0].grip).point[0] ? -1 : 1;
  for (const p of pairs) {
    const at = gripWorld(input.prop, p.grip).point;
    const gap = approachGap(at, input.root[1], input.pelvis, input.proportions);
    if (gap !== null) return { kind: 'approach', grip: p.grip.id, hand: p.hand, standX: at[0] + side * gap };
  }
  return { kind: 'skip', reason: 'out of reach from anywhere it could stand, even crouched' };
}

/** Step (px) of the search for a stand point's distance from the grip. */
const GAP_STEP = 5;
/** The farthest a stand point may be from its grip (px): past it no arm reaches anyway. */
const MAX_GAP = 240;
/** A stand point keeps this far inside the distances that reach (a walk stops a few px off). */
export const GAP_MARGIN = 15;

/**
 * How far in front of a grip at `at` to stand (px, rig-local forward), for a root at height
 * `rootY`: APPROACH_GAP when it reaches from there, else the distance nearest it that reaches
 * with GAP_MARGIN to spare on both sides (a grip near the floor wants the feet closer). Null
 * when no distance reaches, crouched or not.
 */
export function approachGap(at: Vec2, rootY: number, pelvis: Vec2, proportions: RigProportions): number | null {
  const reaches = (gap: number) => crouchFor([gap, at[1] - rootY], pelvis, proportions) !== null;
  let best: number | null = null;
  for (let gap = 0; gap <= MAX_GAP; gap += GAP_STEP) {
    if (!reaches(gap)) continue;
    // Inside the reaching distances by the margin on each side (the ends of the search count as walls).
    const inside = [-GAP_MARGIN, GAP_MARGIN].every((d) => gap + d < 0 || gap + d > MAX_GAP || reaches(gap + d));
    if (!inside) continue;
    if (best === null || Math.abs(gap - APPROACH_GAP) < Math.abs(best - APPROACH_GAP)) best = gap;
  }
  return best;
}

/**
 * Where a held prop goes (seed §3.2): its grip on the wrist, its axis along the forearm. The prop
 * is never mirrored (a physical body cannot be), so for LEFT the grip is still exactly on the
 * wrist and the prop turns with the forearm.
 */
export function heldPropPose(wrist: Vec2, forearmAngle: number, grip: ResolvedGrip, facing: Facing): PropPose {
  // A forearm hanging straight down (angle π/2) carries the prop upright for a grip at rotation 0.
  const rotation = forearmAngle - Math.PI / 2 - facingSign(facing) * grip.rotation;
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const [x, y] = grip.position;
  return { position: [wrist[0] - (c * x - s * y), wrist[1] - (s * x + c * y)], rotation };
}
