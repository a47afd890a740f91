/**
 * AIRBORNE (seed phase 6a §4–§6): takeoff, then per step swept horizontal motion before vertical
 * motion, the swept landing check and the procedural air pose. Touchdown is reported as `landed`
 * with the vertical fall height; the TerrainMotion machine decides soft (GROUNDED) or hard
 * (LANDING_IMPACT) with the same `isHardLanding` threshold this solver shapes the touchdown pose by.
 */
import { markerToWorld } from '../rig/facing';
import { accelerateAirVelocityY, dampAirVelocityX } from './airMomentum';
import { captureAirPoseBase, filterAirPoseWeight, restoreAirPoseBase, writeAirPose } from './airPose';
import { beginLanding, cancelLanding, isHardLanding } from './landing';
import { centerSupport, landingSurface } from './probes';
import { NO_LOCOMOTION_EVENTS, type LocomotionEnv, type LocomotionEvent, type LocomotionState } from './types';

/** Below this a horizontal displacement is not worth a sweep, px. */
const MIN_SWEPT_DX = 1e-6;

function startFall(s: LocomotionState, horizontalVelocity: number): void {
  s.airVelocityX = horizontalVelocity;
  s.airVelocityY = 0;
  s.fallStartY = s.root[1];
  s.airTime = 0;
  s.airPoseWeight = 0;
  s.landing = null;
  s.handover = null;
  // Captured once per takeoff: later airborne steps add to this snapshot, never re-capture it.
  s.airPoseBase = captureAirPoseBase(s.markers);
}

/** DISABLED → AIRBORNE: begin_terrain_fall always starts with zero air velocity (a vertical drop). */
export function beginTerrainFall(s: LocomotionState): void {
  startFall(s, 0);
}

/**
 * GROUNDED → AIRBORNE: the takeoff inherits the last grounded signed walk velocity. The grounded
 * step calls this itself when support is lost; calling it again in the same step is harmless.
 */
export function enterAirborne(s: LocomotionState, horizontalVelocity: number = s.lastWalkVelocityX): void {
  startFall(s, horizontalVelocity);
}

/**
 * Ends all procedural terrain motion at once: air velocity, the air pose snapshot and any landing.
 * `restorePose` writes the captured markers back exactly (terrain disabled, snap to standing);
 * without it the current solved pose is left as is (a direct ragdoll takes over from it).
 */
export function cancelTerrainMotion(s: LocomotionState, restorePose: boolean): void {
  cancelLanding(s, restorePose);
  s.handover = null;
  if (s.airPoseBase && restorePose) restoreAirPoseBase(s.markers, s.airPoseBase);
  s.airPoseBase = null;
  s.airPoseWeight = 0;
  s.airVelocityX = 0;
  s.airVelocityY = 0;
}

export function stepAirborne(s: LocomotionState, env: LocomotionEnv, dt: number): readonly LocomotionEvent[] {
  s.airTime += dt;
  s.airVelocityX = dampAirVelocityX(s.airVelocityX, dt);
  s.airVelocityY = accelerateAirVelocityY(s.airVelocityY, dt);

  // Horizontal first, through the collision-safe fraction; any contact stops lateral momentum.
  const dx = s.airVelocityX * dt;
  if (Math.abs(dx) > MIN_SWEPT_DX) {
    const fraction = env.sweep ? Math.min(1, Math.max(0, env.sweep([dx, 0]))) : 1;
    s.root[0] += dx * fraction;
    if (fraction < 1) s.airVelocityX = 0;
  }

  const dy = Math.max(s.airVelocityY, 0) * dt;
  const hit = s.airVelocityY > 0 ? landingSurface(env.terrain, s.root, dy, env.debug) : null;
  if (hit) return touchdown(s, env, hit.point[1]);

  s.root[1] += s.airVelocityY * dt;
  s.bodyY = s.root[1];
  s.swing = null;
  if (s.airPoseBase) {
    const downward = Math.max(s.airVelocityY, 0);
    s.airPoseWeight = filterAirPoseWeight(s.airPoseWeight, downward, dt);
    writeAirPose(s.markers, s.airPoseBase, s.airPoseWeight, downward, s.airTime);
  }
  // The gait's foot state follows the air pose, so the walk picks up from where the feet are.
  s.feet.left.pos = markerToWorld(s.markers.Left_Leg, s.root, s.facing);
  s.feet.right.pos = markerToWorld(s.markers.Right_Leg, s.root, s.facing);
  return NO_LOCOMOTION_EVENTS;
}

/**
 * Contact (seed 6a §5.2): the root takes the full centre-surface correction, air velocity and
 * lateral momentum go to zero. A soft landing restores the takeoff pose exactly; a hard one locks
 * the feet and starts the absorption from the touchdown pose.
 */
function touchdown(s: LocomotionState, env: LocomotionEnv, fanY: number): LocomotionEvent[] {
  const impactSpeed = Math.max(s.airVelocityY, 0);
  // The fan found the surface (the highest of its rays, so a thin ramp is not crossed); the root
  // stands where the grounded walk will stand it, on the centre support there — on a ramp or a
  // stair edge that is lower than the fan's highest ray, and taking it now spares a snap later.
  const surfaceY = centerSupport(env.terrain, [s.root[0], fanY], env.debug) ?? fanY;
  s.root[1] = surfaceY;
  s.airVelocityX = 0;
  s.airVelocityY = 0;
  s.bodyY = s.root[1];
  s.lastWalkVelocityX = 0;
  s.swing = null;
  const fallDistance = s.root[1] - s.fallStartY;
  const base = s.airPoseBase;
  s.airPoseBase = null;
  s.airPoseWeight = 0;
  if (isHardLanding(fallDistance)) {
    beginLanding(s, env.terrain, surfaceY, fallDistance, impactSpeed, base ?? s.markers, env.proportions, env.debug, env.footClearance);
  } else {
    if (base) restoreAirPoseBase(s.markers, base);
    s.feet.left.pos = markerToWorld(s.markers.Left_Leg, s.root, s.facing);
    s.feet.right.pos = markerToWorld(s.markers.Right_Leg, s.root, s.facing);
  }
  return [{ type: 'landed', fallDistance, impactSpeed }];
}
