/**
 * A layout that holds still (issue 22) at 1280 × 800, 1024 × 768 and 800 × 600: every toolbar and
 * transport control inside the window, clickable and overlapping no other; the toolbar as high in
 * EDIT as after 1,000 PLAY ticks (running and paused) and the stage not moving; the transport bar
 * beside the stage, not over it; at 800 × 600 the palette's Import, the timeline's Clear and its
 * detail column reachable and readable; Esc closes the Export popover and the help; Fit stays
 * fitted after Follow is switched off.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextFrames, screenshot, useHarness, waitForApp } from './harness';

const harness = useHarness();

async function withSize<T>(width: number, height: number, fn: (page: Page, errors: string[]) => Promise<T>): Promise<T> {
  const context = await harness.h.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(harness.h.url);
    await waitForApp(page);
    return await fn(page, errors);
  } finally {
    await context.close();
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** Every visible control of the two bars: where it is, and whether a click at its centre reaches it. */
function barControls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="toolbar"] :is(button, select, input:not([type=file])), [data-testid="transport"] :is(button, select, input)')]
      .filter((el) => !el.closest('[data-testid="export-panel"]'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {
          id: el.dataset.testid ?? el.textContent ?? '?',
          box: { x: r.left, y: r.top, width: r.width, height: r.height },
          inView: r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight,
          clickable: !!top && (top === el || el.contains(top)),
        };
      }),
  );
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function checkBars(page: Page, label: string) {
  const controls = await barControls(page);
  expect(controls.length, label).toBeGreaterThan(20);
  expect(controls.filter((c) => !c.inView || !c.clickable).map((c) => c.id), `${label}: off screen or covered`).toEqual([]);
  const clashes: string[] = [];
  for (let i = 0; i < controls.length; i += 1) for (let j = i + 1; j < controls.length; j += 1) if (overlap(controls[i].box, controls[j].box)) clashes.push(`${controls[i].id} × ${controls[j].id}`);
  expect(clashes, `${label}: overlapping controls`).toEqual([]);
}

const rect = (page: Page, testid: string) => page.locator(`[data-testid="${testid}"]`).boundingBox() as Promise<Box>;
const tick = (page: Page) => page.evaluate(() => window.__stage!.frame().tick);

describe('a layout that holds still', () => {
  it.each([
    [1280, 800],
    [1024, 768],
    [800, 600],
  ])('at %i × %i: the bars fit, the toolbar and the stage do not move in PLAY, the transport is beside the stage', async (width, height) => {
    await withSize(width, height, async (page, errors) => {
      await checkBars(page, 'EDIT');
      const toolbar = await rect(page, 'toolbar');
      const stage = await rect(page, 'stage-host');
      const transport = await rect(page, 'transport');
      expect(overlap(stage, transport), 'the transport bar covers the stage').toBe(false);
      await screenshot(page, `30-layout-${width}-edit`);

      // 1,000 ticks of PLAY, at 2× so it takes half as long; the readouts grow to four digits meanwhile.
      await page.selectOption('[data-testid="speed"]', '2');
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.frame().tick >= 1000, null, { timeout: 120_000 });
      expect(await rect(page, 'toolbar'), 'toolbar while running').toEqual(toolbar);
      expect(await rect(page, 'stage-host'), 'stage while running').toEqual(stage);
      expect(await rect(page, 'transport'), 'transport while running').toEqual(transport);
      await checkBars(page, 'PLAY');
      await page.keyboard.press(' ');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      await nextFrames(page);
      expect(await tick(page)).toBeGreaterThanOrEqual(1000);
      expect(await rect(page, 'toolbar'), 'toolbar paused').toEqual(toolbar);
      expect(await rect(page, 'stage-host'), 'stage paused').toEqual(stage);
      expect(await rect(page, 'transport'), 'transport paused').toEqual(transport);
      await checkBars(page, 'PAUSED');
      await screenshot(page, `31-layout-${width}-paused`);
      expect(errors).toEqual([]);
    });
  });

  it('at 800 × 600 the palette Import, the timeline Clear and its detail column are reachable and readable', async () => {
    await withSize(800, 600, async (page) => {
      const importButton = page.locator('[data-testid="palette-import-prop"]');
      await importButton.scrollIntoViewIfNeeded();
      const fits = await importButton.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { clipped: el.scrollWidth > el.clientWidth + 1, clickable: !!top && el.contains(top), inView: r.bottom <= window.innerHeight && r.right <= window.innerWidth };
      });
      expect(fits).toEqual({ clipped: false, clickable: true, inView: true });

      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-row"]').length > 3);
      const clear = await page.locator('[data-testid="timeline-clear"]').evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { clickable: !!top && el.contains(top), inView: r.bottom <= window.innerHeight && r.right <= window.innerWidth, onFirstRow: r.top < (el.parentElement!.getBoundingClientRect().top + 30) };
      });
      expect(clear).toEqual({ clickable: true, inView: true, onFirstRow: true });
      const detail = await page.locator('[data-testid="timeline-row"] .text').first().boundingBox();
      expect(detail!.width, 'the detail column').toBeGreaterThanOrEqual(240);
      await screenshot(page, '32-layout-800-timeline');
    });
  });

  it('Esc closes the Export popover (also from inside its fields) and the help', async () => {
    await withSize(1280, 800, async (page) => {
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.frame().tick > 30);
      await page.keyboard.press(' ');
      await page.click('[data-testid="take-export"]');
      await page.locator('[data-testid="export-panel"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="export-panel"]').waitFor({ state: 'detached' });
      await page.click('[data-testid="take-export"]');
      await page.focus('[data-testid="export-format"]');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="export-panel"]').waitFor({ state: 'detached' });
      await page.click('[data-testid="help-button"]');
      await page.locator('[data-testid="help"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="help"]').waitFor({ state: 'detached' });
    });
  });

  it('Fit stays fitted after Follow is switched off, and a resize fits it again', async () => {
    await withSize(1280, 800, async (page) => {
      const fitted = async () => {
        const box = await rect(page, 'stage-canvas');
        const [l, t] = (await page.evaluate(() => window.__stage!.stageToScreen([0, 0])))!;
        const [r, b] = (await page.evaluate(() => window.__stage!.stageToScreen([4000, 1600])))!;
        return Math.abs(l - (box.width - r)) < 1 && Math.abs(t - (box.height - b)) < 1 && l >= 0 && t >= 0;
      };
      await page.click('[data-testid="mode-play"]');
      await page.click('[data-testid="follow-toggle"]');
      // Zoomed in, the follow has somewhere to move the view to.
      await page.keyboard.press('+');
      await page.keyboard.press('+');
      await page.waitForFunction(() => window.__stage!.frame().tick > 90);
      expect(await fitted()).toBe(false);
      // Fit while following: the follow recentres the fitted view on its stickman …
      await page.click('[data-testid="fit"]');
      await nextFrames(page);
      await page.waitForFunction(() => window.__stage!.frame().tick > 150);
      // … and switching Follow off puts the fit back.
      await page.click('[data-testid="follow-toggle"]');
      expect(await page.getAttribute('[data-testid="follow-toggle"]', 'aria-pressed')).toBe('false');
      await page.waitForFunction(() => window.__stage!.frame().tick > 210);
      expect(await fitted(), 'fitted after Follow is off').toBe(true);
      await page.setViewportSize({ width: 1100, height: 760 });
      await nextFrames(page);
      await nextFrames(page);
      expect(await fitted(), 'fitted again after a resize').toBe(true);
    });
  });
});
