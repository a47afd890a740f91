/**
 * Issue 9 in the browser: in the demo, Ada walks off the platform's right edge. The director
 * clears the box pile beyond the drop-off (marquee + Delete: a stickman lands on terrain only, so
 * it would plough through props), clears Ada's authored queue (the demo's pickup and throw) and
 * gives her one walk in DIRECT with the quick click-on-ground path, and
 * PLAYs with the debug overlay on. The stage pauses on the exact steps wanted: mid-air (air weight
 * and fall on the label) and at the deepest point of the landing's compression (phase on the
 * label, both feet locked). The timeline lists the landing with its fall height. Screenshots go to
 * artifacts/e2e/airborne-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadPixels, screenshot, stageToPage, rigPoint, useHarness, pauseWhen, zoomAt } from './harness';

const { withApp } = useHarness();

type Vec2 = [number, number];

const PLATFORM_EDGE = 2000; // the demo platform's right edge (its top is y = 1100)
const GROUND_TOP = 1400;
const LANDING_X = 2250;

const selection = (page: Page) => page.evaluate(() => window.__stage!.selection());
const doc = (page: Page) => page.evaluate(() => window.__stage!.controller.document);

async function resume(page: Page) {
  await page.click('[data-testid="play-pause"]');
  await page.waitForFunction(() => !window.__stage!.mode().paused);
}

/** Ada's live state from the runtime (the frame has no air weight or landing). */
const ada = (page: Page) =>
  page.evaluate(() => {
    const r = window.__stage!.controller.currentRuntime!.rig('stick-1')!;
    const m = r.motion;
    return {
      phase: r.terrainPhase,
      root: [m.root[0], m.root[1]] as Vec2,
      fall: m.root[1] - m.fallStartY,
      airWeight: m.airPoseWeight,
      landing: m.landing ? { elapsed: m.landing.elapsed, fallHeight: m.landing.fallHeight, compression: m.landing.compression, contacts: m.landing.contacts } : null,
      pelvisY: r.worldPose.torso.start[1],
      hands: [r.worldPose.left_lower_arm.end, r.worldPose.right_lower_arm.end],
      head: r.worldPose.head.end,
    };
  });

/**
 * The darkest luminance within `r` CSS px of a page point (from a screenshot of that clip): a
 * limb drawn there shows as its own colour even if the paused frame is a pixel or two off.
 */
async function darkestNear(page: Page, [x, y]: Vec2, r = 4): Promise<number> {
  await loadPixels(page, await page.screenshot({ clip: { x: Math.round(x - r), y: Math.round(y - r), width: 2 * r + 1, height: 2 * r + 1 } }));
  return page.evaluate(() => {
    const d = (window as unknown as { __pixels: Uint8ClampedArray }).__pixels;
    let min = 255;
    for (let i = 0; i < d.length; i += 4) min = Math.min(min, 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]);
    return min;
  });
}

/** The stage's overlay label texts on screen. */
const labelTexts = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-stage-labels] span')].filter((s) => (s as HTMLElement).style.display !== 'none').map((s) => s.textContent ?? ''));

