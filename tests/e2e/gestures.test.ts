/**
 * Gestures in the browser (issue 23): Bo's dragged pose is saved in EDIT as a new gesture (one
 * undo step), offered by name with a preview in the Direct popup, the queue's action editor and a
 * rule's reaction; queued and played, it raises Bo's hand in PLAY — read from the frames and seen
 * in the screenshot. Screenshots go to artifacts/e2e/gesture-*.png. Waits poll, never sleep.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadPixels, nextFrames, rigPoint, screenshot, stageToPage, useHarness } from './harness';

const { withApp } = useHarness();

type Vec2 = [number, number];
const BO = 'stick-2';
/** Bo's raised right hand, rig-local (+X forward, up = −Y): above his head (crown ≈ −561), within the arm's reach. */
const RAISED: Vec2 = [50, -620];

const doc = (page: Page) => page.evaluate(() => window.__stage!.controller.document);
const liveHand = (page: Page) => page.evaluate((id) => window.__stage!.frame().rigs.find((r) => r.id === id)!.markers.Right_Hand, BO);

/** A rig-local marker point of Bo on the page (he faces LEFT: local +X is stage −X). */
async function boPoint(page: Page, local: Vec2): Promise<Vec2> {
  const rig = await page.evaluate((id) => window.__stage!.frame().rigs.find((r) => r.id === id)!, BO);
  const sign = rig.facing === 'LEFT' ? -1 : 1;
  return stageToPage(page, [rig.root[0] + sign * local[0], rig.root[1] + local[1]]);
}

/** The darkest luminance in a small square of the page around a point (the figure's lines are near black). */
async function darkestAround(page: Page, [x, y]: Vec2, half = 5): Promise<number> {
  await loadPixels(page, await page.screenshot({ clip: { x: Math.round(x) - half, y: Math.round(y) - half, width: 2 * half + 1, height: 2 * half + 1 } }));
  return page.evaluate(() => {
    const d = (window as unknown as { __pixels: Uint8ClampedArray }).__pixels;
    let min = 255;
    for (let i = 0; i < d.length; i += 4) min = Math.min(min, 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]);
    return min;
  });
}

/**
 * EDIT: Bo's right hand dragged up and saved as the gesture “Hands up” (a taken name refused
 * first; one undo step); DIRECT: his queue emptied, the gesture queued from the Direct popup.
 */
