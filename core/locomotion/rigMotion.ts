/**
 * One rig's motion for one fixed step, by TerrainMotion state (seed phase 6a §4 frame flow):
 * GROUNDED walks, follows the ground, runs the gait and places the pelvis and arms (walkStyle.ts); AIRBORNE carries the
 * takeoff momentum, falls and wears the air pose (airborne.ts); LANDING_IMPACT absorbs a hard
 * landing (landing.ts). The machine decides the state; this computes.
 */
import type { Vec2 } from '../geometry/vec';
import { facingSign, markerToWorld, type Facing } from '../rig/facing';
import type { MarkerPose } from '../rig/markers';
import {
  BACKSTEP_MAX_DISTANCE, BODY_HEIGHT_RESPONSE, BREATH_AMPLITUDE, BREATH_PERIOD, PELVIS_RELAX_RESPONSE, WALK_BLEND_EPSILON, WALK_BLEND_RESPONSE, WALK_PELVIS_LEAD,
} from './constants';
import { legSwing, updateGait } from './gait';
import { pelvisDropForFeet } from './pelvis';
import { cancelTerrainMotion, enterAirborne, stepAirborne } from './airborne';
import { applyHandover } from './handover';
import { stepLanding } from './landing';
import { centerSupport } from './probes';
import { NO_LOCOMOTION_EVENTS, type LocomotionEnv, type LocomotionEvent, type LocomotionState } from './types';
import { decideWalk, walkBodyOf, type WalkDecision } from './walk';
import { walkCycleOf, walkSpeedOf, type WalkCycle } from './walkCycle';
import { handX, handY, hipBob, restArmsOf, swungElbow, swungShoulder } from './walkStyle';

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
    return { pos, from: pos, to: pos, settleHeld: null };
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
    solvedMarkers: clonePose(basePose),
  };
}

const TOO_HEAVY: WalkDecision = Object.freeze({ kind: 'blocked', reason: 'too_heavy' });
/** The step's motion the heavy-prop check is asked about (read during the call only: LocomotionEnv.tooHeavyAhead). */
const HEAVY_CHECK_MOTION: Vec2 = [0, 0];

/** The events of one step; most steps have none, and share one empty list. */
export function stepLocomotion(s: LocomotionState, phase: TerrainPhase, env: LocomotionEnv, dt: number): readonly LocomotionEvent[] {
  s.time += dt;
  // The machine left a phase whose procedural pose is still written (terrain disabled mid-air or
  // mid-landing): nothing procedural may survive it, so the captured markers come back exactly.
  if ((phase !== 'LANDING_IMPACT' && s.landing) || (phase !== 'AIRBORNE' && s.airPoseBase)) cancelTerrainMotion(s, true);
  // A landing's hand-over belongs to the grounded steps right after it.
  if (phase !== 'GROUNDED') s.handover = null;
  if (phase === 'AIRBORNE') return stepAirborne(s, env, dt);
  if (phase === 'GROUNDED') return stepGrounded(s, env, dt);
  if (phase === 'LANDING_IMPACT') return stepLanding(s, dt) ? [{ type: 'landingFinished' }] : NO_LOCOMOTION_EVENTS;
  return NO_LOCOMOTION_EVENTS;
}

function stepGrounded(s: LocomotionState, env: LocomotionEnv, dt: number): readonly LocomotionEvent[] {
  let events: LocomotionEvent[] | null = null;
  const cycle = walkCycleOf(walkSpeedOf(env.walkSpeed), env.proportions);
  const beforeX = s.root[0];
  let decision = decideWalk(env.terrain, s.root, s.walkTargetX, cycle.speed * dt, env.debug, walkBodyOf(env.proportions));
  if (decision.kind === 'move' && env.tooHeavyAhead) {
    HEAVY_CHECK_MOTION[0] = decision.dx;
    HEAVY_CHECK_MOTION[1] = 0;
    if (env.tooHeavyAhead(HEAVY_CHECK_MOTION)) decision = TOO_HEAVY;
  }
  let walkDir = 0;
  if (decision.kind === 'arrived') {
    s.walkTargetX = null;
    events = [{ type: 'arrived', position: [s.root[0], s.root[1]] }];
  } else if (decision.kind === 'blocked') {
    s.walkTargetX = null;
    events = [{ type: 'blocked', reason: decision.reason, position: [s.root[0], s.root[1]] }];
  } else if (decision.kind === 'move') {
    if (!isBackstep(s, decision.dir)) s.facing = decision.dir > 0 ? 'RIGHT' : 'LEFT';
    s.root[0] += decision.dx;
    s.stepTravel += Math.abs(decision.dx);
    walkDir = decision.dir;
  }
  s.lastWalkVelocityX = (s.root[0] - beforeX) / dt;
  blendWalkStyle(s, walkDir !== 0, cycle, dt);

  const support = centerSupport(env.terrain, s.root, env.debug);
  if (support === null) {
    solveMarkers(s, env, cycle, dt);
    applyHandover(s, s.markers, dt);
    // Takeoff: the live pose of this step is what the air pose adds to.
    enterAirborne(s, s.lastWalkVelocityX);
    (events ??= []).push({ type: 'supportLost', walkVelocityX: s.lastWalkVelocityX });
    return events;
  }
  s.root[1] = support;
  s.bodyY += (s.root[1] - s.bodyY) * (1 - Math.exp(-BODY_HEIGHT_RESPONSE * dt));
  updateGait(s, env, walkDir, dt, cycle);
  solveMarkers(s, env, cycle, dt);
  applyHandover(s, s.markers, dt);
  return events ?? NO_LOCOMOTION_EVENTS;
}

