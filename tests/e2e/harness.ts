/**
 * e2e harness: the app served in-process on a free port — the build of this run (./buildOnce) by
 * Vite's static preview server, or the dev server `npm start` runs — and Debian's Chromium driven
 * by playwright-core (../helpers/appServer). Never downloads a browser.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, ROOT, serveBuild, serveDev, type ServedApp } from '../helpers/appServer';

export { ROOT };
export const ARTIFACTS = resolve(ROOT, 'artifacts/e2e');

export interface Harness {
  browser: Browser;
  url: string;
  close(): Promise<void>;
}

/** What serves the app: the run's build (the default) or the dev server of `npm start`. */
export type Served = 'build' | 'dev';

function serveApp(served: Served): Promise<ServedApp> {
  if (served === 'dev') return serveDev();
  const outDir = inject('e2eBuildDir');
  if (!outDir) throw new Error('no app build to serve: the e2e project builds it in its global setup (tests/e2e/buildOnce.ts)');
  return serveBuild(outDir);
}

export async function startHarness(served: Served = 'build'): Promise<Harness> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const server = await serveApp(served);
  let browser: Browser;
  try {
    browser = await launchChromium('the e2e tests');
  } catch (e) {
    await server.close();
    throw e;
  }
  return {
    browser,
    url: server.url,
    async close() {
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}

/** The harness of one test file: started before its tests, closed after them. */
export interface FileHarness {
  /** The running harness (only inside tests and hooks). */
  readonly h: Harness;
  /** `withApp` on this file's harness. */
  withApp<T>(fn: (app: AppPage) => Promise<T>, query?: string): Promise<T>;
}

/** Starts a harness for the calling test file (beforeAll) and closes it afterwards (afterAll). */
export function useHarness(served: Served = 'build'): FileHarness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness(served);
  });
  afterAll(async () => {
    await started?.close();
  });
  const h = (): Harness => {
    if (!started) throw new Error('the e2e harness is used before beforeAll started it');
    return started;
  };
  return {
    get h() {
      return h();
    },
    withApp: (fn, query = '') => withApp(h(), fn, query),
  };
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * Runs `fn` on a fresh app page and closes it. On failure the error says what the page showed
 * (notices, mode, tick, queues and rules, page errors) and a screenshot is saved.
 */
export async function withApp<T>(h: Harness, fn: (app: AppPage) => Promise<T>, query = ''): Promise<T> {
  const app = await openApp(h, query);
  try {
    return await fn(app);
  } catch (e) {
    const state = await app.page
      .evaluate(() => ({
        notices: [...document.querySelectorAll('.notice')].map((n) => n.textContent),
        mode: window.__stage?.mode(),
        tick: window.__stage?.frame().tick,
        queues: window.__stage?.controller.document.queues,
        rules: window.__stage?.controller.document.rules,
      }))
      .catch(() => null);
    await screenshot(app.page, `failure-${Date.now()}`).catch(() => undefined);
    (e as Error).message += `\npage state: ${JSON.stringify(state)}\npage errors: ${JSON.stringify(app.errors)}`;
    throw e;
  } finally {
    await app.context.close();
  }
}

/** A fresh context (empty localStorage) at 1280×800 with the app loaded and idle. */
export async function openApp(h: Harness, query = ''): Promise<AppPage> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // The dev server's first page of a file makes it transform the whole app: on a busy machine that takes longer than the default 30 s.
  await page.goto(h.url + query, { timeout: 120_000 });
  await waitForApp(page);
  return { context, page, errors };
}

export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => !!window.__stage && window.__stage.physicsReady() && !!window.__stage.stageToScreen([0, 0]), null, { timeout: 30_000 });
  // Two frames so the canvas has been drawn.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** A stickman's torso midpoint on the page (where a click picks that stickman). */
export async function rigPoint(page: Page, id: string): Promise<[number, number]> {
  const p = await page.evaluate((rid) => {
    const rig = window.__stage!.frame().rigs.find((r) => r.id === rid)!;
    const torso = rig.parts.find((x) => x.name === 'torso') ?? rig.parts[0];
    return [(torso.start[0] + torso.end[0]) / 2, (torso.start[1] + torso.end[1]) / 2] as [number, number];
  }, id);
  return stageToPage(page, p);
}

