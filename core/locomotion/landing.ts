/**
 * Landing absorption (seed phase 6a §7). A fall of HARD_LANDING_MIN_FALL_HEIGHT or more compresses
 * the torso and drops the hands by amounts mapped linearly from the fall height (clamped at
 * HARD_LANDING_MAX_FALL_HEIGHT); 0.08 s quadratic ease-out down, 0.22 s sine-out back, on an
 * elapsed counter advanced by the step. Each foot stays locked to its own terrain sample, the root
 * stays upright and still, and the end writes the exact torso and hand bases back.
 *
 * On a stair edge or a ramp the lower contact can lie beyond the legs' reach from the touchdown
 * torso: the torso then stands lower by the drop that lets both legs reach (`reachDrop`, the
 * stance the ground allows), and the compression is measured from that stance, so the lower foot
 * stays on its contact for the whole impact. The end leaves the torso in that stance and hands the
 * pose over to the grounded walk with a short blend (./handover.ts) instead of a snap.
 */
import type { Vec2 } from '../geometry/vec';
import { markerToWorld, worldToMarker } from '../rig/facing';
import type { RigProportions } from '../rig/proportions';
import { TERRAIN_SUPPORT_RANGE } from '../terrain/constants';
import type { TerrainIndex } from '../terrain/terrainIndex';
import {
  HARD_LANDING_MAX_FALL_HEIGHT, HARD_LANDING_MIN_FALL_HEIGHT, LANDING_COMPRESSION_MAX, LANDING_COMPRESSION_MIN,
  LANDING_COMPRESS_DURATION, LANDING_HAND_DROP_MAX, LANDING_HAND_DROP_MIN, LANDING_RECOVER_DURATION,
} from './airConstants';
import { clearFootX } from './clearFoot';
import { beginHandover } from './handover';
import { requiredPelvisDrop } from './pelvis';
import { foothold } from './probes';
import type { FootClearance, FootSide, LandingState, LocomotionState, ProbeDebug } from './types';

export const LANDING_TOTAL_DURATION = LANDING_COMPRESS_DURATION + LANDING_RECOVER_DURATION;

/**
 * The share of the leg length a landing counts as reach: the whole leg. The impact only needs the
 * feet on their contacts (the walk's softer LEG_REACH_SLACK would lower a flat landing too).
 */
const LANDING_REACH_SLACK = 1;

/** Steps accumulate 1/60 s in floating point: 18 of them must count as the full 0.30 s. */
const ELAPSED_EPSILON = 1e-9;

/** Soft or hard: the one threshold the TerrainMotion guard and the pose solver share. */
export function isHardLanding(fallHeight: number): boolean {
  return fallHeight >= HARD_LANDING_MIN_FALL_HEIGHT;
}

/** Torso compression and hand drop for a fall height, px downward: linear, clamped at both ends. */
export function landingReaction(fallHeight: number): { compression: number; handDrop: number } {
  const span = HARD_LANDING_MAX_FALL_HEIGHT - HARD_LANDING_MIN_FALL_HEIGHT;
  const t = Math.min(1, Math.max(0, (fallHeight - HARD_LANDING_MIN_FALL_HEIGHT) / span));
  return {
    compression: LANDING_COMPRESSION_MIN + (LANDING_COMPRESSION_MAX - LANDING_COMPRESSION_MIN) * t,
    handDrop: LANDING_HAND_DROP_MIN + (LANDING_HAND_DROP_MAX - LANDING_HAND_DROP_MIN) * t,
  };
}

/**
 * 0..1 depth of the impact at `elapsed`: quadratic ease-out to 1 at 0.08 s, then sine-out back to
 * 0 at 0.30 s. The torso compression and the hand drop both follow it.
 */
export function impactDepth(elapsed: number): number {
  if (elapsed <= 0) return 0;
  if (elapsed < LANDING_COMPRESS_DURATION) {
    const u = elapsed / LANDING_COMPRESS_DURATION;
    return 1 - (1 - u) * (1 - u);
  }
  const u = Math.min(1, (elapsed - LANDING_COMPRESS_DURATION) / LANDING_RECOVER_DURATION);
  return 1 - Math.sin((u * Math.PI) / 2);
}

