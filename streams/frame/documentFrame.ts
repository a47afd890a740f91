/** Builds frame snapshots from the authored document (EDIT/DIRECT, and PLAY's static parts). */
import type { SceneDocument, StickmanObject, TerrainObject } from '../../core/scene/schema';
import { terrainConvexPieces, terrainOutline } from '../../core/geometry/terrainShapes';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { defaultStandingPose, type MarkerPose } from '../../core/rig/markers';
import { solvePose } from '../../core/rig/skeleton';
import { toWorld, type WorldPart, type WorldPose } from '../../core/rig/worldPose';
import type { Facing } from '../../core/rig/facing';
import type { FrameSnapshot, RigView, TerrainView, Vec2 } from './frame';
// Used inside documentFrame only: the kinds' views use this file's helpers (the cycle is safe).
import { viewOf } from '../../objects/streams/views';
import type { FrameParts } from '../../objects/streams/objectView';

export { DEFAULT_TERRAIN_COLOR } from '../../objects/terrain/model';
export { DEFAULT_AREA_COLOR } from '../../objects/area/model';
export { DEFAULT_STICKMAN_COLOR } from '../../objects/stickman/model';
import { DEFAULT_TERRAIN_COLOR } from '../../objects/terrain/model';

const terrainCache = new WeakMap<TerrainObject, TerrainView>();

/** Terrain geometry is derived once per document object (objects are immutable). */
export function terrainView(t: TerrainObject): TerrainView {
  let view = terrainCache.get(t);
  if (!view) {
    view = { id: t.id, shape: t.shape, pieces: terrainConvexPieces(t), outline: terrainOutline(t), color: t.color ?? DEFAULT_TERRAIN_COLOR };
    terrainCache.set(t, view);
  }
  return view;
}

export function stickmanMarkers(s: StickmanObject): MarkerPose {
  return (s.pose as MarkerPose | undefined) ?? defaultStandingPose(DEFAULT_PROPORTIONS);
}

/** `world` may be passed when the caller already solved this pose (the runtime does every step). */
export function rigView(
  id: string, root: Vec2, facing: Facing, markers: MarkerPose, color: string,
  extra: Partial<RigView> = {}, world: WorldPose = toWorld(solvePose(markers, DEFAULT_PROPORTIONS), root, facing),
): RigView {
  return {
    id,
    root,
    facing,
    color,
    parts: segments(world),
    headCenter: world.head.end,
    headRadius: DEFAULT_PROPORTIONS.headRadius,
    markers,
    state: 'ANIMATED',
    terrain: 'DISABLED',
    heldProp: null,
    heldZOffset: 0,
    speech: [],
    ...extra,
  };
}

/** What a PLAY rig view reads live (a RigConnection has all of it). */
export interface LiveRigFields {
  readonly state: string;
  readonly terrain: string;
  readonly heldProp: string | null;
  readonly speech: RigView['speech'];
  readonly queue: NonNullable<RigView['queue']>;
}

const segment = (p: WorldPart): RigView['parts'][number] => ({ name: p.name, start: p.start, end: p.end });

/**
 * The drawn segments: every part but the head (a circle), PART_NAMES order, sharing the pose's
 * ends. One array literal with constant keys: the runtime draws one per rig per step.
 */
export function segments(w: WorldPose): RigView['parts'] {
  return [
    segment(w.torso), segment(w.left_upper_arm), segment(w.left_lower_arm), segment(w.right_upper_arm), segment(w.right_lower_arm),
    segment(w.left_upper_leg), segment(w.left_lower_leg), segment(w.right_upper_leg), segment(w.right_lower_leg),
  ];
}

/** The stage as authored: each object as its kind shows it (objects/<kind>/view.ts), in document order. */
export function documentFrame(doc: SceneDocument, mode: FrameSnapshot['mode'] = 'EDIT'): FrameSnapshot {
  const parts: FrameParts = { terrain: [], props: [], areas: [], rigs: [] };
  for (const o of doc.objects) viewOf(o).addTo(parts, o, doc);
  return { tick: 0, time: 0, mode, paused: false, stage: { width: doc.stage.width, height: doc.stage.height }, ...parts };
}
