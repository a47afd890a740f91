/**
 * A stickman turning round keeps its stage pose (issue 19 §1, seed 11 §3.3 "the rig faces toward
 * the saved target before throw windup"). Facing mirrors rig-local X about the root, so flipping
 * it moves every point of an asymmetric pose — the held prop, a crouched head, the knees, which
 * always bend forward — across the root in one step. Seen from the new facing, the pose it had is
 * that pose mirrored: what the first pose solved after the turn differs from it, part end by part
 * end, is kept and faded out, so the body turns over TURN_BLEND_SECONDS while whatever matches
 * already (a throw's hand on its path, the head) moves exactly as solved.
 */
import { PART_NAMES, type RigLocalPose, type RigPart } from './skeleton';

/** How long a turn round takes to blend out (s); within the throw's wind-up. */
export const TURN_BLEND_SECONDS = 0.3;

/** Per part in PART_NAMES order: `from` minus `to`, start x, y then end x, y (rig-local). */
export type PoseDifference = number[];

/** The same stage pose seen from the opposite facing: rig-local X mirrored about the root. */
export function mirroredPose(pose: RigLocalPose): RigLocalPose {
  const out = {} as RigLocalPose;
  for (const name of PART_NAMES) {
    const p = pose[name];
    out[name] = { name, start: [-p.start[0], p.start[1]], end: [-p.end[0], p.end[1]], length: p.length };
  }
  return out;
}

export function poseDifference(from: RigLocalPose, to: RigLocalPose): PoseDifference {
  const out: PoseDifference = [];
  for (const name of PART_NAMES) {
    const a = from[name];
    const b = to[name];
    out.push(a.start[0] - b.start[0], a.start[1] - b.start[1], a.end[0] - b.end[0], a.end[1] - b.end[1]);
  }
  return out;
}

/** How much of a difference is left `elapsed` seconds into a fade of `seconds`: 1 → 0, eased in and out. */
export function fadeOutWeight(elapsed: number, seconds: number): number {
  const t = Math.min(1, Math.max(0, elapsed / seconds));
  return 1 - t * t * (3 - 2 * t);
}

/** How much of the turn's difference is left `elapsed` seconds into it. */
export const turnWeight = (elapsed: number): number => fadeOutWeight(elapsed, TURN_BLEND_SECONDS);

/**
 * `pose` moved by `weight` of a difference (a new pose; `pose` itself when nothing is left).
 * Parts joined in `pose` stay joined where they were joined in both poses (a shared point moves
 * the same way); lengths are `pose`'s.
 */
export function withPoseDifference(pose: RigLocalPose, difference: PoseDifference, weight: number): RigLocalPose {
  if (!(weight > 0)) return pose;
  const out = {} as RigLocalPose;
  PART_NAMES.forEach((name, i) => {
    const p = pose[name];
    const c = i * 4;
    const part: RigPart = {
      name,
      start: [p.start[0] + difference[c] * weight, p.start[1] + difference[c + 1] * weight],
      end: [p.end[0] + difference[c + 2] * weight, p.end[1] + difference[c + 3] * weight],
      length: p.length,
    };
    out[name] = part;
  });
  return out;
}
