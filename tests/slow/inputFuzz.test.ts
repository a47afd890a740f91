/**
 * The input fuzz of tests/integration/inputFuzz.test.ts, longer (issue 24): hundreds of generated
 * scenes, prop assets and takes from the same fixed seed. `npm run test:slow`; FUZZ_SEED and
 * FUZZ_RUNS override seed and length.
 */
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { fuzzParameters } from '../helpers/fuzzSeed';
import { propAssetProperty, sceneProperty, takeProperty } from '../helpers/inputFuzz';

beforeAll(async () => {
  await initPhysics();
});

describe('input fuzz (long run)', () => {
  it('generated scenes', () => {
    fc.assert(sceneProperty(), fuzzParameters(150));
  });

  it('generated prop assets', () => {
    fc.assert(propAssetProperty(), fuzzParameters(100));
  });

  it('generated takes', async () => {
    await fc.assert(takeProperty(), fuzzParameters(80));
  });
});
