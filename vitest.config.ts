import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free (a single worker on CI's two cores, which ran
    // the node suite at about 1.2 cores: 158 s against 96 s with both).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/golden/**/*.test.ts'],
          testTimeout: 60_000,
          // Suites that play a whole performance in beforeAll (take scrubbing, keyframes) need more than 10 s on a busy machine.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Tests that measure the real heap or run scenes at the loader's limits: `npm run test:slow`, also run by CI.
          name: 'slow',
          environment: 'node',
          include: ['tests/slow/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // The app is built once for the run and each file serves that build (tests/e2e/buildOnce.ts).
          globalSetup: ['tests/e2e/buildOnce.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files run side by side (one per core), each with its own server and browser: most of a
          // browser test is waiting for the stage to play in real time (on the dev server: 377 s one
          // file at a time, 289 s two at once on two cores, three at once no better; on the build, 182 s).
        },
      },
    ],
  },
});
