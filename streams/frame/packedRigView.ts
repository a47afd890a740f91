/**
 * A stickman's view in a PLAY frame, its numbers packed (issue 20). The runtime builds one per rig
 * per step, and as ~30 small objects (nine segments, eleven joint points, the head centre, five
 * marker points) a crowd's frames were a quarter of what a step allocated, copied again by every
 * collection that found the last two frames alive. Here the segments, the head centre and the
 * markers are one array of numbers (`RigGeometry`), written straight from the rig-local pose
 * (`packLocalPose`) or from a ragdoll's part ends (`packRagdollEnds`); the renderer draws from it
 * (objects/stickman/draw), and `parts`, `headCenter` and `markers` are made from it when first read
 * (picking, the `--frames` writer, tests), then kept: the frame is immutable. The numbers are the
 * ones the pose placed on the stage (`markerToWorld`, `worldToMarker`) gives, number for number.
 */
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { MARKER_NAMES, type MarkerPose } from '../../core/rig/markers';
import { PART_NAMES, partsInOrder, type PartName, type RigLocalPose, type RigPart } from '../../core/rig/skeleton';
import { facingSign, type Facing } from '../../core/rig/facing';
import type { RigPartView, RigView, Vec2 } from './frame';
import type { LiveRigFields } from './documentFrame';
import { RAGDOLL_MARKER_AT, partEndAt, partStartAt } from '../../core/ragdoll/readBack';

/** The drawn segments in frame order: every part but the head (a circle), PART_NAMES order. */
export const DRAWN_PARTS: readonly PartName[] = PART_NAMES.slice(1);
if (PART_NAMES[0] !== 'head') throw new Error('packed rig views expect the head first in PART_NAMES');
/** Segment `i` is start x, y, end x, y at `i · 4` (stage px). */
export const SEGMENT_STRIDE = 4;
/** The head centre's x, y (stage px). */
export const HEAD_AT = DRAWN_PARTS.length * SEGMENT_STRIDE;
/** The markers' x, y in MARKER_NAMES order (rig-local px). */
export const MARKERS_AT = HEAD_AT + 2;
export const RIG_GEOMETRY_LENGTH = MARKERS_AT + MARKER_NAMES.length * 2;

/** `packLocalPose`'s parts in order, reused call after call. */
const scratchParts: RigPart[] = [];

/**
 * One stickman's drawn numbers: segments, head centre, markers (offsets above). A plain array: a
 * typed array this size keeps its numbers outside V8's heap, and allocating and freeing one cost
 * ~1 µs, fifteen times an array's (100 walkers a step).
 */
export type RigGeometry = readonly number[];

/**
 * What a new geometry is copied from: an array already holding doubles. `new Array(n)` starts as
 * small integers and is copied again into doubles at the first fractional write (two backing
 * stores a rig a step, ~800 bytes, where one copy of this makes ~420).
 */
const DOUBLES: readonly number[] = Array.from({ length: RIG_GEOMETRY_LENGTH }, () => 0.5);

function newGeometry(): number[] {
  return DOUBLES.slice();
}

/**
 * `pose` placed on the stage at `root` facing `facing`, and `markers`, packed: each point is
 * `markerToWorld`'s arithmetic (root + mirrored local), so the numbers are exactly the ones the
 * unpacked segments had.
 */
