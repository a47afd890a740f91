/** Shared test fixtures for terrain probing: a deterministic PRNG and a mixed scene. */
import type { TerrainInput } from '../../../core/geometry/terrainShapes';

/** mulberry32: tiny seeded PRNG so "random" rays are identical on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ground with a gap, ramps both ways, stairs both ways, rotated and floating blocks, a polygon. */
export const MIXED_SCENE: TerrainInput[] = [
  { id: 'ground-a', shape: 'block', position: [1000, 2200], size: [2000, 400] },
  { id: 'ground-b', shape: 'block', position: [3400, 2200], size: [2400, 400] },
  { id: 'ramp-r', shape: 'ramp', position: [500, 1900], size: [600, 200], rise: 'right' },
  { id: 'ramp-l', shape: 'ramp', position: [1300, 1925], size: [400, 150], rise: 'left' },
  { id: 'ramp-steep', shape: 'ramp', position: [1750, 1900], size: [100, 200], rise: 'right' },
  { id: 'stairs-r', shape: 'stairs', position: [2600, 1900], size: [500, 200], steps: 5, rise: 'right' },
  { id: 'stairs-l', shape: 'stairs', position: [3300, 1880], size: [420, 240], steps: 7, rise: 'left', rotation: 0.2 },
  { id: 'rot-1', shape: 'block', position: [900, 1600], size: [300, 40], rotation: 0.35 },
  { id: 'rot-2', shape: 'block', position: [3900, 1750], size: [200, 200], rotation: Math.PI / 4 },
  { id: 'rot-3', shape: 'block', position: [2200, 1500], size: [260, 60], rotation: -1.1 },
  { id: 'float', shape: 'block', position: [4200, 1500], size: [300, 100] },
  { id: 'poly', shape: 'polygon', position: [4500, 2000], points: [[-80, 0], [0, -90], [120, -40], [100, 0]] },
];
