/**
 * Issue 19 / seed 11 §3.2 in the browser: the grip's z_offset orders a held prop against its
 * holder. Ada holds a plank by a grip with z_offset 1 and it is drawn over her forearm; Bo holds
 * the same plank with z_offset -1 and his forearm is drawn over it. Screenshot:
 * artifacts/e2e/held-depth.png (and a close-up of each, held-depth-ada.png, held-depth-bo.png).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveSceneText } from '../../core/scene/io';
import { heldDepthScene } from '../integration/rigScenes';
import { ARTIFACTS, pauseWhen, pixelAt, screenshot, stageToPage, useHarness } from './harness';

const { withApp } = useHarness();

const RED: [number, number, number] = [0xe0, 0x3c, 0x28];
const BLUE: [number, number, number] = [0x1f, 0x3f, 0xbf];
const near = (a: [number, number, number], b: [number, number, number]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]))) < 40;

/** The middle of a stickman's right forearm (the holding one), on the page. */
async function forearmMiddle(page: Page, id: string): Promise<[number, number]> {
  const mid = await page.evaluate((rid) => {
    const f = window.__stage!.frame().rigs.find((r) => r.id === rid)!.parts.find((p) => p.name === 'right_lower_arm')!;
    return [(f.start[0] + f.end[0]) / 2, (f.start[1] + f.end[1]) / 2] as [number, number];
  }, id);
  return stageToPage(page, mid);
}

describe('a held prop drawn against its holder', () => {
  it('z_offset 1 draws the plank over the forearm, z_offset -1 under it', async () => {
    await withApp(async ({ page, errors }) => {
      await page.setInputFiles('[data-testid="open-input"]', { name: 'held-depth.scene.json', mimeType: 'application/json', buffer: Buffer.from(saveSceneText(heldDepthScene())) });
      await page.waitForFunction(() => window.__stage!.objects().some((o) => o.id === 'bo'));
      await page.click('[data-testid="fit"]');
      // PLAY, paused once both hold their plank and the carry pose has settled (0.3 s).
      await pauseWhen(page, `
        const held = ['ada', 'bo'].every((id) => runtime.rig(id).hands.heldPropId !== null);
        memo.since = held ? (memo.since ?? 0) + 1 : 0;
        return memo.since > 24;
      `, 60_000, () => page.click('[data-testid="mode-play"]'));
      const frame = await page.evaluate(() => window.__stage!.frame().rigs.map((r) => ({ id: r.id, heldProp: r.heldProp, heldZOffset: r.heldZOffset })));
      expect(frame).toEqual([{ id: 'ada', heldProp: 'front', heldZOffset: 1 }, { id: 'bo', heldProp: 'behind', heldZOffset: -1 }]);
      await screenshot(page, 'held-depth');
      const ada = await forearmMiddle(page, 'ada');
      const bo = await forearmMiddle(page, 'bo');
      for (const [name, at] of [['ada', ada], ['bo', bo]] as const) {
        await page.screenshot({ path: resolve(ARTIFACTS, `held-depth-${name}.png`), clip: { x: at[0] - 60, y: at[1] - 60, width: 120, height: 120 } });
      }
      const adaPixel = await pixelAt(page, ada[0], ada[1]);
      const boPixel = await pixelAt(page, bo[0], bo[1]);
      expect(near(adaPixel, RED), `Ada's forearm is under her plank: ${adaPixel}`).toBe(true);
      expect(near(boPixel, BLUE), `Bo's forearm is over his plank: ${boPixel}`).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