describe('walking off the demo platform', () => {
  it('Ada walks off the edge: mid-air she falls on a curve with the air pose; she lands hard, compresses, recovers and walks on', async () => {
    await withApp(async ({ page, errors }) => {
      // The demo has its platform with a drop-off at the right edge.
      const platform = (await doc(page)).objects.find((o) => o.id === 'platform')!;
      expect(platform).toMatchObject({ kind: 'terrain', shape: 'block' });
      const size = (platform as { size: Vec2 }).size;
      expect(platform.position[0] + size[0] / 2).toBe(PLATFORM_EDGE);

      // EDIT: clear the box pile beyond the drop-off with a marquee (left to right: what it
      // encloses; Bo, beside the pile, is not) and Delete.
      const boxes = (await doc(page)).objects.filter((o) => o.id.startsWith('box-')).map((o) => o.id);
      expect(boxes).toHaveLength(5);
      const from = await stageToPage(page, [2200, 930]);
      const to = await stageToPage(page, [2680, GROUND_TOP + 8]);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 6 });
      await page.mouse.up();
      expect([...(await selection(page))].sort()).toEqual([...boxes].sort());
      await page.keyboard.press('Delete');
      await page.waitForFunction(() => !window.__stage!.controller.document.objects.some((o) => o.id.startsWith('box-')));
      expect((await doc(page)).objects.some((o) => o.id === 'platform')).toBe(true);

      // DIRECT: select Ada, close her popup, empty her queue from the queue panel (Delete on each
      // item: the demo's own walk carries the ball it picked up), click the ground beyond the edge:
      // a walk is queued.
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const [sx, sy] = await rigPoint(page, 'stick-1');
      await page.mouse.click(sx, sy);
      await page.locator('[data-testid="direct-popup"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="direct-popup"]').waitFor({ state: 'detached' });
      const items = page.locator('[data-testid="queue-item"]');
      const authoredItems = (await doc(page)).queues['stick-1'].length;
      expect(await items.count()).toBe(authoredItems);
      await items.first().focus();
      for (let i = 0; i < authoredItems; i++) await page.keyboard.press('Delete');
      await page.waitForFunction(() => (window.__stage!.controller.document.queues['stick-1'] ?? []).length === 0);
      const authored = 0;
      const [tx, ty] = await stageToPage(page, [LANDING_X, GROUND_TOP - 5]);
      await page.mouse.move(tx + 10, ty - 10);
      await page.mouse.click(tx, ty);
      const queue = (await doc(page)).queues['stick-1'];
      expect(queue).toHaveLength(authored + 1);
      const walk = queue.at(-1) as { type: string; target_position: Vec2 };
      expect(walk.type).toBe('walk_to');
      expect(Math.abs(walk.target_position[0] - LANDING_X)).toBeLessThanOrEqual(6);
      expect(walk.target_position[1]).toBe(GROUND_TOP);

      // Closer on the drop-off, double speed, PLAY.
      await zoomAt(page, [PLATFORM_EDGE + 80, 1120], -500);
      await page.selectOption('[data-testid="speed"]', '2');
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');

      // Walking to the edge, arms at the end of their swing: the far arm (her left, facing RIGHT)
      // is drawn a shade darker than the near one.
      await pauseWhen(page, `const r = runtime.rig('stick-1'); const p = r.worldPose; return r.motion.walkTargetX !== null && r.motion.root[0] > 1800 && r.motion.walkBlend > 0.98 && Math.abs(p.left_lower_arm.end[0] - p.right_lower_arm.end[0]) > 130;`, 90_000);
      const arms = await page.evaluate(() => {
        const p = window.__stage!.controller.currentRuntime!.rig('stick-1')!.worldPose;
        const mid = (a: readonly number[], b: readonly number[]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as [number, number];
        return { far: mid(p.left_lower_arm.start, p.left_lower_arm.end), near: mid(p.right_lower_arm.start, p.right_lower_arm.end), head: p.head.end as [number, number] };
      });
      const far = await darkestNear(page, await stageToPage(page, arms.far));
      const near = await darkestNear(page, await stageToPage(page, arms.near));
      // Bare paper: well above her head (beside a forearm may be her torso, whichever arm swings back).
      const paper = await darkestNear(page, await stageToPage(page, [arms.head[0], arms.head[1] - 120]), 1);
      expect(near).toBeLessThan(paper - 100); // really on the limb
      expect(far).toBeLessThan(near - 8);
      await screenshot(page, 'airborne-walking');

      // The debug overlay on for the fall.
      await page.click('[data-testid="debug-toggle"]');

      // Mid-air: well into the fall, off the edge and still moving the walk's way. (Watched from
      // before the play click resumes: a slow page must not miss the step it wants, nor wait to
      // see it running when it is already paused there again.)
      await pauseWhen(page, `const r = runtime.rig('stick-1'); return r.terrainPhase === 'AIRBORNE' && r.motion.root[1] - r.motion.fallStartY > 120;`, 90_000, () => page.click('[data-testid="play-pause"]'));
      const air = await ada(page);
      expect(air.phase).toBe('AIRBORNE');
      expect(air.root[0]).toBeGreaterThan(PLATFORM_EDGE);
      expect(air.fall).toBeGreaterThan(120);
      expect(air.fall).toBeLessThan(300);
      expect(air.airWeight).toBeGreaterThan(0.2);
      // The air pose: both hands up, above the pelvis.
      for (const hand of air.hands) expect(hand[1]).toBeLessThan(air.pelvisY);
      const labels = await labelTexts(page);
      expect(labels.find((t) => t.startsWith('stick-1: AIRBORNE · air w '))).toMatch(/fall \d+ px/);
      await screenshot(page, 'airborne-mid-air');

      // Mid-compression: the deepest point, 0.08 s after touchdown.
      await pauseWhen(page, `const r = runtime.rig('stick-1'); return r.terrainPhase === 'LANDING_IMPACT' && r.motion.landing.elapsed >= 0.08 - 1e-9;`, 90_000, () => page.click('[data-testid="play-pause"]'));
      const land = await ada(page);
      expect(land.phase).toBe('LANDING_IMPACT');
      expect(land.landing!.fallHeight).toBeCloseTo(300, 6);
      expect(land.root[1]).toBe(GROUND_TOP);
      // Landed beyond the edge: the walk's momentum carried her on a curve, not straight down.
      expect(land.root[0]).toBeGreaterThan(PLATFORM_EDGE + 60);
      // Compressed: the pelvis is the landing's compression below where a standing pelvis would be.
      expect(GROUND_TOP - land.pelvisY).toBeLessThan(257 - 0.9 * land.landing!.compression);
      for (const c of Object.values(land.landing!.contacts)) expect(c[1]).toBe(GROUND_TOP);
      const locks = await page.evaluate(() => window.__stage!.frame().debug?.footLocks ?? []);
      expect(locks.filter((f) => f.id === 'stick-1')).toHaveLength(2);
      const landingLabel = (await labelTexts(page)).find((t) => t.startsWith('stick-1: LANDING_IMPACT'));
      expect(landingLabel).toMatch(/landing (compress|recover) 0\.0[89] \/ 0\.30 s · fall 300 px/);
      expect((await labelTexts(page)).filter((t) => /^[LR] locked/.test(t)).length).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'airborne-mid-compression');

      // Recovered, she finishes the walk from where she landed.
      await resume(page);
      await page.waitForFunction((x) => {
        const rig = window.__stage!.frame().rigs.find((r) => r.id === 'stick-1')!;
        return rig.terrain === 'GROUNDED' && Math.abs(rig.root[0] - x) < 6 && rig.queue?.current === null;
      }, walk.target_position[0], { timeout: 30_000 });

      // The timeline lists TerrainMotion's transitions, the landing with its fall height.
      await page.click('[data-testid="tab-timeline"]');
      await page.fill('[data-testid="timeline-text"]', 'physics.landed');
      const row = page.locator('[data-testid="timeline-row"]', { hasText: 'AIRBORNE → LANDING_IMPACT' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('fall 300 px');
      await screenshot(page, 'airborne-timeline');
      expect(errors).toEqual([]);
    });
  });
});