/** 0..1 blend of the hands from their touchdown spot back to their takeoff base, over all 0.30 s. */
export function handReturn(elapsed: number): number {
  const u = Math.min(1, Math.max(0, elapsed / LANDING_TOTAL_DURATION));
  return Math.sin((u * Math.PI) / 2);
}

/**
 * Each foot's own upward terrain sample at touchdown. A foot whose sample is missing, or farther
 * than the support range from the accepted centre surface (a stale or unrelated surface: a
 * shelf above, a floor below), stands at its own X on the centre surface instead. With
 * `clearance`, a foot that would stand inside a prop moves until it is clear: under the body first
 * (towards the root's X and on past it, as far as it was on its own side, at least two shins'
 * widths), so the leg never reaches across the prop, else outwards as far; it is sampled anew
 * where it ends.
 */
export function landingContacts(
  terrain: TerrainIndex,
  footX: Record<FootSide, number>,
  centerY: number,
  debug?: ProbeDebug,
  clearance?: { of: FootClearance; rootX: number },
): { contacts: Record<FootSide, Vec2>; fromFan: Record<FootSide, boolean> } {
  let left = footContact(terrain, footX.left, centerY, debug);
  let right = footContact(terrain, footX.right, centerY, debug);
  if (clearance) {
    left = clearOfProps(terrain, left, clearance.rootX, centerY, clearance.of, debug);
    right = clearOfProps(terrain, right, clearance.rootX, centerY, clearance.of, debug);
  }
  return { contacts: { left: left.at, right: right.at }, fromFan: { left: left.fromFan, right: right.fromFan } };
}

interface FootContact {
  at: Vec2;
  /** Its own sample (false: the centre surface stood in for a missing one). */
  fromFan: boolean;
}

function footContact(terrain: TerrainIndex, x: number, centerY: number, debug?: ProbeDebug): FootContact {
  const sample = contactSample(terrain, x, centerY, debug);
  return sample ? { at: sample, fromFan: true } : { at: [x, centerY], fromFan: false };
}

function clearOfProps(terrain: TerrainIndex, foot: FootContact, rootX: number, centerY: number, clearance: FootClearance, debug?: ProbeDebug): FootContact {
  const x = clearFootX(foot.at[0], foot.at[1], rootX, clearance);
  return x === null || x === foot.at[0] ? foot : footContact(terrain, x, centerY, debug);
}

/** One foot's own sample at x: its foothold, unless missing or farther than the support range from the centre surface. */
function contactSample(terrain: TerrainIndex, x: number, centerY: number, debug?: ProbeDebug): Vec2 | null {
  const hit = foothold(terrain, x, centerY, debug);
  if (hit === null || Math.abs(hit - centerY) > TERRAIN_SUPPORT_RANGE) return null;
  return [x, hit];
}

const copy = (v: Readonly<Vec2>): Vec2 => [v[0], v[1]];

/** A hand `back` of the way from where the landing began to its base, `drop` px lower. */
const handAt = (start: Readonly<Vec2>, base: Readonly<Vec2>, back: number, drop: number): Vec2 => [
  start[0] + (base[0] - start[0]) * back,
  start[1] + (base[1] - start[1]) * back + drop,
];

/**
 * Touchdown of a hard landing, after the root took the centre surface: lock both feet to their
 * contacts and remember where torso and hands start. `handBase` is where the hands return to
 * (the takeoff capture); `clearance` keeps the feet out of props (./landingContacts).
 */
