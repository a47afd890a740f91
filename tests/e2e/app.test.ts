/**
 * The browser app end to end: the run's build (./buildOnce) + Debian Chromium (playwright-core).
 * Screenshots go to artifacts/e2e/*.png.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { canvasStats, objects, pixelAt, ROOT, screenshot, stageToPage, waitForApp, waitTicks, useHarness } from './harness';

const { withApp } = useHarness();

/** A point high above the demo's ground where a placed prop falls freely. */
const DROP_POINT: [number, number] = [2200, 700];
const BOX_FILL: [number, number, number] = [0xc8, 0x92, 0x4a];

/** How many objects the demo scene has (it grows as the demo does). */
const DEMO_OBJECTS = (JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8')) as { objects: unknown[] }).objects.length;

const colorDistance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);


async function placeBox(page: Page, at: [number, number] = DROP_POINT): Promise<string> {
  const before = await objects(page);
  await page.click('[data-testid="palette-box"]');
  const [x, y] = await stageToPage(page, at);
  await page.mouse.move(x - 30, y - 20);
  await page.mouse.move(x, y, { steps: 3 });
  await page.mouse.click(x, y);
  const after = await objects(page);
  expect(after.length).toBe(before.length + 1);
  const added = after.find((o) => !before.some((b) => b.id === o.id));
  expect(added).toBeDefined();
  return added!.id;
}

