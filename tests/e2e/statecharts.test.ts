/**
 * The Statecharts panel end to end (issue 13): actor picker, the chart laid out off the main
 * thread, live highlighting, breakpoints pausing PLAY with a notice and the timeline scrolled to
 * the record, timeline ↔ chart links, paths with a copyable test, SVG export, offline use, and the
 * honest `?inspect=stately` notice. Screenshots go to artifacts/e2e/sc-*.png.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextFrames, ROOT, screenshot, waitTicks, useHarness } from './harness';

const harness = useHarness();
const withApp = harness.withApp;


const PICKER = 'select[data-testid="statechart-actor"]';
const TERRAIN = 'rig:stick-1/terrainMotion';

async function openPanel(page: Page): Promise<void> {
  await page.click('[data-testid="tab-statecharts"]');
  await page.locator('[data-testid="statechart-panel"]').waitFor();
}

async function pick(page: Page, actor: string, someState: string): Promise<void> {
  await page.selectOption(PICKER, actor);
  await page.locator(`[data-state="${someState}"]`).waitFor({ timeout: 20_000 });
}

const stateAttr = (page: Page, path: string, attr: string) => page.locator(`[data-state="${path}"]`).getAttribute(attr);

/** The demo with Ada (stick-1) standing on the platform, walking off its right edge to the ground. */
function demoWithLedgeWalk(): string {
  const demo = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8')) as {
    objects: Array<{ id: string; position: [number, number] }>;
    queues: Record<string, unknown[]>;
  };
  demo.objects = demo.objects.filter((o) => o.id !== 'plank-1');
  demo.objects.find((o) => o.id === 'stick-1')!.position = [1450, 1100];
  demo.queues['stick-1'] = [{ id: 'off', type: 'walk_to', target_position: [2150, 1400] }];
  return JSON.stringify(demo);
}

