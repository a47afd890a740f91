/**
 * The scripted overhand throwing motion (seed phase 11 §1.1 "Overhand motion", still in force):
 * from the live pose, lift the held prop behind and beside the head, carry it over the crown,
 * sweep forward, release during the sweep and follow through. Everything is rig-local (+X
 * forward, +Y down); facing mirrors it on the way to the stage like any other marker.
 *
 * The path is kept in polar form around the shoulder (angle, radius) rather than as free points,
 * so two guarantees hold at every instant, not just at the keys:
 *  - reach: the radius is clamped to OVERHAND_REACH_FRACTION of the arm, so IK never snaps;
 *  - head clearance: the radius is pushed out to the smallest one whose hand stays
 *    headRadius + OVERHAND_HEAD_MARGIN from the head centre along that angle.
 * The small torso lean moves the shoulder (and the head with it) about the pelvis, exactly as
 * core/rig/skeleton.ts solvePose does, and the hand is placed relative to that moved shoulder.
 */
import { type Vec2, clamp, rotate } from '../geometry/vec';
import { DEFAULT_PROPORTIONS } from '../rig/proportions';

/** Lift behind the head and over the crown (s). */
export const OVERHAND_WINDUP_SECONDS = 0.35;
/** Time from the crown to the end of the forward sweep (s). */
export const OVERHAND_SWEEP_SECONDS = 0.2;
/**
 * Where in the sweep the prop leaves the hand: about 60 %, chosen as 7/12 so that at 1/60 s
 * steps the release falls on a whole step (windup 21 + 7 = step 28 of the motion).
 */
export const OVERHAND_RELEASE_FRACTION = 7 / 12;
/** From the end of the sweep to the end of the follow-through (s). */
export const OVERHAND_FOLLOW_THROUGH_SECONDS = 0.25;
export const OVERHAND_DURATION = OVERHAND_WINDUP_SECONDS + OVERHAND_SWEEP_SECONDS + OVERHAND_FOLLOW_THROUGH_SECONDS;
export const OVERHAND_RELEASE_T = OVERHAND_WINDUP_SECONDS + OVERHAND_SWEEP_SECONDS * OVERHAND_RELEASE_FRACTION;

/** The hand stays within this fraction of the arm's full reach. */
export const OVERHAND_REACH_FRACTION = 0.98;
/** Clearance (px) kept between the hand and the drawn head circle. */
export const OVERHAND_HEAD_MARGIN = 18;
/** Largest torso lean (rad, either way) the motion uses. */
export const OVERHAND_MAX_TORSO_LEAN = 0.25;

/** The arm's full reach with the default proportions (upper + lower arm). */
export const DEFAULT_ARM_REACH = DEFAULT_PROPORTIONS.upperArm + DEFAULT_PROPORTIONS.lowerArm;

const DEG = Math.PI / 180;

/**
 * The scripted keys after the start pose. Angles are about the shoulder in rig-local space,
 * atan2 order with +Y down (0 = forward, 90° = down, 180° = behind, 270° = straight up) and
 * unwrapped so the motion turns one way: behind-up, over the top, forward, down in front.
 * Radii are fractions of the arm's reach (a cocked arm behind the head, extending through the
 * release); leans are added to the current torso lean (back in the windup, forward through
 * the release and follow-through).
 */
const SCRIPT = [
  { name: 'lift', t: 0.2, angle: 215 * DEG, radius: 0.78, lean: -0.08 },
  { name: 'crown', t: OVERHAND_WINDUP_SECONDS, angle: 270 * DEG, radius: 0.8, lean: -0.04 },
  { name: 'release', t: OVERHAND_RELEASE_T, angle: 325 * DEG, radius: 0.93, lean: 0.12 },
  { name: 'sweep_end', t: OVERHAND_WINDUP_SECONDS + OVERHAND_SWEEP_SECONDS, angle: 360 * DEG, radius: 0.96, lean: 0.18 },
  { name: 'follow_through', t: OVERHAND_DURATION, angle: 415 * DEG, radius: 0.9, lean: 0.22 },
] as const;

export type OverhandKeyName = 'start' | (typeof SCRIPT)[number]['name'];

/** The live pose the motion starts from, rig-local. */
export interface OverhandPose {
  /** The torso's base (the Torso marker): the lean pivots about it. */
  pelvis: Vec2;
  /** The throwing arm's shoulder (the neck point in this rig). */
  shoulder: Vec2;
  /** Centre of the drawn head circle. */
  head: Vec2;
  /** The throwing hand's current position. */
  hand: Vec2;
  /** Drawn head radius; DEFAULT_PROPORTIONS.headRadius (62) when absent. */
  headRadius?: number;
}

