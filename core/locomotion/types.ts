import type { Vec2 } from '../geometry/vec';
import type { Facing } from '../rig/facing';
import type { MarkerPose } from '../rig/markers';
import type { RigProportions } from '../rig/proportions';
import type { TerrainIndex } from '../terrain/terrainIndex';

export type FootSide = 'left' | 'right';

export interface FootState {
  /** World position of the foot (ankle target), stage px. */
  pos: Vec2;
  /** Swing start and end; meaningful while this foot is the swing foot. */
  from: Vec2;
  to: Vec2;
  /**
   * Rest spot x, y and foot x, y when this idle foot last found nowhere better to settle (a prop
   * stands on its rest spot, ./gait `settleSpot`): while all four hold it is not asked again, so an
   * idle crowd beside props does not query them every step. Null otherwise.
   */
  settleHeld: [number, number, number, number] | null;
}

export interface LocomotionState {
  root: Vec2;
  facing: Facing;
  feet: Record<FootSide, FootState>;
  swing: FootSide | null;
  swingT: number;
  swingDuration: number;
  /** Ground height the body is currently carried over (smoothed root Y). */
  bodyY: number;
  /** Current downward pelvis correction so the lower foot reaches, px (0..PELVIS_MAX_OFFSET). */
  pelvisDrop: number;
  /** Seconds since PLAY began: drives breathing. */
  time: number;
  /** How much of the walk's style (hip bob, lean, arm swing) is in the pose: 0 idle .. 1 walking. */
  walkBlend: number;
  /**
   * Forward torso lean of the walk this step, radians (+ leans toward rig-local +X): the pose solve's
   * `torsoLean`. Held through the air and a landing (the torso holds), eased out when the walk stops.
   */
  walkLean: number;
  /** How far the root has walked since the last touchdown, px: the hip bob's phase. */
  stepTravel: number;
  /** Signed horizontal air velocity, px/s: the takeoff walk velocity, damped by AIR_DRAG_X. */
  airVelocityX: number;
  /** Vertical air velocity, px/s (+ down), capped at TERRAIN_MAX_FALL_SPEED. */
  airVelocityY: number;
  /** Root Y where the current fall began: the fall height is measured from here. */
  fallStartY: number;
  /** Seconds in the air since takeoff: drives the flail phase. */
  airTime: number;
  /** Filtered main air-pose weight, 0..1 (seed 6a §6). */
  airPoseWeight: number;
  /** Limb markers captured once at takeoff; the air pose is added to these. Null when not airborne. */
  airPoseBase: AirPoseBase | null;
  /** The running landing absorption (LANDING_IMPACT), or null. */
  landing: LandingState | null;
  /** The landing's last pose the grounded walk blends out of (./handover.ts), or null. */
  handover: Handover | null;
  walkTargetX: number | null;
  /** Signed grounded walking velocity of the last step, px/s (seed phase 6a §5.1). */
  lastWalkVelocityX: number;
  /** The solved rig-local marker pose of this step. */
  markers: MarkerPose;
  /**
   * The arrays the grounded solve writes each step and puts into `markers` (no new arrays a step).
   * Only the solve writes them; anyone keeping a marker past the step copies it (frames do).
   */
  solvedMarkers: MarkerPose;
}

/** The live rig-local markers at takeoff (seed 6a §6): hands and feet get the air pose, the torso holds. */
export type AirPoseBase = Pick<MarkerPose, 'Left_Hand' | 'Right_Hand' | 'Left_Leg' | 'Right_Leg' | 'Torso'>;

/**
 * The pose a hard landing ended in, eased out over the first grounded steps so the walk takes over
 * without a snap. Rig-local, like the markers.
 */
export interface Handover {
  torso: Vec2;
  hands: { Left_Hand: Vec2; Right_Hand: Vec2 };
  /** Seconds since the landing ended. */
  elapsed: number;
}

