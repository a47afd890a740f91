/**
 * What a ragdoll is made of, computed from the current solved pose: ten bodies with the
 * proxies' shapes, the documented masses and the tracked momentum, and nine revolute joints with
 * their ranges (mirrored for LEFT, widened to hold the pose they start in). The physics adapter
 * builds exactly this; nothing here knows about Rapier.
 */
import type { Facing } from '../rig/facing';
import type { RigProportions } from '../rig/proportions';
import { proxyShapes } from '../rig/proxies';
import { PART_NAMES, type PartName } from '../rig/skeleton';
import type { Vec2 } from '../rig/vec';
import type { WorldPose } from '../rig/worldPose';
import { RAGDOLL_JOINTS, RAGDOLL_MASSES, type RagdollJointName } from './constants';

export type RagdollShape = { kind: 'circle'; radius: number } | { kind: 'capsule'; halfHeight: number; radius: number };

export interface RagdollBody {
  part: PartName;
  /** World centre, stage px. */
  center: Vec2;
  /** Body rotation: its local +Y is the part's hanging direction (down when standing). */
  angle: number;
  shape: RagdollShape;
  mass: number;
  velocity: Vec2;
  angularVelocity: number;
}

export interface RagdollJoint {
  name: RagdollJointName;
  parent: PartName;
  child: PartName;
  /** The joint point in each body's local frame, px. */
  anchorParent: Vec2;
  anchorChild: Vec2;
  /** Child angle minus parent angle, radians. */
  limits: [number, number];
}

export interface RagdollBlueprint {
  bodies: RagdollBody[];
  joints: RagdollJoint[];
}

export interface PartMotion {
  velocity: Vec2;
  angularVelocity: number;
}

const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

/** The part's hanging direction: along the limb; for torso and head, from the top down. */
function hangingAngle(pose: WorldPose, part: PartName): number {
  const p = pose[part];
  const reversed = part === 'torso' || part === 'head';
  const dx = reversed ? p.start[0] - p.end[0] : p.end[0] - p.start[0];
  const dy = reversed ? p.start[1] - p.end[1] : p.end[1] - p.start[1];
  if (!(Math.hypot(dx, dy) > 1e-9)) return 0;
  return Math.atan2(-dx, dy) + 0;
}

/** Body centre: the capsule's middle (the segment midpoint), the head circle on the head centre. */
function bodyCenter(pose: WorldPose, part: PartName): Vec2 {
  const p = pose[part];
  return part === 'head' ? [p.end[0], p.end[1]] : [(p.start[0] + p.end[0]) / 2, (p.start[1] + p.end[1]) / 2];
}

function toLocal(point: Vec2, center: Vec2, angle: number): Vec2 {
  const dx = point[0] - center[0];
  const dy = point[1] - center[1];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c * dx + s * dy, -s * dx + c * dy];
}

export function ragdollBlueprint(pose: WorldPose, facing: Facing, proportions: RigProportions, motion: Readonly<Record<PartName, PartMotion>>): RagdollBlueprint {
  const shapes = proxyShapes(proportions);
  const bodies: RagdollBody[] = PART_NAMES.map((part) => {
    const s = shapes[part];
    const m = motion[part];
    return {
      part,
      center: bodyCenter(pose, part),
      angle: hangingAngle(pose, part),
      shape: s.shape === 'circle' ? { kind: 'circle', radius: s.radius } : { kind: 'capsule', halfHeight: s.halfHeight, radius: s.radius },
      mass: RAGDOLL_MASSES[part],
      velocity: [m.velocity[0], m.velocity[1]],
      angularVelocity: m.angularVelocity,
    };
  });
  const byPart = new Map(bodies.map((b) => [b.part, b]));
  const joints: RagdollJoint[] = RAGDOLL_JOINTS.map((spec) => {
    const parent = byPart.get(spec.parent)!;
    const child = byPart.get(spec.child)!;
    const at = spec.at === 'parent_start' ? pose[spec.parent].start : pose[spec.parent].end;
    return {
      name: spec.name,
      parent: spec.parent,
      child: spec.child,
      anchorParent: toLocal(at, parent.center, parent.angle),
      anchorChild: toLocal(at, child.center, child.angle),
      limits: jointLimits(spec.range, facing, wrap(child.angle - parent.angle)),
    };
  });
  return { bodies, joints };
}

/** Margin kept between a starting pose and a limit it was already past. */
const LIMIT_SLACK = 0.05;

/**
 * The range for this facing (LEFT mirrors: negated and swapped), widened to contain `current` so
 * a pose already past a limit (a flinch, an odd authored pose) does not snap on the first step.
 */
export function jointLimits(range: readonly [number, number], facing: Facing, current: number): [number, number] {
  let [lo, hi] = facing === 'LEFT' ? [-range[1], -range[0]] : [range[0], range[1]];
  if (current < lo) lo = current - LIMIT_SLACK;
  if (current > hi) hi = current + LIMIT_SLACK;
  return [lo, hi];
}
