/**
 * Ragdoll bodies back to a pose: the ten parts as segments on the stage, from each body's centre
 * and rotation (the blueprint's frames: local +Y hangs along the part, down when standing).
 */
import type { RigProportions } from '../rig/proportions';
import { PART_NAMES, type PartName } from '../rig/skeleton';
import type { Vec2 } from '../rig/vec';
import type { WorldPart, WorldPose } from '../rig/worldPose';

function partLength(part: PartName, p: RigProportions): number {
  if (part === 'head') return p.neckToHead;
  if (part === 'torso') return p.torso;
  if (part.endsWith('upper_arm')) return p.upperArm;
  if (part.endsWith('lower_arm')) return p.lowerArm;
  if (part.endsWith('upper_leg')) return p.upperLeg;
  return p.lowerLeg;
}

/** Each part's length, PART_NAMES order, per proportions table (tables are immutable). */
const lengthsCache = new WeakMap<RigProportions, readonly number[]>();

function partLengths(p: RigProportions): readonly number[] {
  let lengths = lengthsCache.get(p);
  if (!lengths) {
    lengths = PART_NAMES.map((name) => partLength(name, p));
    lengthsCache.set(p, lengths);
  }
  return lengths;
}

/** `bodies`: x, y (px) and rotation per part, PART_NAMES order. */
export function poseFromBodies(bodies: Float64Array, proportions: RigProportions): WorldPose {
  const pose = {} as WorldPose;
  const lengths = partLengths(proportions);
  for (let i = 0; i < PART_NAMES.length; i += 1) {
    const name = PART_NAMES[i];
    const cx = bodies[i * 3];
    const cy = bodies[i * 3 + 1];
    const a = bodies[i * 3 + 2];
    // The part's hanging axis (−sin a, cos a).
    const hx = -Math.sin(a);
    const hy = Math.cos(a);
    const length = lengths[i];
    let start: Vec2;
    let end: Vec2;
    if (name === 'head') {
      // The head body sits on the head centre and hangs towards the neck.
      start = [cx + hx * length, cy + hy * length];
      end = [cx, cy];
    } else if (name === 'torso') {
      // The torso hangs from the neck down to the pelvis (its start).
      start = [cx + (hx * length) / 2, cy + (hy * length) / 2];
      end = [cx - (hx * length) / 2, cy - (hy * length) / 2];
    } else {
      start = [cx - (hx * length) / 2, cy - (hy * length) / 2];
      end = [cx + (hx * length) / 2, cy + (hy * length) / 2];
    }
    const part: WorldPart = { name, start, end, center: [(start[0] + end[0]) / 2, (start[1] + end[1]) / 2], angle: Math.atan2(end[1] - start[1], end[0] - start[0]), length };
    pose[name] = part;
  }
  return pose;
}
