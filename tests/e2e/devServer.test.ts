/**
 * What `npm start` serves: the Vite dev server (every other e2e file tests the run's build, see
 * ./buildOnce). The demo opens drawn and plays without an error on the page.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canvasStats, objects, ROOT, waitTicks, useHarness } from './harness';

const { withApp } = useHarness('dev');

describe('the dev server of npm start', () => {
  it('serves the demo drawn, and it plays', async () => {
    await withApp(async ({ page, errors }) => {
      const demo = JSON.parse(readFileSync(resolve(ROOT, 'scenes/demo.scene.json'), 'utf8')) as { objects: Array<{ id: string }> };
      expect((await objects(page)).map((o) => o.id)).toEqual(demo.objects.map((o) => o.id));
      const stats = await canvasStats(page, 'dev-01-demo-canvas');
      expect(stats.variance).toBeGreaterThan(100);
      await page.click('[data-testid="mode-play"]');
      await waitTicks(page, 60);
      expect(await page.evaluate(() => window.__stage!.mode())).toEqual({ mode: 'PLAY', paused: false });
      expect(errors).toEqual([]);
    });
  });
});
