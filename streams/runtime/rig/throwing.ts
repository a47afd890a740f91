/**
 * A throw, made physical (seed 11 §1.2, §3.3): planned when it starts, released at the overhand
 * path's release waypoint, and the let-go every prop leaving a hand shares.
 */
import type { LaneItem } from '../../../core/actions/lane';
import { turnRound } from '../../../core/locomotion';
import type { OverhandPath } from '../../../core/props/overhand';
import type { PropPose } from '../../../core/props/pickup';
import { effectiveThrowTarget } from '../../../core/props/throwTarget';
import { overhandFor, releaseTransform } from '../../../core/props/throwRelease';
import { solveThrow } from '../../../core/props/throwSolver';
import type { Facing } from '../../../core/rig/facing';
import { mirroredPose } from '../../../core/rig/poseBlend';
import { mirrorProxyFlinch, mirrorReactions } from '../../../core/rig/reactions';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { solvePose } from '../../../core/rig/skeleton';
import type { Vec2 } from '../../../core/rig/vec';
import type { ThrowPlan } from '../../../machines/propInteractorMachine';
import { roundVec } from '../../trace/records';
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';

/** Horizontal offsets (px) inside which a throw does not turn the thrower around (the previews predict it the same way). */
export const THROW_FACING_DEAD_ZONE = 20;
/** The small deterministic spin a thrown prop leaves the hand with (rad/s, mirrored by facing). */
export const THROW_SPIN = 3;
/** Steps a prop just let go of (thrown or dropped) passes through its holder's own body. */
export const THROW_CLEAR_STEPS = 20;

/**
 * A throw starts: the effective target (the saved point capped to MAX_THROW_RANGE from the root
 * now; a no-op within 4 px), facing it, the overhand path from the live pose, and the solve from
 * the prop's predicted transform at the release waypoint. No valid arc: skipped, the prop stays held.
 */
export function planThrow(rig: RigRuntime, item: LaneItem): ThrowPlan {
  const a = item.action as { type: string; target_position?: [number, number] };
  const propId = rig.hands.heldPropId;
  if (!propId || !a.target_position) return { kind: 'skip', reason: 'nothing held' };
  const m = rig.motion;
  const root: Vec2 = [m.root[0], m.root[1]];
  const target = effectiveThrowTarget(root, a.target_position);
  if (target.kind === 'noop') return { kind: 'skip', reason: 'the target is at the thrower (no-op)' };
  const dx = target.point[0] - root[0];
  const facing = Math.abs(dx) > THROW_FACING_DEAD_ZONE ? (dx > 0 ? 'RIGHT' : 'LEFT') : m.facing;
  // Turning round keeps the stage pose: seen from the new facing, the pose it has now is that
  // pose mirrored, flinches included. The wind-up starts there and the body fades out of it (./turning).
  const turns = facing !== m.facing;
  const pose = turns ? mirroredPose(rig.localPose) : rig.localPose;
  // The overhand path of the standing body (the one it is played on), from where the holding
  // hand is now relative to it: a crouch left from a floor pickup rises out during the wind-up.
  const hand = rig.hands.heldHand ?? 'right';
  const left = rig.hands.remainingCrouch;
  const crouch = turns ? { drop: left.drop, lean: -left.lean } : left;
  const now = pose[hand === 'left' ? 'left_lower_arm' : 'right_lower_arm'].end;
  const standing = solvePose({ ...m.markers, [hand === 'left' ? 'Left_Hand' : 'Right_Hand']: [now[0], now[1] - crouch.drop] }, DEFAULT_PROPORTIONS);
  const path = overhandFor(standing, hand);
  const release = releaseOf(rig, path, facing);
  if (!release) return { kind: 'skip', reason: 'no hand to throw with' };
  const solved = solveThrow(release.position, target.point, rig.hands.props.gravity(propId), rig.physics.propStepModel());
  if (!solved.ok) return { kind: 'skip', reason: `unreachable: ${solved.message}` };
  if (turns) {
    turnRound(m, rig.env, facing);
    mirrorReactions(rig.reactions);
    mirrorProxyFlinch(rig.proxyFlinch);
  }
  rig.hands.throwing = { path, target: target.point, crouch, turn: turns ? { from: pose, difference: null } : null };
  return { kind: 'throw', releaseT: path.releaseT, duration: path.duration };
}

/**
 * The release boundary: the transform and the solve are recomputed now, the prop placed there,
 * its velocity set (never an impulse) with a small deterministic spin, and one prop_thrown.
 */
export function releaseThrow(rig: RigRuntime, propId: string): void {
  const t = rig.hands.throwing;
  const release = t ? releaseOf(rig, t.path) : null;
  rig.hands.release(STEP_DT);
  rig.hands.props.unclaim(propId, rig.id);
  if (!t || !release) {
    letGo(rig, propId, [0, 0], 0);
    return;
  }
  const solved = solveThrow(release.position, t.target, rig.hands.props.gravity(propId), rig.physics.propStepModel());
  rig.physics.setHeldPose(propId, release.position, release.rotation, true);
  const velocity: Vec2 = solved.ok ? solved.velocity : [0, 0];
  letGo(rig, propId, velocity, THROW_SPIN * (rig.motion.facing === 'LEFT' ? -1 : 1));
  rig.sink.events.push({ type: 'prop_thrown', source: rig.id, target: propId, position: roundVec(release.position) });
}

/**
 * Every prop this stickman lets go of (a drop, a throw, a ragdoll disarm, a reach abandoned)
 * still overlaps the hand that held it: it passes through its holder's own body for a moment
 * instead of being shoved out by it (the swinging arm, the follow-through).
 */
export function letGo(rig: RigRuntime, propId: string, velocity: Vec2, angularVelocity: number): void {
  rig.physics.releaseProp(propId, velocity, angularVelocity);
  rig.physics.clearOf(propId, rig.id, THROW_CLEAR_STEPS);
}

/** Where the held prop will be at the release waypoint: the grip on the wrist of that pose. */
function releaseOf(rig: RigRuntime, path: OverhandPath, facing: Facing = rig.motion.facing): PropPose | null {
  const hand = rig.hands.heldHand;
  const grip = rig.hands.heldGrip;
  if (!hand || !grip) return null;
  const m = rig.motion;
  return releaseTransform(path, m.markers, m.root, facing, hand, grip, DEFAULT_PROPORTIONS);
}
