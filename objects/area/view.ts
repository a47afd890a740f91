/** An area in a frame: its box, named, empty (occupants come from the running stage). */
import type { ObjectView } from '../streams/objectView';
import { DEFAULT_AREA_COLOR, type AreaObject } from './model';

export const areaFrameView: ObjectView<AreaObject> = {
  addTo: (parts, o) => void parts.areas.push({ id: o.id, name: o.name ?? o.id, position: o.position, size: o.size, rotation: o.rotation ?? 0, color: o.color ?? DEFAULT_AREA_COLOR, occupants: 0 }),
};
