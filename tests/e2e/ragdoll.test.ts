/**
 * Issue 8 in the browser: the demo's knock-over (a rule ragdolls Bo when the ball hits him, he
 * lies still with the debug overlay showing his ragdoll bodies, joints and rest timer, then
 * stands up), and the director's grab in PLAY: a box grabbed, carried and thrown; a stickman
 * grabbed, lifted and let go. Screenshots go to artifacts/e2e/*.png. Waits poll window.__stage.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, screenshot, stageToPage, waitTicks, useHarness, nextFrames, pauseWhen, zoomAt } from './harness';
import { extendTrail, letGoVelocity } from '../../core/geometry/letGoVelocity';

const { withApp } = useHarness();

type Vec2 = [number, number];

const tick = (page: Page) => page.evaluate(() => window.__stage!.frame().tick);
/** A rig's frame view as plain data (a standing PLAY rig's view is packed: its parts and head are made when read, in the page). */
const rigOf = (page: Page, id: string) => page.evaluate((rid) => {
  const r = window.__stage!.frame().rigs.find((x) => x.id === rid)!;
  return (r as { toPlain?: () => typeof r }).toPlain?.() ?? r;
}, id);
const propAt = (page: Page, id: string) => page.evaluate((pid) => window.__stage!.frame().props.find((p) => p.id === pid)!.position, id);
const pointerState = (page: Page) => page.locator('[data-testid="stage-canvas"]').getAttribute('data-pointer-state');
const cursor = (page: Page) => page.locator('[data-testid="stage-canvas"]').evaluate((c) => (c as HTMLElement).style.cursor);
const stageAtPage = async (page: Page, x: number, y: number): Promise<Vec2> => {
  const box = (await page.locator('[data-testid="stage-canvas"]').boundingBox())!;
  return (await page.evaluate(([sx, sy]) => window.__stage!.screenToStage(sx, sy), [x - box.x, y - box.y] as const))!;
};

async function play(page: Page) {
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
}

async function togglePause(page: Page, paused: boolean) {
  await page.click('[data-testid="play-pause"]');
  await page.waitForFunction((p) => window.__stage!.mode().paused === p, paused);
}

/** Waits for a rig state; a timeout says where the rig was and what it was doing. */
async function waitRigState(page: Page, id: string, state: string, timeout = 30_000) {
  try {
    await page.waitForFunction(([rid, st]) => window.__stage!.frame().rigs.find((r) => r.id === rid)?.state === st, [id, state] as const, { timeout });
  } catch (e) {
    const seen = await page.evaluate((rid) => {
      const f = window.__stage!.frame();
      const r = f.rigs.find((x) => x.id === rid);
      const live = window.__stage!.controller.currentRuntime?.rig(rid);
      return { tick: f.tick, state: r?.state, root: r?.root, head: r?.headCenter, held: live?.connection.held, rest: live?.body.restSeconds, left: window.__stage!.controller.currentRuntime?.hasLeftStage(rid) };
    }, id);
    throw new Error(`${id} never became ${state}: ${JSON.stringify(seen)} (${(e as Error).message})`);
  }
}

/** Collects the trace's `command` records in the page from now on. */
async function recordCommands(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __commands: Array<{ type: string; id?: string; point?: Vec2 }> };
    w.__commands = [];
    const t = window as unknown as { __commandTicks: number[] };
    t.__commandTicks = [];
    window.__stage!.controller.records$.subscribe((r) => {
      if (r.type !== 'command') return;
      w.__commands.push(r.command as never);
      t.__commandTicks.push(r.tick);
    });
  });
}
const commands = (page: Page) => page.evaluate(() => (window as unknown as { __commands: Array<{ type: string; id?: string; point?: Vec2 }> }).__commands);
/** The last index below `end` that `test` accepts (-1 if none). */
function lastIndex(end: number, test: (i: number) => boolean): number {
  for (let i = end - 1; i >= 0; i -= 1) if (test(i)) return i;
  return -1;
}
/** The tick each recorded command was applied in (same order as `commands`). */
const commandTicks = (page: Page) => page.evaluate(() => (window as unknown as { __commandTicks: number[] }).__commandTicks);

