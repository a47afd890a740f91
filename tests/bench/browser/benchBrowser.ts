/**
 * `npm run bench:browser`: frame rate and simulation rate of the real app in headless Chromium
 * (DESIGN.md §6b), with the timeline tab shown and hidden. Measures; never asserts.
 *
 * Builds the app with Vite into a temporary directory and serves it with `vite preview` (the
 * production bundle: Solid's dev checks would distort the numbers); `--dev` uses the dev server
 * instead, which starts faster. Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH); no
 * browser is ever downloaded.
 *
 * Scenes: the demo the app opens with, then generated walking scenes (10 stickmen + 50 props,
 * 50 stickmen + 200 props) opened through the toolbar's file input, as a user would. For each:
 * PLAY, a warm-up, then windows with the timeline tab shown and the rules tab shown (the timeline
 * hidden) in the order shown, hidden, hidden, shown, averaged per side. fps counts
 * requestAnimationFrame callbacks; steps_per_s is the simulation tick advance per wall second
 * (60 is real time).
 *
 * Statecharts budget (issue 13): in the 50 stickmen + 200 props scene, PLAY with the Statecharts
 * panel shown (charting a busy actor, its context tree open) against the panel closed (the rules
 * tab shown), in ABBA order twice; the panel should stay within 10% of closed.
 *
 * Every panel open (issue 20): in the same scene, PLAY with the Statecharts panel beside the
 * timeline (charting `rig:s0/actionRunner`) and s0 selected, so its live queue panel shows,
 * against the bare stage (nothing selected, panels side by side off, the rules tab shown), ABBA
 * twice. Targets: at least 57 steps/s with every panel open, and at least 0.9× the bare fps.
 *
 * `--profile` also logs, per window on stderr, the main thread's milliseconds per frame spent in
 * script, style, layout and tasks overall (Chrome's Performance metrics), to see where a frame goes.
 *
 * Prints ONE JSON document on stdout:
 * {"scenes":[{"name","stickmen","props","timeline_shown":{"fps","steps_per_s"},"timeline_hidden":{"fps","steps_per_s"}}],
 *  "statecharts":{"scene","actor","panel_open":{"fps","steps_per_s"},"panel_closed":{…},"fps_ratio"},
 *  "all_panels":{"scene","actor","selected","open":{…},"bare":{…},"fps_ratio","targets":{name:{measured,target,met}}}}
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium, serveApp } from './benchApp';
import { walkingSceneText } from './benchScenes';

/** The flags the issue prescribes, plus SwiftShader so WebGL works with the GPU disabled. */
const WARMUP_MS = 1500;
const WINDOW_MS = 3000;
const SETTLE_MS = 400;

interface Rate {
  fps: number;
  steps_per_s: number;
}

interface SceneResult {
  name: string;
  stickmen: number;
  props: number;
  timeline_shown: Rate;
  timeline_hidden: Rate;
}

const log = (msg: string) => process.stderr.write(`[bench:browser] ${msg}\n`);
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Counts animation frames and simulation ticks over `ms` of wall time, in the page. Sent as
 * source text: tsx's transform would wrap named functions in a helper the page does not have.
 */
const MEASURE_SOURCE = `(duration) => new Promise((done) => {
  const t0 = performance.now();
  const tick0 = window.__stage.frame().tick;
  let frames = 0;
  const onFrame = (now) => {
    frames += 1;
    const elapsed = now - t0;
    if (elapsed < duration) return void requestAnimationFrame(onFrame);
    const ticks = window.__stage.frame().tick - tick0;
    done({ fps: (frames * 1000) / elapsed, steps_per_s: (ticks * 1000) / elapsed });
  };
  requestAnimationFrame(onFrame);
})`;

const PROFILED = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'] as const;
let profiler: CDPSession | null = null;