export function packLocalPose(pose: RigLocalPose, root: Vec2, facing: Facing, markers: MarkerPose): RigGeometry {
  const g = newGeometry();
  const sign = facingSign(facing);
  const rx = root[0];
  const ry = root[1];
  // Read by position (PART_NAMES order: the head, then the drawn parts), not by a varying name.
  const parts = partsInOrder(pose, scratchParts);
  for (let i = 0; i < DRAWN_PARTS.length; i += 1) {
    const part = parts[i + 1];
    const o = i * SEGMENT_STRIDE;
    g[o] = rx + sign * part.start[0];
    g[o + 1] = ry + part.start[1];
    g[o + 2] = rx + sign * part.end[0];
    g[o + 3] = ry + part.end[1];
  }
  g[HEAD_AT] = rx + sign * parts[0].end[0];
  g[HEAD_AT + 1] = ry + parts[0].end[1];
  // MARKER_NAMES order, each read by its own name.
  putMarker(g, 0, markers.Left_Hand);
  putMarker(g, 1, markers.Right_Hand);
  putMarker(g, 2, markers.Left_Leg);
  putMarker(g, 3, markers.Right_Leg);
  putMarker(g, 4, markers.Torso);
  return g;
}

function putMarker(g: number[], k: number, m: Readonly<Vec2>): void {
  g[MARKERS_AT + k * 2] = m[0];
  g[MARKERS_AT + k * 2 + 1] = m[1];
}

if (MARKER_NAMES.join() !== 'Left_Hand,Right_Hand,Left_Leg,Right_Leg,Torso') throw new Error('packLocalPose writes the markers in MARKER_NAMES order');

/** Each marker's place among a ragdoll's part ends, MARKER_NAMES order. */
const RAGDOLL_MARKERS_AT: readonly number[] = MARKER_NAMES.map((name) => RAGDOLL_MARKER_AT[name]);
const HEAD_END_AT = partEndAt(PART_NAMES.indexOf('head'));

/**
 * A ragdoll packed from its parts' ends (core/ragdoll `writePartEnds`) at `root` facing `facing`:
 * the segments and head centre are the ends themselves, the markers the points
 * `RAGDOLL_MARKER_AT` names made rig-local with `worldToMarker`'s arithmetic.
 */
export function packRagdollEnds(ends: ArrayLike<number>, root: Vec2, facing: Facing): RigGeometry {
  const g = newGeometry();
  for (let i = 0; i < DRAWN_PARTS.length; i += 1) {
    // Drawn segment i is part i + 1 (the head is the circle).
    const from = partStartAt(i + 1);
    const to = partEndAt(i + 1);
    const o = i * SEGMENT_STRIDE;
    g[o] = ends[from];
    g[o + 1] = ends[from + 1];
    g[o + 2] = ends[to];
    g[o + 3] = ends[to + 1];
  }
  g[HEAD_AT] = ends[HEAD_END_AT];
  g[HEAD_AT + 1] = ends[HEAD_END_AT + 1];
  const sign = facingSign(facing);
  for (let k = 0; k < RAGDOLL_MARKERS_AT.length; k += 1) {
    const at = RAGDOLL_MARKERS_AT[k];
    g[MARKERS_AT + k * 2] = sign * (ends[at] - root[0]);
    g[MARKERS_AT + k * 2 + 1] = ends[at + 1] - root[1];
  }
  return g;
}

export class PackedRigView implements RigView {
  readonly headRadius = DEFAULT_PROPORTIONS.headRadius;
  private madeParts: RigPartView[] | null = null;
  private madeHead: Vec2 | null = null;
  private madeMarkers: MarkerPose | null = null;

  constructor(
    readonly id: string,
    readonly root: Vec2,
    readonly facing: Facing,
    readonly color: string,
    readonly geometry: RigGeometry,
    readonly state: string,
    readonly terrain: string,
    readonly heldProp: string | null,
    readonly heldZOffset: number,
    readonly speech: RigView['speech'],
    readonly queue: RigView['queue'],
  ) {}

  /** A PLAY rig's live view: `pose` drawn at `root`, its markers copied, the connection's fields. */
  static live(id: string, root: Vec2, facing: Facing, color: string, pose: RigLocalPose, markers: MarkerPose, live: LiveRigFields, heldZOffset: number): PackedRigView {
    return new PackedRigView(id, root, facing, color, packLocalPose(pose, root, facing, markers), live.state, live.terrain, live.heldProp, heldZOffset, live.speech, live.queue);
  }

