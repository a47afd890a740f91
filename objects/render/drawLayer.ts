/**
 * What a kind's drawing (the `draw.ts` of its folder) draws into: one layer of the stage view's
 * instanced batches (the world, or the placement ghost). Render layer.
 */
import type { BoxBatch, DiscBatch, StrokeBatch, TriBatch } from '../../render/batches';

export interface DrawLayer {
  boxes: BoxBatch;
  tris: TriBatch;
  strokes: StrokeBatch;
  discs: DiscBatch;
}