/** A move against the facing to a target close behind: stepped backwards, without turning round. */
function isBackstep(s: LocomotionState, dir: number): boolean {
  return dir !== facingSign(s.facing) && s.walkTargetX !== null && Math.abs(s.walkTargetX - s.root[0]) <= BACKSTEP_MAX_DISTANCE;
}

/** Eases the walk's style in while walking and out when it stops; the lean follows it. */
function blendWalkStyle(s: LocomotionState, walking: boolean, cycle: Readonly<WalkCycle>, dt: number): void {
  const target = walking ? 1 : 0;
  s.walkBlend += (target - s.walkBlend) * (1 - Math.exp(-WALK_BLEND_RESPONSE * dt));
  if (!walking && s.walkBlend < WALK_BLEND_EPSILON) s.walkBlend = 0;
  s.walkLean = s.walkBlend * cycle.lean;
}

/**
 * Writes this step's rig-local markers: feet from the gait, the pelvis carried over the ground
 * with the hip bob (dropped further if a foot could not reach), hands swinging from the leaned
 * shoulder. Idle, the hands keep the authored pose, riding with the body and its breathing.
 * Each marker is a new vector (others keep the old ones: frames, hand poses, a ragdoll's keys);
 * everything between is plain numbers (markerToWorld / worldToMarker written out).
 */
function solveMarkers(s: LocomotionState, env: LocomotionEnv, cycle: Readonly<WalkCycle>, dt: number): void {
  const base = env.basePose;
  const p = env.proportions;
  const sign = facingSign(s.facing);
  const rootX = s.root[0];
  const rootY = s.root[1];
  const breath = Math.sin((2 * Math.PI * s.time) / BREATH_PERIOD) * BREATH_AMPLITUDE * (1 - s.walkBlend);
  const bob = s.walkBlend * hipBob(cycle, s.stepTravel);
  const pelvisLocalX = base.Torso[0] + WALK_PELVIS_LEAD * s.walkBlend;
  const carriedY = s.bodyY + base.Torso[1] + breath + bob;
  // The pelvis on the stage: rig-local (pelvisLocalX, 0) about (root x, carriedY).
  const pelvisX = rootX + sign * pelvisLocalX;
  let pelvisY = carriedY + 0;
  const left = s.feet.left.pos;
  const right = s.feet.right.pos;
  const drop = pelvisDropForFeet(pelvisX, pelvisY, left, right, p);
  s.pelvisDrop = drop >= s.pelvisDrop ? drop : s.pelvisDrop + (drop - s.pelvisDrop) * (1 - Math.exp(-PELVIS_RELAX_RESPONSE * dt));
  pelvisY += s.pelvisDrop;

  const m = s.markers;
  const own = s.solvedMarkers;
  m.Left_Leg = put(own.Left_Leg, sign * (left[0] - rootX), left[1] - rootY);
  m.Right_Leg = put(own.Right_Leg, sign * (right[0] - rootX), right[1] - rootY);
  const torsoX = sign * (pelvisX - rootX);
  const torsoY = pelvisY - rootY;
  m.Torso = put(own.Torso, torsoX, torsoY);
  // The shoulder as the pose solve will place it (torso leaned about the pelvis).
  const shoulderX = torsoX + p.torso * Math.sin(s.walkLean);
  const shoulderY = torsoY - p.torso * Math.cos(s.walkLean);
  const breathe = breath * 0.5;
  if (s.walkBlend === 0) {
    const dx = shoulderX - base.Torso[0];
    const dy = shoulderY - (base.Torso[1] - p.torso) + breathe;
    m.Left_Hand = put(own.Left_Hand, base.Left_Hand[0] + dx, base.Left_Hand[1] + dy);
    m.Right_Hand = put(own.Right_Hand, base.Right_Hand[0] + dx, base.Right_Hand[1] + dy);
    return;
  }
  // Arms swing against the legs: the left hand comes forward with the right foot.
  const legs = legSwing(s, cycle);
  const arms = restArmsOf(base, p);
  const blend = s.walkBlend;
  const leftShoulder = swungShoulder(arms.left, arms.neutral, legs, blend, cycle, p);
  const leftElbow = swungElbow(arms.left, arms.neutral, legs, blend);
  m.Left_Hand = put(own.Left_Hand, handX(shoulderX, leftShoulder, leftElbow, p), handY(shoulderY, leftShoulder, leftElbow, p) + breathe);
  const rightShoulder = swungShoulder(arms.right, arms.neutral, -legs, blend, cycle, p);
  const rightElbow = swungElbow(arms.right, arms.neutral, -legs, blend);
  m.Right_Hand = put(own.Right_Hand, handX(shoulderX, rightShoulder, rightElbow, p), handY(shoulderY, rightShoulder, rightElbow, p) + breathe);
}

/** `v` set to (x, y), returned: a solved marker written where the last one was. */
function put(v: Vec2, x: number, y: number): Vec2 {
  v[0] = x;
  v[1] = y;
  return v;
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
  solveMarkers(s, env, walkCycleOf(walkSpeedOf(env.walkSpeed), env.proportions), 0);
}