  /** A PLAY ragdoll's live view: its packed ends (`packRagdollEnds`) and the connection's fields (a held prop's depth offset 0, as a ragdoll's view always had). */
  static ragdoll(id: string, root: Vec2, facing: Facing, color: string, geometry: RigGeometry, live: LiveRigFields): PackedRigView {
    return new PackedRigView(id, root, facing, color, geometry, live.state, live.terrain, live.heldProp, 0, live.speech, live.queue);
  }

  get parts(): RigPartView[] {
    this.madeParts ??= unpackParts(this.geometry);
    return this.madeParts;
  }

  get headCenter(): Vec2 {
    this.madeHead ??= [this.geometry[HEAD_AT], this.geometry[HEAD_AT + 1]];
    return this.madeHead;
  }

  get markers(): MarkerPose {
    this.madeMarkers ??= unpackMarkers(this.geometry);
    return this.madeMarkers;
  }

  /** The plain view it stands for (what crosses a structured clone or a browser test's evaluate). */
  toPlain(): RigView {
    return {
      id: this.id, root: this.root, facing: this.facing, color: this.color, parts: this.parts, headCenter: this.headCenter, headRadius: this.headRadius,
      markers: this.markers, state: this.state, terrain: this.terrain, heldProp: this.heldProp, heldZOffset: this.heldZOffset, speech: this.speech, queue: this.queue,
    };
  }

  /** JSON of a frame names what it shows, not how it is stored. */
  toJSON(): RigView {
    return this.toPlain();
  }
}

function unpackParts(g: RigGeometry): RigPartView[] {
  const parts: RigPartView[] = [];
  for (let i = 0; i < DRAWN_PARTS.length; i += 1) {
    const o = i * SEGMENT_STRIDE;
    parts.push({ name: DRAWN_PARTS[i], start: [g[o], g[o + 1]], end: [g[o + 2], g[o + 3]] });
  }
  return parts;
}

function unpackMarkers(g: RigGeometry): MarkerPose {
  const markers = {} as MarkerPose;
  for (let k = 0; k < MARKER_NAMES.length; k += 1) markers[MARKER_NAMES[k]] = [g[MARKERS_AT + k * 2], g[MARKERS_AT + k * 2 + 1]];
  return markers;
}

/** The drawn segments as part names, for what orders them by name (render/rigDepth `drawOrder`). */
export const DRAWN_PART_NAMES: readonly { name: PartName }[] = DRAWN_PARTS.map((name) => ({ name }));

/** The packed numbers of a view, when it has them (a PLAY rig's). */
export function packedGeometry(view: RigView): RigGeometry | null {
  return view instanceof PackedRigView ? view.geometry : null;
}

/**
 * Segment `i`'s ends (start x, y, end x, y) into `out`, from the packed numbers when the view has
 * them, else from its parts: what the renderer reads, without making a packed view's parts.
 */
export function segmentInto(view: RigView, i: number, out: number[]): void {
  const g = packedGeometry(view);
  if (g) {
    const o = i * SEGMENT_STRIDE;
    out[0] = g[o];
    out[1] = g[o + 1];
    out[2] = g[o + 2];
    out[3] = g[o + 3];
    return;
  }
  const p = view.parts[i];
  out[0] = p.start[0];
  out[1] = p.start[1];
  out[2] = p.end[0];
  out[3] = p.end[1];
}

/** The head centre's x, y into `out` (packed numbers or the view's own). */
export function headInto(view: RigView, out: number[]): void {
  const g = packedGeometry(view);
  out[0] = g ? g[HEAD_AT] : view.headCenter[0];
  out[1] = g ? g[HEAD_AT + 1] : view.headCenter[1];
}

/** The drawn segments' names in order (the packed order, or the view's parts). */
export function segmentNames(view: RigView): readonly { name: PartName }[] {
  return view instanceof PackedRigView ? DRAWN_PART_NAMES : view.parts;
}
