/** Terrain in a frame: its pieces and outline (cached per document object). */
import { terrainView } from '../../streams/frame/documentFrame';
import type { ObjectView } from '../streams/objectView';
import type { TerrainObject } from './model';

export const terrainFrameView: ObjectView<TerrainObject> = {
  addTo: (parts, o) => void parts.terrain.push(terrainView(o)),
};
