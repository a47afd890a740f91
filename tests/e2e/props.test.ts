/**
 * Custom props end to end (issue 10): import a .prop.json asset from the palette (a bad one is
 * refused with its JSON path and nothing changes), place it, open its grip editor, drag a grip
 * (one undo step, saved in the embedded asset), undo; then queue a pickup of it and a drop
 * through the Direct popup and check the saved file carries both and the asset round-trips.
 * Screenshots go to artifacts/e2e/props-*.png.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, stageToPage, rigPoint, useHarness } from './harness';
import { loadSceneText } from '../../core/scene/io';

const { withApp } = useHarness();

const doc = (page: Page) => page.evaluate(() => window.__stage!.controller.document);

const CRATE = {
  format: 'stickman-stage/prop',
  version: '1.0',
  spawn_id: 'my:crate',
  name: 'Crate',
  shape: { kind: 'box', size: [90, 70] },
  mass: 5,
  colors: { fill: '#d9a55b', stroke: '#5c3d12' },
  anchors: [{ id: 'top', role: 'handle', hands: ['right'], position: [0, -35], rotation: 0, z_offset: 1, primary_grip: true }],
};

const importFile = (page: Page, name: string, body: string) =>
  page.setInputFiles('[data-testid="palette-import-file"]', { name, mimeType: 'application/json', buffer: Buffer.from(body) });

describe('custom props in the browser', () => {
  it('imports a .prop.json, places it, edits a grip with undo, and queues a pickup and a drop through the Direct popup', async () => {
    await withApp(async ({ page, errors }) => {
      // A bad asset is refused with its JSON path; nothing is added.
      const bad = { ...CRATE, anchors: [{ ...CRATE.anchors[0], hands: [] }] };
      await importFile(page, 'bad.prop.json', JSON.stringify(bad));
      await page.locator('.notice', { hasText: 'Could not import bad.prop.json' }).waitFor();
      expect(await page.locator('.notice', { hasText: 'Could not import bad.prop.json' }).textContent()).toContain('$.anchors[0].hands');
      expect((await doc(page)).prop_assets).toEqual([]);

      // The good one joins the palette beside the built-ins.
      await importFile(page, 'crate.prop.json', JSON.stringify(CRATE));
      const item = page.locator('[data-testid="palette-asset:my:crate"]');
      await item.waitFor();
      expect((await doc(page)).prop_assets.map((a) => a.spawn_id)).toEqual(['my:crate']);

      // Placed like a built-in: pick it, click the stage.
      await item.click();
      const [px, py] = await stageToPage(page, [200, 1300]);
      await page.mouse.click(px, py);
      await page.waitForFunction(() => window.__stage!.selection()[0]?.startsWith('crate-'));
      const crateId = (await page.evaluate(() => window.__stage!.selection()[0]))!;
      const placed = (await doc(page)).objects.find((o) => o.id === crateId)!;
      expect(placed).toMatchObject({ kind: 'prop', spawn_id: 'my:crate', position: [200, 1300] });

      // Its grips in the property panel; the grip editor moves one (one undo step).
      await page.locator('[data-testid="grip-row"][data-grip-id="top"]').waitFor();
      await page.click('[data-testid="prop-edit-grips"]');
      const dot = page.locator('[data-testid="grip-dot-top"]');
      await dot.waitFor();
      const undoBefore = await page.evaluate(() => window.__stage!.history().undo);
      const box = (await dot.boundingBox())!;
      const [dx, dy] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(dx, dy);
      await page.mouse.down();
      await page.mouse.move(dx + 12, dy + 8, { steps: 4 });
      await page.mouse.move(dx + 24, dy + 16, { steps: 4 });
      await page.mouse.up();
      const moved = (await doc(page)).prop_assets[0].anchors[0];
      expect(moved.id).toBe('top');
      expect(moved.position[0]).toBeGreaterThan(5);
      expect(moved.position[1]).toBeGreaterThan(-35 + 3);
      expect(await page.evaluate(() => window.__stage!.history().undo)).toBe(undoBefore + 1);
      expect(await page.locator('[data-testid="grip-readout"]').textContent()).toContain(`(${moved.position[0]}, ${moved.position[1]})`);
      await screenshot(page, 'props-grip-editor');

      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => window.__stage!.controller.document.prop_assets[0].anchors[0].position[1] === -35);
      expect((await doc(page)).prop_assets[0].anchors[0].position).toEqual([0, -35]);

      // DIRECT: Pick Up captures the crate on the stage, Drop queues at once.
      await page.keyboard.press('Escape');
      await page.click('[data-testid="mode-direct"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const queued = async () => (await doc(page)).queues['stick-1'] ?? [];
      const before = (await queued()).length;
      const [sx, sy] = await rigPoint(page, 'stick-1');
      await page.mouse.click(sx, sy);
      const popup = page.locator('[data-testid="direct-popup"]');
      await popup.waitFor();
      await popup.locator('[data-testid="direct-pick_up_prop"]').click();
      await popup.waitFor({ state: 'detached' });
      const [cx, cy] = await stageToPage(page, [200, 1300]);
      await page.mouse.click(cx, cy);
      await popup.waitFor();
      expect(await popup.locator('[data-testid="direct-added"]').textContent()).toContain(`Pick up ${crateId}`);
      await popup.locator('[data-testid="direct-drop_prop"]').click();
      await page.waitForFunction((n) => (window.__stage!.controller.document.queues['stick-1'] ?? []).length === n + 2, before);
      const items = await queued();
      expect(items.slice(-2).map(({ id: _id, ...rest }) => rest)).toEqual([{ type: 'pick_up_prop', target_prop_id: crateId, hand: 'auto' }, { type: 'drop_prop' }]);
      await screenshot(page, 'props-direct-queued');
      await page.keyboard.press('Escape');

      // The saved file carries the asset with its grip and both queue items, and loads back.
      await page.click('[data-testid="mode-edit"]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="save"]')]);
      const text = await readFile((await download.path())!, 'utf8');
      const loaded = loadSceneText(text);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
      expect(loaded.warnings).toEqual([]);
      expect(loaded.scene.prop_assets).toEqual([{ ...(({ format: _f, version: _v, ...a }) => a)(CRATE), gravity_scale: 1, friction: 0.6, restitution: 0.1 }]);
      expect(loaded.scene.queues['stick-1'].slice(-2)).toEqual(items.slice(-2));
      expect(errors).toEqual([]);
    });
  });

  it('the When/Then editor: a prop trigger, then the actor and the prop to pick up captured on the stage', async () => {
    await withApp(async ({ page, errors }) => {
      const ball = await stageToPage(page, [560, 1370]);
      await page.click('[data-testid="tab-rules"]');
      await page.click('[data-testid="rule-add"]');
      await page.selectOption('[data-testid="rule-trigger"]', 'prop_dropped');
      await page.selectOption('[data-testid="rule-source"]', 'stick-1');
      // The target offers props only; picked on the stage.
      expect(await page.locator('[data-testid="rule-target"] option').allTextContents()).toContain('ball-2');
      expect(await page.locator('[data-testid="rule-target"] option').allTextContents()).not.toContain('Ada (stick-1)');
      await page.click('[data-testid="rule-target-pick"]');
      await page.mouse.click(ball[0], ball[1]);
      await expect(page.locator('[data-testid="rule-target"]').inputValue()).resolves.toBe('ball-2');
      // The reaction: its actor captured first, then the prop its pickup names.
      await page.click('[data-testid="rule-add-reaction"]');
      await page.click('[data-testid="reaction-actor-pick"]');
      const bo = await rigPoint(page, 'stick-2');
      await page.mouse.click(bo[0], bo[1]);
      await expect(page.locator('[data-testid="reaction-actor"]').inputValue()).resolves.toBe('stick-2');
      await page.selectOption('[data-testid="reaction-type"]', 'pick_up_prop');
      await page.click('[data-testid="reaction-editor-target_prop_id-pick"]');
      await page.mouse.click(ball[0], ball[1]);
      await expect(page.locator('[data-testid="reaction-editor-target_prop_id"]').inputValue()).resolves.toBe('ball-2');
      await page.click('[data-testid="reaction-editor-hand-left"]');
      await page.click('[data-testid="reaction-editor-submit"]');
      await screenshot(page, 'props-rule-editor');
      const before = (await doc(page)).rules.length;
      await page.click('[data-testid="rule-save"]');
      await page.waitForFunction((n) => window.__stage!.controller.document.rules.length === n + 1, before);
      const rule = (await doc(page)).rules.at(-1)!;
      expect(rule).toMatchObject({
        when: { type: 'prop_dropped', source: 'stick-1', target: 'ball-2' },
        then: [{ actor: 'stick-2', mode: 'sequential', action: { type: 'pick_up_prop', target_prop_id: 'ball-2', hand: 'left' } }],
      });
      await expect(page.locator('[data-testid="rule-summary"]').last().textContent()).resolves.toBe('When Ada drops ball-2 → Bo picks up ball-2 with the left hand (sequential)');
      expect(errors).toEqual([]);
    });
  });

  it('a scene whose asset is missing opens with a warning, draws a placeholder, and importing the asset restores it', async () => {
    await withApp(async ({ page, errors }) => {
      const scene = {
        format: 'stickman-stage/scene', version: '1.1', stage: { width: 2000, height: 1200 },
        objects: [
          { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [1000, 1100], size: [2000, 200] },
          { kind: 'stickman', id: 'stick-1', file_id: 2, position: [400, 1000] },
          { kind: 'prop', id: 'crate-7', file_id: 3, stage_object_id: 'crate-7', spawn_id: 'my:crate', position: [800, 965] },
        ],
        queues: { 'stick-1': [{ id: 'a1', type: 'pick_up_prop', target_prop_id: 'crate-7' }] },
        rules: [{ id: 'r1', when: { type: 'prop_picked_up', source: 'stick-1', target: 'crate-7' }, then: [{ actor: 'stick-1', mode: 'overlay', action: { type: 'speak', text: 'Got it' } }] }],
      };
      await page.setInputFiles('[data-testid="open-input"]', { name: 'missing.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scene)) });
      const warning = page.locator('.notice', { hasText: 'missing.scene.json opened with a warning' });
      await warning.waitFor();
      expect(await warning.textContent()).toContain('$.objects[2].spawn_id');
      expect(await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'crate-7')?.placeholder)).toBe(true);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await screenshot(page, 'props-placeholder');

      await importFile(page, 'crate.prop.json', JSON.stringify(CRATE));
      await page.locator('.notice', { hasText: 'Imported Crate' }).waitFor();
      expect(await page.locator('.notice', { hasText: 'Imported Crate' }).textContent()).toContain('Restored placeholder: crate-7');
      const after = await doc(page);
      expect(after.objects.find((o) => o.id === 'crate-7')).toMatchObject({ spawn_id: 'my:crate' });
      expect(after.queues['stick-1']).toEqual([{ id: 'a1', type: 'pick_up_prop', target_prop_id: 'crate-7', hand: 'auto' }]);
      expect(after.rules.map((r) => r.when.target)).toEqual(['crate-7']);
      expect(await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'crate-7')?.placeholder)).toBeUndefined();
      // Undo takes the asset out again: the placeholder is back.
      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => window.__stage!.controller.document.prop_assets.length === 0);
      expect(await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'crate-7')?.placeholder)).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
