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

/**
 * One ragdoll part on the stage. Its centre and angle are worked out when first read (then kept):
 * a ragdoll is re-posed every step it moves, and frames only ever draw the two ends.
 */
class RagdollPart implements WorldPart {
  private mid: Vec2 | undefined = undefined;
  private heading: number | undefined = undefined;

  constructor(readonly name: PartName, readonly start: Vec2, readonly end: Vec2, readonly length: number) {}

  /** Midpoint of start..end. */
  get center(): Vec2 {
    this.mid ??= [(this.start[0] + this.end[0]) / 2, (this.start[1] + this.end[1]) / 2];
    return this.mid;
  }

  /** atan2 of end − start. */
  get angle(): number {
    this.heading ??= Math.atan2(this.end[1] - this.start[1], this.end[0] - this.start[0]);
    return this.heading;
  }
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
    pose[name] = new RagdollPart(name, start, end, length);
  }
  return pose;
}
