/**
 * Issue 14 in the browser: every PLAY run is a take. Record the demo with a grab, scrub back (the
 * stage shows the live frame of that tick), step back and forward, branch with a new grab and
 * undo it; the Statecharts panel follows a scrub; a take recorded here replays headless in Node
 * with the same trace, byte for byte; a take file opens (and a bad one is refused); a 2 s WebM
 * and an MP4 are exported and read back (duration, frame count, size), a GIF is exported and
 * decoded, an export can be cancelled.
 * Screenshots go to artifacts/e2e/take-*.png.
 */
import { describe, expect, it } from 'vitest';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { decompressFrames, parseGIF } from 'gifuct-js';
import type { Page } from 'playwright-core';
import { runCli, type CliIo } from '../../streams/cli/runCli';
import { screenshot, stageToPage, waitTicks, useHarness } from './harness';

const { withApp } = useHarness();

type Vec2 = [number, number];

const tick = (page: Page) => page.evaluate(() => window.__stage!.controller.tick);
const takeInfo = (page: Page) =>
  page.evaluate(() => {
    const t = window.__stage!.takes.session.take();
    return t ? { length: t.length, commands: t.commands, controls: t.controls } : null;
  });

/** Keeps every frame the page publishes in PLAY (as compared: mode flags left out), by tick. */
async function recordFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: Record<number, string>; __framesSub: { unsubscribe(): void } };
    w.__frames = {};
    w.__framesSub = window.__stage!.controller.frame$.subscribe((f) => {
      if (f.mode === 'PLAY') w.__frames[f.tick] = JSON.stringify({ ...f, mode: undefined, paused: undefined });
    });
  });
}
const stopRecordingFrames = (page: Page) => page.evaluate(() => (window as unknown as { __framesSub: { unsubscribe(): void } }).__framesSub.unsubscribe());
const liveFrames = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Record<number, string> }).__frames);
const frameNow = (page: Page) => page.evaluate(() => JSON.stringify({ ...window.__stage!.frame(), mode: undefined, paused: undefined }));

/** Drags the scrubber's thumb to `tick` (an input event, as a drag sends) and waits for the seek. */
async function scrubTo(page: Page, to: number) {
  await page.locator('[data-testid="transport-scrub"]').evaluate((el, t) => {
    const input = el as HTMLInputElement;
    input.value = String(t);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, to);
  await waitSeek(page);
}
const waitSeek = (page: Page) => page.waitForFunction(() => window.__stage!.takes.seekTarget() === null, null, { timeout: 60_000 });

/**
 * Grabs what is under stage point `at` with the mouse and drags it by `by` (page px) over `n`
 * steps. `resume`: the stage is paused; it is resumed (Space) once the grab has been taken.
 */
async function grabAndDrag(page: Page, at: Vec2, by: Vec2, n: number, resume = false) {
  const p = await stageToPage(page, at);
  await page.mouse.move(p[0], p[1]);
  await page.waitForFunction(() => (document.querySelector('[data-testid="stage-canvas"]') as HTMLElement).style.cursor === 'grab', null, { timeout: 10_000 });
  await page.mouse.down();
  for (let i = 1; i <= n; i += 1) {
    await page.mouse.move(p[0] + (by[0] * i) / n, p[1] + (by[1] * i) / n);
    // The first move makes the press a grab: taken while paused, it applies at the first step
    // played, however long the browser takes to resume.
    if (resume && i === 1) {
      await page.waitForFunction(() => document.querySelector('[data-testid="stage-canvas"]')?.getAttribute('data-pointer-state') === 'grabbing');
      await page.keyboard.press('Space');
      await page.waitForFunction(() => !window.__stage!.mode().paused);
    }
    await waitTicks(page, 1, await tick(page));
  }
  await page.mouse.up();
  await waitTicks(page, 1, await tick(page));
}

async function play(page: Page) {
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
}

/** PLAY, paused at once, then exactly `ticks` steps (frame steps: the take is that long). */
async function recordSteps(page: Page, ticks: number) {
  await play(page);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__stage!.mode().paused);
  await page.evaluate((n) => {
    const c = window.__stage!.controller;
    while (c.tick < n) c.stepFrame();
  }, ticks);
}

