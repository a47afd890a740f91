/**
 * One rig's motion for one fixed step, by TerrainMotion state (seed phase 6a §4 frame flow):
 * GROUNDED walks, follows the ground, runs the gait and places the pelvis and arms (walkStyle.ts); AIRBORNE carries the
 * takeoff momentum, falls and wears the air pose (airborne.ts); LANDING_IMPACT absorbs a hard
 * landing (landing.ts). The machine decides the state; this computes.
 */
import type { Vec2 } from '../geometry/vec';
import { facingSign, markerToWorld, worldToMarker, type Facing } from '../rig/facing';
import type { MarkerPose } from '../rig/markers';
import {
  BACKSTEP_MAX_DISTANCE, BODY_HEIGHT_RESPONSE, BREATH_AMPLITUDE, BREATH_PERIOD, PELVIS_RELAX_RESPONSE, WALK_BLEND_EPSILON, WALK_BLEND_RESPONSE, WALK_PELVIS_LEAD,
} from './constants';
import { legSwing, updateGait } from './gait';
import { requiredPelvisDrop } from './pelvis';
import { cancelTerrainMotion, enterAirborne, stepAirborne } from './airborne';
import { applyHandover } from './handover';
import { stepLanding } from './landing';
import { centerSupport } from './probes';
import type { LocomotionEnv, LocomotionEvent, LocomotionState } from './types';
import { decideWalk, walkBody } from './walk';
import { walkCycle, walkSpeedOf, type WalkCycle } from './walkCycle';
import { armAnglesOf, handFromAngles, hipBob, meanArm, swingArm, type ArmAngles } from './walkStyle';

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
    walkBlend: 0,
    walkLean: 0,
    stepTravel: 0,
    airVelocityX: 0,
    airVelocityY: 0,
    fallStartY: r[1],
    airTime: 0,
    airPoseWeight: 0,
    airPoseBase: null,
    landing: null,
    handover: null,
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
  // A landing's hand-over belongs to the grounded steps right after it.
  if (phase !== 'GROUNDED') s.handover = null;
  if (phase === 'AIRBORNE') return stepAirborne(s, env, dt);
  if (phase === 'GROUNDED') return stepGrounded(s, env, dt);
  if (phase === 'LANDING_IMPACT') return stepLanding(s, dt) ? [{ type: 'landingFinished' }] : [];
  return [];
}

function stepGrounded(s: LocomotionState, env: LocomotionEnv, dt: number): LocomotionEvent[] {
  const events: LocomotionEvent[] = [];
  const cycle = walkCycle(walkSpeedOf(env.walkSpeed), env.proportions);
  const beforeX = s.root[0];
  let decision = decideWalk(env.terrain, s.root, s.walkTargetX, cycle.speed * dt, env.debug, walkBody(env.proportions));
  if (decision.kind === 'move' && env.tooHeavyAhead?.([decision.dx, 0])) decision = { kind: 'blocked', reason: 'too_heavy' };
  let walkDir = 0;
  if (decision.kind === 'arrived') {
    s.walkTargetX = null;
    events.push({ type: 'arrived', position: [s.root[0], s.root[1]] });
  } else if (decision.kind === 'blocked') {
    s.walkTargetX = null;
    events.push({ type: 'blocked', reason: decision.reason, position: [s.root[0], s.root[1]] });
  } else if (decision.kind === 'move') {
    if (!isBackstep(s, decision.dir)) s.facing = decision.dir > 0 ? 'RIGHT' : 'LEFT';
    s.root[0] += decision.dx;
    s.stepTravel += Math.abs(decision.dx);
    walkDir = decision.dir;
  }
  s.lastWalkVelocityX = (s.root[0] - beforeX) / dt;
  blendWalkStyle(s, walkDir !== 0, cycle, dt);

  const support = centerSupport(env.terrain, s.root, env.debug);
  if (!support) {
    solveMarkers(s, env, cycle, dt);
    applyHandover(s, s.markers, dt);
    // Takeoff: the live pose of this step is what the air pose adds to.
    enterAirborne(s, s.lastWalkVelocityX);
    events.push({ type: 'supportLost', walkVelocityX: s.lastWalkVelocityX });
    return events;
  }
  s.root[1] = support.point[1];
  s.bodyY += (s.root[1] - s.bodyY) * (1 - Math.exp(-BODY_HEIGHT_RESPONSE * dt));
  updateGait(s, env, walkDir, dt, cycle);
  solveMarkers(s, env, cycle, dt);
  applyHandover(s, s.markers, dt);
  return events;
}

