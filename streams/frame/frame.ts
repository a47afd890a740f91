/**
 * The immutable frame snapshot (DESIGN.md §6 step 7): everything render and UI draw, in stage
 * pixels. In EDIT/DIRECT it is built from the document; in PLAY the runtime fills in live poses.
 */
import type { Vec2 } from '../physics/entities';
import type { PackedProps } from './packedProps';
import type { PropShape } from '../../core/props/resolve';
import type { PartName } from '../../core/rig/skeleton';
import type { Facing } from '../../core/rig/facing';
import type { MarkerPose } from '../../core/rig/markers';

export type { Vec2 };

export interface TerrainView {
  id: string;
  shape: string;
  pieces: Vec2[][];
  outline: Vec2[];
  color: string;
}

export interface PropView {
  id: string;
  spawn_id: string;
  shape: PropShape;
  position: Vec2;
  rotation: number;
  fill: string;
  stroke: string;
  /** A custom prop whose asset is missing: drawn as an inert dashed box labelled with its spawn_id. */
  placeholder?: boolean;
}

/**
 * `view` moved to (x, y, rotation): the same fields in the same order, written out (a spread of a
 * view copies it key by key, and a frame's list of a moving crowd's props makes a few hundred).
 */
export function propViewAt(view: PropView, x: number, y: number, rotation: number): PropView {
  const moved: PropView = { id: view.id, spawn_id: view.spawn_id, shape: view.shape, position: [x, y], rotation, fill: view.fill, stroke: view.stroke };
  if (view.placeholder !== undefined) moved.placeholder = view.placeholder;
  return moved;
}

export interface AreaView {
  id: string;
  name: string;
  position: Vec2;
  size: Vec2;
  /** Radians, clockwise on screen, about the centre (0 when the file gives none). */
  rotation: number;
  color: string;
  /** Number of objects inside right now (PLAY only). */
  occupants: number;
}

export interface RigPartView {
  name: PartName;
  start: Vec2;
  end: Vec2;
}

/**
 * A stickman as a frame shows it. A PLAY rig's view (standing or a ragdoll) is a `PackedRigView`
 * (./packedRigView): its `parts`, `headCenter` and `markers` are made from packed numbers when first
 * read, so draw from `segmentInto` / `headInto` there, and pass `toPlain()` where a plain object
 * must cross (a structured clone, a browser test's evaluate). Views are immutable either way.
 */
export interface RigView {
  id: string;
  root: Vec2;
  facing: Facing;
  color: string;
  parts: RigPartView[];
  headCenter: Vec2;
  headRadius: number;
  /** Rig-local marker pose (for EDIT handles). */
  markers: MarkerPose;
  /** Rig state (ANIMATED · RAGDOLL · RECOVERING) and TerrainMotion phase, read live in PLAY. */
  state: string;
  terrain: string;
  /** The prop this stickman holds, if any. */
  heldProp: string | null;
  /**
   * The held grip's `z_offset` (seed 11 §3.2, relative to this stickman's draw order): > 0 the
   * prop is drawn in front of the stickman and its arm, < 0 behind its body, 0 (and nothing held)
   * among the other props.
   */
  heldZOffset: number;
  speech: Array<{ text: string; overlay: boolean }>;
  /** PLAY only: which queue item runs, its progress (0..1) and how many items are done. */
  queue?: { current: string | null; progress: number; done: number; state: string };
}

export interface FrameSnapshot {
  tick: number;
  time: number;
  mode: 'EDIT' | 'DIRECT' | 'PLAY';
  paused: boolean;
  stage: { width: number; height: number };
  terrain: TerrainView[];
  props: PropView[];
  areas: AreaView[];
  rigs: RigView[];
  /** What the directed camera shows (issue 23); absent outside PLAY (the default view). */
  camera?: { center: Vec2; width: number };
  /**
   * PLAY: the props as numbers (./packedProps), what `props` is made from when first read; draw
   * from these. A frame's JSON leaves them out.
   */
  readonly packedProps?: PackedProps;
  /** Debug overlay data (probe rays, support points, proxies, TerrainMotion labels, ragdolls, reactions) when enabled. */
  debug?: {
    rays: Array<{ from: Vec2; to: Vec2; hit: boolean }>;
    points: Vec2[];
    /** The collision proxies of the rigs that have them on (not ragdolls: theirs are off). */
    proxies: DebugShape[];
    labels: Array<{ position: Vec2; text: string }>;
    /** Every rig that is a ragdoll right now (issue 8). */
    ragdolls: DebugRagdoll[];
    /** Rigs with active hit reactions: one line each, drawn just under that rig's TerrainMotion label. */
    reactions: Array<{ id: string; position: Vec2; text: string }>;
    /** The feet a hard landing (LANDING_IMPACT) holds to their terrain contacts (issue 9). */
    footLocks?: DebugFootLock[];
  };
}

/** One foot a landing holds: its contact (stage px), and whether its own fan found it (else the centre-surface fallback). */
export interface DebugFootLock {
  id: string;
  side: 'left' | 'right';
  position: Vec2;
  fromFan: boolean;
}

/** A collider outline for the debug overlay: a circle, or a capsule along its local Y turned by `rotation`. */
export interface DebugShape {
  kind: 'circle' | 'capsule';
  center: Vec2;
  rotation: number;
  radius: number;
  /** Capsules: half the straight section (Rapier's halfHeight). */
  halfHeight?: number;
}

/** One ragdoll as the debug overlay draws it. */
export interface DebugRagdoll {
  id: string;
  /** Its ten bodies where they are this step, with the proxies' shapes. */
  bodies: DebugShape[];
  /** Its revolute joints: neck, shoulders, elbows, hips, knees. */
  joints: Vec2[];
  /** Seconds every part has been still (it is at rest, and may stand up, at the rest threshold). */
  restSeconds: number;
  /** The rest timer as text, above the body. */
  label: { position: Vec2; text: string };
}