export function beginLanding(
  s: LocomotionState,
  terrain: TerrainIndex,
  centerY: number,
  fallHeight: number,
  impactSpeed: number,
  handBase: { Left_Hand: Readonly<Vec2>; Right_Hand: Readonly<Vec2> },
  proportions: RigProportions,
  debug?: ProbeDebug,
  clearance?: FootClearance,
): LandingState {
  const m = s.markers;
  const footX = {
    left: markerToWorld(m.Left_Leg, s.root, s.facing)[0],
    right: markerToWorld(m.Right_Leg, s.root, s.facing)[0],
  };
  const { contacts, fromFan } = landingContacts(terrain, footX, centerY, debug, clearance && { of: clearance, rootX: s.root[0] });
  const { compression, handDrop } = landingReaction(fallHeight);
  // The contacts and the root hold still for the whole impact: one reach drop serves all of it.
  const pelvis = markerToWorld(m.Torso, s.root, s.facing);
  const reachDrop = requiredPelvisDrop(pelvis, [contacts.left, contacts.right], proportions, LANDING_REACH_SLACK);
  const landing: LandingState = {
    elapsed: 0,
    fallHeight,
    impactSpeed,
    compression,
    handDrop,
    torsoBase: copy(m.Torso),
    reachDrop,
    handStart: { Left_Hand: copy(m.Left_Hand), Right_Hand: copy(m.Right_Hand) },
    handBase: { Left_Hand: copy(handBase.Left_Hand), Right_Hand: copy(handBase.Right_Hand) },
    contacts,
    contactFromFan: fromFan,
  };
  s.landing = landing;
  s.feet.left.pos = copy(contacts.left);
  s.feet.right.pos = copy(contacts.right);
  writeLandingPose(s, landing);
  return landing;
}

/** The markers at the landing's current elapsed time (feet re-asserted on their contacts). */
export function writeLandingPose(s: LocomotionState, l: LandingState): void {
  const m = s.markers;
  const depth = impactDepth(l.elapsed);
  const back = handReturn(l.elapsed);
  m.Left_Leg = worldToMarker(l.contacts.left, s.root, s.facing);
  m.Right_Leg = worldToMarker(l.contacts.right, s.root, s.facing);
  m.Torso = [l.torsoBase[0], l.torsoBase[1] + l.reachDrop + l.compression * depth];
  const drop = l.handDrop * depth;
  m.Left_Hand = handAt(l.handStart.Left_Hand, l.handBase.Left_Hand, back, drop);
  m.Right_Hand = handAt(l.handStart.Right_Hand, l.handBase.Right_Hand, back, drop);
}

/** One LANDING_IMPACT step. True when the 0.30 s are over and the exact bases were written. */
export function stepLanding(s: LocomotionState, dt: number): boolean {
  const l = s.landing;
  if (!l) return false;
  l.elapsed += dt;
  if (l.elapsed >= LANDING_TOTAL_DURATION - ELAPSED_EPSILON) {
    finishLanding(s);
    // The pelvis stays in the stance the ground allows; the grounded walk relaxes it from there.
    s.pelvisDrop = l.reachDrop;
    beginHandover(s);
    return true;
  }
  writeLandingPose(s, l);
  return false;
}

/**
 * Completion: exact hand bases and the torso in its reach stance (the base itself on even
 * ground), feet left on their contacts, no landing state.
 */
export function finishLanding(s: LocomotionState): void {
  if (s.landing) writeBases(s, s.landing, s.landing.reachDrop);
}

function writeBases(s: LocomotionState, l: LandingState, torsoDrop: number): void {
  const m = s.markers;
  m.Torso = [l.torsoBase[0], l.torsoBase[1] + torsoDrop];
  m.Left_Hand = copy(l.handBase.Left_Hand);
  m.Right_Hand = copy(l.handBase.Right_Hand);
  m.Left_Leg = worldToMarker(l.contacts.left, s.root, s.facing);
  m.Right_Leg = worldToMarker(l.contacts.right, s.root, s.facing);
  s.feet.left.pos = copy(l.contacts.left);
  s.feet.right.pos = copy(l.contacts.right);
  s.landing = null;
}

/**
 * The landing ends early. `restorePose` writes the bases (terrain disabled, snap to standing);
 * without it the solved impact pose stays as it is (a direct ragdoll takes over from it).
 */
export function cancelLanding(s: LocomotionState, restorePose: boolean): void {
  if (!s.landing) return;
  // Nothing procedural survives a cancel: the exact captured torso, not the reach stance.
  if (restorePose) writeBases(s, s.landing, 0);
  s.landing = null;
}
