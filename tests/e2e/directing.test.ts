/**
 * Directing end to end: stickman rig editing (marker handles, flip, debug overlay), the Direct
 * popup and the quick walk click in DIRECT, the queue panel, the rules panel, and PLAY showing
 * the result (walks, speech bubbles, rule dispatches in the timeline).
 * Screenshots go to artifacts/e2e/*.png. Waits poll window.__stage, never fixed sleeps.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { objects, screenshot, stageToPage, rigPoint, useHarness, nextFrames } from './harness';

const { withApp } = useHarness();


const doc = (page: Page) => page.evaluate(() => window.__stage!.controller.document);

/** Page point on a stickman's torso (from the drawn frame, so it works for any pose). */
/** World position of a rig marker (as the EDIT handles place it). */
async function markerWorld(page: Page, id: string, marker: string): Promise<[number, number]> {
  return page.evaluate(
    ([rid, m]) => {
      const rig = window.__stage!.frame().rigs.find((r) => r.id === rid)!;
      const local = (rig.markers as unknown as Record<string, [number, number]>)[m];
      const sign = rig.facing === 'LEFT' ? -1 : 1;
      return [rig.root[0] + sign * local[0], rig.root[1] + local[1]] as [number, number];
    },
    [id, marker] as const,
  );
}

async function play(page: Page) {
  await page.click('[data-testid="mode-play"]');
  await page.waitForFunction(() => window.__stage!.mode().mode === 'PLAY');
}

