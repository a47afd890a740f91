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
  airVelocityY: number;
  fallStartY: number;
  walkTargetX: number | null;
  /** Signed grounded walking velocity of the last step, px/s (seed phase 6a §5.1). */
  lastWalkVelocityX: number;
  /** The solved rig-local marker pose of this step. */
  markers: MarkerPose;
}

export interface LocomotionEnv {
  terrain: TerrainIndex;
  /** The authored (or default) marker pose idle holds. */
  basePose: MarkerPose;
  proportions: RigProportions;
  /** When set, probe rays and hits are recorded here for the debug overlay. */
  debug?: ProbeDebug;
}

export interface ProbeDebug {
  rays: Array<{ from: Vec2; to: Vec2; hit: boolean }>;
  points: Vec2[];
}

export type LocomotionEvent =
  | { type: 'arrived'; position: Vec2 }
  | { type: 'blocked'; reason: 'wall' | 'step_too_high'; position: Vec2 }
  | { type: 'supportLost'; walkVelocityX: number }
  | { type: 'landed'; fallDistance: number; impactSpeed: number };
