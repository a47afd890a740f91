/**
 * Ragdoll bodies back to a pose: the ten parts as segments on the stage, from each body's centre
 * and rotation (the blueprint's frames: local +Y hangs along the part, down when standing).
 */
import type { MarkerName } from '../rig/markers';
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

const HEAD = PART_NAMES.indexOf('head');
const TORSO = PART_NAMES.indexOf('torso');

/** Where part `i`'s start and end are in `RagdollEnds`. */
export const startOf = (i: number): number => i * 2;
export const endOf = (i: number): number => i * 2 + 1;

/**
 * Each part's two ends on the stage: part i's start at `startOf(i)`, its end at `endOf(i)`,
 * PART_NAMES order. `poseFromEnds` makes the pose's parts around them.
 */
export type RagdollEnds = readonly Vec2[];

/** Numbers `writePartEnds` writes: each part's start x, y and end x, y, PART_NAMES order. */
export const PART_ENDS_LENGTH = PART_NAMES.length * 4;
/** Where part `i`'s start x, y are among `writePartEnds`' numbers. */
export const partStartAt = (i: number): number => i * 4;
/** Where part `i`'s end x, y are among `writePartEnds`' numbers. */
export const partEndAt = (i: number): number => i * 4 + 2;

/**
 * Where each marker of a lying ragdoll is among `writePartEnds`' numbers: the hands and feet at the
 * far ends of the forearms and shins, the torso marker at the torso's start (the pelvis).
 */
export const RAGDOLL_MARKER_AT: Readonly<Record<MarkerName, number>> = {
  Left_Hand: partEndAt(PART_NAMES.indexOf('left_lower_arm')),
  Right_Hand: partEndAt(PART_NAMES.indexOf('right_lower_arm')),
  Left_Leg: partEndAt(PART_NAMES.indexOf('left_lower_leg')),
  Right_Leg: partEndAt(PART_NAMES.indexOf('right_lower_leg')),
  Torso: partStartAt(TORSO),
};

/**
 * From each body's centre and rotation (x, y px, rotation per part, PART_NAMES order) into `out`:
 * part i's start x, y at `partStartAt(i)`, its end x, y at `partEndAt(i)`. Body i's hanging axis is
 * (−sin a, cos a). The head body sits on the head centre and hangs towards the neck (start at the
 * neck, end on the body); the torso hangs from the neck down to the pelvis (its start); every
 * other part runs along its axis, centred on its body. Numbers, not points: a frame packs them
 * (issue 20) without the twenty arrays `endsFromBodies` makes of them.
 */
export function writePartEnds(bodies: Float64Array, proportions: RigProportions, out: number[] | Float64Array): void {
  const lengths = partLengths(proportions);
  for (let i = 0; i < PART_NAMES.length; i += 1) {
    const cx = bodies[i * 3];
    const cy = bodies[i * 3 + 1];
    const hx = -Math.sin(bodies[i * 3 + 2]);
    const hy = Math.cos(bodies[i * 3 + 2]);
    const length = lengths[i];
    const o = partStartAt(i);
    if (i === HEAD) {
      out[o] = cx + hx * length;
      out[o + 1] = cy + hy * length;
      out[o + 2] = cx;
      out[o + 3] = cy;
    } else if (i === TORSO) {
      out[o] = cx + (hx * length) / 2;
      out[o + 1] = cy + (hy * length) / 2;
      out[o + 2] = cx - (hx * length) / 2;
      out[o + 3] = cy - (hy * length) / 2;
    } else {
      out[o] = cx - (hx * length) / 2;
      out[o + 1] = cy - (hy * length) / 2;
      out[o + 2] = cx + (hx * length) / 2;
      out[o + 3] = cy + (hy * length) / 2;
    }
  }
}

/** `writePartEnds`' numbers, reused call after call (the ends are copied out of it at once). */
const scratchEnds: number[] = new Array(PART_ENDS_LENGTH).fill(0);

/** `writePartEnds` as points: part i's start at `startOf(i)`, its end at `endOf(i)`. */
export function endsFromBodies(bodies: Float64Array, proportions: RigProportions): RagdollEnds {
  writePartEnds(bodies, proportions, scratchEnds);
  const ends = new Array<Vec2>(PART_NAMES.length * 2);
  for (let i = 0; i < PART_NAMES.length; i += 1) {
    const from = partStartAt(i);
    const to = partEndAt(i);
    ends[startOf(i)] = [scratchEnds[from], scratchEnds[from + 1]];
    ends[endOf(i)] = [scratchEnds[to], scratchEnds[to + 1]];
  }
  return ends;
}

/** The pose whose parts run between `ends` (shared, not copied). One literal, keys in PART_NAMES order. */
export function poseFromEnds(ends: RagdollEnds, proportions: RigProportions): WorldPose {
  const l = partLengths(proportions);
  return {
    head: new RagdollPart('head', ends[0], ends[1], l[0]),
    torso: new RagdollPart('torso', ends[2], ends[3], l[1]),
    left_upper_arm: new RagdollPart('left_upper_arm', ends[4], ends[5], l[2]),
    left_lower_arm: new RagdollPart('left_lower_arm', ends[6], ends[7], l[3]),
    right_upper_arm: new RagdollPart('right_upper_arm', ends[8], ends[9], l[4]),
    right_lower_arm: new RagdollPart('right_lower_arm', ends[10], ends[11], l[5]),
    left_upper_leg: new RagdollPart('left_upper_leg', ends[12], ends[13], l[6]),
    left_lower_leg: new RagdollPart('left_lower_leg', ends[14], ends[15], l[7]),
    right_upper_leg: new RagdollPart('right_upper_leg', ends[16], ends[17], l[8]),
    right_lower_leg: new RagdollPart('right_lower_leg', ends[18], ends[19], l[9]),
  };
}

/** `bodies`: x, y (px) and rotation per part, PART_NAMES order. */
export function poseFromBodies(bodies: Float64Array, proportions: RigProportions): WorldPose {
  return poseFromEnds(endsFromBodies(bodies, proportions), proportions);
}