async function saveAndQueueHandsUp(page: Page): Promise<void> {
  // EDIT: select Bo and drag his right hand above his head.
  const [sx, sy] = await rigPoint(page, BO);
  await page.mouse.click(sx, sy);
  expect(await page.evaluate(() => window.__stage!.selection())).toEqual([BO]);
  const standingHand = await liveHand(page);
  const a = await boPoint(page, standingHand);
  const b = await boPoint(page, RAISED);
  await page.mouse.move(a[0], a[1]);
  await page.mouse.down();
  await page.mouse.move(b[0], b[1], { steps: 6 });
  await page.mouse.up();
  await page.waitForFunction((id) => !!(window.__stage!.controller.document.objects.find((o) => o.id === id) as { pose?: unknown }).pose, BO);

  // Save pose as gesture…: a name, a preview of it, Save. A taken name is refused beside the field.
  await page.click('[data-testid="save-pose-open"]');
  await page.locator('[data-testid="save-pose-preview"]').waitFor();
  await page.fill('[data-testid="save-pose-name"]', 'wave');
  await page.click('[data-testid="save-pose-submit"]');
  await expect(page.locator('[data-testid="save-pose-error"]').textContent()).resolves.toContain('A gesture named “Wave” exists already');
  await page.fill('[data-testid="save-pose-name"]', 'Hands up');
  await screenshot(page, 'gesture-save-pose');
  const undoBefore = (await page.evaluate(() => window.__stage!.history())).undo;
  await page.click('[data-testid="save-pose-submit"]');
  await page.waitForFunction(() => (window.__stage!.controller.document.gestures ?? []).length === 1);
  const saved = (await doc(page)).gestures![0];
  expect(saved).toMatchObject({ id: 'gesture-hands-up', name: 'Hands up', body: 'arms', loop: false });
  expect(Math.abs(saved.keys[0].markers.Right_Hand![0] - RAISED[0])).toBeLessThan(8);
  expect(Math.abs(saved.keys[0].markers.Right_Hand![1] - RAISED[1])).toBeLessThan(8);
  expect(await page.locator('.notice').last().textContent()).toContain('Saved the pose as the gesture “Hands up”');
  // One undo step: undo takes it out, redo puts it back.
  expect((await page.evaluate(() => window.__stage!.history())).undo).toBe(undoBefore + 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => (window.__stage!.controller.document.gestures ?? []).length === 0);
  await page.keyboard.press('Control+Shift+z');
  await page.waitForFunction(() => (window.__stage!.controller.document.gestures ?? []).length === 1);

  // Bo stands in the default pose again: in PLAY only the gesture raises the hand.
  await page.click('[data-testid="stick-reset-pose"]');

  // DIRECT: empty Bo's queue, then queue the gesture from the Direct popup.
  await page.keyboard.press('d');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
  const items = page.locator('[data-testid="queue-item"]');
  await items.first().focus();
  const queued = await items.count();
  for (let i = 0; i < queued; i++) await page.keyboard.press('Delete');
  await page.waitForFunction((id) => (window.__stage!.controller.document.queues[id] ?? []).length === 0, BO);
  const [bx, by] = await rigPoint(page, BO);
  await page.mouse.click(bx, by);
  const popup = page.locator('[data-testid="direct-popup"]');
  await popup.waitFor();
  await popup.locator('[data-testid="direct-gesture"]').click();
  // The built-ins by name, then the scene's own, each with a still preview until hovered.
  const choices = popup.locator('[data-testid="direct-form-gesture_id"] [role="radio"]');
  expect(await choices.allTextContents()).toEqual(['Wave', 'Point', 'Cheer', 'Shrug', 'Bow', 'Hands up']);
  const mine = popup.locator('[data-testid="direct-form-gesture_id-gesture-hands-up"]');
  const minePreview = popup.locator('[data-testid="direct-form-gesture_id-gesture-hands-up-preview"]');
  expect(await minePreview.getAttribute('data-playing')).toBe('false');
  await mine.hover();
  await page.waitForFunction(() => document.querySelector('[data-testid="direct-form-gesture_id-gesture-hands-up-preview"]')?.getAttribute('data-playing') === 'true');
  // The preview animates: its right hand goes up from the standing pose.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="direct-form-gesture_id-gesture-hands-up-preview"]')?.getAttribute('data-right-hand')?.split(',')[1]) < -600);
  await mine.click();
  await page.fill('[data-testid="direct-form-seconds"]', '4');
  await screenshot(page, 'gesture-direct-popup');
  await page.click('[data-testid="direct-form-submit"]');
  await page.waitForFunction((id) => (window.__stage!.controller.document.queues[id] ?? []).length === 1, BO);
  expect((await doc(page)).queues[BO][0]).toMatchObject({ type: 'gesture', gesture_id: 'gesture-hands-up', seconds: 4 });
  await expect(page.locator('[data-testid="queue-item"]').first().textContent()).resolves.toContain('Hands up');
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'detached' });
}

