/**
 * The directed camera in the browser (issue 23): PLAY shows the director's camera (the view is the
 * frame's `camera`, so it follows a walker), a pan by hand switches to a free camera and the
 * toolbar toggle (or V) brings the director's back, Follow (C) takes the view from it; a scrub
 * shows the camera of the tick scrubbed to; an export uses the director's camera by default, and
 * its WebM, decoded in the page, shows the walker in the middle of the picture at the shot's size.
 * Screenshots go to artifacts/e2e/camera-*.png.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveSceneText } from '../../core/scene/io';
import { ground, scene } from '../helpers/scenes';
import { ARTIFACTS, loadPixels, nextFrames, pauseWhen, rigPoint, screenshot, stageToPage, useHarness } from './harness';

const { withApp } = useHarness();

type Vec2 = [number, number];
const FOLLOW_WIDTH = 1600;

/** Bo (drawn pure red, so the pictures can find him) walks right; the camera follows him, 1600 px wide. */
const SCENE = saveSceneText(
  scene([ground(1400, 8000), { kind: 'stickman', id: 'bo', name: 'Bo', position: [600, 1400], facing: 'RIGHT', color: '#ff0000' }], {
    stage: { width: 8000, height: 2000, gravity: [0, 980] },
    queues: {
      bo: [{ id: 'w', type: 'walk_to', target_position: [7000, 1400] }],
      camera: [{ id: 'c1', type: 'camera_follow', target_id: 'bo', width: FOLLOW_WIDTH, ease_seconds: 0.5 }],
    },
  }),
);

/** The same stage with no camera directed yet. */
const UNDIRECTED = saveSceneText(
  scene([ground(1400, 8000), { kind: 'stickman', id: 'bo', name: 'Bo', position: [600, 1400], facing: 'RIGHT', color: '#ff0000' }], {
    stage: { width: 8000, height: 2000, gravity: [0, 980] },
    queues: { bo: [{ id: 'w', type: 'walk_to', target_position: [7000, 1400] }] },
  }),
);

async function openScene(page: Page, text = SCENE) {
  await page.setInputFiles('[data-testid="open-input"]', { name: 'camera.scene.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.__stage!.objects().some((o) => o.id === 'bo'));
  await nextFrames(page);
}

/** The stage point at the middle of the canvas, and the frame's camera (the director's view of the tick shown). */
const viewNow = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector('[data-testid="stage-canvas"]')!.getBoundingClientRect();
    const f = window.__stage!.frame();
    return { centre: window.__stage!.screenToStage(c.width / 2, c.height / 2)!, camera: f.camera!, tick: f.tick, root: f.rigs.find((r) => r.id === 'bo')!.root, canvas: [c.width, c.height] as Vec2 };
  });