/**
 * The velocity the stage's last grab let go with, worked out from the commands as the stage
 * applied them (`ticks[i]`: the step `all[i]` took effect in): the cursor's per-step trail, as
 * streams/runtime/grabbing keeps it, and core's let-go rule over it. The browser decides when a
 * move reaches the stage (a loaded one hands several steps' worth over at once), so this, not
 * the test's own clock, is the speed the fling had.
 */
function stageLetGo(all: Array<{ type: string; point?: Vec2 }>, ticks: number[]): Vec2 {
  const begin = lastIndex(all.length, (i) => all[i].type === 'grab.start');
  const end = lastIndex(all.length, (i) => all[i].type === 'grab.end');
  let cursor: Vec2 = [...all[begin].point!];
  const trail: Vec2[] = [[...cursor]];
  let k = begin + 1;
  const applyAt = (t: number) => {
    for (; k < end && ticks[k] === t; k += 1) if (all[k].type === 'grab.move') cursor = [...all[k].point!];
  };
  // Each step: its commands, then the cursor joins the trail (the let-go's own step adds none).
  for (let t = ticks[begin]; t < ticks[end]; t += 1) {
    applyAt(t);
    extendTrail(trail, cursor);
  }
  applyAt(ticks[end]);
  return letGoVelocity(trail, cursor, 1 / 60);
}

/**
 * Moves the held mouse to page point `to` in `n` moves, one simulation step apart (a real drag).
 * `release` lets go right after the last move, still moving (a fling), before another step runs.
 */
async function dragTo(page: Page, from: Vec2, to: Vec2, n: number, release = false) {
  for (let i = 1; i <= n; i += 1) {
    await page.mouse.move(from[0] + ((to[0] - from[0]) * i) / n, from[1] + ((to[1] - from[1]) * i) / n);
    if (release && i === n) await page.mouse.up();
    else await waitTicks(page, 1, await tick(page));
  }
}

