// Screenshots of /render/dev/preview.html (vite must be running on :5190).
// node render/dev/shot.mjs [query] [outName] [zoomSpec]
import { chromium } from 'playwright-core';

const query = process.argv[2] ?? '';
const out = process.argv[3] ?? 'render-preview';
const zoomSpec = process.argv[4]; // "x,y,factor" zoomAt in CSS px, optional
const waitMs = Number(process.env.WAIT_MS ?? 0);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const logs = [];
page.on('console', (m) => logs.push(`[${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
await page.goto(`http://localhost:5190/render/dev/preview.html${query}`);
await page.waitForFunction(() => document.body.dataset.ready === '1' || document.body.dataset.error, null, { timeout: 60000 });
const err = await page.evaluate(() => document.body.dataset.error);
if (err) console.log('ERROR', err);
if (zoomSpec) {
  const [x, y, f] = zoomSpec.split(',').map(Number);
  await page.evaluate(([x, y, f]) => { window.preview.view.zoomAt(x, y, f); window.preview.draw(); }, [x, y, f]);
}
if (waitMs) await page.waitForTimeout(waitMs);
await page.screenshot({ path: `artifacts/${out}.png` });
const info = await page.evaluate(() => ({ zoom: window.preview?.view.zoom, fps: window.preview?.fps, hud: document.getElementById('hud')?.textContent }));
console.log(JSON.stringify(info));
console.log(logs.filter((l) => !l.includes('[vite]')).join('\n'));
await browser.close();
