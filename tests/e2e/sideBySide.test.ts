/**
 * Every debugging panel open at once (issue 20's browser case): `B` puts the Statecharts panel
 * beside the timeline, both live in PLAY while the selected stickman's queue panel shows its run;
 * the choice survives a reload and `B` again makes Statecharts a tab of its own.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rigPoint, screenshot, useHarness, waitForApp, waitTicks } from './harness';

const harness = useHarness();

type Box = { x: number; y: number; width: number; height: number };
const box = (page: Page, selector: string) => page.locator(selector).boundingBox() as Promise<Box | null>;
const visible = (page: Page, id: string) => page.locator(`#${id}`).isVisible();

describe('the Statecharts panel beside the timeline', () => {
  it('shows the timeline, a live chart and the queue panel together, and remembers it', async () => {
    await harness.withApp(async ({ page, errors }) => {
      expect(await visible(page, 'bottom-statecharts')).toBe(false);
      await page.keyboard.press('b');
      await page.locator('[data-testid="statechart-panel"]').waitFor();
      expect(await visible(page, 'bottom-timeline')).toBe(true);
      expect(await visible(page, 'bottom-statecharts')).toBe(true);
      const left = (await box(page, '#bottom-timeline'))!;
      const right = (await box(page, '#bottom-statecharts'))!;
      expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 1);
      expect(Math.abs(right.y - left.y)).toBeLessThan(2);
      expect(left.width).toBeGreaterThan(300);
      expect(right.width).toBeGreaterThan(300);

      // The Statecharts tab does not take the timeline away; Rules takes the left pane.
      await page.click('[data-testid="tab-statecharts"]');
      expect(await visible(page, 'bottom-timeline')).toBe(true);
      await page.click('[data-testid="tab-rules"]');
      expect(await visible(page, 'bottom-rules')).toBe(true);
      expect(await visible(page, 'bottom-timeline')).toBe(false);
      expect(await visible(page, 'bottom-statecharts')).toBe(true);
      await page.click('[data-testid="tab-timeline"]');

      await page.selectOption('select[data-testid="statechart-actor"]', 'rig:stick-1/actionRunner');
      await page.locator('[data-state="running.lane.idle"]').waitFor({ timeout: 20_000 });
      // Ada selected before PLAY (in PLAY a press on her grabs): the queue panel shows her live queue.
      const [x, y] = await rigPoint(page, 'stick-1');
      await page.mouse.click(x, y);
      await page.keyboard.press('p');
      await page.locator('[data-testid="queue-panel"]').waitFor({ timeout: 10_000 });
      await waitTicks(page, 90);
      expect(await page.locator('[data-testid="timeline-row"]').count()).toBeGreaterThan(0);
      expect(await page.locator('#bottom-statecharts [data-active="true"]').count()).toBeGreaterThan(0);
      expect(await visible(page, 'bottom-timeline')).toBe(true);
      await screenshot(page, 'side-by-side-play');

      await page.reload();
      await waitForApp(page);
      expect(await visible(page, 'bottom-timeline')).toBe(true);
      expect(await visible(page, 'bottom-statecharts')).toBe(true);
      await page.keyboard.press('b');
      expect(await visible(page, 'bottom-statecharts')).toBe(false);
      expect(await visible(page, 'bottom-timeline')).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
