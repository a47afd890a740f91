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

/**
 * The head body sits on the head centre and hangs towards the neck: start at the neck, end on the body.
 * Body i's hanging axis is (−sin a, cos a).
 */
function headPart(bodies: Float64Array, length: number): RagdollPart {
  const cx = bodies[0];
  const cy = bodies[1];
  const hx = -Math.sin(bodies[2]);
  const hy = Math.cos(bodies[2]);
  return new RagdollPart('head', [cx + hx * length, cy + hy * length], [cx, cy], length);
}

/** The torso hangs from the neck down to the pelvis (its start), centred on its body. */
function torsoPart(bodies: Float64Array, length: number): RagdollPart {
  const cx = bodies[3];
  const cy = bodies[4];
  const hx = -Math.sin(bodies[5]);
  const hy = Math.cos(bodies[5]);
  return new RagdollPart('torso', [cx + (hx * length) / 2, cy + (hy * length) / 2], [cx - (hx * length) / 2, cy - (hy * length) / 2], length);
}

/** A limb part runs along its hanging axis, centred on body `i`. */
function limbPart(name: PartName, bodies: Float64Array, i: number, length: number): RagdollPart {
  const cx = bodies[i * 3];
  const cy = bodies[i * 3 + 1];
  const hx = -Math.sin(bodies[i * 3 + 2]);
  const hy = Math.cos(bodies[i * 3 + 2]);
  return new RagdollPart(name, [cx - (hx * length) / 2, cy - (hy * length) / 2], [cx + (hx * length) / 2, cy + (hy * length) / 2], length);
}

/**
 * `bodies`: x, y (px) and rotation per part, PART_NAMES order. One literal of the ten parts, keys
 * in PART_NAMES order: it is built every step a ragdoll moves, and a literal has its shape at once.
 */
export function poseFromBodies(bodies: Float64Array, proportions: RigProportions): WorldPose {
  const l = partLengths(proportions);
  return {
    head: headPart(bodies, l[0]),
    torso: torsoPart(bodies, l[1]),
    left_upper_arm: limbPart('left_upper_arm', bodies, 2, l[2]),
    left_lower_arm: limbPart('left_lower_arm', bodies, 3, l[3]),
    right_upper_arm: limbPart('right_upper_arm', bodies, 4, l[4]),
    right_lower_arm: limbPart('right_lower_arm', bodies, 5, l[5]),
    left_upper_leg: limbPart('left_upper_leg', bodies, 6, l[6]),
    left_lower_leg: limbPart('left_lower_leg', bodies, 7, l[7]),
    right_upper_leg: limbPart('right_upper_leg', bodies, 8, l[8]),
    right_lower_leg: limbPart('right_lower_leg', bodies, 9, l[9]),
  };
}
