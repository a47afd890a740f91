/**
 * The e2e project's global setup: the app is built once (`vite build`, a few seconds) into a
 * temporary folder that every test file's harness serves statically. A built page loads in about
 * 0.7 s where the dev server takes 1.7 s (3.4 s for a file's first page, which makes it transform
 * the whole app), and the suite loads the app about a hundred times. The dev server that
 * `npm start` runs keeps its own test file (tests/e2e/devServer.test.ts).
 */
import type { TestProject } from 'vitest/node';
import { buildApp, removeBuild } from '../helpers/appServer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the app was built into for this run. */
    e2eBuildDir: string;
  }
}

export default async function buildOnce(project: TestProject): Promise<() => void> {
  const outDir = await buildApp('stickman-e2e-');
  project.provide('e2eBuildDir', outDir);
  return () => removeBuild(outDir);
}
