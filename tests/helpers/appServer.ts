/**
 * The app served for a browser (the e2e suite and the browser benchmarks): a production build
 * under Vite's static preview server, or the dev server `npm start` runs, on a free port of
 * 127.0.0.1; and Debian's Chromium with software GL (no GPU here). No browser is ever downloaded.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer, preview } from 'vite';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const CONFIG = { root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'error' as const, clearScreen: false };

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** A production build of the app in a new temporary folder (the caller removes it: `removeBuild`). */
export async function buildApp(prefix: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  await build({ ...CONFIG, build: { outDir, emptyOutDir: true } });
  return outDir;
}

export function removeBuild(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
}

/** `outDir` (a `buildApp` folder) under Vite's static preview server. */
export async function serveBuild(outDir: string): Promise<ServedApp> {
  const server = await preview({ ...CONFIG, build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error('the Vite preview server did not report a URL');
  }
  return { url, close: () => server.close() };
}

/** The Vite dev server, as `npm start` runs it (no HMR, no file watching). */
export async function serveDev(): Promise<ServedApp> {
  const server = await createServer({ ...CONFIG, server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null } });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error('the Vite dev server did not report a URL');
  }
  return { url, close: () => server.close() };
}

/** Debian's Chromium, or a clear error naming what is missing (`who`: the suite or bench that needs it). */
export async function launchChromium(who: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${who} needs Chromium at ${CHROMIUM} (Debian package "chromium"); set CHROMIUM_PATH to use another binary. No browser is downloaded.`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
