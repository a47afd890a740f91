/**
 * Issue 22 in the browser: Ctrl+A then Delete empties the stage and one undo restores it; the
 * queue panel's planning icons with their reasons; the throw arc of a queued throw shown as soon
 * as its stickman is selected in DIRECT. Screenshots go to artifacts/e2e/*.png.
 */
import { describe, expect, it } from 'vitest';
import { rigPoint, screenshot, useHarness, nextFrames } from './harness';

const { withApp } = useHarness();

describe('the first ten minutes', () => {
  it('Ctrl+A selects everything, Delete empties the stage, one undo restores it', async () => {
    await withApp(async ({ page, errors }) => {
      const ids = await page.evaluate(() => window.__stage!.objects().map((o) => o.id));
      expect(ids.length).toBeGreaterThan(10);
      await page.locator('[data-testid="stage-canvas"]').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+a');
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual(ids);
      await nextFrames(page);
      await screenshot(page, '22-select-all');
      await page.keyboard.press('Delete');
      expect(await page.evaluate(() => window.__stage!.objects().length)).toBe(0);
      await page.keyboard.press('Control+z');
      expect(await page.evaluate(() => window.__stage!.objects().map((o) => o.id))).toEqual(ids);
      expect(errors).toEqual([]);
    });
  });

  it('the queue panel shows what the planner predicts per item, with the reason; selecting Ada in DIRECT shows her throw arc', async () => {
    await withApp(async ({ page, errors }) => {
      const [x, y] = await rigPoint(page, 'stick-1');
      await page.mouse.click(x, y);
      const icons = page.locator('[data-testid="queue-item"] [data-testid="queue-plan"]');
      await icons.first().waitFor();
      const verdicts = await icons.evaluateAll((els) => els.map((e) => [(e.closest('[data-action-id]') as HTMLElement).dataset.actionId, (e as HTMLElement).dataset.verdict, e.getAttribute('title')]));
      expect(verdicts.map(([id, v]) => `${id} ${v}`)).toEqual(['a1 ok', 'a2 ok', 'a3 uncertain']);
      expect(verdicts[0][2]).toContain('picks up ball-2');
      expect(verdicts[2][2]).toMatch(/not at rest at t = 0/);
      await screenshot(page, '22-queue-plan');

      // DIRECT: select Ada (close her popup): the guide of her queued throw is on the stage, no form open.
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      // Still selected from EDIT, her arc is already there; deselected it goes.
      await page.locator('[data-testid="throw-preview-hint"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="throw-preview-hint"]').waitFor({ state: 'detached' });
      await page.mouse.click(x, y);
      await page.locator('[data-testid="direct-popup"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="direct-popup"]').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual(['stick-1']);
      const hint = page.locator('[data-testid="throw-preview-hint"]');
      await hint.waitFor();
      expect(await hint.getAttribute('data-status')).toBe('planned');
      await nextFrames(page);
      await screenshot(page, '22-throw-arc-on-selection');
      // Deselected, the arc goes.
      await page.keyboard.press('Escape');
      await hint.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });
});
