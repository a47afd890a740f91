/**
 * Seeded property suites over generated scenes, takes and prop assets (issue 24; see
 * tests/helpers/inputFuzz.ts): refused with JSON paths, or they play 120 steps cleanly. A short run
 * here; the slow suite runs longer (tests/slow/inputFuzz.test.ts). On a failure fast-check prints
 * the seed and path: replay with FUZZ_SEED=… FUZZ_RUNS=….
 */
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { fuzzParameters } from '../helpers/fuzzSeed';
import { propAssetProperty, sceneProperty, takeProperty } from '../helpers/inputFuzz';

beforeAll(async () => {
  await initPhysics();
});

describe('input fuzz (short run)', () => {
  it('generated scenes: refused with paths, or they play 120 steps', () => {
    fc.assert(sceneProperty(), fuzzParameters(12));
  });

  it('generated prop assets: refused with paths, or a scene using them plays 120 steps', () => {
    fc.assert(propAssetProperty(), fuzzParameters(12));
  });

  it('generated takes: refused with paths, or they replay to their end', async () => {
    await fc.assert(takeProperty(), fuzzParameters(8));
  });
});
