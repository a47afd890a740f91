/**
 * The editor as a tool, end to end: the layout at 1280, 1024 and 800 px wide (every toolbar
 * command reachable, screenshots), the bottom-panel divider, multi-selection and the marquee,
 * copy and paste between two pages through the system clipboard, frame step and speed, and the
 * camera following a stickman in PLAY.
 * Screenshots go to artifacts/e2e/*.png. Waits poll window.__stage, never fixed sleeps.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { objects, screenshot, stageToPage, waitForApp, useHarness, nextFrames } from './harness';

const harness = useHarness();

/** A fresh context at `width`×`height` (clipboard allowed), `pages` app pages in it, closed afterwards. */
async function withPages<T>(size: { width: number; height: number }, pages: number, fn: (pages: Page[], context: BrowserContext, errors: string[]) => Promise<T>): Promise<T> {
  const context = await harness.h.browser.newContext({ viewport: size, deviceScaleFactor: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(harness.h.url).origin });
  const errors: string[] = [];
  try {
    const opened: Page[] = [];
    for (let i = 0; i < pages; i++) {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(harness.h.url);
      await waitForApp(page);
      opened.push(page);
    }
    return await fn(opened, context, errors);
  } catch (e) {
    (e as Error).message += `\npage errors: ${JSON.stringify(errors)}`;
    throw e;
  } finally {
    await context.close();
  }
}

const selection = (page: Page) => page.evaluate(() => window.__stage!.selection());
const mode = (page: Page) => page.evaluate(() => window.__stage!.mode());
const tick = (page: Page) => page.evaluate(() => window.__stage!.frame().tick);

/** Every command of the toolbar: its buttons and its speed control. */
async function toolbarCommands(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="toolbar"] button, [data-testid="toolbar"] select')].map((el) => {
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const top = document.elementFromPoint(cx, cy);
      return {
        id: el.dataset.testid ?? el.textContent ?? '?',
        inView: r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight,
        // What a click at its centre would hit: the control itself (or its text), nothing on top of it.
        clickable: !!top && (top === el || el.contains(top)),
      };
    }),
  );
}

// Playback (play/pause, step, speed, reset, the clock) is the transport bar's (tests/e2e/layout.test.ts).
const TOOLBAR_IDS = ['mode-edit', 'mode-direct', 'mode-play', 'undo', 'redo', 'new', 'open', 'save', 'fit', 'follow-toggle', 'director-toggle', 'snap-toggle', 'debug-toggle', 'help-button'];

