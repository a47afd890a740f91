/** Terrain on the stage: its convex pieces filled, its outline stroked a shade darker. Render layer. */
import { SIZE_CSS, type StrokeBatch, type TriBatch } from '../../render/batches';
import { rgba, shade } from '../../render/color';
import type { TerrainView } from '../../streams/frame/frame';

export function drawTerrain(t: TerrainView, tris: TriBatch, strokes: StrokeBatch): void {
  const fill = rgba(t.color);
  for (const piece of t.pieces) tris.convex(piece, fill);
  strokes.polyline(t.outline, true, 1, shade(t.color, 0.45), SIZE_CSS);
}
