/**
 * The timeline end to end (issue 21): one run, grouped by tick; a seek lists the records up to the
 * tick sought; clicking a row seeks the take there (paused) and highlights its transition on the
 * chart; RESET and New start over with the previous run one click away; the actor filter names
 * the stickmen. Screenshots go to artifacts/e2e/tl-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextFrames, screenshot, useHarness, waitTicks } from './harness';
import { takeTestSource } from '../../streams/take/asTest';
import { replayObserved, takeFromValue } from '../../streams/take/takeObservation';

const { withApp } = useHarness();

const ROW = '[data-testid="timeline-row"]';
const rowTicks = (page: Page) => page.$$eval(ROW, (rs) => rs.map((r) => Number(r.getAttribute('data-tick'))));
const stageTick = (page: Page) => page.evaluate(() => window.__stage!.frame().tick);
/** Waits for the timeline's next publish (4 a second) after the stage settled. */
const settle = async (page: Page) => {
  await nextFrames(page);
  await page.waitForTimeout(350);
};

describe('Timeline', () => {
  it('groups rows under their tick; a seek lists what happened up to it; a row click seeks there and marks the chart', async () => {
    await withApp(async ({ page, errors }) => {
      await page.keyboard.press('p');
      await waitTicks(page, 150);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      await settle(page);
      const end = await stageTick(page);
      const ticks = await rowTicks(page);
      expect(ticks.length).toBeGreaterThan(5);
      expect(Math.max(...ticks)).toBeLessThanOrEqual(end);
      // Every row sits under the heading of its own tick.
      const grouped = await page.$$eval('.timeline-rows > *', (els) => {
        let heading = -1;
        return els.every((el) => {
          const t = Number(el.getAttribute('data-tick'));
          if (el.getAttribute('data-testid') === 'timeline-tick') heading = t;
          return t === heading;
        });
      });
      expect(grouped).toBe(true);
      await screenshot(page, 'tl-01-grouped');

      // Scrub back to tick 20: only what happened by then is listed.
      await page.evaluate(() => window.__stage!.takes.seekTo(20));
      await page.waitForFunction(() => window.__stage!.takes.seekTarget() === null && window.__stage!.frame().tick === 20);
      await settle(page);
      const early = await rowTicks(page);
      expect(early.length).toBeGreaterThan(0);
      expect(Math.max(...early)).toBeLessThanOrEqual(20);
      expect(await page.locator('[data-testid="timeline-count"]').textContent()).toContain('up to #20');
      // Forward again to the end: the same rows as before, not twice.
      await page.evaluate((t) => window.__stage!.takes.seekTo(t), end);
      await page.waitForFunction((t) => window.__stage!.takes.seekTarget() === null && window.__stage!.frame().tick === t, end);
      await settle(page);
      expect(await rowTicks(page)).toEqual(ticks);

      // Click the landing of Ada's terrain fall: the take goes there, paused, and the chart marks it.
      await page.selectOption('[data-testid="timeline-actor"]', 'rig:stick-1/terrainMotion');
      await settle(page);
      const landing = page.locator(ROW, { hasText: 'AIRBORNE →' }).first();
      const landingTick = Number(await landing.getAttribute('data-tick'));
      await landing.click();
      await page.waitForFunction((t) => window.__stage!.takes.seekTarget() === null && window.__stage!.frame().tick === t, landingTick);
      expect(await page.evaluate(() => window.__stage!.mode())).toEqual({ mode: 'PLAY', paused: true });
      await settle(page);
      expect(Math.max(...(await rowTicks(page)))).toBe(landingTick);
      await screenshot(page, 'tl-02-row-sought');
      await page.click('[data-testid="tab-statecharts"]');
      expect(await page.locator('select[data-testid="statechart-actor"]').inputValue()).toBe('rig:stick-1/terrainMotion');
      await page.locator('[data-edge^="AIRBORNE|physics.landed|"][data-last="true"]').waitFor({ timeout: 20_000 });
      await screenshot(page, 'tl-03-chart-marked');

      // Back in EDIT the list is the last run: a row plays that take again, paused at the row's tick.
      await page.click('[data-testid="tab-timeline"]');
      await page.keyboard.press('e');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT');
      await settle(page);
      const again = page.locator(ROW, { hasText: 'AIRBORNE →' }).first();
      await again.click();
      await page.waitForFunction((t) => window.__stage!.mode().mode === 'PLAY' && window.__stage!.takes.seekTarget() === null && window.__stage!.frame().tick === t, landingTick);
      expect(await page.evaluate(() => window.__stage!.mode())).toEqual({ mode: 'PLAY', paused: true });
      expect(errors).toEqual([]);
    });
  });

  it('RESET and New start a new run; the previous run stays one click away; the actor filter names the stickmen', async () => {
    await withApp(async ({ page, errors }) => {
      // Stickmen by name, each covering its rig and children, before anything ran.
      const groups = await page.$$eval('[data-testid="timeline-actor"] optgroup', (gs) => gs.map((g) => g.getAttribute('label')));
      expect(groups).toEqual(['Ada (stick-1)', 'Bo (stick-2)', 'Other']);
      await page.keyboard.press('p');
      await waitTicks(page, 100);
      await page.keyboard.press('Space');
      await settle(page);
      const firstRun = await rowTicks(page);
      expect(Math.max(...firstRun)).toBeGreaterThan(60);
      const adaChildren = await page.$$eval('[data-testid="timeline-actor"] optgroup[label="Ada (stick-1)"] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(adaChildren).toEqual(expect.arrayContaining(['rig:stick-1', 'rig:stick-1/terrainMotion', 'rig:stick-1/actionRunner']));
      await page.selectOption('[data-testid="timeline-actor"]', 'rig:stick-1');
      await settle(page);
      // Her rig, its children, her events and the events that name her (a prop hitting her).
      const adaRows = await page.$$eval(ROW, (rs) => rs.map((r) => ({ actor: r.querySelector('.actor')?.textContent ?? '', text: r.querySelector('.text')?.textContent ?? '' })));
      expect(adaRows.length).toBeGreaterThan(0);
      for (const r of adaRows) expect(r.actor === 'stick-1' || r.actor === 'rig:stick-1' || r.actor.startsWith('rig:stick-1/') || r.text.includes('→ stick-1')).toBe(true);
      expect(adaRows.some((r) => r.actor.startsWith('rig:stick-1/'))).toBe(true);
      await page.selectOption('[data-testid="timeline-actor"]', '');

      // RESET: a new run, from t = 0; the old one is the previous run.
      await page.keyboard.press('r');
      await page.waitForFunction(() => window.__stage!.frame().tick === 0);
      await settle(page);
      expect(Math.max(0, ...(await rowTicks(page)))).toBe(0);
      await page.selectOption('[data-testid="timeline-run"]', 'previous');
      await settle(page);
      expect(await rowTicks(page)).toEqual(firstRun);
      await screenshot(page, 'tl-04-previous-run');
      await page.selectOption('[data-testid="timeline-run"]', 'current');

      // New scene: nothing of the old scene is left, not even in the actor filter.
      await page.click('[data-testid="new"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT' && window.__stage!.controller.document.name === 'Untitled');
      await settle(page);
      expect(await page.locator(ROW).count()).toBe(0);
      const left = await page.$$eval('[data-testid="timeline-actor"] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(left.filter((v) => v.includes('stick-'))).toEqual([]);
      expect(await page.locator('[data-testid="timeline-run"] option[value="previous"]').isDisabled()).toBe(false);
      await screenshot(page, 'tl-05-new-scene');
      expect(errors).toEqual([]);
    });
  });

  it('Copy as test puts a Vitest file on the clipboard: the take embedded, what it showed asserted — what the generator writes in Node', async () => {
    await withApp(async ({ page, context, errors }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.keyboard.press('p');
      await waitTicks(page, 90);
      await page.keyboard.press('Space');
      await page.click('[data-testid="take-copy-test"]');
      await page.locator('.notice', { hasText: 'Copied the take as a Vitest test' }).waitFor({ timeout: 30_000 });
      const text = await page.evaluate(() => navigator.clipboard.readText());
      expect(text).toContain("import { replayObserved, takeFromValue, type TakeObservation } from '../../../streams/take/takeObservation';");
      expect(text).toContain("it('stick-1: TerrainMotion phases'");
      expect(text).toContain("'#1 DISABLED → AIRBORNE (rig.beginTerrainFall)',");
      // The same take replayed here in Node gives the same file: the browser's replay showed what Node's does.
      const embedded = text.slice(text.indexOf('takeFromValue(') + 'takeFromValue('.length, text.indexOf(');\n\ndescribe('));
      const take = takeFromValue(JSON.parse(embedded));
      expect(take.length).toBe(await page.evaluate(() => window.__stage!.takes.length()));
      const seen = await replayObserved(take);
      expect(takeTestSource(take, seen, { rootFromTest: '../../..', take: { embed: true }, command: null })).toBe(text);
      await screenshot(page, 'tl-06-copied-as-test');
      expect(errors).toEqual([]);
    });
  });
});
