/**
 * Seeds and run counts for the property suites. Every suite runs from a fixed default seed, so
 * `npm test` is the same run every time; fast-check prints the seed (and the path to shrink to) on
 * a failure, and FUZZ_SEED / FUZZ_RUNS replay or lengthen a run:
 * `FUZZ_SEED=123 FUZZ_RUNS=5000 npx vitest run tests/integration/polygonColliders.test.ts`.
 */
export const FUZZ_DEFAULT_SEED = 20_241_124;

export function fuzzParameters(defaultRuns: number): { seed: number; numRuns: number } {
  const seed = process.env.FUZZ_SEED === undefined ? FUZZ_DEFAULT_SEED : Number(process.env.FUZZ_SEED);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(process.env.FUZZ_SEED)}`);
  const numRuns = Number(process.env.FUZZ_RUNS) || defaultRuns;
  return { seed, numRuns };
}