export interface OverhandKey {
  name: OverhandKeyName;
  t: number;
  /** Hand target, rig-local. */
  hand: Vec2;
  /** Absolute torso lean for solvePose's `torsoLean` (rad, + forward). */
  torsoLean: number;
  /** The polar channels the interpolation runs on: angle (rad, unwrapped) and radius (px) about the shoulder. */
  angle: number;
  radius: number;
}

export interface OverhandPath {
  keys: OverhandKey[];
  releaseT: number;
  duration: number;
  /** What the path was built from (read by overhandHandAt). */
  frame: { pelvis: Vec2; shoulder: Vec2; headOffset: Vec2; baseLean: number; maxRadius: number; clearance: number };
  /** Fritsch–Carlson tangents per key for the angle, radius and lean channels. */
  tangents: { angle: number[]; radius: number[]; lean: number[] };
}

export interface OverhandSample {
  hand: Vec2;
  torsoLean: number;
  /** The shoulder under that lean: the IK base for the hand. */
  shoulder: Vec2;
}

/**
 * Builds the throwing motion from the live pose. `reach` is the arm's full length
 * (upperArm + lowerArm; DEFAULT_ARM_REACH for the default rig).
 */
export function overhandPath(pose: OverhandPose, reach: number = DEFAULT_ARM_REACH): OverhandPath {
  const torso: Vec2 = [pose.shoulder[0] - pose.pelvis[0], pose.shoulder[1] - pose.pelvis[1]];
  const baseLean = Math.atan2(torso[0], -torso[1]);
  const headOffset: Vec2 = [pose.head[0] - pose.shoulder[0], pose.head[1] - pose.shoulder[1]];
  const maxRadius = reach * OVERHAND_REACH_FRACTION;
  const clearance = (pose.headRadius ?? DEFAULT_PROPORTIONS.headRadius) + OVERHAND_HEAD_MARGIN;
  const frame = { pelvis: [...pose.pelvis] as Vec2, shoulder: [...pose.shoulder] as Vec2, headOffset, baseLean, maxRadius, clearance };

  const fromShoulder: Vec2 = [pose.hand[0] - pose.shoulder[0], pose.hand[1] - pose.shoulder[1]];
  const startRadius = Math.hypot(fromShoulder[0], fromShoulder[1]);
  // A hand on the shoulder has no angle of its own: treat it as hanging.
  const rawStartAngle = startRadius > 1e-6 ? Math.atan2(fromShoulder[1], fromShoulder[0]) : 90 * DEG;
  // Turn the shorter way to the lift key: a hand hanging in front swings back and up, one held
  // high in front goes back over the head (the clearance keeps it off the head either way).
  const startAngle = unwrapNear(rawStartAngle, SCRIPT[0].angle);

  const channels = [
    { name: 'start' as const, t: 0, angle: startAngle, radius: startRadius, lean: baseLean },
    ...SCRIPT.map((k) => ({ name: k.name, t: k.t, angle: k.angle, radius: k.radius * reach, lean: limitLean(baseLean + k.lean) })),
  ];
  const times = channels.map((k) => k.t);
  const tangents = {
    angle: monotoneTangents(times, channels.map((k) => k.angle)),
    radius: monotoneTangents(times, channels.map((k) => k.radius)),
    lean: monotoneTangents(times, channels.map((k) => k.lean)),
  };
  const path: OverhandPath = { keys: [], releaseT: OVERHAND_RELEASE_T, duration: OVERHAND_DURATION, frame, tangents };
  path.keys = channels.map((k) => {
    const placed = place(frame, k.angle, k.radius, k.lean);
    return { name: k.name, t: k.t, hand: placed.hand, torsoLean: k.lean, angle: k.angle, radius: placed.radius };
  });
  return path;
}

