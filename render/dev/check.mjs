import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 900, height: 500 }, deviceScaleFactor: 2 });
const logs = [];
page.on('console', (m) => logs.push(`[${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
await page.goto(`http://localhost:5190/render/dev/preview.html?anim=1`);
await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 60000 });
await page.waitForTimeout(2500);
await page.screenshot({ path: 'artifacts/render-anim-dpr2.png' });
const r = await page.evaluate(() => {
  const v = window.preview.view;
  const before = { ...v.renderer.info.memory, programs: v.renderer.info.programs.length };
  // round trip through the public API
  const p = v.screenToStage(123, 45);
  const s = v.stageToScreen(p);
  v.dispose();
  const after = { ...v.renderer.info.memory, programs: v.renderer.info.programs.length };
  v.render(window.preview.frames.prev, window.preview.frames.cur, 0.5, { selectedIds: [] }); // no-op after dispose
  return { before, after, s, labelsLeft: document.querySelectorAll('[data-stage-labels]').length };
});
console.log(JSON.stringify(r));
console.log(logs.filter((l) => !l.includes('GPU stall') && !l.includes('404')).join('\n'));
await browser.close();
