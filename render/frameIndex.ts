/** A frame's objects by id, built once per snapshot (snapshots are immutable, so it is cached on them). */
import type { AreaView, FrameSnapshot, PropView, RigView, TerrainView } from '../streams/frame/frame';

export interface FrameIndex {
  props: Map<string, PropView>;
  rigs: Map<string, RigView>;
  areas: Map<string, AreaView>;
  terrain: Map<string, TerrainView>;
}

const frameIndexCache = new WeakMap<FrameSnapshot, FrameIndex>();

export function indexFrame(f: FrameSnapshot): FrameIndex {
  let idx = frameIndexCache.get(f);
  if (!idx) {
    idx = {
      props: new Map(f.props.map((p) => [p.id, p])),
      rigs: new Map(f.rigs.map((r) => [r.id, r])),
      areas: new Map(f.areas.map((a) => [a.id, a])),
      terrain: new Map(f.terrain.map((t) => [t.id, t])),
    };
    frameIndexCache.set(f, idx);
  }
  return idx;
}