/** The hand target, torso lean and shoulder at time `t` (s, clamped to the motion). */
export function overhandHandAt(path: OverhandPath, t: number): OverhandSample {
  const keys = path.keys;
  const time = clamp(Number.isFinite(t) ? t : 0, 0, path.duration);
  let i = 0;
  while (i < keys.length - 2 && time > keys[i + 1].t) i += 1;
  const k0 = keys[i];
  const k1 = keys[i + 1];
  const span = k1.t - k0.t;
  const u = span > 0 ? (time - k0.t) / span : 0;
  const angle = hermite(k0.angle, k1.angle, path.tangents.angle[i] * span, path.tangents.angle[i + 1] * span, u);
  const radius = hermite(k0.radius, k1.radius, path.tangents.radius[i] * span, path.tangents.radius[i + 1] * span, u);
  const lean = hermite(k0.torsoLean, k1.torsoLean, path.tangents.lean[i] * span, path.tangents.lean[i + 1] * span, u);
  const placed = place(path.frame, angle, radius, lean);
  return { hand: placed.hand, torsoLean: lean, shoulder: placed.shoulder };
}

/** The pose at the release: where the predicted prop attachment (and the ballistic origin) is computed. */
export function releaseWaypoint(path: OverhandPath): OverhandSample & { t: number } {
  return { t: path.releaseT, ...overhandHandAt(path, path.releaseT) };
}

/** The shoulder under a torso lean: the torso vector rotated about the pelvis, as in solvePose. */
export function shoulderAtLean(frame: OverhandPath['frame'], lean: number): Vec2 {
  const torso: Vec2 = [frame.shoulder[0] - frame.pelvis[0], frame.shoulder[1] - frame.pelvis[1]];
  const turned = rotate(torso, lean - frame.baseLean);
  return [frame.pelvis[0] + turned[0], frame.pelvis[1] + turned[1]];
}

/** Places the hand at (angle, radius) about the leaned shoulder, with the reach and head limits applied. */
function place(frame: OverhandPath['frame'], angle: number, radius: number, lean: number): { hand: Vec2; shoulder: Vec2; radius: number } {
  const shoulder = shoulderAtLean(frame, lean);
  const dir: Vec2 = [Math.cos(angle), Math.sin(angle)];
  const r = Math.min(frame.maxRadius, Math.max(radius, clearRadius(dir, frame.headOffset, frame.clearance)));
  return { hand: [shoulder[0] + dir[0] * r, shoulder[1] + dir[1] * r], shoulder, radius: r };
}

/**
 * The smallest radius along unit `dir` whose point lies at least `clearance` from the head
 * centre (at `headOffset` from the shoulder): the far root of |r·dir − H| = clearance, or 0
 * when the ray never comes that close.
 */
function clearRadius(dir: Vec2, headOffset: Vec2, clearance: number): number {
  const along = dir[0] * headOffset[0] + dir[1] * headOffset[1];
  const disc = along * along - (headOffset[0] ** 2 + headOffset[1] ** 2) + clearance * clearance;
  if (disc < 0) return 0;
  return Math.max(0, along + Math.sqrt(disc));
}

function limitLean(lean: number): number {
  return clamp(lean, -OVERHAND_MAX_TORSO_LEAN, OVERHAND_MAX_TORSO_LEAN);
}

/** `angle` moved by whole turns into (reference − π, reference + π]. */
function unwrapNear(angle: number, reference: number): number {
  let a = angle;
  while (a <= reference - Math.PI) a += 2 * Math.PI;
  while (a > reference + Math.PI) a -= 2 * Math.PI;
  return a;
}

/** Cubic Hermite between v0 and v1 with end tangents m0, m1 already scaled by the span. */
function hermite(v0: number, v1: number, m0: number, m1: number, u: number): number {
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * v1 + (u3 - u2) * m1;
}

/**
 * Fritsch–Carlson tangents: C1 through the keys with no overshoot between them, so a channel
 * never leaves the range of its two neighbouring keys (a lean never passes its keys' limit).
 */
function monotoneTangents(t: number[], v: number[]): number[] {
  const n = t.length;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i += 1) slopes.push((v[i + 1] - v[i]) / (t[i + 1] - t[i]));
  const m: number[] = new Array<number>(n).fill(0);
  // The motion starts from rest and settles at the end of the follow-through.
  m[0] = 0;
  m[n - 1] = 0;
  for (let i = 1; i < n - 1; i += 1) m[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2;
  for (let i = 0; i < n - 1; i += 1) {
    if (slopes[i] === 0) {
      m[i] = 0;
      m[i + 1] = 0;
      continue;
    }
    const a = m[i] / slopes[i];
    const b = m[i + 1] / slopes[i];
    const h = a * a + b * b;
    if (h > 9) {
      const s = 3 / Math.sqrt(h);
      m[i] = s * a * slopes[i];
      m[i + 1] = s * b * slopes[i];
    }
  }
  return m;
}