describe('gestures in the browser', () => {
  it('a pose saved as a gesture in EDIT (one undo step) is picked by name, with a preview, in the Direct popup', async () => {
    await withApp(async ({ page, errors }) => {
      await saveAndQueueHandsUp(page);
      expect(errors).toEqual([]);
    });
  });

  it('the saved gesture, played, raises the hand above the head in PLAY (frames and screenshot)', async () => {
    await withApp(async ({ page, errors }) => {
      await saveAndQueueHandsUp(page);
      // PLAY: Bo's hand goes up to the saved pose, above his head; pause there and look.
      const before = await liveHand(page);
      expect(before[1]).toBeGreaterThan(-400);
      // Deselected (no selection box over him), nothing is drawn where the hand will be.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => window.__stage!.selection().length === 0);
      await nextFrames(page);
      expect(await darkestAround(page, await boPoint(page, RAISED), 4)).toBeGreaterThan(150);
      await page.keyboard.press('p');
      await page.waitForFunction(
        ([id, y]) => {
          const hand = window.__stage!.frame().rigs.find((r) => r.id === id)!.markers.Right_Hand;
          return hand[1] < y;
        },
        [BO, RAISED[1] + 15] as const,
        { timeout: 30_000 },
      );
      await page.keyboard.press(' ');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      const up = await liveHand(page);
      expect(Math.abs(up[0] - RAISED[0])).toBeLessThan(20);
      expect(up[1]).toBeLessThan(RAISED[1] + 15);
      const head = await page.evaluate((id) => {
        const r = window.__stage!.frame().rigs.find((x) => x.id === id)!;
        // A standing PLAY rig's view is packed: its head centre is made when read, here in the page.
        return { headCenter: r.headCenter, root: r.root, headRadius: r.headRadius };
      }, BO);
      expect(head.headCenter[1] - head.root[1] - head.headRadius).toBeGreaterThan(up[1]);
      await screenshot(page, 'gesture-play-hand-up');
      // The drawn figure is where the frame says: the arm's line now reaches the raised hand.
      expect(await darkestAround(page, await boPoint(page, [up[0], up[1]]))).toBeLessThan(110);
      expect(errors).toEqual([]);
    });
  });

  it('the queue’s action editor and a rule’s reaction offer the same gestures with previews', async () => {
    await withApp(async ({ page, errors }) => {
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const [bx, by] = await rigPoint(page, BO);
      await page.mouse.click(bx, by);
      await page.keyboard.press('Escape');
      // The queue panel's + Add → Gesture: the action editor shows the picker, Bow chosen.
      await page.click('[data-testid="queue-add"]');
      await page.click('[data-testid="queue-add-menu"] [data-testid$="gesture"]');
      const form = page.locator('form[data-action-type="gesture"]');
      await form.waitFor();
      expect(await form.locator('[role="radio"]').allTextContents()).toEqual(['Wave', 'Point', 'Cheer', 'Shrug', 'Bow']);
      await form.locator('[data-gesture-id="builtin:bow"]').click();
      expect(await form.locator('[data-gesture-id="builtin:bow"] svg').getAttribute('data-playing')).toBe('true');
      await screenshot(page, 'gesture-queue-editor');
      await form.locator('button[type="submit"]').click();
      await page.waitForFunction((id) => window.__stage!.controller.document.queues[id].at(-1)?.type === 'gesture', BO);
      expect((await doc(page)).queues[BO].at(-1)).toMatchObject({ type: 'gesture', gesture_id: 'builtin:bow' });

      // Rules: When Bo finishes the queue → Bo waves, as an overlay (an arms gesture may).
      await page.click('[data-testid="tab-rules"]');
      await page.click('[data-testid="rule-add"]');
      await page.selectOption('[data-testid="rule-trigger"]', 'queue_finished');
      await page.selectOption('[data-testid="rule-source"]', BO);
      await page.click('[data-testid="rule-add-reaction"]');
      await expect(page.locator('[data-testid="reaction-actor"]').inputValue()).resolves.toBe(BO);
      await page.selectOption('[data-testid="reaction-type"]', 'gesture');
      const wave = page.locator('[data-testid="reaction-editor-gesture_id-builtin:wave"]');
      await wave.click();
      expect(await wave.getAttribute('aria-checked')).toBe('true');
      await page.fill('[data-testid="reaction-editor-seconds"]', '2');
      await screenshot(page, 'gesture-rule-reaction');
      await page.click('[data-testid="reaction-editor-submit"]');
      await page.selectOption('[data-testid="reaction-mode"]', 'overlay');
      await page.click('[data-testid="rule-save"]');
      await page.waitForFunction(() => window.__stage!.controller.document.rules.some((r) => r.then.some((t) => t.action.type === 'gesture')));
      const rule = (await doc(page)).rules.find((r) => r.then.some((t) => t.action.type === 'gesture'))!;
      expect(rule.then[0]).toMatchObject({ actor: BO, mode: 'overlay', action: { type: 'gesture', gesture_id: 'builtin:wave', seconds: 2 } });
      expect(errors).toEqual([]);
    });
  });
});