describe('layout at three window widths', () => {
  it.each([
    [1280, 800],
    [1024, 700],
    [800, 600],
  ])('at %i×%i every toolbar command is on screen and clickable, the clock and autosave status show, the stage has room', async (width, height) => {
    await withPages({ width, height }, 1, async ([page], _context, errors) => {
      const commands = await toolbarCommands(page);
      expect(commands.map((c) => c.id)).toEqual(TOOLBAR_IDS);
      expect(commands.filter((c) => !c.inView || !c.clickable)).toEqual([]);
      for (const id of ['clock', 'autosave-status', 'zoom']) {
        const box = await page.locator(`[data-testid="${id}"]`).boundingBox();
        expect(box && box.width > 0 && box.x + box.width <= width && box.y + box.height <= height, id).toBe(true);
      }
      await expect(page.locator('[data-testid="clock"]').textContent()).resolves.toMatch(/t = 0\.00 s #0/);
      // The stage keeps a usable area and the whole stage is fitted into it.
      const stage = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
      expect(stage.width).toBeGreaterThan(width * 0.4);
      expect(stage.height).toBeGreaterThan(height * 0.3);
      const corner = await page.evaluate(() => window.__stage!.stageToScreen([4000, 1600]));
      expect(corner![0]).toBeLessThanOrEqual(stage.width);
      expect(corner![1]).toBeLessThanOrEqual(stage.height);
      // Every command really works from where it is: e.g. Snap toggles, Open opens the file chooser.
      await page.click('[data-testid="snap-toggle"]');
      expect(await page.getAttribute('[data-testid="snap-toggle"]', 'aria-pressed')).toBe('true');
      const chooser = page.waitForEvent('filechooser');
      await page.click('[data-testid="open"]');
      await chooser;
      await screenshot(page, `20-layout-${width}`);
      expect(errors).toEqual([]);
    });
  });

  it('the view fits the stage again when the window is resized', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page]) => {
      const fitted = async () => {
        const box = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
        const [l, t] = (await page.evaluate(() => window.__stage!.stageToScreen([0, 0])))!;
        const [r, b] = (await page.evaluate(() => window.__stage!.stageToScreen([4000, 1600])))!;
        // Centred, inside the canvas, touching it on the tighter side (less a margin).
        return { box, l, t, r, b, inside: l >= 0 && t >= 0 && r <= box.width + 0.5 && b <= box.height + 0.5, centred: Math.abs(l - (box.width - r)) < 1 };
      };
      const wide = await fitted();
      expect(wide.inside && wide.centred).toBe(true);
      await page.setViewportSize({ width: 900, height: 700 });
      await page.waitForFunction((w) => document.querySelector('[data-testid="stage-canvas"]')!.getBoundingClientRect().width < w, wide.box.width);
      await nextFrames(page);
      const narrow = await fitted();
      expect(narrow.inside && narrow.centred).toBe(true);
      expect(narrow.r - narrow.l).toBeLessThan(wide.r - wide.l);
      expect(narrow.box.width - (narrow.r - narrow.l)).toBeLessThan(100);
    });
  });

  it('the bottom panel divider drags, is remembered after a reload, and the rules editor scrolls instead of clipping', async () => {
    await withPages({ width: 1024, height: 700 }, 1, async ([page]) => {
      const panel = page.locator('[data-testid="bottom-panel"]');
      const before = (await panel.boundingBox())!;
      const divider = (await page.locator('[data-testid="panel-divider"]').boundingBox())!;
      await page.mouse.move(divider.x + 200, divider.y + divider.height / 2);
      await page.mouse.down();
      await page.mouse.move(divider.x + 200, divider.y - 150, { steps: 5 });
      await page.mouse.up();
      const after = (await panel.boundingBox())!;
      expect(after.height - before.height).toBeGreaterThan(140);
      expect(after.height - before.height).toBeLessThan(160);
      await page.reload();
      await waitForApp(page);
      expect(Math.abs((await panel.boundingBox())!.height - after.height)).toBeLessThanOrEqual(1);
      // Dragged far down, it stops at its minimum and the stage grows.
      const d2 = (await page.locator('[data-testid="panel-divider"]').boundingBox())!;
      await page.mouse.move(d2.x + 200, d2.y + 4);
      await page.mouse.down();
      await page.mouse.move(d2.x + 200, 690, { steps: 4 });
      await page.mouse.up();
      expect((await panel.boundingBox())!.height).toBeGreaterThanOrEqual(89);
      expect((await panel.boundingBox())!.height).toBeLessThan(100);
      // A short panel scrolls its rules (the reaction editor stays reachable).
      await page.click('[data-testid="tab-rules"]');
      const body = await page.evaluate(() => {
        const el = document.getElementById('bottom-rules')!;
        const scroller = [el, ...el.querySelectorAll<HTMLElement>('*')].find((x) => x.scrollHeight > x.clientHeight + 1 && getComputedStyle(x).overflowY !== 'visible' && getComputedStyle(x).overflowY !== 'hidden');
        return scroller ? scroller.scrollHeight - scroller.clientHeight : 0;
      });
      expect(body).toBeGreaterThan(0);
      await screenshot(page, '21-short-bottom-panel');
    });
  });
});

