/** A prop in a frame: its resolved shape and colours at its authored pose; a placeholder says so. */
import { resolveProp } from '../../core/props/resolve';
import type { PropView } from '../../streams/frame/frame';
import type { ObjectView } from '../streams/objectView';
import type { PropObject } from './model';

export const propFrameView: ObjectView<PropObject> = {
  addTo(parts, o, doc) {
    const def = resolveProp(doc, o);
    const view: PropView = { id: o.id, spawn_id: o.spawn_id, shape: def.shape, position: o.position, rotation: o.rotation, fill: def.colors.fill, stroke: def.colors.stroke };
    if (def.placeholder) view.placeholder = true;
    parts.props.push(view);
  },
};