async function openScene(page: Page, text: string): Promise<void> {
  await page.setInputFiles('[data-testid="open-input"]', { name: 'ledge.scene.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.__stage!.controller.document.queues['stick-1']?.[0]?.id === 'off');
}

const noticeTexts = (page: Page) => page.$$eval('.notice', (ns) => ns.map((n) => n.textContent ?? ''));

describe('Statecharts panel', () => {
  it('lists every actor, lays the chart out in a worker, and highlights GROUNDED once PLAY runs — without any outside request', async () => {
    await withApp(async ({ page, context, errors }) => {
      const outside: string[] = [];
      const origin = new URL(harness.h.url).origin;
      context.on('request', (r) => {
        const url = r.url();
        if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
      });
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));

      await openPanel(page);
      // EDIT: the stage is live; the rigs PLAY will start are listed with their children; definitions too.
      const values = await page.$$eval(`${PICKER} option`, (os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(values).toEqual(expect.arrayContaining(['stage', 'rig:stick-1', TERRAIN, 'rig:stick-1/actionRunner', 'rig:stick-2', 'rig:stick-2/terrainMotion', 'machine:actionRunner']));
      expect(await stateAttr(page, 'EDIT', 'data-active')).toBe('true');

      await pick(page, TERRAIN, 'GROUNDED');
      const states = await page.$$eval('[data-state]', (els) => els.map((e) => e.getAttribute('data-state')));
      expect(states.sort()).toEqual(['AIRBORNE', 'DISABLED', 'GROUNDED', 'LANDING_IMPACT']);
      for (const s of states) expect(await stateAttr(page, s!, 'data-active')).toBe('false');
      expect(await page.locator('[data-edge="GROUNDED|physics.supportLost|AIRBORNE"]').count()).toBe(1);
      expect(await page.locator('[data-edge="AIRBORNE|physics.landed|LANDING_IMPACT"]').textContent()).toContain('physics.landed [hardLanding]');
      expect(workers.some((u) => u.includes('elk-worker'))).toBe(true);
      await screenshot(page, 'sc-01-terrain-edit');

      await page.keyboard.press('p');
      await page.locator('[data-state="GROUNDED"][data-active="true"]').waitFor({ timeout: 20_000 });
      expect(await stateAttr(page, 'AIRBORNE', 'data-active')).toBe('false');
      // The last transition (the landing) is marked on its edge.
      await page.locator('[data-edge="AIRBORNE|physics.landed|GROUNDED"][data-last="true"]').waitFor();
      const options = await page.$$eval(`${PICKER} optgroup[label="Live actors"] option`, (os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(options).toEqual(expect.arrayContaining(['stage', 'rig:stick-1', TERRAIN, 'rig:stick-1/actionRunner', 'rig:stick-2/terrainMotion']));
      expect(await page.locator(PICKER).inputValue()).toBe(TERRAIN);

      // The runner's parallel regions: one active state in each.
      await pick(page, 'rig:stick-1/actionRunner', 'running.overlay.quiet');
      await page.locator('[data-state="running.overlay.quiet"][data-active="true"]').waitFor();
      expect(await stateAttr(page, 'running', 'data-active')).toBe('true');
      expect(await stateAttr(page, 'stopped', 'data-active')).toBe('false');
      await page.click('.sc-section > summary:has-text("Context")');
      await page.locator('[data-testid="statechart-context"] .sc-tree-key:text-is("rigId")').waitFor();
      await screenshot(page, 'sc-02-runner-live');

      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('a breakpoint on AIRBORNE pauses PLAY at the end of the step, names actor, tick and event, and the timeline shows the record', async () => {
    await withApp(async ({ page, errors }) => {
      await openScene(page, demoWithLedgeWalk());
      await openPanel(page);
      await pick(page, TERRAIN, 'AIRBORNE');
      await page.check('[data-testid="statechart-bp-actor-only"]');
      // Inspecting a state is a click; it sets no breakpoint.
      await page.click('[data-state="AIRBORNE"]');
      await page.locator('[data-testid="statechart-focus"]', { hasText: 'State AIRBORNE' }).waitFor();
      expect(await stateAttr(page, 'AIRBORNE', 'data-breakpoint')).toBeNull();
      // Its gutter dot toggles the breakpoint.
      await page.click('[data-testid="statechart-bp-dot"][data-bp-for="AIRBORNE"]');
      expect(await stateAttr(page, 'AIRBORNE', 'data-breakpoint')).toBe('true');
      expect(await stateAttr(page, 'GROUNDED', 'data-breakpoint')).toBeNull();

      // Every rig starts PLAY with a terrain fall: the first stop is tick 1.
      await page.keyboard.press('p');
      await page.waitForFunction(() => window.__stage!.mode().paused, null, { timeout: 30_000 });
      expect(await page.evaluate(() => window.__stage!.frame().tick)).toBe(1);
      const card = page.locator('[data-testid="breakpoint-card"]');
      const first = await card.textContent();
      expect(first).toContain(`${TERRAIN} entered AIRBORNE`);
      expect(first).toContain('#1 ');
      expect(first).toContain('rig.beginTerrainFall');
      // Resume: the card closes; the next stop is Ada walking off the platform's edge.
      await page.keyboard.press('Space');
      await page.locator('[data-testid="breakpoint-card"]').waitFor({ state: 'detached' });
      await page.waitForFunction(() => window.__stage!.frame().tick > 1 && window.__stage!.mode().paused, null, { timeout: 60_000 });
      const tick = await page.evaluate(() => window.__stage!.frame().tick);
      expect(tick).toBeGreaterThan(60);
      const second = await card.textContent();
      expect(second).toContain(`#${tick} `);
      expect(second).toContain('physics.supportLost');
      expect(second).toContain('GROUNDED → AIRBORNE');
      // Paused means paused: the tick holds.
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.__stage!.frame().tick)).toBe(tick);
      await page.locator('[data-state="AIRBORNE"][data-active="true"]').waitFor();
      await page.locator('[data-edge="GROUNDED|physics.supportLost|AIRBORNE"][data-last="true"]').waitFor();
      expect(await page.locator('[data-testid="breakpoint-card"]').textContent()).toContain(`#${tick}`);
      await screenshot(page, 'sc-03-breakpoint-hit');

      // The timeline has scrolled to the record of the hit.
      await page.click('[data-testid="tab-timeline"]');
      const row = page.locator('[data-testid="timeline-row"][data-revealed="true"]');
      await row.waitFor({ timeout: 10_000 });
      expect(await row.textContent()).toContain('GROUNDED → AIRBORNE');
      expect(await row.getAttribute('data-tick')).toBe(String(tick));
      const inView = await row.evaluate((el) => {
        const list = el.closest('.timeline-list')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
      });
      expect(inView).toBe(true);
      await screenshot(page, 'sc-04-timeline-revealed');
      // A step closes the card too (and RESET, and a mode change: see the event breakpoint test).
      await page.keyboard.press('.');
      await page.locator('[data-testid="breakpoint-card"]').waitFor({ state: 'detached' });

      // Breakpoints live in the browser, not in the scene.
      expect(await page.evaluate(() => JSON.stringify(window.__stage!.controller.document))).not.toContain('breakpoint');
      expect(await page.evaluate(() => localStorage.getItem('stickman-stage/statechart-breakpoints/v1'))).toContain('AIRBORNE');
      await page.reload();
      await page.waitForFunction(() => !!window.__stage?.physicsReady());
      await openPanel(page);
      await pick(page, TERRAIN, 'AIRBORNE');
      expect(await stateAttr(page, 'AIRBORNE', 'data-breakpoint')).toBe('true');
      // The context action toggles it too.
      await page.click('[data-state="AIRBORNE"]', { button: 'right' });
      expect(await stateAttr(page, 'AIRBORNE', 'data-breakpoint')).toBeNull();
      expect(errors).toEqual([]);
    });
  });

  it('breaks on a stage event written with the When editor: PLAY pauses at the end of its step and the card names it; RESET and a mode change close the card', async () => {
    await withApp(async ({ page, errors }) => {
      await page.evaluate(() => {
        const w = window as unknown as { __events: Array<{ tick: number; type: string; source: string }> };
        w.__events = [];
        window.__stage!.controller.records$.subscribe((r) => {
          if (r.type === 'event') w.__events.push({ tick: r.tick, type: r.event.type, source: r.event.source });
        });
      });
      await openPanel(page);
      await page.click('[data-testid="statechart-event-bp-add"]');
      const editor = page.locator('[data-testid="statechart-event-bp-editor"]');
      await editor.locator('[data-testid="rule-trigger"]').selectOption('prop_picked_up');
      await editor.locator('[data-testid="rule-source"]').selectOption('stick-1');
      await screenshot(page, 'sc-07-event-breakpoint-editor');
      await page.click('[data-testid="statechart-event-bp-save"]');
      expect(await page.locator('[data-testid="statechart-event-bp"]').count()).toBe(1);

      await page.keyboard.press('p');
      await page.waitForFunction(() => window.__stage!.mode().paused, null, { timeout: 60_000 });
      const tick = await page.evaluate(() => window.__stage!.frame().tick);
      const picked = await page.evaluate(() => (window as unknown as { __events: Array<{ tick: number; type: string; source: string }> }).__events.filter((e) => e.type === 'prop_picked_up'));
      // The pause is at the end of the step that dispatched it: nothing of the next step ran.
      expect(picked).toEqual([{ tick, type: 'prop_picked_up', source: 'stick-1' }]);
      const card = page.locator('[data-testid="breakpoint-card"]');
      expect(await card.textContent()).toContain('prop_picked_up stick-1');
      expect(await card.textContent()).toContain(`#${tick}`);
      await screenshot(page, 'sc-08-event-breakpoint-hit');
      // RESET closes it.
      await page.keyboard.press('r');
      await card.waitFor({ state: 'detached' });
      // Hit again, then leave PLAY: closed too.
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.__stage!.mode().paused, null, { timeout: 60_000 });
      await card.waitFor();
      await page.keyboard.press('e');
      await card.waitFor({ state: 'detached' });
      // Hit once more, then remove the breakpoint: its card goes with it.
      await page.keyboard.press('p');
      await card.waitFor({ timeout: 60_000 });
      await page.click('[data-testid="statechart-event-bp"] button');
      await card.waitFor({ state: 'detached' });
      expect(await page.locator('[data-testid="statechart-event-bp"]').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  for (const [width, height] of [
    [1024, 768],
    [800, 600],
  ] as const) {
    it(`is usable at ${width} × ${height}: the picker keeps its width, and enlarged at a breakpoint the chart is big with the stage in view`, async () => {
      const context = await harness.h.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        await page.goto(harness.h.url);
        await page.waitForFunction(() => !!window.__stage?.physicsReady() && !!window.__stage.stageToScreen([0, 0]));
        await openPanel(page);
        await pick(page, TERRAIN, 'AIRBORNE');
        const box = async (sel: string) => (await page.locator(sel).first().boundingBox())!;
        expect((await box(PICKER)).width).toBeGreaterThanOrEqual(160);
        await page.click('[data-testid="statechart-bp-dot"][data-bp-for="AIRBORNE"]');
        await page.keyboard.press('p');
        await page.locator('[data-testid="breakpoint-card"]').waitFor({ timeout: 30_000 });
        await screenshot(page, `sc-09-docked-${width}`);
        await page.click('[data-testid="statechart-expand"]');
        await nextFrames(page);
        await nextFrames(page);
        const chart = await box('.sc-canvas');
        const stage = await box('[data-testid="stage-canvas"]');
        const panel = await box('[data-testid="statechart-panel"]');
        expect(chart.width).toBeGreaterThanOrEqual(320);
        expect(chart.height).toBeGreaterThanOrEqual(200);
        expect(stage.height).toBeGreaterThanOrEqual(140);
        // The stage is above the panel, not under it, and the whole stage is fitted into it.
        expect(panel.y).toBeGreaterThanOrEqual(stage.y + stage.height - 1);
        const corners = await page.evaluate(() => {
          const w = window.__stage!.controller.document.stage;
          return [window.__stage!.stageToScreen([0, 0])!, window.__stage!.stageToScreen([w.width, w.height])!];
        });
        for (const [x, y] of corners) {
          expect(x).toBeGreaterThanOrEqual(-1);
          expect(y).toBeGreaterThanOrEqual(-1);
          expect(x).toBeLessThanOrEqual(stage.width + 1);
          expect(y).toBeLessThanOrEqual(stage.height + 1);
        }
        expect(await page.locator('[data-testid="breakpoint-card"]').isVisible()).toBe(true);
        expect((await box(PICKER)).width).toBeGreaterThanOrEqual(160);
        await screenshot(page, `sc-10-enlarged-${width}`);
      } finally {
        await context.close();
      }
    });
  }

  it('links the timeline and the chart both ways', async () => {
    await withApp(async ({ page, errors }) => {
      await page.keyboard.press('p');
      await waitTicks(page, 30);
      await page.keyboard.press('Space');
      // Timeline → chart: a transition row's chart link selects its actor and marks its edge.
      await page.selectOption('[data-testid="timeline-actor"]', TERRAIN);
      const landing = page.locator('[data-testid="timeline-row"]', { hasText: 'AIRBORNE → GROUNDED' }).first();
      await landing.waitFor({ timeout: 10_000 });
      await landing.locator('[data-testid="timeline-chart-link"]').click();
      await page.locator('[data-testid="statechart-panel"]').waitFor({ state: 'visible' });
      expect(await page.locator(PICKER).inputValue()).toBe(TERRAIN);
      const edge = page.locator('[data-edge="AIRBORNE|physics.landed|GROUNDED"]');
      await page.locator('[data-edge="AIRBORNE|physics.landed|GROUNDED"][data-focused="true"][data-last="true"]').waitFor({ timeout: 10_000 });

      // Chart → timeline: the edge's records only.
      await page.click('[data-testid="statechart-filter-timeline"]');
      await page.locator('[data-testid="timeline-edge-filter"]').waitFor();
      const rows = await page.$$eval('[data-testid="timeline-row"]', (rs) => rs.map((r) => r.textContent ?? ''));
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r).toContain(TERRAIN);
        expect(r).toContain('AIRBORNE → GROUNDED');
      }
      await page.click('[data-testid="timeline-edge-filter"] button');
      await page.locator('[data-testid="timeline-edge-filter"]').waitFor({ state: 'detached' });
      expect(await edge.count()).toBe(1);
      expect(errors).toEqual([]);
    });
  });

  it('lists the shortest paths to a state with a copyable Vitest test, and exports the chart as SVG', async () => {
    await withApp(async ({ page, context, errors }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openPanel(page);
      await pick(page, 'machine:terrainMotion', 'LANDING_IMPACT');
      await page.click('[data-state="LANDING_IMPACT"]');
      const path = page.locator('[data-testid="statechart-path"]').first();
      await path.waitFor({ timeout: 20_000 });
      expect(await path.textContent()).toContain('rig.beginTerrainFall → physics.landed');
      await path.locator('[data-testid="statechart-copy-test"]').click();
      const skeleton = await page.locator('[data-testid="statechart-skeleton"]').inputValue();
      expect(skeleton).toContain("import { terrainMotionMachine } from '../../machines/terrainMotionMachine';");
      expect(skeleton).toContain('"fallDistance":300');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(skeleton);
      await screenshot(page, 'sc-05-paths');

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="statechart-export"]')]);
      expect(download.suggestedFilename()).toBe('terrainMotion.svg');
      const file = await download.path();
      const svg = readFileSync(file!, 'utf8');
      expect(svg.startsWith('<?xml')).toBe(true);
      expect(svg).toContain('<svg');
      expect(svg).toContain('data-state="LANDING_IMPACT"');
      expect(svg).toContain('.sc-chart');
      expect(errors).toEqual([]);
    });
  });

  it('with ?inspect=stately, says the hosted viewer needs the network and points to the panel; never "attached"', async () => {
    const context = await harness.h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      // No network beyond the app: the hosted viewer cannot load.
      const origin = new URL(harness.h.url).origin;
      await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
      const page = await context.newPage();
      await page.goto(`${harness.h.url}?inspect=stately`);
      await page.waitForFunction(() => !!window.__stage?.physicsReady());
      await page.waitForFunction(() => [...document.querySelectorAll('.notice')].some((n) => n.textContent?.includes('Stately')));
      const texts = await noticeTexts(page);
      const opening = texts.find((t) => t.includes('Stately'))!;
      expect(opening).toContain('needs the network');
      expect(opening).toContain('Statecharts panel');
      await page.waitForFunction(() => [...document.querySelectorAll('.notice')].some((n) => n.textContent?.includes('did not connect')), null, { timeout: 20_000 });
      for (const t of await noticeTexts(page)) {
        expect(t).not.toMatch(/attached/i);
        expect(t).not.toContain('is connected');
      }
      await screenshot(page, 'sc-06-stately-notice');
    } finally {
      await context.close();
    }
  });
});