describe('multi-selection in the browser', () => {
  it('a marquee selects what it encloses; Shift-click takes one out; the rest drag together as one undo step', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page]) => {
      const before = await objects(page);
      // The demo's left end above the ground: Ada, the plank and two balls (the ramp reaches past 1250).
      const from = await stageToPage(page, [0, 200]);
      const to = await stageToPage(page, [1250, 1420]);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 6 });
      expect(await page.locator('[data-testid="stage-canvas"]').getAttribute('data-pointer-state')).toBe('selecting');
      await screenshot(page, '22-marquee');
      await page.mouse.up();
      const picked = await selection(page);
      const inside = before.filter((o) => picked.includes(o.id));
      expect(picked.length).toBeGreaterThanOrEqual(2);
      expect(picked).not.toContain('ground');
      expect(inside.every((o) => o.position[0] <= 2000)).toBe(true);
      // Shift-click the first one: it leaves the selection.
      const first = inside[0];
      const firstShown = await page.evaluate((id) => {
        const f = window.__stage!.frame();
        const p = f.props.find((x) => x.id === id) ?? f.areas.find((x) => x.id === id);
        const r = f.rigs.find((x) => x.id === id);
        return p ? p.position : r ? r.parts.find((x) => x.name === 'torso')!.start : null;
      }, first.id);
      const at = await stageToPage(page, firstShown as [number, number]);
      await page.keyboard.down('Shift');
      await page.mouse.click(at[0], at[1]);
      await page.keyboard.up('Shift');
      const kept = await selection(page);
      expect(kept).toEqual(picked.filter((id) => id !== first.id));
      // Nudge the rest with the arrows: one undo step moves them all.
      const undo = (await page.evaluate(() => window.__stage!.history())).undo;
      await page.keyboard.press('Shift+ArrowRight');
      const moved = await objects(page);
      for (const id of kept) expect(moved.find((o) => o.id === id)!.position[0]).toBe(before.find((o) => o.id === id)!.position[0] + 10);
      expect((await page.evaluate(() => window.__stage!.history())).undo).toBe(undo + 1);
      await page.keyboard.press('Control+z');
      expect(await objects(page)).toEqual(before);
    });
  });
});

describe('clipboard between two pages', () => {
  it('Ctrl+C in one page, Ctrl+V in another: the objects arrive under new ids, offset, with their queue', async () => {
    await withPages({ width: 1280, height: 800 }, 2, async ([a, b], _context, errors) => {
      // Page A: click stick-1 (it has a queue in the demo), Shift-click a prop, copy. (The clipboard
      // serves the focused page only, as in a real browser.)
      await a.bringToFront();
      const prop = (await objects(a)).find((o) => o.kind === 'prop')!;
      const stick = (await objects(a)).find((o) => o.id === 'stick-1')!;
      for (const [o, shift] of [[stick, false], [prop, true]] as const) {
        const p = await a.evaluate((id) => {
          const f = window.__stage!.frame();
          const r = f.rigs.find((x) => x.id === id);
          return r ? r.parts.find((x) => x.name === 'torso')!.start : f.props.find((x) => x.id === id)!.position;
        }, o.id);
        const [x, y] = await stageToPage(a, p as [number, number]);
        if (shift) await a.keyboard.down('Shift');
        await a.mouse.click(x, y);
        if (shift) await a.keyboard.up('Shift');
      }
      expect((await selection(a)).sort()).toEqual([stick.id, prop.id].sort());
      await a.keyboard.press('Control+c');
      await a.waitForFunction(() => [...document.querySelectorAll('.notice')].some((n) => /Copied 2 objects/.test(n.textContent ?? '')));
      expect(await a.locator('.notice').last().textContent()).not.toMatch(/this tab only/);
      const clip = await a.evaluate(() => navigator.clipboard.readText());
      expect(JSON.parse(clip)).toMatchObject({ format: 'stickman-stage/scene' });

      // Page B pastes it.
      await b.bringToFront();
      await b.locator('[data-testid="stage-canvas"]').click({ position: { x: 5, y: 5 } });
      const beforeB = await objects(b);
      await b.keyboard.press('Control+v');
      await b.waitForFunction((n) => window.__stage!.objects().length === n + 2, beforeB.length);
      const afterB = await objects(b);
      const added = afterB.filter((o) => !beforeB.some((x) => x.id === o.id));
      expect(added.map((o) => o.kind).sort()).toEqual(['prop', 'stickman']);
      const newStick = added.find((o) => o.kind === 'stickman')!;
      expect(newStick.id).not.toBe('stick-1');
      expect(newStick.position).toEqual([stick.position[0] + 40, stick.position[1]]);
      expect((await selection(b)).sort()).toEqual(added.map((o) => o.id).sort());
      const queues = await b.evaluate(() => window.__stage!.controller.document.queues);
      expect(queues[newStick.id].map((i) => i.type)).toEqual(queues['stick-1'].map((i) => i.type));
      await screenshot(b, '23-pasted');
      // One undo step takes the paste back.
      await b.keyboard.press('Control+z');
      expect(await objects(b)).toEqual(beforeB);
      expect(errors).toEqual([]);
    });
  });
});

