/**
 * A stand-up starts where the ragdoll lies (seed 4.5 RECOVERING, 6a's "no marker snap"). The
 * captured pose becomes IK markers (./standUp fitKey), but IK solves fixed bone lengths with
 * fixed bend directions while a ragdoll's joints stretch a little and its elbows and knees may
 * bend either way: the solved key differs from the lying body by up to ~10 px at an elbow. The
 * difference, part end by part end, is kept at entry and faded out over the first
 * STAND_UP_ENTRY_SECONDS, so the first standing-up frame is the ragdoll's last one.
 */
import { worldToMarker, type Facing } from '../rig/facing';
import { PART_NAMES, type RigLocalPose, type RigPart } from '../rig/skeleton';
import type { Vec2 } from '../rig/vec';
import type { WorldPose } from '../rig/worldPose';

/** How long the entry correction takes to fade out (s); a fifth of the stand-up. */
export const STAND_UP_ENTRY_SECONDS = 0.25;

/** Per part in PART_NAMES order: captured minus solved, start x, y then end x, y (rig-local). */
export type EntryCorrection = number[];

export function entryCorrection(captured: WorldPose, root: Vec2, facing: Facing, solved: RigLocalPose): EntryCorrection {
  const out: EntryCorrection = [];
  for (const name of PART_NAMES) {
    const s = worldToMarker(captured[name].start, root, facing);
    const e = worldToMarker(captured[name].end, root, facing);
    const p = solved[name];
    out.push(s[0] - p.start[0], s[1] - p.start[1], e[0] - p.end[0], e[1] - p.end[1]);
  }
  return out;
}

/** How much of the correction is left `elapsed` seconds into the stand-up: 1 → 0, eased. */
export function entryWeight(elapsed: number): number {
  const t = Math.min(1, Math.max(0, elapsed / STAND_UP_ENTRY_SECONDS));
  return 1 - t * t * (3 - 2 * t);
}

/** `pose` moved by `weight` of the correction (a new pose; `pose` itself when nothing is left). */
export function withEntryCorrection(pose: RigLocalPose, correction: EntryCorrection, weight: number): RigLocalPose {
  if (!(weight > 0)) return pose;
  const out = {} as RigLocalPose;
  PART_NAMES.forEach((name, i) => {
    const p = pose[name];
    const c = i * 4;
    const part: RigPart = {
      name,
      start: [p.start[0] + correction[c] * weight, p.start[1] + correction[c + 1] * weight],
      end: [p.end[0] + correction[c + 2] * weight, p.end[1] + correction[c + 3] * weight],
      length: p.length,
    };
    out[name] = part;
  });
  return out;
}
