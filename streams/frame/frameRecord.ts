/**
 * One line of the headless runner's `--frames` output (DESIGN.md §9): a frame snapshot reduced to
 * what a developer plots or a test reads, in stage px, numbers rounded to 0.01 so lines stay short
 * and byte-stable. Markers are rig-local, exactly as in the frame snapshot; parts are stage-space
 * segments named by the proxies' snake_case part names, the head included.
 */
import { MARKER_NAMES, type MarkerName } from '../../core/rig/markers';
import type { PartName } from '../../core/rig/skeleton';
import { round2, roundVec, tickTime } from '../trace/records';
import { defaultCameraView, roundView } from '../../core/camera/camera';
import type { FrameSnapshot, RigView, Vec2 } from './frame';

export interface FrameRigRecord {
  id: string;
  root: Vec2;
  facing: string;
  state: string;
  terrain: string;
  markers: Record<MarkerName, Vec2>;
  parts: Array<{ name: PartName; start: Vec2; end: Vec2 }>;
  head: { center: Vec2; radius: number };
  held_prop: string | null;
}

export interface FramePropRecord {
  id: string;
  position: Vec2;
  rotation: number;
  velocity: Vec2;
}

export interface FrameRecord {
  tick: number;
  t: number;
  rigs: FrameRigRecord[];
  props: FramePropRecord[];
  /** The directed camera's view, or the default view (the whole stage) when the scene has none. */
  camera: { center: Vec2; width: number };
}

/** A prop's linear velocity in px/s, or undefined when physics no longer has the body. */
export type PropVelocityOf = (id: string) => Vec2 | undefined;

// RigView has no `heldProp` until the prop interactor lands; read it where it exists so frames
// show the live value the moment it does, and null before.
const heldPropOf = (rig: RigView): string | null => (rig as RigView & { heldProp?: string | null }).heldProp ?? null;

function rigRecord(rig: RigView): FrameRigRecord {
  const markers = {} as Record<MarkerName, Vec2>;
  for (const name of MARKER_NAMES) markers[name] = roundVec(rig.markers[name]);
  const parts: FrameRigRecord['parts'] = rig.parts.map((p) => ({ name: p.name, start: roundVec(p.start), end: roundVec(p.end) }));
  // Frames draw the head as a circle and leave the head segment out; it runs from the neck (the
  // torso's far end) to the head centre, as the head proxy does.
  const torso = rig.parts.find((p) => p.name === 'torso');
  if (torso && !parts.some((p) => p.name === 'head')) {
    parts.unshift({ name: 'head', start: roundVec(torso.end), end: roundVec(rig.headCenter) });
  }
  return {
    id: rig.id,
    root: roundVec(rig.root),
    facing: rig.facing,
    state: rig.state,
    terrain: rig.terrain,
    markers,
    parts,
    head: { center: roundVec(rig.headCenter), radius: round2(rig.headRadius) },
    held_prop: heldPropOf(rig),
  };
}

/** Converts one frame snapshot; `velocityOf` supplies what the snapshot does not carry. */
export function frameRecord(frame: FrameSnapshot, velocityOf: PropVelocityOf): FrameRecord {
  return {
    tick: frame.tick,
    t: tickTime(frame.tick),
    rigs: frame.rigs.map(rigRecord),
    props: frame.props.map((p) => ({
      id: p.id,
      position: roundVec(p.position),
      rotation: round2(p.rotation),
      velocity: roundVec(velocityOf(p.id) ?? [0, 0]),
    })),
    camera: roundView(frame.camera ?? defaultCameraView(frame.stage)),
  };
}