/** A move against the facing to a target close behind: stepped backwards, without turning round. */
function isBackstep(s: LocomotionState, dir: number): boolean {
  return dir !== facingSign(s.facing) && s.walkTargetX !== null && Math.abs(s.walkTargetX - s.root[0]) <= BACKSTEP_MAX_DISTANCE;
}

/** Eases the walk's style in while walking and out when it stops; the lean follows it. */
function blendWalkStyle(s: LocomotionState, walking: boolean, cycle: WalkCycle, dt: number): void {
  const target = walking ? 1 : 0;
  s.walkBlend += (target - s.walkBlend) * (1 - Math.exp(-WALK_BLEND_RESPONSE * dt));
  if (!walking && s.walkBlend < WALK_BLEND_EPSILON) s.walkBlend = 0;
  s.walkLean = s.walkBlend * cycle.lean;
}

/**
 * Writes this step's rig-local markers: feet from the gait, the pelvis carried over the ground
 * with the hip bob (dropped further if a foot could not reach), hands swinging from the leaned
 * shoulder. Idle, the hands keep the authored pose, riding with the body and its breathing.
 */
function solveMarkers(s: LocomotionState, env: LocomotionEnv, cycle: WalkCycle, dt: number): void {
  const base = env.basePose;
  const p = env.proportions;
  const breath = Math.sin((2 * Math.PI * s.time) / BREATH_PERIOD) * BREATH_AMPLITUDE * (1 - s.walkBlend);
  const bob = s.walkBlend * hipBob(cycle, s.stepTravel);
  const pelvisLocalX = base.Torso[0] + WALK_PELVIS_LEAD * s.walkBlend;
  const carriedY = s.bodyY + base.Torso[1] + breath + bob;
  const pelvisWorld = markerToWorld([pelvisLocalX, 0], [s.root[0], carriedY], s.facing);
  const drop = requiredPelvisDrop(pelvisWorld, [s.feet.left.pos, s.feet.right.pos], p);
  s.pelvisDrop = drop >= s.pelvisDrop ? drop : s.pelvisDrop + (drop - s.pelvisDrop) * (1 - Math.exp(-PELVIS_RELAX_RESPONSE * dt));
  pelvisWorld[1] += s.pelvisDrop;

  const m = s.markers;
  m.Left_Leg = worldToMarker(s.feet.left.pos, s.root, s.facing);
  m.Right_Leg = worldToMarker(s.feet.right.pos, s.root, s.facing);
  m.Torso = worldToMarker(pelvisWorld, s.root, s.facing);
  // The shoulder as the pose solve will place it (torso leaned about the pelvis).
  const baseShoulder: Vec2 = [base.Torso[0], base.Torso[1] - p.torso];
  const shoulder: Vec2 = [m.Torso[0] + p.torso * Math.sin(s.walkLean), m.Torso[1] - p.torso * Math.cos(s.walkLean)];
  const breathe = breath * 0.5;
  if (s.walkBlend === 0) {
    const dx = shoulder[0] - baseShoulder[0];
    const dy = shoulder[1] - baseShoulder[1] + breathe;
    m.Left_Hand = [base.Left_Hand[0] + dx, base.Left_Hand[1] + dy];
    m.Right_Hand = [base.Right_Hand[0] + dx, base.Right_Hand[1] + dy];
    return;
  }
  // Arms swing against the legs: the left hand comes forward with the right foot.
  const legs = legSwing(s, cycle);
  const restLeft = armAnglesOf(base.Left_Hand, baseShoulder, p);
  const restRight = armAnglesOf(base.Right_Hand, baseShoulder, p);
  const neutral = meanArm(restLeft, restRight);
  const arm = (rest: ArmAngles, swing: number): Vec2 => {
    const h = handFromAngles(shoulder, swingArm(rest, neutral, swing, s.walkBlend, cycle, p), p);
    return [h[0], h[1] + breathe];
  };
  m.Left_Hand = arm(restLeft, legs);
  m.Right_Hand = arm(restRight, -legs);
}

/**
 * Facing the other way between two steps (a throw turning round to its target, seed 11 §3.3).
 * On the ground the markers are written for the new facing now, as the next step would (the
 * planted feet keep their stage positions, a walk's arm swing follows the feet), so the pose
 * solved this step is not one step's markers of the old facing mirrored. In the air (the air
 * pose is rig-local) and in a landing (its own contacts) the next step writes them itself.
 */
export function turnRound(s: LocomotionState, env: LocomotionEnv, facing: Facing): void {
  if (s.facing === facing) return;
  s.facing = facing;
  if (s.airPoseBase || s.landing) return;
  solveMarkers(s, env, walkCycle(walkSpeedOf(env.walkSpeed), env.proportions), 0);
}
