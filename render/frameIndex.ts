/** A frame's objects by id, built once per snapshot (snapshots are immutable, so it is cached on them). */
import type { AreaView, FrameSnapshot, PropView, RigView, TerrainView } from '../streams/frame/frame';

export interface FrameIndex {
  readonly props: Map<string, PropView>;
  rigs: Map<string, RigView>;
  areas: Map<string, AreaView>;
  terrain: Map<string, TerrainView>;
}

const frameIndexCache = new WeakMap<FrameSnapshot, FrameIndex>();

export function indexFrame(f: FrameSnapshot): FrameIndex {
  let idx = frameIndexCache.get(f);
  if (!idx) {
    let props: Map<string, PropView> | null = null;
    idx = {
      // Made when first asked for: it would make a PLAY frame's prop list (the renderer draws from
      // its packed props and asks only when the last frame was another run's).
      get props() {
        props ??= new Map(f.props.map((p) => [p.id, p]));
        return props;
      },
      rigs: new Map(f.rigs.map((r) => [r.id, r])),
      areas: new Map(f.areas.map((a) => [a.id, a])),
      terrain: new Map(f.terrain.map((t) => [t.id, t])),
    };
    frameIndexCache.set(f, idx);
  }
  return idx;
}