describe('Stickman Stage in the browser', () => {
  it('opens on the demo scene with a drawn, non-blank canvas', async () => {
    await withApp(async ({ page, errors }) => {
      const demo = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8')) as { objects: Array<{ id: string }> };
      const ids = (await objects(page)).map((o) => o.id);
      expect(ids).toEqual(demo.objects.map((o) => o.id));
      expect(await page.evaluate(() => window.__stage!.mode())).toEqual({ mode: 'EDIT', paused: false });
      const stats = await canvasStats(page, '01-demo-canvas');
      expect(stats.variance).toBeGreaterThan(100);
      expect(stats.distinct).toBeGreaterThan(8);
      await screenshot(page, '01-demo');
      expect(errors).toEqual([]);
    });
  });

  it('places a box from the palette (ghost while placing), PLAY moves it, RESET restores the authored position', async () => {
    await withApp(async ({ page, errors }) => {
      const [x, y] = await stageToPage(page, DROP_POINT);
      const blank = await pixelAt(page, x, y);
      // Ghost preview follows the cursor while placing.
      await page.click('[data-testid="palette-box"]');
      await page.mouse.move(x - 40, y);
      await page.mouse.move(x, y, { steps: 2 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const ghost = await pixelAt(page, x, y);
      expect(colorDistance(ghost, blank)).toBeGreaterThan(20);
      await screenshot(page, '02-ghost');
      await page.keyboard.press('Escape');
      expect((await objects(page)).length).toBe(DEMO_OBJECTS);

      const id = await placeBox(page);
      await page.mouse.move(x + 200, y + 150); // away, so no hover outline over the sample point
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const drawn = await pixelAt(page, x, y);
      expect(colorDistance(drawn, BOX_FILL)).toBeLessThan(40);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual([id]);
      await screenshot(page, '03-placed');
      const authored = (await objects(page)).find((o) => o.id === id)!.position;
      expect(authored).toEqual(DROP_POINT);

      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
      await waitTicks(page, 45);
      const moved = await page.evaluate((pid) => window.__stage!.frame().props.find((p) => p.id === pid)!.position, id);
      expect(moved[1]).toBeGreaterThan(authored[1] + 20);
      await screenshot(page, '04-playing');

      await page.click('[data-testid="reset"]');
      await page.waitForFunction(() => window.__stage!.mode().paused && window.__stage!.frame().tick === 0);
      const reset = await page.evaluate((pid) => window.__stage!.frame().props.find((p) => p.id === pid)!.position, id);
      expect(reset).toEqual(authored);
      // The timeline listed the run's transitions, newest first.
      const rows = await page.locator('[data-testid="timeline-row"]').count();
      expect(rows).toBeGreaterThan(0);
      await expect(page.locator('[data-testid="timeline-row"]').first().textContent()).resolves.toContain('PLAY');
      await screenshot(page, '05-reset');

      // Leaving PLAY restores the authored state; the document never changed.
      await page.keyboard.press('e');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT');
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual(authored);
      expect(errors).toEqual([]);
    });
  });

  it('rejects a malformed file with the JSON path and reason and leaves the scene untouched', async () => {
    await withApp(async ({ page }) => {
      const before = await objects(page);
      const bad = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8'));
      bad.objects[2].size = [-5, 300];
      await page.setInputFiles('[data-testid="open-input"]', { name: 'broken.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
      const notice = page.locator('[data-testid="notice-error"]');
      await notice.waitFor();
      const text = await notice.textContent();
      expect(text).toContain('broken.scene.json');
      expect(text).toContain('$.objects[2].size[0]');
      expect(text).toContain('must be greater than 0');
      await screenshot(page, '06-load-error');
      expect(await objects(page)).toEqual(before);

      // Not JSON at all: same, with the root path.
      await page.setInputFiles('[data-testid="open-input"]', { name: 'garbage.scene.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
      await page.locator('[data-testid="notice-error"]', { hasText: 'garbage.scene.json' }).waitFor();
      expect(await page.locator('[data-testid="notice-error"]', { hasText: 'garbage.scene.json' }).textContent()).toContain('$: not valid JSON');
      expect(await objects(page)).toEqual(before);

      // Schema-valid but geometrically impossible (a non-convex polygon): refused the same way.
      const concave = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8'));
      concave.objects[1] = { kind: 'terrain', id: 'ramp-1', file_id: 2, shape: 'polygon', position: [1000, 1250], points: [[0, 0], [100, 0], [50, 10], [100, 100], [0, 100]] };
      await page.setInputFiles('[data-testid="open-input"]', { name: 'concave.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(concave)) });
      const concaveNotice = page.locator('[data-testid="notice-error"]', { hasText: 'concave.scene.json' });
      await concaveNotice.waitFor();
      expect(await concaveNotice.textContent()).toContain('$.objects[1].points: terrain "ramp-1" (polygon): polygon is not convex');
      expect(await objects(page)).toEqual(before);

      // A good file loads (and is one undo step).
      const good = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8'));
      good.objects = good.objects.filter((o: { kind: string }) => o.kind === 'terrain');
      good.queues = {};
      good.rules = [];
      await page.setInputFiles('[data-testid="open-input"]', { name: 'terrain.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
      await page.waitForFunction((n) => window.__stage!.objects().length === n, good.objects.length);
      await page.keyboard.press('Control+z');
      await page.waitForFunction((n) => window.__stage!.objects().length === n, before.length);
    });
  });

  it('autosaves and restores the scene after a reload', async () => {
    await withApp(async ({ page }) => {
      const id = await placeBox(page, [1400, 600]);
      await page.waitForFunction((pid) => (localStorage.getItem('stickman-stage/autosave/v1') ?? '').includes(`"${pid}"`), id, { timeout: 10_000 });
      await page.reload();
      await waitForApp(page);
      const ids = (await objects(page)).map((o) => o.id);
      expect(ids).toContain(id);
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual([1400, 600]);
      await page.locator('[data-testid="notice-info"]', { hasText: 'Restored your autosaved scene' }).waitFor();
      await screenshot(page, '07-restored');

      // A corrupt autosave falls back to the demo scene with a notice.
      await page.evaluate(() => localStorage.setItem('stickman-stage/autosave/v1', '{"format":"stickman-stage/scene","version":"9"}'));
      await page.reload();
      await waitForApp(page);
      expect((await objects(page)).map((o) => o.id)).not.toContain(id);
      expect((await objects(page)).length).toBe(DEMO_OBJECTS);
      const warn = await page.locator('[data-testid="notice-warning"]').textContent();
      expect(warn).toContain('could not be restored');
      expect(warn).toContain('$.version');
    });
  });

  it('undo removes the placed prop and redo brings it back; Delete and Ctrl+D edit too', async () => {
    await withApp(async ({ page }) => {
      const id = await placeBox(page);
      await page.keyboard.press('Control+z');
      await page.waitForFunction((pid) => !window.__stage!.objects().some((o) => o.id === pid), id);
      expect((await objects(page)).length).toBe(DEMO_OBJECTS);
      await page.click('[data-testid="redo"]');
      await page.waitForFunction((pid) => window.__stage!.objects().some((o) => o.id === pid), id);

      // Select it by clicking, duplicate (new id), delete the copy.
      const [x, y] = await stageToPage(page, DROP_POINT);
      await page.mouse.click(x, y);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual([id]);
      await page.keyboard.press('Control+d');
      const dup = await page.evaluate(() => window.__stage!.selection());
      expect(dup).toHaveLength(1);
      expect(dup[0]).not.toBe(id);
      expect((await objects(page)).length).toBe(DEMO_OBJECTS + 2);
      await page.keyboard.press('Delete');
      expect((await objects(page)).length).toBe(DEMO_OBJECTS + 1);
      await page.keyboard.press('Control+z');
      expect((await objects(page)).length).toBe(DEMO_OBJECTS + 2);
    });
  });

  it('edits stage size and gravity from the scene panel, validated and undoable', async () => {
    await withApp(async ({ page }) => {
      const stage = () => page.evaluate(() => window.__stage!.controller.document.stage);
      const gy = page.locator('[data-testid="stage-gravity-y"]');
      await gy.fill('500');
      await gy.press('Enter');
      expect((await stage()).gravity).toEqual([0, 500]);
      // Gravity is straight down only (the loader refuses anything else): no x field, no upward value.
      expect(await page.locator('[data-testid="stage-gravity-x"]').count()).toBe(0);
      await gy.fill('-980');
      await gy.press('Enter');
      await expect(page.locator('[data-testid="stage-gravity-y-error"]').textContent()).resolves.toMatch(/at least 1/);
      expect((await stage()).gravity).toEqual([0, 500]);
      await gy.fill('500');
      await gy.press('Enter');
      const width = page.locator('[data-testid="stage-width"]');
      await width.fill('-10');
      await width.press('Enter');
      await expect(page.locator('[data-testid="stage-width-error"]').textContent()).resolves.toMatch(/at least|greater/);
      expect((await stage()).width).toBe(4000);
      await width.fill('5000');
      await width.press('Enter');
      expect((await stage()).width).toBe(5000);
      // Ctrl+Z inside a text field undoes typing; the document's undo is for the stage.
      await width.blur();
      await page.keyboard.press('Control+z');
      expect((await stage()).width).toBe(4000);
      await page.keyboard.press('Control+z');
      expect((await stage()).gravity).toEqual([0, 980]);
    });
  });

  it('moves by dragging, and the property panel refuses non-finite input', async () => {
    await withApp(async ({ page }) => {
      const id = await placeBox(page);
      const [x, y] = await stageToPage(page, DROP_POINT);
      const to = await stageToPage(page, [DROP_POINT[0] + 300, DROP_POINT[1] - 100]);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 6 });
      await page.mouse.up();
      const pos = (await objects(page)).find((o) => o.id === id)!.position;
      expect(Math.abs(pos[0] - (DROP_POINT[0] + 300))).toBeLessThanOrEqual(6);
      expect(Math.abs(pos[1] - (DROP_POINT[1] - 100))).toBeLessThanOrEqual(6);
      expect(await page.evaluate(() => window.__stage!.history())).toMatchObject({ undo: 2 }); // place + one drag

      const field = page.locator('[data-testid="prop-x"]');
      await field.fill('NaN');
      await field.press('Enter');
      await expect(page.locator('[data-testid="prop-x-error"]').textContent()).resolves.toMatch(/not a number|finite/);
      await field.fill('1e999');
      await field.press('Enter');
      await expect(page.locator('[data-testid="prop-x-error"]').textContent()).resolves.toContain('finite');
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual(pos);
      const mass = page.locator('[data-testid="prop-mass"]');
      await mass.fill('-3');
      await mass.press('Enter');
      await expect(page.locator('[data-testid="prop-mass-error"]').textContent()).resolves.toContain('greater than 0');
      await field.fill('1234');
      await field.press('Enter');
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual([1234, pos[1]]);
      // The refused mass stays flagged (and out of the document) while other fields change.
      await expect(page.locator('[data-testid="prop-mass-error"]').textContent()).resolves.toContain('greater than 0');
      expect(await page.evaluate((pid) => window.__stage!.controller.document.objects.find((o) => o.id === pid), id)).not.toHaveProperty('physics');
      await screenshot(page, '08-properties');
    });
  });

  it('rotates and resizes with the selection handles (each drag one undo step); DIRECT selects but does not edit', async () => {
    await withApp(async ({ page }) => {
      const id = await placeBox(page);
      const handles = async () =>
        page.evaluate(() => {
          // The resize handle sits on the box corner; the rotate handle above it (28 screen px).
          return { zoom: Number.parseFloat(document.querySelector('[data-testid="zoom"]')!.textContent!) / 100 };
        });
      const { zoom } = await handles();
      const drag = async (from: [number, number], to: [number, number]) => {
        const a = await stageToPage(page, from);
        const b = await stageToPage(page, to);
        await page.mouse.move(a[0], a[1]);
        await page.mouse.down();
        await page.mouse.move(b[0], b[1], { steps: 5 });
        await page.mouse.up();
      };
      const [cx, cy] = DROP_POINT;
      // Resize about the centre (Alt): corner (cx+40, cy+40) → (cx+80, cy+60): box size 160×120 → scale [2, 1.5].
      await page.keyboard.down('Alt');
      await drag([cx + 40, cy + 40], [cx + 80, cy + 60]);
      await page.keyboard.up('Alt');
      let o = await page.evaluate((pid) => window.__stage!.controller.document.objects.find((x) => x.id === pid), id);
      expect(o && o.kind === 'prop' && o.scale).toEqual([2, 1.5]);
      // Rotate: the handle is 28 screen px above the top edge; drag it to the right of the centre.
      const rotateHandle: [number, number] = [cx, cy - 60 - 28 / zoom];
      await drag(rotateHandle, [cx + 300, cy]);
      o = await page.evaluate((pid) => window.__stage!.controller.document.objects.find((x) => x.id === pid), id);
      expect(o && o.kind === 'prop' && o.rotation).toBeCloseTo(Math.PI / 2, 2);
      expect(await page.evaluate(() => window.__stage!.history().undo)).toBe(3);
      await screenshot(page, '10-handles');
      await page.keyboard.press('Control+z');
      o = await page.evaluate((pid) => window.__stage!.controller.document.objects.find((x) => x.id === pid), id);
      expect(o && o.kind === 'prop' && o.rotation).toBe(0);

      // DIRECT: clicking a stickman selects it, dragging does not move it; walk targets are previewed.
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const before = await objects(page);
      const stick = before.find((x) => x.id === 'stick-1')!.position;
      await drag([stick[0], stick[1] - 150], [stick[0] + 400, stick[1] - 150]);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual(['stick-1']);
      expect(await objects(page)).toEqual(before);
      expect(await page.locator('[data-testid="stick-flip"]').isDisabled()).toBe(true);
      await screenshot(page, '11-direct');
      await page.keyboard.press('e');
      await page.click('[data-testid="stick-flip"]');
      expect((await page.evaluate(() => window.__stage!.controller.document.objects.find((x) => x.id === 'stick-1')))!).toMatchObject({ facing: 'LEFT' });
    });
  });

  it('an area rotates with its handle (one undo step), draws rotated and is picked by its rotated shape', async () => {
    await withApp(async ({ page, errors }) => {
      const [cx, cy] = DROP_POINT;
      await page.click('[data-testid="palette-area"]');
      const [px, py] = await stageToPage(page, DROP_POINT);
      await page.mouse.move(px - 30, py - 20);
      await page.mouse.move(px, py, { steps: 3 });
      await page.mouse.click(px, py);
      const id = (await page.evaluate(() => window.__stage!.selection()))[0];
      expect((await objects(page)).find((o) => o.id === id)?.kind).toBe('area');
      const zoom = Number.parseFloat((await page.locator('[data-testid="zoom"]').textContent())!) / 100;
      // The 200×200 area's rotate handle sits 28 screen px above its top edge; drag it up and to the right: 45°.
      const handle = await stageToPage(page, [cx, cy - 100 - 28 / zoom]);
      const to = await stageToPage(page, [cx + 300, cy - 300]);
      await page.mouse.move(handle[0], handle[1]);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 6 });
      expect(await page.locator('[data-testid="stage-canvas"]').getAttribute('data-pointer-state')).toBe('rotating');
      await page.mouse.up();
      const area = await page.evaluate((aid) => window.__stage!.controller.document.objects.find((o) => o.id === aid), id);
      expect(area && area.kind === 'area' && area.rotation).toBeCloseTo(Math.PI / 4, 3);
      expect(await page.evaluate(() => window.__stage!.history().undo)).toBe(2); // place + one rotation
      expect(await page.locator('[data-testid="prop-rotation"]').inputValue()).toBe('45');
      await page.mouse.move(px + 200, py + 200);
      await screenshot(page, '12-rotated-area');
      // The square's old corner is outside the diamond: a click there is empty stage (deselects) …
      const corner = await stageToPage(page, [cx + 90, cy - 90]);
      await page.mouse.click(corner[0], corner[1]);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual([]);
      // … and past the old top edge, inside the diamond's top point, picks the area.
      const tip = await stageToPage(page, [cx, cy - 130]);
      await page.mouse.click(tip[0], tip[1]);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual([id]);
      await page.keyboard.press('Control+z');
      const undone = await page.evaluate((aid) => window.__stage!.controller.document.objects.find((o) => o.id === aid), id);
      expect(undone).not.toHaveProperty('rotation');
      expect(errors).toEqual([]);
    });
  });

  it('in PLAY the editing tools are disabled, Space pauses, and ? shows the shortcuts', async () => {
    await withApp(async ({ page }) => {
      // Wheel zoom keeps the stage point under the cursor; F fits again.
      const canvasBox = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
      const cursor: [number, number] = [canvasBox.x + 300, canvasBox.y + 250];
      const local: [number, number] = [300, 250];
      const under = (await page.evaluate(([x, y]) => window.__stage!.screenToStage(x, y), local))!;
      const zoomBefore = await page.locator('[data-testid="zoom"]').textContent();
      await page.mouse.move(cursor[0], cursor[1]);
      await page.mouse.wheel(0, -400);
      await page.waitForFunction((z) => document.querySelector('[data-testid="zoom"]')!.textContent !== z, zoomBefore);
      const back = (await page.evaluate((p) => window.__stage!.stageToScreen(p), under))!;
      expect(Math.abs(back[0] - local[0])).toBeLessThan(1);
      expect(Math.abs(back[1] - local[1])).toBeLessThan(1);
      await screenshot(page, '12-zoomed');
      await page.keyboard.press('f');
      await page.waitForFunction((z) => document.querySelector('[data-testid="zoom"]')!.textContent === z, zoomBefore);

      // Clicking PLAY leaves the button focused: Space must pause, not click it again.
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
      expect(await page.locator('[data-testid="palette-box"]').isDisabled()).toBe(true);
      expect(await page.locator('[data-testid="undo"]').isDisabled()).toBe(true);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      const tick = await page.evaluate(() => window.__stage!.frame().tick);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.__stage!.frame().tick)).toBe(tick);
      await page.keyboard.press('Space');
      await waitTicks(page, 5, tick);
      await page.keyboard.press('Shift+?');
      await page.locator('[data-testid="help"]').waitFor();
      await screenshot(page, '09-help');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="help"]').waitFor({ state: 'detached' });
    });
  });

  it('still works with ?inspect=stately when the inspector cannot reach the network, and the trace still hears every transition', async () => {
    await withApp(async ({ page, errors }) => {
      expect((await objects(page)).length).toBe(DEMO_OBJECTS);
      // The built app's trace taps xstate's dispatch (streams/trace/inspector), beside the Stately observer.
      expect(await page.evaluate(() => window.__stage!.controller.traceAttachment)).toBe('tap');
      await page.evaluate(() => {
        const w = window as unknown as { __transitions: number };
        w.__transitions = 0;
        window.__stage!.controller.records$.subscribe((r) => {
          if (r.type === 'transition') w.__transitions += 1;
        });
      });
      await page.keyboard.press('p');
      await waitTicks(page, 10);
      expect(await page.evaluate(() => (window as unknown as { __transitions: number }).__transitions)).toBeGreaterThan(0);
      expect(errors.filter((e) => !/ERR_|net::|Failed to load resource/.test(e))).toEqual([]);
    }, '?inspect=stately');
  });
});
