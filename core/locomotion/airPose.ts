/**
 * The procedural air pose (seed phase 6a §6): additive to the live limb markers captured once at
 * takeoff, weighted by downward speed through an exponential response filter. Hands reach forward
 * (80..520 px/s) before they lift (240..1200 px/s); hands and feet flail at 12 Hz with the two
 * sides in opposite phase. Every offset is rig-local, so facing LEFT mirrors it with the root.
 */
import type { Vec2 } from '../geometry/vec';
import type { MarkerPose } from '../rig/markers';
import {
  AIR_FLAIL_HZ, AIR_FOOT_FLAIL_AMPLITUDE, AIR_HAND_FLAIL_AMPLITUDE, AIR_HAND_FORWARD, AIR_HAND_FORWARD_FULL_SPEED,
  AIR_HAND_FORWARD_START_SPEED, AIR_HAND_LIFT, AIR_POSE_FULL_SPEED, AIR_POSE_RESPONSE, AIR_POSE_START_SPEED,
} from './airConstants';
import type { AirPoseBase } from './types';

/** Hermite smoothstep of x over [edge0, edge1], clamped to 0..1 (Godot's smoothstep). */
export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

const copy = (v: Readonly<Vec2>): Vec2 => [v[0], v[1]];

/** Snapshot of the live markers at takeoff (copies: later writes never reach the snapshot). */
export function captureAirPoseBase(markers: Readonly<MarkerPose>): AirPoseBase {
  return {
    Left_Hand: copy(markers.Left_Hand),
    Right_Hand: copy(markers.Right_Hand),
    Left_Leg: copy(markers.Left_Leg),
    Right_Leg: copy(markers.Right_Leg),
    Torso: copy(markers.Torso),
  };
}

/** The weight the filter moves towards at this downward speed. */
export function airPoseTargetWeight(downwardSpeed: number): number {
  return smoothstep(AIR_POSE_START_SPEED, AIR_POSE_FULL_SPEED, Math.max(downwardSpeed, 0));
}

/** One step of the response filter: `weight` moves towards the target by 1 − e^(−response·dt). */
export function filterAirPoseWeight(weight: number, downwardSpeed: number, dt: number): number {
  const target = airPoseTargetWeight(downwardSpeed);
  return weight + (target - weight) * (1 - Math.exp(-AIR_POSE_RESPONSE * dt));
}

/** How far the hands reach forward, 0..1: already near full by the time the lift starts. */
export function handForwardWeight(downwardSpeed: number): number {
  return smoothstep(AIR_HAND_FORWARD_START_SPEED, AIR_HAND_FORWARD_FULL_SPEED, Math.max(downwardSpeed, 0));
}

export interface AirPoseOffsets {
  Left_Hand: Vec2;
  Right_Hand: Vec2;
  Left_Leg: Vec2;
  Right_Leg: Vec2;
}

/**
 * Rig-local offsets of the four limb markers from their takeoff base. The left side flails at
 * `phase`, the right side at `phase + π`.
 */
export function airPoseOffsets(weight: number, downwardSpeed: number, airTime: number): AirPoseOffsets {
  const phase = flailPhase(airTime);
  const forward = handForward(downwardSpeed);
  return {
    Left_Hand: [handOffsetX(phase, forward, weight), handOffsetY(phase, weight)],
    Right_Hand: [handOffsetX(phase + Math.PI, forward, weight), handOffsetY(phase + Math.PI, weight)],
    Left_Leg: [footOffsetX(phase, weight), footOffsetY(phase, weight)],
    Right_Leg: [footOffsetX(phase + Math.PI, weight), footOffsetY(phase + Math.PI, weight)],
  };
}

/** The left side's flail phase after `airTime` s in the air (the right side's is π later). */
const flailPhase = (airTime: number): number => 2 * Math.PI * AIR_FLAIL_HZ * airTime;
/** How far forward both hands reach at this downward speed, px. */
const handForward = (downwardSpeed: number): number => AIR_HAND_FORWARD * handForwardWeight(downwardSpeed);
const handOffsetX = (p: number, forward: number, weight: number): number => forward + AIR_HAND_FLAIL_AMPLITUDE[0] * Math.sin(p) * weight;
const handOffsetY = (p: number, weight: number): number => -AIR_HAND_LIFT * weight + AIR_HAND_FLAIL_AMPLITUDE[1] * Math.cos(p) * weight;
const footOffsetX = (p: number, weight: number): number => AIR_FOOT_FLAIL_AMPLITUDE[0] * Math.sin(p) * weight;
const footOffsetY = (p: number, weight: number): number => AIR_FOOT_FLAIL_AMPLITUDE[1] * Math.cos(p) * weight;

/**
 * Writes base + offset into `markers` (assigned each step, never accumulated). The torso holds
 * its takeoff value: the air pose moves only the limbs.
 */
export function applyAirPose(markers: MarkerPose, base: Readonly<AirPoseBase>, offsets: Readonly<AirPoseOffsets>): void {
  markers.Left_Hand = [base.Left_Hand[0] + offsets.Left_Hand[0], base.Left_Hand[1] + offsets.Left_Hand[1]];
  markers.Right_Hand = [base.Right_Hand[0] + offsets.Right_Hand[0], base.Right_Hand[1] + offsets.Right_Hand[1]];
  markers.Left_Leg = [base.Left_Leg[0] + offsets.Left_Leg[0], base.Left_Leg[1] + offsets.Left_Leg[1]];
  markers.Right_Leg = [base.Right_Leg[0] + offsets.Right_Leg[0], base.Right_Leg[1] + offsets.Right_Leg[1]];
  markers.Torso = copy(base.Torso);
}

/**
 * `applyAirPose(markers, base, airPoseOffsets(weight, downwardSpeed, airTime))` without the
 * offsets in between: each limb marker is its base plus its offset, in the same operations.
 */
export function writeAirPose(markers: MarkerPose, base: Readonly<AirPoseBase>, weight: number, downwardSpeed: number, airTime: number): void {
  const phase = flailPhase(airTime);
  const opposite = phase + Math.PI;
  const forward = handForward(downwardSpeed);
  markers.Left_Hand = [base.Left_Hand[0] + handOffsetX(phase, forward, weight), base.Left_Hand[1] + handOffsetY(phase, weight)];
  markers.Right_Hand = [base.Right_Hand[0] + handOffsetX(opposite, forward, weight), base.Right_Hand[1] + handOffsetY(opposite, weight)];
  markers.Left_Leg = [base.Left_Leg[0] + footOffsetX(phase, weight), base.Left_Leg[1] + footOffsetY(phase, weight)];
  markers.Right_Leg = [base.Right_Leg[0] + footOffsetX(opposite, weight), base.Right_Leg[1] + footOffsetY(opposite, weight)];
  markers.Torso = copy(base.Torso);
}

/** Exact restoration: every captured marker back to its takeoff value. */
export function restoreAirPoseBase(markers: MarkerPose, base: Readonly<AirPoseBase>): void {
  markers.Left_Hand = copy(base.Left_Hand);
  markers.Right_Hand = copy(base.Right_Hand);
  markers.Left_Leg = copy(base.Left_Leg);
  markers.Right_Leg = copy(base.Right_Leg);
  markers.Torso = copy(base.Torso);
}
