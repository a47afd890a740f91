import { describe, it, expect } from 'vitest';
import {
  CENTER_PROBE_OFFSETS,
  FOOT_PROBE_OFFSETS,
  TERRAIN_PROBE_START_ABOVE,
  TERRAIN_SUPPORT_RANGE,
} from '../../../core/terrain/constants';
import { probeFan, probeSupportAround } from '../../../core/terrain/probeFan';
import { createTerrainIndex } from '../../../core/terrain/terrainIndex';

// Ground 0..2000 (top y=2000) with a gap 2000..2400, then stairs rising right from x=500.
const index = createTerrainIndex([
  { id: 'ground', shape: 'block', position: [1000, 2200], size: [2000, 400] },
  { id: 'far', shape: 'block', position: [3400, 2200], size: [2000, 400] },
  { id: 'stairs', shape: 'stairs', position: [750, 1950], size: [500, 100], steps: 5, rise: 'right' },
]);

describe('probe fan offsets', () => {
  it('are symmetric fans of 3 rays over ±12 px (foot) and 5 over ±24 px (centre)', () => {
    expect(FOOT_PROBE_OFFSETS).toEqual([-12, 0, 12]);
    expect(CENTER_PROBE_OFFSETS).toEqual([-24, -12, 0, 12, 24]);
    expect(TERRAIN_PROBE_START_ABOVE).toBeGreaterThan(TERRAIN_SUPPORT_RANGE);
  });
});

describe('probeFan', () => {
  it('on flat ground every ray hits and the support is the ground', () => {
    const s = probeFan(index, 1500, 1900, CENTER_PROBE_OFFSETS, 500);
    expect(s).toMatchObject({ point: [1476, 2000], normal: [0, -1], distance: 100, terrainId: 'ground', hitCount: 5 });
    expect(s!.offset).toBe(-24); // all equal: the first ray wins the tie
  });

  it('takes the HIGHEST support: a foot just before a riser stands on the step', () => {
    // Step 0 spans x 500..600 (top 1980), step 1 spans 600..700 (top 1960).
    const s = probeFan(index, 595, 1800, FOOT_PROBE_OFFSETS, 500);
    expect(s?.point[1]).toBe(1960);
    expect(s?.offset).toBe(12);
    expect(s?.hitCount).toBe(3);
  });

  it('counts only rays that hit at a ledge', () => {
    const s = probeFan(index, 2010, 1900, CENTER_PROBE_OFFSETS, 500);
    expect(s?.hitCount).toBe(2); // x = 1986 and 1998 hit; 2010, 2022, 2034 are over the gap
    expect(s?.point).toEqual([1986, 2000]);
  });

  it('returns null when no ray finds support', () => {
    expect(probeFan(index, 2200, 1900, CENTER_PROBE_OFFSETS, 500)).toBeNull();
    expect(probeFan(index, 1500, 1900, CENTER_PROBE_OFFSETS, 50)).toBeNull();
  });
});

describe('probeSupportAround', () => {
  it('finds a surface up to TERRAIN_PROBE_START_ABOVE above and TERRAIN_SUPPORT_RANGE below the expected y', () => {
    expect(probeSupportAround(index, 1500, 2000, FOOT_PROBE_OFFSETS)?.point[1]).toBe(2000);
    expect(probeSupportAround(index, 1500, 2000 - TERRAIN_SUPPORT_RANGE, FOOT_PROBE_OFFSETS)?.point[1]).toBe(2000);
    expect(probeSupportAround(index, 1500, 2000 - TERRAIN_SUPPORT_RANGE - 1, FOOT_PROBE_OFFSETS)).toBeNull();
    expect(probeSupportAround(index, 1500, 2000 + TERRAIN_PROBE_START_ABOVE, FOOT_PROBE_OFFSETS)?.point[1]).toBe(2000);
    expect(probeSupportAround(index, 1500, 2000 + TERRAIN_PROBE_START_ABOVE + 1, FOOT_PROBE_OFFSETS)).toBeNull();
  });
});
