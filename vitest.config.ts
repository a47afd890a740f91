import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