describe('playback controls', () => {
  it('the Step button (and .) runs exactly one step and holds; the clock shows it', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page]) => {
      await page.click('[data-testid="step-frame"]');
      await page.waitForFunction(() => window.__stage!.frame().tick === 1);
      expect(await mode(page)).toEqual({ mode: 'PLAY', paused: true });
      await page.keyboard.press('.');
      await page.keyboard.press('.');
      await page.waitForFunction(() => window.__stage!.frame().tick === 3);
      await nextFrames(page);
      await nextFrames(page);
      expect(await tick(page)).toBe(3);
      await expect(page.locator('[data-testid="clock"]').textContent()).resolves.toMatch(/t = 0\.05 s #3.*paused/);
      await screenshot(page, '24-frame-step');
    });
  });

  // How many steps a speed runs per real second is the frame driver's job, checked without a wall
  // clock in tests/unit/streams/frameDriverSpeed.test.ts; here only the controls that set it.
  it('the speed menu and the [ ] keys set one playback speed', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page]) => {
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
      const speed = () => page.locator('[data-testid="speed"]').inputValue();
      await page.selectOption('[data-testid="speed"]', '2');
      expect(await speed()).toBe('2');
      await page.keyboard.press('[');
      expect(await speed()).toBe('1');
      await page.keyboard.press('[');
      expect(await speed()).toBe('0.5');
      await page.keyboard.press(']');
      expect(await speed()).toBe('1');
    });
  });
});

describe('camera follow', () => {
  it('in PLAY the view follows the selected stickman; a pan holds the follow, the button resumes it', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page]) => {
      // Zoom in so the stage is bigger than the view and following has to move it.
      for (let i = 0; i < 5; i++) await page.keyboard.press('+');
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
      await page.click('[data-testid="follow-toggle"]');
      const centre = () =>
        page.evaluate(() => {
          const c = document.querySelector('[data-testid="stage-canvas"]')!.getBoundingClientRect();
          return window.__stage!.screenToStage(c.width / 2, c.height / 2)!;
        });
      // The camera settles on the stickman and keeps up as she walks up the ramp (far from where the
      // zoomed view started, the stage's centre): within 120 px of her while the walk runs. Polled
      // on drawn frames: the ease trails a walker by ~75 px, more while a loaded browser draws slowly.
      await page.waitForFunction(() => {
        const f = window.__stage!.frame();
        const r = f.rigs.find((x) => x.id === 'stick-1')!;
        if (f.tick < 60 || r.queue?.current !== 'a2' || r.root[0] > 1600) return false;
        const c = document.querySelector('[data-testid="stage-canvas"]')!.getBoundingClientRect();
        const [cx] = window.__stage!.screenToStage(c.width / 2, c.height / 2)!;
        const xs = r.parts.flatMap((p) => [p.start[0], p.end[0]]);
        return Math.abs(cx - (Math.min(...xs) + Math.max(...xs)) / 2) < 120;
      }, null, { timeout: 60_000 });
      await screenshot(page, '25-follow');
      // A manual pan (drag on empty sky) holds the follow: the view stays where it was put.
      const canvas = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
      await page.mouse.move(canvas.x + 60, canvas.y + 60);
      await page.mouse.down();
      await page.mouse.move(canvas.x + 460, canvas.y + 60, { steps: 5 });
      await page.mouse.up();
      expect(await page.textContent('[data-testid="follow-toggle"]')).toMatch(/⏸/);
      const held = await centre();
      await page.waitForFunction((t) => window.__stage!.frame().tick > t + 40, await tick(page));
      const later = await centre();
      expect(Math.abs(later[0] - held[0])).toBeLessThan(1);
      // Resume: the camera goes back to the stickman.
      await page.click('[data-testid="follow-toggle"]');
      await page.waitForFunction(
        () => {
          const c = document.querySelector('[data-testid="stage-canvas"]')!.getBoundingClientRect();
          const [x] = window.__stage!.screenToStage(c.width / 2, c.height / 2)!;
          const r = window.__stage!.frame().rigs[0];
          return Math.abs(x - r.root[0]) < 150;
        },
        null,
        { timeout: 15_000 },
      );
    });
  });
});

