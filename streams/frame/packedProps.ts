/**
 * A PLAY frame's props, packed (issue 20): the run's base views (id, shape, colours, placeholder:
 * fixed for the run) and the frame's own pose array (x, y, rotation a prop, stage px), shared with
 * the frame before when no prop moved. A crowd moves a few hundred props a step, and a view object
 * for each of them was the largest part of building a frame that nobody may read (a bench, a
 * headless run without `--frames`). The renderer draws from the packed numbers (`framePropBase`,
 * `framePropPoseInto`); the frame's `props` is a getter that makes its list from them when first
 * read (the `--frames` writer, the summary, picking, tests), then the same list: the frame is
 * immutable. A spread of the frame reads the getter, and its JSON leaves the numbers out.
 */
import { propViewAt, type FrameSnapshot, type PropView } from './frame';

export class PackedProps {
  private made: PropView[] | null = null;

  constructor(
    /** The run's views of its props as authored, in frame order: everything but the pose. */
    readonly base: readonly PropView[],
    /** x, y, rotation of prop `i` at `i · 3`: this frame's own numbers (never written after). */
    readonly poses: Float64Array,
    private readonly maker: PropViewMaker,
  ) {}

  /** The frame's `props` list: made when first asked for, then the same list. */
  views(): PropView[] {
    this.made ??= this.maker.make(this);
    return this.made;
  }

  /** Left out of a frame's JSON, which shows the `props` made from it instead. */
  toJSON(): undefined {
    return undefined;
  }
}

/**
 * Makes a run's frame `props` lists from packed frames, reusing what the last list it made showed:
 * a prop whose pose is the one it had there keeps its view object, and a frame whose poses are the
 * last one's gets the same list. A resting pile is then the same objects frame after frame.
 */
export class PropViewMaker {
  private lastPoses: Float64Array | null = null;
  private lastViews: PropView[] | null = null;

  make(packed: PackedProps): PropView[] {
    const { base, poses } = packed;
    const lastViews = this.lastViews;
    const lastPoses = this.lastPoses;
    if (lastViews && lastPoses === poses) return lastViews;
    const reuse = lastViews !== null && lastPoses !== null && lastViews.length === base.length;
    const views: PropView[] = new Array(base.length);
    for (let i = 0; i < base.length; i += 1) {
      const o = i * 3;
      if (reuse && poses[o] === lastPoses[o] && poses[o + 1] === lastPoses[o + 1] && poses[o + 2] === lastPoses[o + 2]) views[i] = lastViews[i];
      else views[i] = propViewAt(base[i], poses[o], poses[o + 1], poses[o + 2]);
    }
    this.lastPoses = poses;
    this.lastViews = views;
    return views;
  }
}

/** How many props `frame` shows. */
export function framePropCount(frame: FrameSnapshot): number {
  return frame.packedProps ? frame.packedProps.base.length : frame.props.length;
}

/** Prop `i`'s view as far as it does not move (id, shape, colours, placeholder), without making the frame's list. */
export function framePropBase(frame: FrameSnapshot, i: number): PropView {
  return frame.packedProps ? frame.packedProps.base[i] : frame.props[i];
}

/** Prop `i`'s x, y, rotation into `out`, without making the frame's list. */
export function framePropPoseInto(frame: FrameSnapshot, i: number, out: number[]): void {
  const packed = frame.packedProps;
  if (packed) {
    out[0] = packed.poses[i * 3];
    out[1] = packed.poses[i * 3 + 1];
    out[2] = packed.poses[i * 3 + 2];
    return;
  }
  const p = frame.props[i];
  out[0] = p.position[0];
  out[1] = p.position[1];
  out[2] = p.rotation;
}