export async function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`) });
}

/**
 * Decodes a screenshot in the page and keeps its RGBA bytes as `window.__pixels`, for the next
 * `page.evaluate` to scan (a whole canvas is too big to send back to Node as numbers).
 */
export async function loadPixels(page: Page, png: Buffer): Promise<void> {
  await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    (window as unknown as { __pixels: Uint8ClampedArray }).__pixels = ctx.getImageData(0, 0, c.width, c.height).data;
  }, png.toString('base64'));
}

/** Mean and variance of the luminance of the stage canvas, from a screenshot of its element. */
export async function canvasStats(page: Page, name?: string): Promise<{ mean: number; variance: number; distinct: number }> {
  const canvas = page.locator('[data-testid="stage-canvas"]');
  await loadPixels(page, await canvas.screenshot(name ? { path: resolve(ARTIFACTS, `${name}.png`) } : {}));
  return page.evaluate(() => {
    const d = (window as unknown as { __pixels: Uint8ClampedArray }).__pixels;
    let sum = 0;
    let sq = 0;
    const colors = new Set<number>();
    const n = d.length / 4;
    for (let i = 0; i < d.length; i += 4) {
      const l = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      sum += l;
      sq += l * l;
      if (i % 64 === 0) colors.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    }
    const mean = sum / n;
    return { mean, variance: sq / n - mean * mean, distinct: colors.size };
  });
}

/** RGB at a CSS point of the page (from a screenshot of a small clip). */
export async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  await loadPixels(page, await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } }));
  return page.evaluate(() => {
    const d = (window as unknown as { __pixels: Uint8ClampedArray }).__pixels;
    return [d[0], d[1], d[2]] as [number, number, number];
  });
}

/** Waits for two animation frames: whatever the last input changed has been drawn. */
export const nextFrames = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Zooms the view about a stage point with the mouse wheel (as a director would). */
export async function zoomAt(page: Page, p: [number, number], deltaY: number): Promise<void> {
  const [x, y] = await stageToPage(page, p);
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, deltaY);
  await nextFrames(page);
}

/**
 * Pauses the stage on the very step `body` returns true (so a slow browser cannot overshoot the
 * moment), then waits until that frame is drawn. `body` is a function body over `runtime` (the
 * StageRuntime) and `memo` (an object kept between steps). `start` (e.g. a click on play) runs
 * once the watch is in place, so no step it sets off goes unseen however slow the page is.
 */
export async function pauseWhen(page: Page, body: string, timeout = 30_000, start?: () => Promise<void>): Promise<void> {
  await page.evaluate(
    ([src, ms]) => {
      const w = window as unknown as { __pauseWhen: Promise<void> };
      w.__pauseWhen = new Promise<void>((resolve, reject) => {
        const test = new Function('runtime', 'memo', src) as (runtime: unknown, memo: Record<string, unknown>) => boolean;
        const memo = {};
        const c = window.__stage!.controller;
        const sub = c.tick$.subscribe(() => {
          if (!test(c.currentRuntime, memo)) return;
          sub.unsubscribe();
          clearTimeout(timer);
          c.send({ type: 'ui.pause' });
          resolve();
        });
        const timer = setTimeout(() => {
          sub.unsubscribe();
          reject(new Error(`never true: ${src}`));
        }, ms);
      });
    },
    [body, timeout] as const,
  );
  if (start) await start();
  await page.evaluate(() => (window as unknown as { __pauseWhen: Promise<void> }).__pauseWhen);
  await page.waitForFunction(() => window.__stage!.mode().paused);
  await nextFrames(page);
}

/** Page coordinates of a stage point. */
export async function stageToPage(page: Page, p: [number, number]): Promise<[number, number]> {
  const box = await page.locator('[data-testid="stage-canvas"]').boundingBox();
  const s = await page.evaluate((q) => window.__stage!.stageToScreen(q), p);
  if (!box || !s) throw new Error('stage canvas not ready');
  return [box.x + s[0], box.y + s[1]];
}

export async function objects(page: Page) {
  return page.evaluate(() => window.__stage!.objects());
}

/** Waits until the simulation has advanced at least `ticks` steps past `from`. */
export async function waitTicks(page: Page, ticks: number, from = 0): Promise<number> {
  await page.waitForFunction((t) => window.__stage!.frame().tick >= t, from + ticks, { timeout: 30_000 });
  return page.evaluate(() => window.__stage!.frame().tick);
}