describe('ragdoll and grab in the browser', () => {
  it('the demo: Ada\'s thrown ball knocks Bo over by a rule, he lies still (debug: bodies, joints, rest timer), then stands up and says so', async () => {
    await withApp(async ({ page, errors }) => {
      // The rules panel reads the two new rules with names, and the state filter is offered.
      await page.click('[data-testid="tab-rules"]');
      const summaries = await page.locator('[data-testid="rule-summary"]').allTextContents();
      expect(summaries).toContain('When Bo collides with ball-2 → Bo goes ragdoll (takeover)');
      expect(summaries).toContain('When Bo is back on its feet (ANIMATED) → Bo says “I\'m OK!” (overlay)');
      await page.locator('[data-testid="rule-row"][data-rule-id="r6"] [data-testid="rule-edit"]').click();
      await expect(page.locator('[data-testid="rule-state"]').inputValue()).resolves.toBe('ANIMATED');
      const options = await page.locator('[data-testid="rule-state"] option').allTextContents();
      expect(options).toEqual(['any change', 'falls down (RAGDOLL)', 'starts getting up (RECOVERING)', 'is back on its feet (ANIMATED)']);
      await page.click('[data-testid="rule-cancel"]');
      await page.click('[data-testid="tab-timeline"]');

      // Closer on Bo, debug overlay on, PLAY.
      const bo = await rigOf(page, 'stick-2');
      await zoomAt(page, [bo.root[0], bo.root[1] - 250], -400);
      await zoomAt(page, [bo.root[0], bo.root[1] - 250], -300);
      await page.click('[data-testid="debug-toggle"]');
      await play(page);

      // The hit: RAGDOLL the step after the ball touches his head. Down and still, the rest timer runs: pause to look.
      await pauseWhen(page, "return runtime.rig('stick-2').connection.state === 'RAGDOLL' && runtime.rig('stick-2').body.restSeconds > 0.2;");
      // Read inside the page: a frame's rig views are not plain data across the page boundary (toPlain).
      const { ragdoll, head } = await page.evaluate(() => {
        const f = window.__stage!.frame();
        return { ragdoll: f.debug!.ragdolls.find((r) => r.id === 'stick-2')!, head: f.rigs.find((r) => r.id === 'stick-2')!.headCenter };
      });
      expect(ragdoll.bodies).toHaveLength(10);
      expect(ragdoll.joints).toHaveLength(9);
      expect(head[1], 'his head is near the floor, not 500 px above it').toBeGreaterThan(1400 - 200);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-stage-labels] span')].some((s) => /stick-2: rest \d\.\d\d \/ 0\.50 s/.test(s.textContent ?? '') && (s as HTMLElement).style.display !== 'none'));
      await nextFrames(page);
      await screenshot(page, 'ragdoll-fall');

      // Getting up: RECOVERING, then ANIMATED again and "I'm OK!".
      await togglePause(page, false);
      // Half way up (the stand-up takes 1.2 s): the label names the variant.
      await pauseWhen(page, "if (runtime.rig('stick-2').connection.state !== 'RECOVERING') return false; memo.since ??= runtime.tick; return runtime.tick - memo.since >= 36;");
      expect((await rigOf(page, 'stick-2')).state).toBe('RECOVERING');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-stage-labels] span')].some((s) => /stick-2: .* · stand-up face_(up|down)/.test(s.textContent ?? '')));
      await nextFrames(page);
      await screenshot(page, 'ragdoll-getting-up');
      await togglePause(page, false);
      await pauseWhen(page, "const r = runtime.rig('stick-2'); return r.connection.state === 'ANIMATED' && r.connection.speech.length > 0;");
      await page.waitForFunction(() => [...document.querySelectorAll('[data-speech]')].some((b) => b.textContent?.includes("I'm OK!")), null, { timeout: 10_000 });
      const up = await rigOf(page, 'stick-2');
      expect(up.headCenter[1], 'standing: the head is high again').toBeLessThan(1400 - 400);
      await page.click('[data-testid="debug-toggle"]');
      await nextFrames(page);
      await screenshot(page, 'ragdoll-stand-up');

      // The timeline lists the RigState transitions.
      await page.fill('[data-testid="timeline-text"]', 'RAGDOLL');
      await page.locator('[data-testid="timeline-row"]', { hasText: 'ANIMATED → RAGDOLL.FREE' }).first().waitFor();
      await page.locator('[data-testid="timeline-row"]', { hasText: 'RAGDOLL.FREE → RECOVERING' }).first().waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('the Direct popup offers Ragdoll and Recover; queued, Ada falls in PLAY and the recover stands her up', async () => {
    await withApp(async ({ page, errors }) => {
      // The demo, with Ada's queue empty and no auto_recover (else she would get up by herself), opened as a file.
      const scene = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8'));
      scene.objects = scene.objects.map((o: { id: string }) => (o.id === 'stick-1' ? { ...o, auto_recover: false } : o));
      scene.queues['stick-1'] = [];
      await page.setInputFiles('[data-testid="open-input"]', { name: 'ada.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scene)) });
      await page.waitForFunction(() => (window.__stage!.controller.document.queues['stick-1'] ?? []).length === 0);
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const ada = await rigOf(page, 'stick-1');
      const torso = ada.parts.find((p) => p.name === 'torso')!;
      const at = await stageToPage(page, [(torso.start[0] + torso.end[0]) / 2, (torso.start[1] + torso.end[1]) / 2]);
      await page.mouse.click(at[0], at[1]);
      const popup = page.locator('[data-testid="direct-popup"]');
      await popup.waitFor();
      expect(await popup.locator('[data-testid="direct-ragdoll"]').isEnabled()).toBe(true);
      expect(await popup.locator('[data-testid="direct-recover"]').isEnabled()).toBe(true);
      await popup.locator('[data-testid="direct-ragdoll"]').click();
      await page.locator('[data-testid="direct-added"]', { hasText: 'Ragdoll' }).waitFor();
      await popup.locator('[data-testid="direct-wait"]').click();
      await page.fill('[data-testid="direct-form-seconds"]', '1');
      await page.click('[data-testid="direct-form-submit"]');
      await popup.locator('[data-testid="direct-recover"]').click();
      await page.locator('[data-testid="direct-added"]', { hasText: 'Recover' }).waitFor();
      const queue = await page.evaluate(() => window.__stage!.controller.document.queues['stick-1'].map(({ id: _id, ...a }) => a));
      expect(queue).toEqual([{ type: 'ragdoll' }, { type: 'wait', seconds: 1 }, { type: 'recover' }]);
      await screenshot(page, 'direct-popup-ragdoll');
      await page.keyboard.press('Escape');
      // The queue panel lists them; PLAY runs them: down at once, up after the wait (auto_recover is off).
      await expect(page.locator('[data-testid="queue-item"]').allTextContents()).resolves.toEqual([expect.stringContaining('Ragdoll'), expect.stringContaining('1'), expect.stringContaining('Recover')]);
      await play(page);
      await waitRigState(page, 'stick-1', 'RAGDOLL');
      await waitRigState(page, 'stick-1', 'RECOVERING');
      await waitRigState(page, 'stick-1', 'ANIMATED');
      await page.locator('[data-testid="queue-item"][data-status="done"]').nth(2).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('grab and throw a box in PLAY: hover offers it, a drag carries it through grab commands, a fling throws it', async () => {
    await withApp(async ({ page, errors }) => {
      await zoomAt(page, [2450, 1200], -400);
      await play(page);
      await recordCommands(page);
      // Let the toppling stack settle, then take a box that ended up on the ground, clear of the others.
      await waitTicks(page, 200);
      const start = await propAt(page, 'box-3');
      const at = await stageToPage(page, start);
      await page.mouse.move(at[0], at[1]);
      await page.waitForFunction(() => (document.querySelector('[data-testid="stage-canvas"]') as HTMLElement).style.cursor === 'grab');
      await nextFrames(page);
      await screenshot(page, 'grab-hover');

      await page.mouse.down();
      await dragTo(page, at, [at[0], at[1] - 120], 12);
      expect(await pointerState(page)).toBe('grabbing');
      expect(await cursor(page)).toBe('grabbing');
      // Held up in the air where the cursor is.
      await waitTicks(page, 30, await tick(page));
      const cursorStage = await stageAtPage(page, at[0], at[1] - 120);
      const held = await propAt(page, 'box-3');
      expect(held[1]).toBeLessThan(start[1] - 250);
      expect(Math.hypot(held[0] - cursorStage[0], held[1] - cursorStage[1])).toBeLessThan(80);
      await nextFrames(page);
      await screenshot(page, 'grab-box-held');

      // Fling it upwards (nothing is in the way up there) and let go: it flies on, up, with the cursor's speed.
      const flingFrom = await tick(page);
      await dragTo(page, [at[0], at[1] - 120], [at[0], at[1] - 240], 6, true);
      expect(await pointerState(page)).toBe('idle');
      await pauseWhen(page, 'memo.seen ??= 0; memo.seen += 1; return memo.seen >= 2;'); // the let-go applied
      const released = await propAt(page, 'box-3');
      const [velocity, now] = await page.evaluate(() => [window.__stage!.controller.currentRuntime!.propState('box-3')!.velocity, window.__stage!.frame().tick] as const);
      // The cursor's speed is the stage's, not the test's: a loaded browser runs several steps a
      // frame, and the moves reach the stage that much further apart.
      const [all, ticks] = [await commands(page), await commandTicks(page)];
      const endAt = lastIndex(all.length, (i) => all[i].type === 'grab.end');
      expect(ticks[endAt]).toBeGreaterThan(flingFrom);
      const thrown = stageLetGo(all, ticks);
      expect(thrown[1], 'the fling went up, as the stage saw the cursor').toBeLessThan(-100);
      // It flies off with that velocity: gravity (980 px/s²) has pulled on it for the steps since.
      const fallen = (980 * (now - ticks[endAt] + 1)) / 60;
      expect(Math.abs(velocity[0] - thrown[0]), 'thrown as fast sideways as the cursor moved').toBeLessThan(40);
      expect(Math.abs(velocity[1] - (thrown[1] + fallen)), 'thrown upwards as fast as the cursor moved').toBeLessThan(40);
      // …and flies on freely from there (nothing is in the way up there): where gravity alone takes it.
      await togglePause(page, false);
      await waitTicks(page, 10, now);
      await togglePause(page, true);
      const [after, later] = await page.evaluate(() => [window.__stage!.frame().props.find((p) => p.id === 'box-3')!.position, window.__stage!.frame().tick] as const);
      const t = (later - now) / 60;
      expect(Math.abs(after[1] - (released[1] + velocity[1] * t + 0.5 * 980 * t * t)), 'it flew on as thrown').toBeLessThan(25);
      await togglePause(page, false);
      await nextFrames(page);
      await screenshot(page, 'grab-box-thrown');

      const cmds = await commands(page);
      expect(cmds[0]).toMatchObject({ type: 'grab.start', id: 'box-3' });
      expect(Math.hypot(cmds[0].point![0] - start[0], cmds[0].point![1] - start[1])).toBeLessThan(20);
      expect(cmds.filter((c) => c.type === 'grab.move').length).toBeGreaterThan(10);
      expect(cmds.at(-1)).toEqual({ type: 'grab.end' });
      expect(errors).toEqual([]);
    });
  });

  it('grab a stickman: it goes ragdoll, hangs from the cursor by the part grabbed, and stands up after the let-go', async () => {
    await withApp(async ({ page, errors }) => {
      // A flat stage with Ada alone in the middle: nothing else touches her, and no edge to slide off.
      const flat = {
        format: 'stickman-stage/scene', version: '1.1', stage: { width: 4000, height: 1600, gravity: [0, 980] },
        objects: [
          { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [2000, 1500], size: [4000, 200], rotation: 0 },
          { kind: 'stickman', id: 'stick-1', file_id: 2, name: 'Ada', position: [2000, 1400], facing: 'RIGHT', auto_recover: true },
        ],
        queues: { 'stick-1': [{ id: 'a1', type: 'speak', text: 'Put me down!', seconds: 30 }] }, rules: [], prop_assets: [],
      };
      await page.setInputFiles('[data-testid="open-input"]', { name: 'flat.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(flat)) });
      await page.waitForFunction(() => window.__stage!.objects().length === 2);
      await page.click('[data-testid="fit"]');
      const ada = await rigOf(page, 'stick-1');
      await zoomAt(page, [ada.root[0], ada.root[1] - 300], -400);
      await play(page);
      await recordCommands(page);
      await waitTicks(page, 20);
      const head = (await rigOf(page, 'stick-1')).headCenter;
      const at = await stageToPage(page, head);
      await page.mouse.move(at[0], at[1]);
      await page.waitForFunction(() => (document.querySelector('[data-testid="stage-canvas"]') as HTMLElement).style.cursor === 'grab');
      await page.mouse.down();
      await dragTo(page, at, [at[0] + 40, at[1] - 120], 12);
      await waitTicks(page, 40, await tick(page));
      const held = await rigOf(page, 'stick-1');
      expect(held.state).toBe('RAGDOLL');
      const cursorStage = await stageAtPage(page, at[0] + 40, at[1] - 120);
      expect(Math.hypot(held.headCenter[0] - cursorStage[0], held.headCenter[1] - cursorStage[1]), 'held by the head').toBeLessThan(80);
      // Lifted: the feet are off the ground.
      const lowest = Math.max(...held.parts.flatMap((p) => [p.start[1], p.end[1]]));
      expect(lowest).toBeLessThan(1400 - 40);
      await nextFrames(page);
      await screenshot(page, 'grab-stickman-held');

      await page.mouse.up();
      await waitTicks(page, 1, await tick(page)); // the let-go applies on the next step
      expect((await commands(page)).map((c) => c.type).filter((t, i, all) => all.indexOf(t) === i)).toEqual(['grab.start', 'grab.move', 'grab.end']);
      expect((await commands(page))[0]).toMatchObject({ type: 'grab.start', id: 'stick-1' });
      // Dropped, it lies still, then stands up on its own (auto_recover).
      await waitRigState(page, 'stick-1', 'RECOVERING');
      await waitRigState(page, 'stick-1', 'ANIMATED');
      await nextFrames(page);
      await screenshot(page, 'grab-stickman-recovered');
      expect(errors).toEqual([]);
    });
  });
});