/** Where the red pixels of a picture are: their centroid and bounding box (the loaded pixels, `width` wide). */
const redPixels = (page: Page, width: number) =>
  page.evaluate((w) => {
    const d = (window as unknown as { __pixels: Uint8ClampedArray }).__pixels;
    let n = 0;
    let sx = 0;
    let sy = 0;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < d.length; i += 4) {
      // Red by dominance, not by exact value, so a codec's chroma blur on a 2 px stroke still counts.
      if (d[i] > 150 && d[i] - Math.max(d[i + 1], d[i + 2]) > 80) {
        const p = i / 4;
        const x = p % w;
        const y = Math.floor(p / w);
        n += 1;
        sx += x;
        sy += y;
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    return { n, x: sx / Math.max(1, n), y: sy / Math.max(1, n), height: n ? maxY - minY : 0, pixels: d.length / 4 };
  }, width);

/**
 * The frame `seconds` into the last export, decoded by the browser's own video element and drawn
 * into a canvas, as PNG base64. The element is in the document (a detached one may never present
 * a frame), and the draw is retried until the picture is not one flat colour: on a slow machine
 * the seeked frame can be drawn before it is decoded. The element is released after.
 */
async function decodedFrameAt(seconds: number): Promise<string> {
  const url = URL.createObjectURL(window.__stage!.lastExport()!);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  Object.assign(video.style, { position: 'fixed', left: '0px', top: '0px', width: '64px', height: '36px', opacity: '0.01', pointerEvents: 'none' });
  document.body.appendChild(video);
  try {
    video.src = url;
    await new Promise<void>((r, j) => {
      video.onloadeddata = () => r();
      video.onerror = () => j(new Error('the export does not decode'));
    });
    video.currentTime = seconds;
    await new Promise<void>((r) => (video.onseeked = () => r()));
    const c = document.createElement('canvas');
    c.width = video.videoWidth;
    c.height = video.videoHeight;
    const ctx = c.getContext('2d', { willReadFrequently: true })!;
    const flat = () => {
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      for (let i = 4; i < d.length; i += 4 * 97) if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 30) return false;
      return true;
    };
    for (let attempt = 0; attempt < 50; attempt += 1) {
      ctx.drawImage(video, 0, 0);
      if (!flat()) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return c.toDataURL('image/png').split(',')[1];
  } finally {
    video.removeAttribute('src');
    video.load();
    video.remove();
    URL.revokeObjectURL(url);
  }
}

async function canvasRed(page: Page, name: string) {
  const canvas = page.locator('[data-testid="stage-canvas"]');
  const box = (await canvas.boundingBox())!;
  await loadPixels(page, await canvas.screenshot({ path: resolve(ARTIFACTS, `${name}.png`) }));
  return { ...(await redPixels(page, Math.round(box.width))), width: box.width, height: box.height };
}

const pressed = (page: Page) => page.getAttribute('[data-testid="director-toggle"]', 'aria-pressed');

describe('the directed camera in the browser', () => {
  it('PLAY shows the director’s camera following a walker; a pan frees it, the toggle and V bring it back, Follow takes over; a scrub shows the camera of its tick', async () => {
    await withApp(async ({ page, errors }) => {
      await openScene(page);
      expect(await pressed(page)).toBe('true');
      await pauseWhen(page, 'return runtime.tick >= 60', 60_000, () => page.click('[data-testid="mode-play"]'));
      const a = await viewNow(page);
      // The view is the frame's camera: centred on it, the shot's 16:9 box fitted into the canvas.
      expect(a.camera.width).toBe(FOLLOW_WIDTH);
      expect(Math.abs(a.centre[0] - a.camera.center[0])).toBeLessThan(1);
      expect(Math.abs(a.centre[1] - a.camera.center[1])).toBeLessThan(1);
      expect(Math.abs(a.camera.center[0] - a.root[0])).toBeLessThan(1);
      const first = await canvasRed(page, 'camera-play-follow-1');
      expect(first.n).toBeGreaterThan(200);
      expect(Math.abs(first.x - first.width / 2)).toBeLessThan(first.width * 0.05);

      // Later, Bo has walked on by hundreds of px and is still in the middle of the picture.
      await pauseWhen(page, 'return runtime.tick >= 240', 60_000, () => page.keyboard.press('Space'));
      const b = await viewNow(page);
      expect(b.root[0] - a.root[0]).toBeGreaterThan(300);
      expect(Math.abs(b.centre[0] - b.root[0])).toBeLessThan(1);
      const second = await canvasRed(page, 'camera-play-follow-2');
      expect(Math.abs(second.x - second.width / 2)).toBeLessThan(second.width * 0.05);
      // The shot's size: Bo's figure spans the same screen height in both pictures.
      expect(Math.abs(second.height - first.height)).toBeLessThan(first.height * 0.25);

      // A pan by hand (a drag on the empty sky): a free camera, the toggle says so, and the view stays put as Bo walks on.
      const canvas = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
      await page.mouse.move(canvas.x + 80, canvas.y + 60);
      await page.mouse.down();
      await page.mouse.move(canvas.x + 480, canvas.y + 60, { steps: 5 });
      await page.mouse.up();
      await nextFrames(page);
      expect(await pressed(page)).toBe('false');
      const freed = await viewNow(page);
      expect(freed.camera.center[0] - freed.centre[0]).toBeGreaterThan(100);
      await pauseWhen(page, 'return runtime.tick >= 300', 60_000, () => page.keyboard.press('Space'));
      const still = await viewNow(page);
      expect(Math.abs(still.centre[0] - freed.centre[0])).toBeLessThan(1);
      expect(still.root[0]).toBeGreaterThan(freed.root[0] + 50);
      await canvasRed(page, 'camera-play-free');

      // The toggle switches the director's camera back on: the view is the frame's camera again.
      await page.click('[data-testid="director-toggle"]');
      await nextFrames(page);
      expect(await pressed(page)).toBe('true');
      const back = await viewNow(page);
      expect(Math.abs(back.centre[0] - back.camera.center[0])).toBeLessThan(1);
      // V toggles it too; Follow (C) takes the view from the director's camera.
      await page.keyboard.press('v');
      expect(await pressed(page)).toBe('false');
      await page.keyboard.press('v');
      expect(await pressed(page)).toBe('true');
      await page.keyboard.press('c');
      expect(await pressed(page)).toBe('false');
      expect(await page.getAttribute('[data-testid="follow-toggle"]', 'aria-pressed')).toBe('true');
      await page.click('[data-testid="director-toggle"]');
      expect(await page.getAttribute('[data-testid="follow-toggle"]', 'aria-pressed')).toBe('false');

      // Scrubbing the take back into the camera's ease shows the camera of that tick.
      await page.locator('[data-testid="transport-scrub"]').evaluate((el) => {
        const input = el as HTMLInputElement;
        input.value = '15';
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await page.waitForFunction(() => window.__stage!.takes.seekTarget() === null && window.__stage!.frame().tick === 15, null, { timeout: 60_000 });
      await nextFrames(page);
      const scrubbed = await viewNow(page);
      expect(scrubbed.camera.width).toBeGreaterThan(FOLLOW_WIDTH);
      expect(Math.abs(scrubbed.centre[0] - scrubbed.camera.center[0])).toBeLessThan(1);
      expect(Math.abs(scrubbed.centre[1] - scrubbed.camera.center[1])).toBeLessThan(1);
      await canvasRed(page, 'camera-scrubbed-ease');

      // Leaving PLAY gives the editor's own view back.
      await page.click('[data-testid="mode-edit"]');
      await nextFrames(page);
      const edit = await viewNow(page);
      expect(Math.abs(edit.centre[0] - 4000)).toBeLessThan(1);
      expect(errors).toEqual([]);
    });
  });

  it('an export uses the director’s camera by default: its WebM shows Bo in the middle of the picture at the shot’s size', async () => {
    await withApp(async ({ page, errors }) => {
      await openScene(page);
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      await page.evaluate(() => {
        const c = window.__stage!.controller;
        while (c.tick < 120) c.stepFrame();
      });
      await page.click('[data-testid="take-export"]');
      // Offered first and chosen by default; the whole stage and follow stay options.
      const options = await page.locator('[data-testid="export-camera"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(options).toEqual(['director', 'view', 'stage', 'follow']);
      expect(await page.inputValue('[data-testid="export-camera"]')).toBe('director');

      const picture = async (camera: string, name: string) => {
        await page.selectOption('[data-testid="export-camera"]', camera);
        await page.evaluate(() => ((window as unknown as { __before: Blob | null }).__before = window.__stage!.lastExport()));
        await page.click('[data-testid="export-start"]');
        await page.waitForFunction(() => {
          const b = window.__stage!.lastExport();
          return !!b && b !== (window as unknown as { __before: Blob | null }).__before;
        }, null, { timeout: 120_000 });
        const png = await page.evaluate(decodedFrameAt, 1.5);
        const buffer = Buffer.from(png, 'base64');
        writeFileSync(resolve(ARTIFACTS, `${name}.png`), buffer);
        await loadPixels(page, buffer);
        return redPixels(page, 1280);
      };
      const directed = await picture('director', 'camera-export-director');
      const whole = await picture('stage', 'camera-export-stage');
      expect(await page.inputValue('[data-testid="export-format"]')).toBe('webm');
      // The director's shot: Bo in the middle, 1600 px of stage across 1280 px (0.8 px a stage px) ...
      expect(directed.n).toBeGreaterThan(200);
      expect(Math.abs(directed.x - 640)).toBeLessThan(40);
      // ... the whole stage: 8000 px across 1280 (0.16), Bo small and near the left, where he walks.
      expect(whole.pixels, 'the stage export decodes at 1280×720').toBe(1280 * 720);
      expect(whole.n, 'red pixels of Bo in the stage export’s frame at 1.5 s (artifacts/e2e/camera-export-stage.png)').toBeGreaterThan(10);
      expect(whole.x).toBeLessThan(400);
      expect(directed.height / Math.max(1, whole.height)).toBeGreaterThan(3);
      expect(errors).toEqual([]);
    });
  });

  it('DIRECT lists the camera’s queue: a framing dragged on the stage and a follow of Bo clicked on the stage are appended, their framings drawn while it is open; PLAY then shoots through them', async () => {
    await withApp(async ({ page, errors }) => {
      await openScene(page, UNDIRECTED);
      // A scene that directs no camera has nothing for the Director toggle to show.
      expect(await page.locator('[data-testid="director-toggle"]').isDisabled()).toBe(true);
      await page.click('[data-testid="mode-direct"]');
      await page.click('[data-testid="select-camera"]');
      await page.waitForSelector('[data-testid="camera-panel"]');
      // The camera's menu offers the camera's kinds only.
      await page.click('[data-testid="camera-panel"] [data-testid="queue-add"]');
      const kinds = await page.locator('[data-testid="queue-add-menu"] [role="menuitem"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid));
      expect([...kinds].sort()).toEqual(['queue-add-camera_follow', 'queue-add-camera_frame', 'queue-add-wait']);

      // Frame…: the form opens with its stage pick running; a drag on the stage is the rectangle.
      await page.click('[data-testid="queue-add-camera_frame"]');
      await page.waitForSelector('[data-testid="capture-hint"]');
      const from = await stageToPage(page, [1000, 700]);
      const to = await stageToPage(page, [2600, 1600]);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 6 });
      await page.mouse.up();
      await page.waitForSelector('[data-testid="capture-hint"]', { state: 'detached' });
      const rect = await Promise.all(['x0', 'y0', 'x1', 'y1'].map((k) => page.inputValue(`[data-testid="queue-editor-rect-${k}"]`).then(Number)));
      [1000, 700, 2600, 1600].forEach((v, i) => expect(Math.abs(rect[i] - v)).toBeLessThanOrEqual(4));
      await page.click('[data-testid="queue-editor-submit"]');

      // Follow…: a click on Bo names him.
      await page.click('[data-testid="camera-panel"] [data-testid="queue-add"]');
      await page.click('[data-testid="queue-add-camera_follow"]');
      await page.waitForSelector('[data-testid="capture-hint"]');
      const bo = await rigPoint(page, 'bo');
      await page.mouse.click(bo[0], bo[1]);
      expect(await page.inputValue('[data-testid="queue-editor-target_id"]')).toBe('bo');
      await page.fill('[data-testid="queue-editor-ease_seconds"]', '0');
      await page.click('[data-testid="queue-editor-submit"]');
      const queue = await page.evaluate(() => window.__stage!.controller.document.queues.camera);
      expect(queue.map((i) => i.type)).toEqual(['camera_frame', 'camera_follow']);
      expect(queue[1]).toMatchObject({ target_id: 'bo', ease_seconds: 0 });
      expect(await page.locator('[data-testid="camera-panel"] [data-testid="queue-item"]').count()).toBe(2);

      // Both framings are drawn (violet) while the camera's queue is open, and gone once it is closed.
      await nextFrames(page);
      const violet = async (name: string) => {
        const canvas = page.locator('[data-testid="stage-canvas"]');
        await loadPixels(page, await canvas.screenshot({ path: resolve(ARTIFACTS, `${name}.png`) }));
        return page.evaluate(() => {
          const d = (window as unknown as { __pixels: Uint8ClampedArray }).__pixels;
          let n = 0;
          for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 0x9c) < 30 && Math.abs(d[i + 1] - 0x36) < 30 && Math.abs(d[i + 2] - 0xb5) < 30) n += 1;
          return n;
        });
      };
      const drawn = await violet('camera-direct-shots');
      await screenshot(page, 'camera-direct-panel');
      expect(drawn).toBeGreaterThan(300);
      const labels = await page.locator('[data-testid="stage-host"] span').allTextContents();
      expect(labels).toEqual(expect.arrayContaining(['#1 Frame', '#2 Follow Bo']));
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="camera-panel"]', { state: 'detached' });
      await nextFrames(page);
      expect(await violet('camera-direct-closed')).toBeLessThan(drawn / 10);

      // PLAY shoots through the new queue: first the framing, eased over 1 s from the whole stage towards the rectangle's centre ...
      const target: Vec2 = [(rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2];
      await pauseWhen(page, 'return runtime.tick >= 30', 60_000, () => page.click('[data-testid="mode-play"]'));
      const easing = await viewNow(page);
      expect(easing.camera.center[0]).toBeLessThan(4000 - 200);
      expect(easing.camera.center[0]).toBeGreaterThan(target[0] + 200);
      expect(Math.abs(easing.centre[0] - easing.camera.center[0])).toBeLessThan(1);
      await canvasRed(page, 'camera-direct-play-framing');
      // ... then, the framing done, a cut to Bo, followed 2000 px wide.
      await pauseWhen(page, 'return runtime.tick >= 90', 60_000, () => page.keyboard.press('Space'));
      const following = await viewNow(page);
      expect(following.camera.width).toBe(2000);
      expect(Math.abs(following.camera.center[0] - following.root[0])).toBeLessThan(1);
      expect(Math.abs(following.centre[0] - following.root[0])).toBeLessThan(1);
      // In PLAY the camera's queue is listed live, like a stickman's: the framing done, then the cut to Bo (done at once; the view keeps following).
      await page.click('[data-testid="select-camera"]');
      await page.waitForSelector('[data-testid="camera-panel"]');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="camera-panel"] [data-testid="queue-item"]')].map((e) => (e as HTMLElement).dataset.status).join() === 'done,done');
      await screenshot(page, 'camera-play-live-queue');
      // No runtime command stops the camera's queue, so its live panel offers none; the scene now directs it.
      expect(await page.locator('[data-testid="camera-panel"] [data-testid="queue-stop"]').count()).toBe(0);
      expect(await page.locator('[data-testid="director-toggle"]').isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    });
  });
});
