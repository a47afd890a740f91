/**
 * Issue 10's carry end to end: in DIRECT, the Direct popup queues Pick Up Prop (the ball picked on
 * the stage), a wait and Drop Prop; PLAY shows the stickman walking over, crouching, carrying the
 * ball at its wrist, and dropping it. Screenshot: artifacts/e2e/props-carry.png.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, stageToPage, rigPoint, useHarness } from './harness';

const { withApp } = useHarness();

const doc = {
  format: 'stickman-stage/scene', version: '1.1', stage: { width: 3600, height: 1600, gravity: [0, 980] },
  objects: [
    { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [1800, 1500], size: [3600, 200], rotation: 0 },
    { kind: 'stickman', id: 'ada', file_id: 2, name: 'Ada', position: [900, 1400], facing: 'RIGHT', auto_recover: true },
    { kind: 'prop', id: 'ball', file_id: 3, stage_object_id: 'ball', spawn_id: 'builtin:ball', position: [1500, 1370], rotation: 0, scale: [1, 1] },
  ],
  queues: {}, rules: [], prop_assets: [],
};

describe('carrying a prop in the browser', () => {
  it('Direct popup: pick up the ball and drop it; PLAY carries it at the wrist, then drops it', async () => {
    await withApp(async ({ page, errors }) => {
      await page.setInputFiles('[data-testid="open-input"]', { name: 'carry.scene.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
      await page.waitForFunction(() => window.__stage!.objects().some((o) => o.id === 'ada'));
      await page.click('[data-testid="fit"]');
      await page.click('[data-testid="mode-direct"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const popup = page.locator('[data-testid="direct-popup"]');
      const [ax, ay] = await rigPoint(page, 'ada');
      await page.mouse.click(ax, ay);
      await popup.waitFor();
      await popup.locator('[data-testid="direct-pick_up_prop"]').click();
      await popup.waitFor({ state: 'detached' });
      const [bx, by] = await stageToPage(page, [1500, 1370]);
      await page.mouse.click(bx, by);
      await popup.waitFor();
      await popup.locator('[data-testid="direct-wait"]').click();
      await page.fill('[data-testid="direct-form-seconds"]', '1');
      await page.click('[data-testid="direct-form-submit"]');
      await page.waitForFunction(() => (window.__stage!.controller.document.queues.ada ?? []).length === 2);
      await popup.locator('[data-testid="direct-drop_prop"]').click();
      await page.waitForFunction(() => (window.__stage!.controller.document.queues.ada ?? []).length === 3);
      const queue = await page.evaluate(() => window.__stage!.controller.document.queues.ada.map((i) => i.type));
      expect(queue).toEqual(['pick_up_prop', 'wait', 'drop_prop']);
      await page.keyboard.press('Escape');

      // PLAY, paused on the step the hold committed, then a little later while carried.
      await page.click('[data-testid="mode-play"]');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
      const held = await page.evaluate(async () => {
        const c = window.__stage!.controller;
        c.send({ type: 'ui.pause' });
        for (let i = 0; i < 60 * 8; i += 1) {
          c.stepFrame();
          if (c.frame$.value.rigs[0].heldProp === 'ball') break;
          if (i % 30 === 0) await new Promise((r) => requestAnimationFrame(r));
        }
        // Past the carry pose's settling (0.3 s), still within the wait.
        for (let i = 0; i < 24; i += 1) c.stepFrame();
        const f = c.frame$.value;
        const rig = f.rigs[0];
        const hand = rig.parts.find((p) => p.name === 'right_lower_arm')!.end;
        const ball = f.props.find((p) => p.id === 'ball')!.position;
        return { heldProp: rig.heldProp, gap: Math.hypot(hand[0] - ball[0], hand[1] - ball[1]), ballY: ball[1] };
      });
      expect(held.heldProp).toBe('ball');
      expect(held.gap).toBeLessThan(3);
      expect(held.ballY).toBeLessThan(1370);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await screenshot(page, 'props-carry');

      // Playing on: the drop comes next and the ball falls back to the ground.
      await page.evaluate(() => window.__stage!.controller.send({ type: 'ui.resume' }));
      await page.waitForFunction(() => window.__stage!.frame().rigs[0].heldProp === null, undefined, { timeout: 20_000 });
      await page.waitForFunction(() => window.__stage!.frame().props[0].position[1] > 1350, undefined, { timeout: 20_000 });
      expect(errors).toEqual([]);
    });
  });
});
