/**
 * One rig's motion for one fixed step, by TerrainMotion state (seed phase 6a §4 frame flow):
 * GROUNDED walks, follows the ground, runs the gait and places the pelvis; AIRBORNE carries the
 * takeoff momentum, falls and wears the air pose (airborne.ts); LANDING_IMPACT absorbs a hard
 * landing (landing.ts). The machine decides the state; this computes.
 */
import type { Vec2 } from '../geometry/vec';
import { markerToWorld, worldToMarker, type Facing } from '../rig/facing';
import type { MarkerPose } from '../rig/markers';
import {
  ARM_SWING, BODY_HEIGHT_RESPONSE, BREATH_AMPLITUDE, BREATH_PERIOD, PELVIS_RELAX_RESPONSE, WALK_PELVIS_LEAD, WALK_SPEED,
} from './constants';
import { footLead, updateGait } from './gait';
import { requiredPelvisDrop } from './pelvis';
import { cancelTerrainMotion, enterAirborne, stepAirborne } from './airborne';
import { stepLanding } from './landing';
import { centerSupport } from './probes';
import type { LocomotionEnv, LocomotionEvent, LocomotionState } from './types';
import { decideWalk } from './walk';

export type TerrainPhase = 'DISABLED' | 'AIRBORNE' | 'GROUNDED' | 'LANDING_IMPACT';

const clonePose = (p: MarkerPose): MarkerPose => ({
  Left_Hand: [p.Left_Hand[0], p.Left_Hand[1]],
  Right_Hand: [p.Right_Hand[0], p.Right_Hand[1]],
  Left_Leg: [p.Left_Leg[0], p.Left_Leg[1]],
  Right_Leg: [p.Right_Leg[0], p.Right_Leg[1]],
  Torso: [p.Torso[0], p.Torso[1]],
});

export function createLocomotion(root: Readonly<Vec2>, facing: Facing, basePose: MarkerPose): LocomotionState {
  const r: Vec2 = [root[0], root[1]];
  const foot = (local: Vec2) => {
    const pos = markerToWorld(local, r, facing);
    return { pos, from: pos, to: pos };
  };
  return {
    root: r,
    facing,
    feet: { left: foot(basePose.Left_Leg), right: foot(basePose.Right_Leg) },
    swing: null,
    swingT: 0,
    swingDuration: 1,
    bodyY: r[1],
    pelvisDrop: 0,
    time: 0,
    airVelocityX: 0,
    airVelocityY: 0,
    fallStartY: r[1],
    airTime: 0,
    airPoseWeight: 0,
    airPoseBase: null,
    landing: null,
    walkTargetX: null,
    lastWalkVelocityX: 0,
    markers: clonePose(basePose),
  };
}

export function stepLocomotion(s: LocomotionState, phase: TerrainPhase, env: LocomotionEnv, dt: number): LocomotionEvent[] {
  s.time += dt;
  // The machine left a phase whose procedural pose is still written (terrain disabled mid-air or
  // mid-landing): nothing procedural may survive it, so the captured markers come back exactly.
  if ((phase !== 'LANDING_IMPACT' && s.landing) || (phase !== 'AIRBORNE' && s.airPoseBase)) cancelTerrainMotion(s, true);
  if (phase === 'AIRBORNE') return stepAirborne(s, env, dt);
  if (phase === 'GROUNDED') return stepGrounded(s, env, dt);
  if (phase === 'LANDING_IMPACT') return stepLanding(s, dt) ? [{ type: 'landingFinished' }] : [];
  return [];
}

function stepGrounded(s: LocomotionState, env: LocomotionEnv, dt: number): LocomotionEvent[] {
  const events: LocomotionEvent[] = [];
  const beforeX = s.root[0];
  const decision = decideWalk(env.terrain, s.root, s.walkTargetX, WALK_SPEED * dt, env.debug);
  let walkDir = 0;
  if (decision.kind === 'arrived') {
    s.walkTargetX = null;
    events.push({ type: 'arrived', position: [s.root[0], s.root[1]] });
  } else if (decision.kind === 'blocked') {
    s.walkTargetX = null;
    events.push({ type: 'blocked', reason: decision.reason, position: [s.root[0], s.root[1]] });
  } else if (decision.kind === 'move') {
    s.facing = decision.dir > 0 ? 'RIGHT' : 'LEFT';
    s.root[0] += decision.dx;
    walkDir = decision.dir;
  }
  s.lastWalkVelocityX = (s.root[0] - beforeX) / dt;

  const support = centerSupport(env.terrain, s.root, env.debug);
  if (!support) {
    solveMarkers(s, env, walkDir, dt);
    // Takeoff: the live pose of this step is what the air pose adds to.
    enterAirborne(s, s.lastWalkVelocityX);
    events.push({ type: 'supportLost', walkVelocityX: s.lastWalkVelocityX });
    return events;
  }
  s.root[1] = support.point[1];
  s.bodyY += (s.root[1] - s.bodyY) * (1 - Math.exp(-BODY_HEIGHT_RESPONSE * dt));
  updateGait(s, env, walkDir, dt);
  solveMarkers(s, env, walkDir, dt);
  return events;
}

/** Writes this step's rig-local markers from the feet, the pelvis placement and the arm swing. */
function solveMarkers(s: LocomotionState, env: LocomotionEnv, walkDir: number, dt: number): void {
  const base = env.basePose;
  const idle = walkDir === 0 && s.swing === null;
  const breath = idle ? Math.sin((2 * Math.PI * s.time) / BREATH_PERIOD) * BREATH_AMPLITUDE : 0;
  const lead = walkDir !== 0 ? WALK_PELVIS_LEAD : 0;
  const pelvisLocalX = base.Torso[0] + lead;
  const carriedY = s.bodyY + base.Torso[1] + breath;
  const pelvisWorld = markerToWorld([pelvisLocalX, 0], [s.root[0], carriedY], s.facing);
  const drop = requiredPelvisDrop(pelvisWorld, [s.feet.left.pos, s.feet.right.pos], env.proportions);
  s.pelvisDrop = drop >= s.pelvisDrop ? drop : s.pelvisDrop + (drop - s.pelvisDrop) * (1 - Math.exp(-PELVIS_RELAX_RESPONSE * dt));
  pelvisWorld[1] += s.pelvisDrop;

  const m = s.markers;
  m.Left_Leg = worldToMarker(s.feet.left.pos, s.root, s.facing);
  m.Right_Leg = worldToMarker(s.feet.right.pos, s.root, s.facing);
  m.Torso = worldToMarker(pelvisWorld, s.root, s.facing);
  // Hands ride with the pelvis and swing opposite the legs (left hand with the right foot).
  const bodyShift = m.Torso[1] - base.Torso[1];
  const swingAmount = walkDir !== 0 || s.swing !== null ? ARM_SWING : 0;
  m.Left_Hand = [base.Left_Hand[0] + swingAmount * footLead(s, 'right') + lead, base.Left_Hand[1] + bodyShift + breath * 0.5];
  m.Right_Hand = [base.Right_Hand[0] + swingAmount * footLead(s, 'left') + lead, base.Right_Hand[1] + bodyShift + breath * 0.5];
}
