/**
 * What the browser benchmarks share: the app served (the production bundle by default, the dev
 * server with `--dev`) and Debian's Chromium launched on it. No browser is ever downloaded.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer, preview } from 'vite';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** Serves the app (`dev`: the Vite dev server; else a fresh production build under vite preview). */
export async function serveApp(dev: boolean, log: (message: string) => void): Promise<ServedApp> {
  const configFile = resolve(ROOT, 'vite.config.ts');
  if (dev) {
    const server = await createServer({ root: ROOT, configFile, logLevel: 'error', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null }, clearScreen: false });
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('the Vite dev server did not report a URL');
    return { url, close: () => server.close() };
  }
  const outDir = mkdtempSync(join(tmpdir(), 'stickman-bench-'));
  log(`building into ${outDir}`);
  await build({ root: ROOT, configFile, logLevel: 'error', build: { outDir, emptyOutDir: true }, clearScreen: false });
  const server = await preview({ root: ROOT, configFile, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  return {
    url,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium with software GL (no GPU here), or a clear error naming what is missing. */
export async function launchChromium(bench: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${bench} needs Chromium at ${CHROMIUM} (Debian package "chromium"); set CHROMIUM_PATH to use another binary. No browser is downloaded.`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
