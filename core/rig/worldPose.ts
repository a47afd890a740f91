import { type Vec2, angleOf, midpoint, sub } from './vec';
import { type Facing, markerToWorld } from './facing';
import { PART_NAMES, type PartName, type RigLocalPose } from './skeleton';

export { markerToWorld, worldToMarker } from './facing';

/** A part placed on the stage. `angle` is atan2 of end − start in stage space (+Y down). */
export interface WorldPart {
  name: PartName;
  start: Vec2;
  end: Vec2;
  /** Midpoint of start..end. */
  center: Vec2;
  angle: number;
  length: number;
}

export type WorldPose = Record<PartName, WorldPart>;

/**
 * Places a rig-local pose on the stage: LEFT mirrors rig-local X about the root, then the root is
 * added. Lengths are copied, never re-measured, so mirroring cannot change a size.
 */
export function toWorld(localPose: RigLocalPose, root: Vec2, facing: Facing): WorldPose {
  const world = {} as WorldPose;
  for (const name of PART_NAMES) {
    const part = localPose[name];
    const start = markerToWorld(part.start, root, facing);
    const end = markerToWorld(part.end, root, facing);
    world[name] = { name, start, end, center: midpoint(start, end), angle: angleOf(sub(end, start)), length: part.length };
  }
  return world;
}
