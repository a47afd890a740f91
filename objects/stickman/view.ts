/** A stickman in a frame: its figure in its authored (or default standing) pose. */
import { rigView, stickmanMarkers } from '../../streams/frame/documentFrame';
import type { ObjectView } from '../streams/objectView';
import { DEFAULT_STICKMAN_COLOR, type StickmanObject } from './model';

export const stickmanFrameView: ObjectView<StickmanObject> = {
  addTo: (parts, o) => void parts.rigs.push(rigView(o.id, o.position, o.facing, stickmanMarkers(o), o.color ?? DEFAULT_STICKMAN_COLOR)),
};