async function profileMetrics(): Promise<Record<string, number>> {
  const { metrics } = (await profiler!.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

async function measure(page: Page, ms: number, label: string): Promise<Rate> {
  const before = profiler ? await profileMetrics() : null;
  const rate = (await page.evaluate(`(${MEASURE_SOURCE})(${ms})`)) as Rate;
  if (before) {
    const after = await profileMetrics();
    const frames = (rate.fps * ms) / 1000;
    const perFrame = PROFILED.map((k) => `${k.replace('Duration', '').toLowerCase()} ${(((after[k] - before[k]) * 1000) / frames).toFixed(2)}`);
    log(`  ${label}: ${rate.fps.toFixed(1)} fps; ms per frame: ${perFrame.join(', ')}`);
  }
  return rate;
}

const pause = (page: Page, ms: number) => page.evaluate((d) => new Promise((r) => setTimeout(r, d)), ms);

async function showTab(page: Page, tab: 'timeline' | 'rules' | 'statecharts'): Promise<void> {
  await page.click(`[data-testid="tab-${tab}"]`);
  await pause(page, SETTLE_MS);
}

const mean = (rates: Rate[]): Rate => ({
  fps: round1(rates.reduce((s, r) => s + r.fps, 0) / rates.length),
  steps_per_s: round1(rates.reduce((s, r) => s + r.steps_per_s, 0) / rates.length),
});

async function openScene(page: Page, name: string, sceneText: string): Promise<void> {
  await page.setInputFiles('[data-testid="open-input"]', { name: `${name}.scene.json`, mimeType: 'application/json', buffer: Buffer.from(sceneText) });
  const expected = (JSON.parse(sceneText) as { objects: unknown[] }).objects.length;
  await page.waitForFunction((n) => window.__stage!.objects().length === n, expected, { timeout: 30_000 });
}

async function runScene(page: Page, name: string, stickmen: number, props: number, sceneText: string | null): Promise<SceneResult> {
  if (sceneText !== null) await openScene(page, name, sceneText);
  const counts = await page.evaluate(() => {
    const objs = window.__stage!.objects();
    return { stickmen: objs.filter((o) => o.kind === 'stickman').length, props: objs.filter((o) => o.kind === 'prop').length };
  });
  if (counts.stickmen !== stickmen || counts.props !== props) throw new Error(`${name}: expected ${stickmen} stickmen + ${props} props on stage, found ${JSON.stringify(counts)}`);
  await showTab(page, 'timeline');
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY' && !window.__stage!.mode().paused, null, { timeout: 30_000 });
  await pause(page, WARMUP_MS);
  const shown: Rate[] = [];
  const hidden: Rate[] = [];
  // Shown, hidden, hidden, shown: the run's busy start (props falling, rigs landing) and its
  // calmer later seconds weigh on both sides alike.
  for (const shownNow of [true, false, false, true]) {
    await showTab(page, shownNow ? 'timeline' : 'rules');
    const rate = await measure(page, WINDOW_MS, `${name} timeline ${shownNow ? 'shown' : 'hidden'}`);
    (shownNow ? shown : hidden).push(rate);
  }
  await page.click('[data-testid="mode-edit"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT', null, { timeout: 30_000 });
  const result = { name, stickmen, props, timeline_shown: mean(shown), timeline_hidden: mean(hidden) };
  log(`${name}: shown ${JSON.stringify(result.timeline_shown)} hidden ${JSON.stringify(result.timeline_hidden)}`);
  return result;
}

interface StatechartResult {
  scene: string;
  actor: string;
  panel_open: Rate;
  panel_closed: Rate;
  /** panel_open fps / panel_closed fps (the budget: at least 0.9). */
  fps_ratio: number;
}

/** The scene on stage (the last one run) in PLAY, the Statecharts panel open on `actor` vs closed. */
async function runStatecharts(page: Page, scene: string, actor: string): Promise<StatechartResult> {
  await showTab(page, 'statecharts');
  await page.selectOption('select[data-testid="statechart-actor"]', actor);
  await page.locator('[data-state="running.lane.idle"]').waitFor({ timeout: 30_000 });
  await page.click('.sc-section > summary:has-text("Context")');
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY' && !window.__stage!.mode().paused, null, { timeout: 30_000 });
  await pause(page, WARMUP_MS);
  const open: Rate[] = [];
  const closed: Rate[] = [];
  // Twice ABBA: this compares two cheap configurations, so it needs more windows than the rest.
  for (const openNow of [true, false, false, true, false, true, true, false]) {
    await showTab(page, openNow ? 'statecharts' : 'rules');
    (openNow ? open : closed).push(await measure(page, WINDOW_MS, `${scene} statecharts ${openNow ? 'open' : 'closed'}`));
  }
  await page.click('[data-testid="mode-edit"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT', null, { timeout: 30_000 });
  const panel_open = mean(open);
  const panel_closed = mean(closed);
  const result = { scene, actor, panel_open, panel_closed, fps_ratio: Math.round((panel_open.fps / panel_closed.fps) * 1000) / 1000 };
  log(`${scene} statecharts: open ${JSON.stringify(panel_open)} closed ${JSON.stringify(panel_closed)} ratio ${result.fps_ratio}`);
  return result;
}

interface Target {
  measured: number;
  target: string;
  met: boolean;
}

interface AllPanelsResult {
  scene: string;
  actor: string;
  selected: string;
  open: Rate;
  bare: Rate;
  /** open fps / bare fps. */
  fps_ratio: number;
  targets: Record<'steps_per_s_all_panels_open' | 'fps_ratio_vs_bare', Target>;
}

const besideOn = (page: Page) => page.locator('[data-testid="statecharts-beside"]').getAttribute('aria-pressed').then((v) => v === 'true');

async function setBeside(page: Page, on: boolean): Promise<void> {
  if ((await besideOn(page)) !== on) await page.click('[data-testid="statecharts-beside"]');
  await pause(page, SETTLE_MS);
}

/** The scene on stage in PLAY with the timeline, a chart beside it and a stickman's queue panel, vs the bare stage. */
async function runAllPanels(page: Page, scene: string, rig: string): Promise<AllPanelsResult> {
  const actor = `rig:${rig}/actionRunner`;
  await setBeside(page, true);
  await showTab(page, 'timeline');
  await page.selectOption('select[data-testid="statechart-actor"]', actor);
  await page.locator('[data-state="running.lane.idle"]').waitFor({ timeout: 30_000 });
  const open: Rate[] = [];
  const bare: Rate[] = [];
  // Each window is a run of its own from t = 0 (a selection is made in EDIT; in PLAY a press on a
  // stickman grabs it), so both sides measure the same simulated seconds.
  for (const openNow of [true, false, false, true, false, true, true, false]) {
    await setBeside(page, openNow);
    await showTab(page, openNow ? 'timeline' : 'rules');
    await page.evaluate((ids) => window.__stage!.select(ids), openNow ? [rig] : []);
    await page.click('[data-testid="mode-play"]');
    await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY' && !window.__stage!.mode().paused, null, { timeout: 30_000 });
    if (openNow) await page.locator('[data-testid="queue-panel"]').waitFor({ timeout: 10_000 });
    await pause(page, WARMUP_MS);
    (openNow ? open : bare).push(await measure(page, WINDOW_MS, `${scene} all panels ${openNow ? 'open' : 'bare'}`));
    await page.click('[data-testid="mode-edit"]');
    await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT', null, { timeout: 30_000 });
  }
  await setBeside(page, false);
  const o = mean(open);
  const b = mean(bare);
  const fpsRatio = Math.round((o.fps / b.fps) * 1000) / 1000;
  const result: AllPanelsResult = {
    scene,
    actor,
    selected: rig,
    open: o,
    bare: b,
    fps_ratio: fpsRatio,
    targets: {
      steps_per_s_all_panels_open: { measured: o.steps_per_s, target: '>= 57', met: o.steps_per_s >= 57 },
      fps_ratio_vs_bare: { measured: fpsRatio, target: '>= 0.9', met: fpsRatio >= 0.9 },
    },
  };
  log(`${scene} all panels: open ${JSON.stringify(o)} bare ${JSON.stringify(b)} ratio ${fpsRatio}`);
  return result;
}

async function main(): Promise<void> {
  const app = await serveApp(process.argv.includes('--dev'), log);
  const browser = await launchChromium('bench:browser');
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    if (process.argv.includes('--profile')) {
      profiler = await context.newCDPSession(page);
      await profiler.send('Performance.enable');
    }
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(app.url);
    await page.waitForFunction(() => !!window.__stage && window.__stage.physicsReady() && !!window.__stage.stageToScreen([0, 0]), null, { timeout: 60_000 });
    const demo = await page.evaluate(() => {
      const objs = window.__stage!.objects();
      return { stickmen: objs.filter((o) => o.kind === 'stickman').length, props: objs.filter((o) => o.kind === 'prop').length };
    });
    const scenes: SceneResult[] = [];
    // `--statecharts-only` / `--all-panels-only`: just that budget (the big scene is opened, not measured).
    const onlyStatecharts = process.argv.includes('--statecharts-only');
    const onlyAllPanels = process.argv.includes('--all-panels-only');
    if (!onlyStatecharts && !onlyAllPanels) {
      scenes.push(await runScene(page, 'demo', demo.stickmen, demo.props, null));
      for (const [stickmen, props] of [
        [10, 50],
        [50, 200],
      ] as const) {
        scenes.push(await runScene(page, `walkers-${stickmen}x${props}`, stickmen, props, walkingSceneText(stickmen, props)));
      }
    } else {
      await openScene(page, 'walkers-50x200', walkingSceneText(50, 200));
    }
    // The 50 stickmen + 200 props scene is on stage now.
    const statecharts = onlyAllPanels ? null : await runStatecharts(page, 'walkers-50x200', 'rig:s0/actionRunner');
    const all_panels = await runAllPanels(page, 'walkers-50x200', 's0');
    if (errors.length) log(`page errors: ${JSON.stringify(errors.slice(0, 5))}`);
    process.stdout.write(`${JSON.stringify({ scenes, statecharts, all_panels }, null, 2)}\n`);
  } finally {
    await browser.close().catch(() => undefined);
    await app.close().catch(() => undefined);
  }
}

main().catch((e) => {
  process.stderr.write(`${(e as Error)?.stack ?? e}\n`);
  process.exit(1);
});
