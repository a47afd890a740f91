/**
 * `npm run bench:take:browser`: takes in headless Chromium (issue 14), on the production bundle
 * (vite build + preview; `--dev` uses the dev server). Records a 60 s take of the demo in the app
 * (PLAY, a grab, frame steps to 60 s), then measures: seeking to random ticks (the transport's
 * own path: sliced re-simulation, until the frame is shown) and to the end from the start; the
 * export speed of the demo at 1280 × 720 (WebM/VP9, 30 fps, 10 s of take) and of a GIF at
 * 640 × 360, 15 fps; and the take's memory per minute (no keyframes: commands only).
 * Prints one JSON document on stdout; never asserts. Chromium is Debian's; none is downloaded.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer, preview } from 'vite';
import { chromium, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const TAKE_TICKS = 3600;
const SEEKS = 20;

const log = (m: string) => process.stderr.write(`${m}\n`);

async function serveApp(dev: boolean): Promise<{ url: string; close(): Promise<void> }> {
  const configFile = resolve(ROOT, 'vite.config.ts');
  if (dev) {
    const server = await createServer({ root: ROOT, configFile, logLevel: 'error', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null }, clearScreen: false });
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('the Vite dev server did not report a URL');
    return { url, close: () => server.close() };
  }
  const outDir = mkdtempSync(join(tmpdir(), 'stickman-take-bench-'));
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

async function recordTake(page: Page) {
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.controller.tick > 60);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__stage!.mode().paused);
  return page.evaluate((ticks) => {
    const c = window.__stage!.controller;
    const box = c.currentRuntime!.propState('box-1')!.position;
    c.grabStart('box-1', [box[0], box[1]]);
    for (let i = 1; i <= 40; i += 1) {
      c.grabMove([box[0] + 5 * i, box[1] - 5 * i]);
      c.stepFrame();
    }
    c.grabEnd();
    const t0 = performance.now();
    while (c.tick < ticks) c.stepFrame();
    return { record_ms: performance.now() - t0 };
  }, TAKE_TICKS);
}

/** One transport seek (sliced, one slice per frame) and its time until the frame is on stage. */
async function uiSeek(page: Page, tick: number): Promise<number> {
  return page.evaluate(
    (t) =>
      new Promise<number>((resolve) => {
        const studio = window.__stage!.takes;
        const t0 = performance.now();
        studio.seekTo(t);
        const poll = () => {
          if (studio.seekTarget() === null) resolve(performance.now() - t0);
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    tick,
  );
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { count: s.length, min: +s[0].toFixed(1), median: +s[Math.floor(s.length / 2)].toFixed(1), max: +s[s.length - 1].toFixed(1) };
};

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`needs Chromium at ${CHROMIUM}`);
  const app = await serveApp(process.argv.includes('--dev'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    // tsx names the functions it compiles with an `__name` helper the page does not have.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(app.url);
    await page.waitForFunction(() => !!window.__stage && window.__stage.physicsReady() && !!window.__stage.stageToScreen([0, 0]), null, { timeout: 60_000 });
    log('recording a 60 s take');
    const recorded = await recordTake(page);
    // Warm-up seeks (the first re-simulation compiles the step code).
    await uiSeek(page, 0);
    await uiSeek(page, TAKE_TICKS);
    await uiSeek(page, 0);
    const startToEnd = await uiSeek(page, TAKE_TICKS);
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const seeks: number[] = [];
    for (let i = 0; i < SEEKS; i += 1) seeks.push(await uiSeek(page, Math.floor(random() * TAKE_TICKS)));
    const direct = await page.evaluate((ticks) => {
      const s = window.__stage!.takes.session;
      s.seek(0);
      const t0 = performance.now();
      s.seek(ticks);
      return performance.now() - t0;
    }, TAKE_TICKS);
    const memory = await page.evaluate(() => {
      const tape = window.__stage!.takes.session.tape!;
      return { tape_bytes: tape.memoryBytes, tape_bytes_per_minute: Math.round(tape.memoryBytes / (tape.length / 3600)), commands: tape.commandCount };
    });
    log('exporting');
    // A 10 s take of the demo to export: RESET starts a new take, frame steps to 10 s.
    await page.keyboard.press('r');
    await page.waitForFunction(() => window.__stage!.takes.session.length === 0);
    await page.evaluate(() => {
      const c = window.__stage!.controller;
      while (c.tick < 600) c.stepFrame();
    });
    const exportRun = async (format: string, fps: string, size: string) => {
      if (!(await page.locator('[data-testid="export-panel"]').isVisible())) await page.click('[data-testid="take-export"]');
      await page.selectOption('[data-testid="export-format"]', format);
      await page.selectOption('[data-testid="export-fps"]', fps);
      await page.selectOption('[data-testid="export-size"]', size);
      await page.click('[data-testid="export-start"]');
      await page.waitForFunction((f) => (document.querySelector('[data-testid="export-status"]')?.textContent ?? '').includes(`.${f}:`), format, { timeout: 600_000 });
      const status = (await page.textContent('[data-testid="export-status"]')) ?? '';
      const m = /: (\d+) frames, (\d+) KB \(([\d.]+) frames\/s\)/.exec(status);
      return m ? { frames: Number(m[1]), kilobytes: Number(m[2]), frames_per_second: Number(m[3]) } : { status };
    };
    const webm = await exportRun('webm', '30', '1280x720');
    const gif = await exportRun('gif', '15', '640x360');
    const result = {
      take: { seconds: TAKE_TICKS / 60, record_ms: +recorded.record_ms.toFixed(0) },
      seek_ms: { start_to_end_transport: +startToEnd.toFixed(1), start_to_end_direct: +direct.toFixed(1), random_tick_transport: stats(seeks) },
      export_demo_10s: { webm_vp9_1280x720_30fps: webm, gif_640x360_15fps: gif },
      memory: { keyframes: 'none (seeks re-simulate from t = 0)', ...memory },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

void main();