describe('directing stickmen in the browser', () => {
  it('a marker handle drag changes the pose (one undo step), Reset pose and undo restore it; X flips; the debug overlay shows TerrainMotion', async () => {
    await withApp(async ({ page, errors }) => {
      // Bo (stick-2): his queue starts with a speech and a wait, so he stands still in PLAY; he
      // faces LEFT, so his rig-local x runs the other way. Select him in EDIT by clicking his torso.
      const [sx, sy] = await rigPoint(page, 'stick-2');
      await page.mouse.click(sx, sy);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual(['stick-2']);
      const authored = (await doc(page)).objects.find((o) => o.id === 'stick-2') as { position: [number, number]; facing: string };
      expect(authored.facing).toBe('LEFT');
      const [rootX, rootY] = authored.position;
      const undoBefore = (await page.evaluate(() => window.__stage!.history())).undo;

      // Drag the right-hand marker up and forward.
      const from = await markerWorld(page, 'stick-2', 'Right_Hand');
      const to: [number, number] = [from[0] - 150, from[1] - 220];
      const a = await stageToPage(page, from);
      const b = await stageToPage(page, to);
      await page.mouse.move(a[0], a[1]);
      await page.mouse.down();
      await page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, { steps: 3 });
      // Live: the document already follows the drag before the button is released.
      await page.waitForFunction(() => !!(window.__stage!.controller.document.objects.find((o) => o.id === 'stick-2') as { pose?: unknown }).pose);
      await page.mouse.move(b[0], b[1], { steps: 4 });
      await page.mouse.up();
      const stick = (await doc(page)).objects.find((o) => o.id === 'stick-2')!;
      expect(stick.kind).toBe('stickman');
      const pose = (stick as { pose?: Record<string, [number, number]> }).pose!;
      expect(pose).toBeDefined();
      // Rig-local (facing LEFT): x is root minus world, y world minus root; screen rounding allows a few px.
      expect(Math.abs(pose.Right_Hand[0] - (rootX - to[0]))).toBeLessThan(8);
      expect(Math.abs(pose.Right_Hand[1] - (to[1] - rootY))).toBeLessThan(8);
      expect((await page.evaluate(() => window.__stage!.history())).undo).toBe(undoBefore + 1);
      await expect(page.locator('[data-testid="stick-pose"]').textContent()).resolves.toContain('authored');
      await nextFrames(page);
      await screenshot(page, 'marker-drag');

      // Reset pose removes it; undo brings the drag back.
      await page.click('[data-testid="stick-reset-pose"]');
      expect((await doc(page)).objects.find((o) => o.id === 'stick-2')).not.toHaveProperty('pose');
      await page.keyboard.press('Control+z');
      expect((await doc(page)).objects.find((o) => o.id === 'stick-2')).toHaveProperty('pose', pose);

      // X flips the selected stickman; Ctrl+Z flips it back.
      await page.locator('[data-testid="stage-canvas"]').focus();
      await page.keyboard.press('x');
      expect((await doc(page)).objects.find((o) => o.id === 'stick-2')).toMatchObject({ facing: 'RIGHT' });
      await page.keyboard.press('Control+z');
      expect((await doc(page)).objects.find((o) => o.id === 'stick-2')).toMatchObject({ facing: 'LEFT' });

      // Debug overlay: G toggles it (persisted); in PLAY the labels carry each rig's TerrainMotion state.
      await page.keyboard.press('g');
      expect(await page.locator('[data-testid="debug-toggle"]').getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('stickman-stage/debug-overlay'))).toBe('1');
      await play(page);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-stage-labels] span')].some((s) => /stick-2: GROUNDED/.test(s.textContent ?? '') && (s as HTMLElement).style.display !== 'none'), null, {
        timeout: 20_000,
      });
      expect(await page.evaluate(() => (window.__stage!.frame().debug?.rays.length ?? 0) > 0)).toBe(true);
      // The stickman holds its authored pose in PLAY (its first actions are a speech and a wait, no walking).
      const live = await page.evaluate(() => window.__stage!.frame().rigs.find((r) => r.id === 'stick-2')!.markers.Right_Hand);
      expect(Math.abs(live[0] - pose.Right_Hand[0])).toBeLessThan(3);
      expect(Math.abs(live[1] - pose.Right_Hand[1])).toBeLessThan(10);
      await nextFrames(page);
      await screenshot(page, 'debug-overlay');
      await page.click('[data-testid="debug-toggle"]');
      await page.waitForFunction(() => ![...document.querySelectorAll('[data-stage-labels] span')].some((s) => (s as HTMLElement).style.display !== 'none' && /GROUNDED|AIRBORNE/.test(s.textContent ?? '')));
      expect(await page.evaluate(() => localStorage.getItem('stickman-stage/debug-overlay'))).toBe('0');

      // Back in EDIT the drag is one undo step: undo restores the default pose.
      await page.keyboard.press('e');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'EDIT');
      expect((await doc(page)).objects.find((o) => o.id === 'stick-2')).toHaveProperty('pose', pose);
      await page.keyboard.press('Control+z');
      expect((await doc(page)).objects.find((o) => o.id === 'stick-2')).not.toHaveProperty('pose');
      expect(errors).toEqual([]);
    });
  });

  it('stickmen are placed (ghost), moved and deleted, each one undo step', async () => {
    await withApp(async ({ page }) => {
      const count = async () => (await objects(page)).filter((o) => o.kind === 'stickman').length;
      expect(await count()).toBe(2);
      await page.click('[data-testid="palette-stickman"]');
      const [px, py] = await stageToPage(page, [2120, 1400]);
      await page.mouse.move(px - 30, py);
      await page.mouse.move(px, py, { steps: 2 });
      await nextFrames(page);
      await screenshot(page, 'stickman-ghost');
      await page.mouse.click(px, py);
      expect(await count()).toBe(3);
      const id = (await page.evaluate(() => window.__stage!.selection()))[0];
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual([2120, 1400]);
      // Move by dragging its torso 150 px to the left.
      const from = await rigPoint(page, id);
      const to = await stageToPage(page, [2120 - 150, 1400]);
      const [ox] = await stageToPage(page, [2120, 1400]);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      await page.mouse.move(from[0] + (to[0] - ox), from[1], { steps: 5 });
      await page.mouse.up();
      const moved = (await objects(page)).find((o) => o.id === id)!.position;
      expect(Math.abs(moved[0] - 1970)).toBeLessThanOrEqual(6);
      expect(moved[1]).toBe(1400);
      await page.keyboard.press('Delete');
      expect(await count()).toBe(2);
      await page.keyboard.press('Control+z');
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual(moved);
      await page.keyboard.press('Control+z');
      expect((await objects(page)).find((o) => o.id === id)!.position).toEqual([2120, 1400]);
      await page.keyboard.press('Control+z');
      expect(await count()).toBe(2);
    });
  });

  it('the demo stickman walks to a clicked point in DIRECT', async () => {
    await withApp(async ({ page, errors }) => {
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      // Clicking the stickman selects it and opens the Direct popup with the registry's actions.
      const [sx, sy] = await rigPoint(page, 'stick-1');
      await page.mouse.click(sx, sy);
      const popup = page.locator('[data-testid="direct-popup"]');
      await popup.waitFor();
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual(['stick-1']);
      expect(await popup.locator('[data-testid="direct-walk_to"]').isEnabled()).toBe(true);
      // Every listed kind is offered (the prop kinds too, issue 10): nothing is "coming later".
      expect(await popup.locator('[data-testid="direct-throw_prop"]').isEnabled()).toBe(true);
      expect(await popup.textContent()).not.toContain('coming later');
      await screenshot(page, 'direct-popup');
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });

      // Clear the authored queue from the queue panel: focus the first item, Delete ×5 (DIRECT edits queues).
      const items = page.locator('[data-testid="queue-item"]');
      expect(await items.count()).toBe(5);
      await items.first().focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('Delete');
      await page.waitForFunction(() => (window.__stage!.controller.document.queues['stick-1'] ?? []).length === 0);
      expect(await page.evaluate(() => window.__stage!.selection())).toEqual(['stick-1']);

      // Quick path: with stick-1 selected, a click on flat ground adds a walk there.
      const target: [number, number] = [130, 1395];
      const [tx, ty] = await stageToPage(page, target);
      await page.mouse.move(tx + 10, ty - 10);
      await page.mouse.click(tx, ty);
      const queue = (await doc(page)).queues['stick-1'];
      expect(queue).toHaveLength(1);
      expect(queue[0]).toMatchObject({ type: 'walk_to' });
      const walk = queue[0] as { target_position: [number, number] };
      expect(Math.abs(walk.target_position[0] - target[0])).toBeLessThanOrEqual(6);
      await expect(page.locator('[data-testid="queue-item"]').first().textContent()).resolves.toContain('Walk to (');
      // Undo works in DIRECT too (one step), redo brings the walk back.
      await page.keyboard.press('Control+z');
      expect((await doc(page)).queues['stick-1']).toHaveLength(0);
      await page.keyboard.press('Control+Shift+z');
      expect((await doc(page)).queues['stick-1']).toHaveLength(1);
      await nextFrames(page);
      await screenshot(page, 'direct-walk-target');

      await play(page);
      await page.waitForFunction(
        (x) => {
          const rig = window.__stage!.frame().rigs.find((r) => r.id === 'stick-1');
          return !!rig && Math.abs(rig.root[0] - x) < 6 && rig.queue?.current === null;
        },
        walk.target_position[0],
        { timeout: 30_000 },
      );
      // The queue panel's live view shows the walk as done.
      await page.locator('[data-testid="queue-item"][data-status="done"]').waitFor();
      await nextFrames(page);
      await screenshot(page, 'direct-walk');
      expect(errors).toEqual([]);
    });
  });

  it('builds a two-item queue and one rule entirely through the UI, PLAYs, and shows the speech bubble and the rule dispatch', async () => {
    await withApp(async ({ page, errors }) => {
      await page.click('[data-testid="new"]');
      await page.waitForFunction(() => window.__stage!.objects().length === 1);
      // Place a stickman (ghost while placing).
      await page.click('[data-testid="palette-stickman"]');
      const [px, py] = await stageToPage(page, [800, 1400]);
      await page.mouse.move(px - 20, py);
      await page.mouse.move(px, py, { steps: 2 });
      await page.mouse.click(px, py);
      const placed = (await objects(page)).find((o) => o.kind === 'stickman')!;
      expect(placed.position).toEqual([800, 1400]);
      const id = placed.id;

      // DIRECT: the Direct popup appends a walk (picked on the stage) and a speech (inline form).
      await page.keyboard.press('d');
      await page.waitForFunction(() => window.__stage!.mode().mode === 'DIRECT');
      const stickAt = await rigPoint(page, id);
      await page.mouse.click(stickAt[0], stickAt[1]);
      // Esc cancels a pick: the popup comes back and nothing is added.
      await page.click('[data-testid="direct-walk_to"]');
      await page.locator('[data-testid="capture-hint"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="capture-hint"]').waitFor({ state: 'detached' });
      await page.locator('[data-testid="direct-popup"]').waitFor();
      expect((await doc(page)).queues[id] ?? []).toHaveLength(0);
      await page.click('[data-testid="direct-walk_to"]');
      await page.locator('[data-testid="capture-hint"]').waitFor();
      const [wx, wy] = await stageToPage(page, [1300, 1395]);
      await page.mouse.move(wx - 15, wy - 5);
      await page.mouse.move(wx, wy, { steps: 2 });
      await page.mouse.click(wx, wy);
      await page.waitForFunction((rid) => (window.__stage!.controller.document.queues[rid] ?? []).length === 1, id);
      await page.locator('[data-testid="direct-added"]').waitFor();
      await page.click('[data-testid="direct-speak"]');
      await page.fill('[data-testid="direct-form-text"]', 'On my way');
      await page.fill('[data-testid="direct-form-seconds"]', '-1');
      await page.click('[data-testid="direct-form-submit"]');
      // Out of range: refused inline, nothing added.
      await expect(page.locator('[data-testid="direct-form-seconds-error"]').textContent()).resolves.toContain('at least 0');
      expect((await doc(page)).queues[id]).toHaveLength(1);
      await page.fill('[data-testid="direct-form-seconds"]', '1');
      await page.click('[data-testid="direct-form-submit"]');
      await page.waitForFunction((rid) => (window.__stage!.controller.document.queues[rid] ?? []).length === 2, id);
      const queue = (await doc(page)).queues[id];
      expect(queue.map((q) => q.type)).toEqual(['walk_to', 'speak']);
      expect(queue[1]).toMatchObject({ text: 'On my way', seconds: 1 });
      await page.click('[data-testid="direct-close"]');
      await expect(page.locator('[data-testid="queue-item"]').nth(1).textContent()).resolves.toContain('“On my way” 1 s');

      // Rules tab: When <stickman> finishes the queue → it says "Done!" (overlay).
      await page.click('[data-testid="tab-rules"]');
      await page.click('[data-testid="rule-add"]');
      await page.selectOption('[data-testid="rule-trigger"]', 'queue_finished');
      // Source picked by clicking the stickman on the stage.
      await page.click('[data-testid="rule-source-pick"]');
      await page.locator('[data-testid="capture-hint"]').waitFor();
      const again = await rigPoint(page, id);
      await page.mouse.click(again[0], again[1]);
      await expect(page.locator('[data-testid="rule-source"]').inputValue()).resolves.toBe(id);
      // Saving with no reaction is refused inline.
      await page.click('[data-testid="rule-save"]');
      await page.locator('.rule-editor .field-error', { hasText: 'at least one reaction' }).waitFor();
      expect((await doc(page)).rules).toHaveLength(0);
      await page.click('[data-testid="rule-add-reaction"]');
      await expect(page.locator('[data-testid="reaction-actor"]').inputValue()).resolves.toBe(id);
      await page.fill('[data-testid="reaction-editor-text"]', 'Done!');
      await page.fill('[data-testid="reaction-editor-seconds"]', '3');
      await page.click('[data-testid="reaction-editor-submit"]');
      await expect(page.locator('[data-testid="reaction-mode"]').inputValue()).resolves.toBe('overlay');
      await screenshot(page, 'rule-editor');
      await page.click('[data-testid="rule-save"]');
      await page.waitForFunction(() => window.__stage!.controller.document.rules.length === 1);
      const rule = (await doc(page)).rules[0];
      expect(rule).toMatchObject({
        enabled: true,
        when: { type: 'queue_finished', source: id, target: 'any' },
        then: [{ actor: id, mode: 'overlay', action: { type: 'speak', text: 'Done!', seconds: 3 } }],
      });
      await expect(page.locator('[data-testid="rule-summary"]').first().textContent()).resolves.toBe(`When ${id} finishes the queue → ${id} says “Done!” (overlay)`);
      // The work is autosaved.
      await page.waitForFunction(() => (localStorage.getItem('stickman-stage/autosave/v1') ?? '').includes('"Done!"'), null, { timeout: 10_000 });

      // PLAY: the walk, the speech, then the rule's overlay speech as a bubble in the DOM.
      await page.click('[data-testid="tab-timeline"]');
      await play(page);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-speech]')].some((b) => b.textContent?.includes('On my way')), null, { timeout: 30_000 });
      await page.waitForFunction(() => [...document.querySelectorAll('[data-speech]')].some((b) => b.textContent?.includes('Done!')), null, { timeout: 30_000 });
      const bubble = page.locator('[data-speech]', { hasText: 'Done!' });
      expect(await bubble.isVisible()).toBe(true);
      // The timeline lists the rule dispatch.
      await page.locator('[data-testid="timeline-row"]', { hasText: /rule r\d+ dispatched: queue_finished/ }).first().waitFor();
      await page.locator('[data-testid="queue-item"][data-status="done"]').nth(1).waitFor();
      await nextFrames(page);
      await screenshot(page, 'queue-rule');
      expect(errors).toEqual([]);
    });
  });

  it('the queue panel adds, edits, reorders and deletes; the rules panel disables, reorders and deletes', async () => {
    await withApp(async ({ page }) => {
      const [sx, sy] = await rigPoint(page, 'stick-2');
      await page.mouse.click(sx, sy);
      const ids = async () => ((await doc(page)).queues['stick-2'] ?? []).map((q) => q.id);
      expect(await ids()).toEqual(['b1', 'b2', 'b3', 'b4']);
      // Move down / up buttons.
      await page.locator('[data-testid="queue-item"][data-action-id="b1"] [data-testid="queue-down"]').click();
      expect(await ids()).toEqual(['b2', 'b1', 'b3', 'b4']);
      await page.locator('[data-testid="queue-item"][data-action-id="b4"] [data-testid="queue-up"]').click();
      expect(await ids()).toEqual(['b2', 'b1', 'b4', 'b3']);
      // Drag and drop: b3 to the top.
      await page.locator('[data-testid="queue-item"][data-action-id="b3"]').dragTo(page.locator('[data-testid="queue-item"][data-action-id="b2"]'), { targetPosition: { x: 20, y: 3 } });
      expect(await ids()).toEqual(['b3', 'b2', 'b1', 'b4']);
      // Edit the wait: 5000 s is out of range (refused inline), 2.5 s is taken.
      await page.locator('[data-testid="queue-item"][data-action-id="b2"] [data-testid="queue-edit"]').click();
      await page.fill('[data-testid="queue-editor-seconds"]', '5000');
      await page.click('[data-testid="queue-editor-submit"]');
      await expect(page.locator('[data-testid="queue-editor-seconds-error"]').textContent()).resolves.toContain('at most 3600');
      await page.fill('[data-testid="queue-editor-seconds"]', '2.5');
      await page.click('[data-testid="queue-editor-submit"]');
      expect((await doc(page)).queues['stick-2'].find((q) => q.id === 'b2')).toEqual({ id: 'b2', type: 'wait', seconds: 2.5 });
      // Add a face action from the + Add menu.
      await page.click('[data-testid="queue-add"]');
      // Ragdoll and Recover are offered (issue 8).
      expect(await page.locator('[data-testid="queue-add-ragdoll"]').isEnabled()).toBe(true);
      expect(await page.locator('[data-testid="queue-add-recover"]').isEnabled()).toBe(true);
      await page.click('[data-testid="queue-add-face"]');
      await page.click('[data-testid="queue-editor-direction-left"]');
      await page.click('[data-testid="queue-editor-submit"]');
      expect((await doc(page)).queues['stick-2'].at(-1)).toMatchObject({ type: 'face', direction: 'LEFT' });
      // Delete via the button.
      await page.locator('[data-testid="queue-item"][data-action-id="b2"] [data-testid="queue-delete"]').click();
      expect(await ids()).not.toContain('b2');
      await screenshot(page, 'queue-panel');

      // Rules: the editor opens an existing rule with its values; Cancel changes nothing.
      await page.click('[data-testid="tab-rules"]');
      await page.locator('[data-rule-id="r1"] [data-testid="rule-edit"]').click();
      await expect(page.locator('[data-testid="rule-trigger"]').inputValue()).resolves.toBe('entered_area');
      await expect(page.locator('[data-testid="rule-source"]').inputValue()).resolves.toBe('stick-2');
      await expect(page.locator('[data-testid="rule-target"]').inputValue()).resolves.toBe('goal');
      await expect(page.locator('[data-testid="reaction-actor"]').inputValue()).resolves.toBe('stick-2');
      await expect(page.locator('[data-testid="reaction-mode"]').inputValue()).resolves.toBe('overlay');
      await screenshot(page, 'rule-edit-existing');
      await page.click('[data-testid="rule-cancel"]');
      // Add another rule quickly, then disable, reorder and delete the last two via the panel.
      const rulesBefore = (await doc(page)).rules.length;
      await page.click('[data-testid="rule-add"]');
      await page.selectOption('[data-testid="rule-trigger"]', 'arrived');
      await page.selectOption('[data-testid="rule-source"]', 'stick-1');
      await page.click('[data-testid="rule-add-reaction"]');
      await page.selectOption('[data-testid="reaction-type"]', 'face');
      await page.click('[data-testid="reaction-editor-direction-left"]');
      await page.click('[data-testid="reaction-editor-submit"]');
      // face may run as an overlay; choose takeover instead.
      await page.selectOption('[data-testid="reaction-mode"]', 'takeover');
      await page.click('[data-testid="rule-save"]');
      await page.waitForFunction((n) => window.__stage!.controller.document.rules.length === n, rulesBefore + 1);
      const ruleIds = async () => (await doc(page)).rules.map((r) => r.id);
      const all = await ruleIds();
      const head = all.slice(0, -2);
      const [r1, r2] = all.slice(-2);
      await page.locator(`[data-rule-id="${r1}"] [data-testid="rule-enabled"]`).uncheck();
      expect((await doc(page)).rules.find((r) => r.id === r1)!.enabled).toBe(false);
      await page.locator(`[data-rule-id="${r2}"] [data-testid="rule-up"]`).click();
      expect(await ruleIds()).toEqual([...head, r2, r1]);
      await page.locator(`[data-rule-id="${r2}"]`).dragTo(page.locator(`[data-rule-id="${r1}"]`), { targetPosition: { x: 40, y: 16 } });
      expect(await ruleIds()).toEqual([...head, r1, r2]);
      await screenshot(page, 'rules-panel');
      await page.locator(`[data-rule-id="${r1}"]`).focus();
      await page.keyboard.press('Delete');
      expect(await ruleIds()).toEqual([...head, r2]);
      // Every step above is one undo step: undo the delete.
      await page.keyboard.press('Control+z');
      expect(await ruleIds()).toEqual([...head, r1, r2]);
    });
  });

  it('in PLAY the live queue panel stops a stickman\'s queue (stop_queue): the running item is cancelled', async () => {
    await withApp(async ({ page }) => {
      // Selected before PLAY, so the live queue panel shows her queue (in PLAY her hands are at the
      // ball she picks up, and a press there takes the ball).
      const [x, y] = await rigPoint(page, 'stick-1');
      await page.mouse.click(x, y);
      await page.keyboard.press('p');
      await page.waitForFunction(() => window.__stage!.frame().tick > 5);
      await page.locator('[data-testid="queue-panel"] [data-testid="queue-stop"]').click();
      await page.waitForFunction(() => {
        const runner = window.__stage!.controller.actor.system.get('rig:stick-1/actionRunner');
        return runner?.getSnapshot().value === 'stopped';
      });
      await page.locator('[data-testid="queue-item"][data-status="cancelled"]').first().waitFor();
      // The rest of the lane was dropped, not left pending.
      await expect(page.locator('[data-testid="queue-item"][data-status="pending"]').count()).resolves.toBe(0);
      // What had finished stays done, the running one is cancelled, the rest of her five are dropped.
      const done = await page.locator('[data-testid="queue-item"][data-status="done"]').count();
      await expect(page.locator('[data-testid="queue-item"][data-status="cancelled"]').count()).resolves.toBe(1);
      await expect(page.locator('[data-testid="queue-item"][data-status="dropped"]').count()).resolves.toBe(5 - done - 1);
      expect(done).toBeLessThanOrEqual(1);
      await expect(page.locator('[data-testid="queue-stop"]').isDisabled()).resolves.toBe(true);
      await screenshot(page, 'queue-stopped');
    });
  });
});