/** Landing absorption in progress (seed 6a §7): an elapsed-time solver, not a tween. */
export interface LandingState {
  /** Seconds since touchdown. */
  elapsed: number;
  /** Vertical fall height that selected the reaction depth, px. */
  fallHeight: number;
  /** Downward speed at touchdown, px/s (reported, does not select the depth). */
  impactSpeed: number;
  /** Deepest torso compression, px downward. */
  compression: number;
  /** Deepest hand drop, px downward. */
  handDrop: number;
  /** Rig-local torso marker at touchdown: compression is measured from it and restored to it. */
  torsoBase: Vec2;
  /**
   * Extra downward torso offset so both legs reach their contacts (a stair edge, a ramp), px; 0 on
   * even ground. The compression is added to it; the landing ends with the torso there.
   */
  reachDrop: number;
  /** Rig-local hand markers at touchdown (the air pose of the last airborne step). */
  handStart: { Left_Hand: Vec2; Right_Hand: Vec2 };
  /** Rig-local hand markers the landing blends back to: the ones captured at takeoff. */
  handBase: { Left_Hand: Vec2; Right_Hand: Vec2 };
  /** Each foot locked to its own terrain sample, stage px. */
  contacts: Record<FootSide, Vec2>;
  /** Which contacts came from the foot's own fan (false: the centre-surface fallback). */
  contactFromFan: Record<FootSide, boolean>;
}

/**
 * Collision-safe fraction (0..1) of a horizontal displacement of this rig's own collision
 * proxies (seed 6a §5.1). Injected by the stage runtime (Rapier lives in streams/); without it
 * the motion is free.
 */
export type HorizontalSweep = (motion: Readonly<Vec2>) => number;

/**
 * Where along the ground from `x` to `towardX` (stage px) a foot resting on the ground at
 * `groundY` first overlaps no prop: `x` itself when it is clear, null when no spot up to
 * `towardX` is.
 */
export type FootClearance = (x: number, groundY: number, towardX: number) => number | null;

/** Why a walk stopped short: a wall (terrain at any height of the body), a step too high, a prop too heavy to push. */
export type WalkBlock = 'wall' | 'step_too_high' | 'too_heavy';

export interface LocomotionEnv {
  terrain: TerrainIndex;
  /** The authored (or default) marker pose idle holds. */
  basePose: MarkerPose;
  proportions: RigProportions;
  /** When set, probe rays and hits are recorded here for the debug overlay. */
  debug?: ProbeDebug;
  /** Airborne horizontal sweep against terrain, props and other stickmen; absent means free motion. */
  sweep?: HorizontalSweep;
  /** Feet placed by terrain alone stand clear of props (a hard landing's contacts, an idle foot's settle, a walk's last steps); absent: props are not in the way. */
  footClearance?: FootClearance;
  /**
   * Would this stickman's body, moved by `motion` (px), run into a prop heavier than
   * MAX_PUSH_MASS? A grounded walk that would is blocked. Absent: nothing is too heavy.
   * `motion` is read during the call only (every walking step asks, with one shared vector).
   */
  tooHeavyAhead?: (motion: Readonly<Vec2>) => boolean;
  /** This stickman's own walking speed (the file's `walk_speed`), px/s; absent means WALK_SPEED. */
  walkSpeed?: number;
}

export interface ProbeDebug {
  rays: Array<{ from: Vec2; to: Vec2; hit: boolean }>;
  points: Vec2[];
}

/** A step without events (shared by every such step: read, never written). */
export const NO_LOCOMOTION_EVENTS: readonly LocomotionEvent[] = Object.freeze([]);

export type LocomotionEvent =
  | { type: 'arrived'; position: Vec2 }
  | { type: 'blocked'; reason: WalkBlock; position: Vec2 }
  | { type: 'supportLost'; walkVelocityX: number }
  /** Touchdown: `fallDistance` is the vertical fall height, which decides soft or hard (LANDING_IMPACT). */
  | { type: 'landed'; fallDistance: number; impactSpeed: number }
  /** The 0.30 s landing absorption ended this step: torso and hands are back at their bases. */
  | { type: 'landingFinished' };
