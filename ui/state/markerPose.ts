/**
 * Dragging a stickman's marker handle: the stage point under the pointer becomes the marker's
 * rig-local position (mirrored by facing), kept finite and within MARKER_REACH_PX of the root.
 */
import { worldToMarker } from '../../core/rig/facing';
import { validateMarkerPose, type MarkerName, type MarkerPose } from '../../core/rig/markers';
import type { StickmanObject } from '../../core/scene/schema';
import { stickmanMarkers } from '../../streams/frame/documentFrame';

type Vec2 = [number, number];

/** How far from the root (px) a marker may be dragged. */
export const MARKER_REACH_PX = 700;

/** Rig-local marker position for a stage point, clamped to the reach; null if not finite. */
export function markerLocal(world: Readonly<Vec2>, root: Readonly<Vec2>, facing: StickmanObject['facing']): Vec2 | null {
  if (!Number.isFinite(world[0]) || !Number.isFinite(world[1])) return null;
  let [x, y] = worldToMarker([world[0], world[1]], [root[0], root[1]], facing);
  const d = Math.hypot(x, y);
  if (!Number.isFinite(d)) return null;
  if (d > MARKER_REACH_PX) {
    x *= MARKER_REACH_PX / d;
    y *= MARKER_REACH_PX / d;
  }
  return [Math.round(x) + 0, Math.round(y) + 0];
}

/** The stickman's pose with `marker` moved under `world`, or null if that is not a usable pose. */
export function markerDragPose(o: StickmanObject, marker: MarkerName, world: Readonly<Vec2>): MarkerPose | null {
  const local = markerLocal(world, o.position, o.facing);
  if (!local) return null;
  const current = stickmanMarkers(o);
  const pose: MarkerPose = {
    Left_Hand: [current.Left_Hand[0], current.Left_Hand[1]],
    Right_Hand: [current.Right_Hand[0], current.Right_Hand[1]],
    Left_Leg: [current.Left_Leg[0], current.Left_Leg[1]],
    Right_Leg: [current.Right_Leg[0], current.Right_Leg[1]],
    Torso: [current.Torso[0], current.Torso[1]],
    [marker]: local,
  };
  return validateMarkerPose(pose).length ? null : pose;
}