/** Runs an export from the transport's panel; returns the file's bytes. */
async function exportFrom(page: Page, choices: { format: string; fps: string; size: string; camera?: string; debug?: boolean }): Promise<Buffer> {
  const panel = page.locator('[data-testid="export-panel"]');
  if (!(await panel.isVisible())) await page.click('[data-testid="take-export"]');
  await page.selectOption('[data-testid="export-format"]', choices.format);
  await page.selectOption('[data-testid="export-fps"]', choices.fps);
  await page.selectOption('[data-testid="export-size"]', choices.size);
  await page.selectOption('[data-testid="export-camera"]', choices.camera ?? 'view');
  await page.setChecked('[data-testid="export-debug"]', choices.debug ?? false);
  await page.evaluate(() => {
    const w = window as unknown as { __exportBefore: Blob | null };
    w.__exportBefore = window.__stage!.lastExport();
  });
  await page.click('[data-testid="export-start"]');
  await page.waitForFunction(() => {
    const w = window as unknown as { __exportBefore: Blob | null };
    const b = window.__stage!.lastExport();
    return !!b && b !== w.__exportBefore;
  }, null, { timeout: 120_000 });
  const b64 = await page.evaluate(async () => {
    const bytes = new Uint8Array(await window.__stage!.lastExport()!.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

async function readVideo(bytes: Buffer) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const stats = await track.computePacketStats();
  return { mime: await input.getMimeType(), duration: await input.computeDuration(), width: track.displayWidth, height: track.displayHeight, codec: track.codec, frames: stats.packetCount };
}

describe('takes in the browser', () => {
  it('record the demo with a grab, scrub back to live frames, step back and forward, branch and undo', async () => {
    await withApp(async ({ page, errors }) => {
      await recordFrames(page);
      await play(page);
      await waitTicks(page, 60);
      const box = await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'box-1')!.position);
      await grabAndDrag(page, box, [60, -80], 12);
      await waitTicks(page, 60, await tick(page));
      await page.click('[data-testid="play-pause"]');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      await stopRecordingFrames(page);
      const original = (await takeInfo(page))!;
      expect(original.length).toBe(await tick(page));
      const types = [...new Set(original.commands.map((c) => c.command.type))];
      expect(types).toEqual(['grab.start', 'grab.move', 'grab.end']);
      await screenshot(page, 'take-recorded');

      // Scrub back to frames the live run showed: before, during and after the grab.
      const frames = await liveFrames(page);
      const grabTick = original.commands[0].tick;
      const shown = Object.keys(frames).map(Number).sort((a, b) => a - b);
      const pick = (near: number) => shown.reduce((best, t) => (Math.abs(t - near) < Math.abs(best - near) ? t : best), shown[0]);
      const probes = [pick(grabTick + 6), pick(20), pick(original.length - 5), pick(grabTick - 10)];
      for (const t of probes) {
        await scrubTo(page, t);
        expect(await tick(page)).toBe(t);
        expect(await frameNow(page), `frame at tick ${t}`).toBe(frames[t]);
      }
      await screenshot(page, 'take-scrubbed-back');
      expect(await page.textContent('[data-testid="transport-tick"]')).toBe(String(probes.at(-1)));
      // The take did not change.
      expect(await takeInfo(page)).toEqual(original);
      // The take kept a keyframe every second; a seek late in it restores the one behind its target
      // and simulates less than a second of steps, instead of the whole take from the start.
      const keyframeTicks = await page.evaluate(() => window.__stage!.takes.session.keyframes.ticks());
      expect(keyframeTicks).toEqual(Array.from({ length: Math.floor(original.length / 60) }, (_, i) => (i + 1) * 60));
      const late = pick(original.length - 30);
      expect(late).toBeGreaterThan(60);
      await scrubTo(page, late);
      expect(await frameNow(page), `frame at tick ${late}`).toBe(frames[late]);
      const seek = await page.evaluate(() => window.__stage!.takes.lastSeek());
      expect(seek!.steps).toBeLessThan(60);
      expect(seek!.to).toBe(late);
      // Back before the recorded grab, where the rest of this test works.
      await scrubTo(page, probes.at(-1)!);
      expect(await frameNow(page)).toBe(frames[probes.at(-1)!]);

      // One step back, one forward.
      const at = await tick(page);
      await page.click('[data-testid="transport-step-back"]');
      await waitSeek(page);
      expect(await tick(page)).toBe(at - 1);
      if (frames[at - 1]) expect(await frameNow(page)).toBe(frames[at - 1]);
      await page.click('[data-testid="step-frame"]');
      await waitSeek(page);
      expect(await tick(page)).toBe(at);
      expect(await frameNow(page)).toBe(frames[at]);
      // The keys: ',' a step back, '.' a step on (replayed from the take).
      await page.keyboard.press(',');
      await waitSeek(page);
      expect(await tick(page)).toBe(at - 1);
      await page.keyboard.press('.');
      await page.waitForFunction((t) => window.__stage!.controller.tick === t, at);
      expect(await frameNow(page)).toBe(frames[at]);

      // A new grab here (taken while paused, then played on), before the recorded one: a branch.
      // The later commands are dropped.
      const branchTick = await tick(page);
      const ball = await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'ball-1')!.position);
      await grabAndDrag(page, ball, [-50, -60], 6, true);
      await page.waitForSelector('[data-testid="transport-branch"]');
      const note = await page.textContent('[data-testid="transport-branch"]');
      const cutAt = Number(/Branched at #(\d+)/.exec(note ?? '')![1]);
      // The cut is where the new grab took effect: not before the point it was taken from (the grab
      // was taken while paused there), and before the recorded grab it replaces.
      expect(cutAt).toBeGreaterThanOrEqual(branchTick);
      expect(cutAt).toBeLessThan(grabTick);
      expect(note).toContain(`${original.commands.length} later commands dropped`);
      const branched = (await takeInfo(page))!;
      expect(branched.commands.every((c) => c.tick > cutAt)).toBe(true);
      expect(branched.commands[0].command).toMatchObject({ type: 'grab.start', id: 'ball-1' });
      await page.click('[data-testid="play-pause"]');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      await screenshot(page, 'take-branched');

      // Undo the branch: the take is back, the stage at the branch point.
      await page.click('[data-testid="transport-undo-branch"]');
      await waitSeek(page);
      expect(await takeInfo(page)).toEqual(original);
      expect(await tick(page)).toBe(cutAt);
      if (frames[cutAt]) expect(await frameNow(page)).toBe(frames[cutAt]);
      expect(await page.locator('[data-testid="transport-branch"]').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  it('the Statecharts panel follows a scrub: walking at the end, picking up again after scrubbing back to the start', async () => {
    await withApp(async ({ page, errors }) => {
      await page.click('[data-testid="tab-statecharts"]');
      await page.selectOption('select[data-testid="statechart-actor"]', 'rig:stick-1/actionRunner');
      await page.locator('[data-state="running.lane.walking"]').waitFor({ timeout: 20_000 });
      const active = (state: string) => page.waitForFunction((s) => document.querySelector(`[data-state="${s}"]`)?.getAttribute('data-active') === 'true', state, { timeout: 20_000 });
      await play(page);
      // Ada picks up the ball beside her (a1, done by 0.3 s), then walks (a2).
      await page.waitForFunction(() => window.__stage!.frame().rigs.find((r) => r.id === 'stick-1')!.queue?.current === 'a2', null, { timeout: 30_000 });
      await page.click('[data-testid="play-pause"]');
      await active('running.lane.walking');
      await scrubTo(page, 6);
      expect(await page.evaluate(() => window.__stage!.frame().rigs.find((r) => r.id === 'stick-1')!.queue?.current)).toBe('a1');
      await active('running.lane.propWorking');
      expect(await page.locator('[data-state="running.lane.walking"]').getAttribute('data-active')).toBe('false');
      await screenshot(page, 'take-statecharts-scrubbed');
      expect(errors).toEqual([]);
    });
  });

  it('a take recorded here (a grab, a pause with frame steps) replays headless in Node with the same trace, byte for byte', async () => {
    await withApp(async ({ page, errors }) => {
      await page.evaluate(() => {
        const w = window as unknown as { __lines: string[] };
        w.__lines = [];
        window.__stage!.controller.records$.subscribe((r) => w.__lines.push(JSON.stringify(r)));
      });
      await play(page);
      await waitTicks(page, 40);
      // The plank lying still on the floor (box-2 is still toppling from the stack at tick 40: a
      // slow browser pressed where it had been).
      const plank = await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'plank-1')!.position);
      await grabAndDrag(page, plank, [-40, -90], 10);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      await page.keyboard.press('.');
      await page.keyboard.press('.');
      await page.keyboard.press('Space');
      await waitTicks(page, 90, await tick(page));
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      const { lines, text } = await page.evaluate(() => ({ lines: (window as unknown as { __lines: string[] }).__lines, text: window.__stage!.takes.saveText()! }));
      expect(lines.some((l) => l.includes('"type":"grab.start"'))).toBe(true);
      const out: string[] = [];
      const io: CliIo = { readFile: () => text, openOutput: () => ({ write: (l) => out.push(l), close: async () => {} }), stderr: (t) => out.push(`stderr: ${t}`) };
      expect(await runCli(['--take', 'browser.take.json', '--trace', '-'], io)).toBe(0);
      expect(JSON.parse(out.at(-1)!).type).toBe('summary');
      const replayed = out.slice(0, -1);
      for (let i = 0; i < lines.length; i += 1) expect(replayed[i], `line ${i + 1}`).toBe(lines[i]);
      expect(replayed.length).toBe(lines.length);
      expect(errors).toEqual([]);
    });
  });

  it('opens a take file: PLAY paused at its start, playing it back gives its frames; a bad take is refused and nothing changes', async () => {
    await withApp(async ({ page, errors }) => {
      await recordSteps(page, 150);
      const box = await page.evaluate(() => window.__stage!.frame().props.find((p) => p.id === 'box-1')!.position);
      await page.click('[data-testid="play-pause"]');
      await grabAndDrag(page, box, [30, -60], 5);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused);
      const { text, end, endFrame } = await page.evaluate(() => ({ text: window.__stage!.takes.saveText()!, end: window.__stage!.controller.tick, endFrame: JSON.stringify({ ...window.__stage!.frame(), mode: undefined, paused: undefined }) }));
      await page.click('[data-testid="mode-edit"]');

      const bad = JSON.parse(text);
      bad.commands[0].command.type = 'grab.teleport';
      const objectsBefore = await page.evaluate(() => window.__stage!.objects().length);
      await page.setInputFiles('[data-testid="open-input"]', { name: 'bad.take.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
      await page.waitForSelector('.notice:has-text("Could not open bad.take.json")');
      expect(await page.textContent('.notice:has-text("Could not open bad.take.json")')).toContain('$.commands[0].command.type');
      expect(await page.evaluate(() => window.__stage!.mode().mode)).toBe('EDIT');
      expect(await page.evaluate(() => window.__stage!.objects().length)).toBe(objectsBefore);

      await page.setInputFiles('[data-testid="open-input"]', { name: 'good.take.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY' && window.__stage!.mode().paused);
      expect(await tick(page)).toBe(0);
      expect(await page.textContent('[data-testid="clock"]')).toContain(`/ ${end}`);
      // Played back to its end, it shows the frame the recording ended on.
      await scrubTo(page, end);
      expect(await frameNow(page)).toBe(endFrame);
      expect(errors).toEqual([]);
    });
  });

  it('exports a 2 s WebM (VP9) and an MP4 (H.264), read back: duration, frame count, size', async () => {
    await withApp(async ({ page, errors }) => {
      await recordSteps(page, 120);
      const tickBefore = await tick(page);
      const webm = await exportFrom(page, { format: 'webm', fps: '30', size: '1280x720' });
      expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML
      expect(webm.length).toBeGreaterThan(10_000);
      const v = await readVideo(webm);
      expect(v.codec).toBe('vp9');
      expect(v.mime).toMatch(/^video\/webm/);
      expect([v.width, v.height]).toEqual([1280, 720]);
      expect(v.frames).toBe(60);
      expect(v.duration).toBeCloseTo(2, 1);
      // The export ran on a stage of its own: the app's stage did not move.
      expect(await tick(page)).toBe(tickBefore);
      await screenshot(page, 'take-exported');

      const mp4 = await exportFrom(page, { format: 'mp4', fps: '60', size: '854x480', camera: 'follow' });
      expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const m = await readVideo(mp4);
      expect(m.codec).toBe('avc');
      expect([m.width, m.height]).toEqual([854, 480]);
      expect(m.frames).toBe(120);
      expect(m.duration).toBeCloseTo(2, 1);
      expect(errors).toEqual([]);
    });
  });

  it('exports a GIF (one palette, 15 fps) that decodes to the take\'s frames, the same at any playback speed, debug only when asked; an export can be cancelled and the app stays usable', async () => {
    await withApp(async ({ page, errors }) => {
      await recordSteps(page, 120);
      const gif = await exportFrom(page, { format: 'gif', fps: '15', size: '640x360', camera: 'stage' });
      expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      const parsed = parseGIF(gif.buffer.slice(gif.byteOffset, gif.byteOffset + gif.byteLength) as ArrayBuffer);
      expect([parsed.lsd.width, parsed.lsd.height]).toEqual([640, 360]);
      const frames = decompressFrames(parsed, true);
      expect(frames).toHaveLength(30);
      expect(frames[0].delay).toBe(70); // 1/15 s in whole centiseconds
      // The stage is in the picture: many colours, and the frames change (things move).
      const colours = new Set<number>();
      const px = frames[0].patch;
      for (let i = 0; i < px.length; i += 4 * 7) colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
      expect(colours.size).toBeGreaterThan(8);
      expect(Buffer.from(frames[29].patch).equals(Buffer.from(frames[0].patch))).toBe(false);
      // The demo's opening line (Bo's, 2 s from the first step) is in the picture: a speech bubble
      // drawn in every frame but the first (tick 0, before any step).
      expect((await page.evaluate(() => window.__stage!.lastExportResult()))!.overlaysDrawn).toBeGreaterThanOrEqual(frames.length - 1);
      // Rendered offline from the take: the same settings give the same file, whatever the
      // playback speed; the debug overlay appears only when asked.
      await page.selectOption('[data-testid="speed"]', '0.25');
      const again = await exportFrom(page, { format: 'gif', fps: '15', size: '640x360', camera: 'stage' });
      expect(again.equals(gif)).toBe(true);
      const debug = await exportFrom(page, { format: 'gif', fps: '15', size: '640x360', camera: 'stage', debug: true });
      expect(debug.equals(gif)).toBe(false);

      // A long export, cancelled part way; meanwhile the page keeps drawing frames.
      await page.evaluate(() => {
        const c = window.__stage!.controller;
        while (c.tick < 600) c.stepFrame();
      });
      await page.selectOption('[data-testid="export-format"]', 'webm');
      await page.selectOption('[data-testid="export-fps"]', '60');
      await page.setChecked('[data-testid="export-debug"]', false);
      await page.click('[data-testid="export-start"]');
      await page.waitForSelector('[data-testid="export-progress"]');
      const drawn = await page.evaluate(() => new Promise<number>((resolve) => {
        let n = 0;
        const count = () => {
          n += 1;
          if (n < 10) requestAnimationFrame(count);
          else resolve(n);
        };
        requestAnimationFrame(count);
      }));
      expect(drawn).toBe(10);
      await page.click('[data-testid="export-cancel"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="export-status"]')?.textContent === 'Cancelled.');
      expect(await page.evaluate(() => window.__stage!.mode())).toEqual({ mode: 'PLAY', paused: true });
      expect(await page.locator('[data-testid="export-stage"]').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
