/**
 * `npm run bench:take:browser`: takes in headless Chromium (issue 14), on the production bundle
 * (vite build + preview; `--dev` uses the dev server). Records a 60 s take of the demo in the app
 * (PLAY, a grab, frame steps to 60 s), then measures: seeking to random ticks (the transport's
 * own path: the nearest keyframe restored, then sliced re-simulation, until the frame is shown)
 * and to the end from the start, with keyframes and without; the same on a busy scene (10 walking
 * stickmen among 50 props, and 50 among 200); the export speed of the demo at 1280 × 720
 * (WebM/VP9, 30 fps, 10 s of take) and of a GIF at 640 × 360, 15 fps; and the take's memory per
 * minute (keyframes and commands).
 * Prints one JSON document on stdout; never asserts. Chromium is Debian's; none is downloaded.
 */
import type { Page } from 'playwright-core';
import { launchChromium, serveApp } from './benchApp';
import { walkingSceneText } from './benchScenes';

const TAKE_TICKS = 3600;
const SEEKS = 20;

const log = (m: string) => process.stderr.write(`${m}\n`);

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

/** Seeks to `count` pseudo-random ticks through the transport; `keyframes` false makes them re-simulate. */
async function randomSeeks(page: Page, count: number, keyframes: boolean) {
  await page.evaluate((on) => {
    window.__stage!.takes.session.keyframesEnabled = on;
  }, keyframes);
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  await uiSeek(page, 0);
  const startToEnd = await uiSeek(page, TAKE_TICKS);
  const seeks: number[] = [];
  for (let i = 0; i < count; i += 1) seeks.push(await uiSeek(page, Math.floor(random() * TAKE_TICKS)));
  await page.evaluate(() => {
    window.__stage!.takes.session.keyframesEnabled = true;
  });
  return { start_to_end: +startToEnd.toFixed(1), random_tick: stats(seeks) };
}

const keyframeMemory = (page: Page) =>
  page.evaluate(() => {
    const k = window.__stage!.takes.session.keyframes;
    const minutes = window.__stage!.takes.session.length / 3600;
    return { count: k.count, interval_ticks: k.interval, bytes_per_minute: Math.round(k.memoryBytes / minutes) };
  });

/** A busy scene: opened, recorded for 60 s by frame steps, seeked with and without keyframes. */
async function busyScene(page: Page, stickmen: number, props: number) {
  await page.keyboard.press('Escape');
  await page.click('[data-testid="mode-edit"]');
  const text = walkingSceneText(stickmen, props);
  await page.setInputFiles('[data-testid="open-input"]', { name: `walkers-${stickmen}x${props}.scene.json`, mimeType: 'application/json', buffer: Buffer.from(text) });
  const expected = (JSON.parse(text) as { objects: unknown[] }).objects.length;
  await page.waitForFunction((n) => window.__stage!.objects().length === n, expected, { timeout: 30_000 });
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__stage!.mode().paused);
  const recordMs = await page.evaluate((ticks) => {
    const c = window.__stage!.controller;
    const t0 = performance.now();
    while (c.tick < ticks) c.stepFrame();
    return performance.now() - t0;
  }, TAKE_TICKS);
  const memory = await keyframeMemory(page);
  const withKeyframes = await randomSeeks(page, 10, true);
  const withoutKeyframes = await randomSeeks(page, 5, false);
  return { record_ms: +recordMs.toFixed(0), step_ms: +(recordMs / TAKE_TICKS).toFixed(3), with_keyframes: withKeyframes, without_keyframes: withoutKeyframes, keyframes: memory };
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { count: s.length, min: +s[0].toFixed(1), median: +s[Math.floor(s.length / 2)].toFixed(1), max: +s[s.length - 1].toFixed(1) };
};

async function main() {
  const app = await serveApp(process.argv.includes('--dev'), log);
  const browser = await launchChromium('bench:take:browser');
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
    const withKeyframes = await randomSeeks(page, SEEKS, true);
    const withoutKeyframes = await randomSeeks(page, SEEKS, false);
    const keyframes = await keyframeMemory(page);
    const direct = await page.evaluate((ticks) => {
      const s = window.__stage!.takes.session;
      s.keyframesEnabled = false;
      s.seek(0);
      const t0 = performance.now();
      s.seek(ticks);
      const ms = performance.now() - t0;
      s.keyframesEnabled = true;
      return ms;
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
    log('busy scenes');
    const busy10 = await busyScene(page, 10, 50);
    const busy50 = await busyScene(page, 50, 200);
    const result = {
      take: { seconds: TAKE_TICKS / 60, record_ms: +recorded.record_ms.toFixed(0) },
      seek_ms: { transport_with_keyframes: withKeyframes, transport_without_keyframes: withoutKeyframes, start_to_end_direct_without_keyframes: +direct.toFixed(1) },
      busy_60s_takes: { walkers_10x50: busy10, walkers_50x200: busy50 },
      export_demo_10s: { webm_vp9_1280x720_30fps: webm, gif_640x360_15fps: gif },
      memory: { keyframes, ...memory },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

void main();