describe('Open, snapping and odd names', () => {
  it('Open says what it loaded and is one undo step; a stickman called toString without a queue has an empty queue panel', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page], _context, errors) => {
      const scene = {
        format: 'stickman-stage/scene',
        version: '1.1',
        stage: { width: 3000, height: 1500 },
        objects: [
          { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [1500, 1400], size: [3000, 200] },
          { kind: 'stickman', id: 'toString', file_id: 2, position: [800, 1300] },
          { kind: 'prop', id: 'constructor', file_id: 3, stage_object_id: 'constructor', spawn_id: 'builtin:ball', position: [1200, 1000] },
        ],
      };
      await page.setInputFiles('[data-testid="open-input"]', { name: 'odd.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scene)) });
      await page.waitForFunction(() => window.__stage!.objects().length === 3);
      const notice = page.locator('.notice', { hasText: 'Opened odd.scene.json' });
      await expect(notice.textContent()).resolves.toMatch(/1 stickman, 1 prop, 1 terrain piece · 0 rules.*Ctrl\+Z/);
      // Select the stickman: its (empty) queue panel shows; nothing throws.
      const torso = await page.evaluate(() => window.__stage!.frame().rigs[0].parts.find((p) => p.name === 'torso')!.start);
      const [x, y] = await stageToPage(page, torso as [number, number]);
      await page.mouse.click(x, y);
      expect(await selection(page)).toEqual(['toString']);
      await page.locator('[data-testid="queue-panel"]').waitFor();
      expect(await page.locator('[data-testid="queue-item"]').count()).toBe(0);
      // Undo brings the demo back.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => window.__stage!.objects().some((o) => o.id === 'stick-1'));
      expect(errors).toEqual([]);
    });
  });

  it('with Snap on, placing lands on the 20 px grid (drawn when zoomed in); Ctrl places freely', async () => {
    await withPages({ width: 1280, height: 800 }, 1, async ([page]) => {
      await page.keyboard.press('s');
      expect(await page.getAttribute('[data-testid="snap-toggle"]', 'aria-pressed')).toBe('true');
      for (let i = 0; i < 8; i++) await page.keyboard.press('+');
      const place = async (ctrl: boolean) => {
        const before = await objects(page);
        await page.click('[data-testid="palette-box"]');
        const canvas = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
        const [x, y] = [canvas.x + canvas.width / 2 + 7.3, canvas.y + canvas.height / 2 - 5.6];
        await page.mouse.move(x - 20, y);
        await page.mouse.move(x, y, { steps: 2 });
        if (ctrl) await page.keyboard.down('Control');
        await page.mouse.click(x, y);
        if (ctrl) await page.keyboard.up('Control');
        return (await objects(page)).find((o) => !before.some((b) => b.id === o.id))!.position;
      };
      const snapped = await place(false);
      expect(snapped.map((v) => v % 20)).toEqual([0, 0]);
      await nextFrames(page);
      await screenshot(page, '26-snap-grid');
      const free = await place(true);
      expect(free.some((v) => v % 20 !== 0)).toBe(true);
    });
  });
});
