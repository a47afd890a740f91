/**
 * The frame view of an object kind (the `view.ts` of its folder): what an object as authored adds
 * to a frame (documentFrame: EDIT, DIRECT and the stage before PLAY). The frame's lists are the
 * frame format's (DESIGN §frames), one per kind. Streams layer.
 */
import type { SceneDocument } from '../../core/scene/schema';
import type { FrameSnapshot } from '../../streams/frame/frame';

export type FrameParts = Pick<FrameSnapshot, 'terrain' | 'props' | 'areas' | 'rigs'>;

export interface ObjectView<O> {
  addTo(parts: FrameParts, o: O, doc: SceneDocument): void;
}
