/**
 * A stand-up starts where the ragdoll lies (seed 4.5 RECOVERING, 6a's "no marker snap"). The
 * captured pose becomes IK markers (./standUp fitKey), but IK solves fixed bone lengths with
 * fixed bend directions while a ragdoll's joints stretch a little and its elbows and knees may
 * bend either way: the solved key differs from the lying body by up to ~10 px at an elbow. The
 * difference, part end by part end, is kept at entry and faded out over the first
 * STAND_UP_ENTRY_SECONDS, so the first standing-up frame is the ragdoll's last one.
 */
import { worldToMarker, type Facing } from '../rig/facing';
import { fadeOutWeight, withPoseDifference, type PoseDifference } from '../rig/poseBlend';
import { PART_NAMES, type RigLocalPose } from '../rig/skeleton';
import type { Vec2 } from '../rig/vec';
import type { WorldPose } from '../rig/worldPose';

/** How long the entry correction takes to fade out (s); a fifth of the stand-up. */
export const STAND_UP_ENTRY_SECONDS = 0.25;

/** Per part in PART_NAMES order: captured minus solved, start x, y then end x, y (rig-local). */
export type EntryCorrection = PoseDifference;

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
export const entryWeight = (elapsed: number): number => fadeOutWeight(elapsed, STAND_UP_ENTRY_SECONDS);

/** `pose` moved by `weight` of the correction: the turn's pose blend (../rig/poseBlend). */
export const withEntryCorrection = withPoseDifference;
