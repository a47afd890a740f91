// Speech bubble screenshots and checks of /render/dev/preview.html (vite on PORT, default 5191):
//   node render/dev/speechShot.mjs
// Saves artifacts/speech-*.png and prints what the DOM holds (escaping, pooling, layout reads).
import { chromium } from 'playwright-core';

const port = process.env.PORT ?? '5191';
const base = `http://localhost:${port}/render/dev/preview.html`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const logs = [];
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

async function open(query, viewport = { width: 1280, height: 720 }) {
  const page = await browser.newPage({ viewport });
  page.on('console', (m) => logs.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
  await page.goto(`${base}${query}`);
  await page.waitForFunction(() => document.body.dataset.ready === '1' || document.body.dataset.error, null, { timeout: 60000 });
  const err = await page.evaluate(() => document.body.dataset.error);
  if (err) throw new Error(err);
  return page;
}

/** Zooms so `zoom` is reached with the first rig's head at the viewport point (sx, sy). */
async function zoomOnRig(page, zoom, sx, sy, rig = 0) {
  await page.evaluate(([zoom, sx, sy, rig]) => {
    const { view, frames } = window.preview;
    const r = frames.cur.rigs[rig];
    const [hx, hy] = view.stageToScreen(r.headCenter);
    view.zoomAt(hx, hy, zoom / view.zoom);
    const [nx, ny] = view.stageToScreen(r.headCenter);
    view.panBy(sx - nx, sy - ny);
    window.preview.draw();
  }, [zoom, sx, sy, rig]);
}

const bubbleInfo = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-stage-speech] [data-speech]')].map((b) => {
      const r = b.getBoundingClientRect();
      return {
        rig: b.dataset.rig,
        index: Number(b.dataset.index),
        overlay: b.dataset.overlay,
        text: b.textContent,
        html: b.innerHTML.replace(/<div style="[^"]*"><\/div>/, '<tail/>').replace(/ style="[^"]*"/g, ''),
        rect: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)],
      };
    }),
  );

// 1. Default fit (the whole stage): zoomed out, bubbles clamped to a legible size.
{
  const page = await open('?debug=0');
  await page.screenshot({ path: 'artifacts/speech-fit.png' });
  const info = await bubbleInfo(page);
  const zoom = await page.evaluate(() => window.preview.view.zoom);
  console.log('fit zoom', zoom.toFixed(3), JSON.stringify(info, null, 1));
  check(info.length === 3, '3 bubbles (long + overlay on rig 1, html on rig 2)');
  const html = info.find((b) => b.text.includes('html'));
  check(html && html.html.includes('&lt;b&gt;html&lt;/b&gt;'), 'markup is escaped in the DOM (textContent)');
  check((await page.evaluate(() => document.querySelectorAll('[data-stage-speech] b').length)) === 0, 'no <b> element was created');
  const r1 = info.filter((b) => b.rig === info[0].rig).sort((a, b) => a.index - b.index);
  check(r1.length === 2 && r1[1].rect[3] < r1[0].rect[1], 'overlay bubble stacked above the current one, no overlap');
  check(r1[0].text.split('\n').length > 1, 'long text wrapped');
  await page.close();
}

// 1b. With the debug overlay: speech sits under the debug labels whatever was created first.
{
  const page = await open('');
  const order = await page.evaluate(() => {
    const s = document.querySelector('[data-stage-speech]');
    const l = document.querySelector('[data-stage-labels]');
    return s && l ? s.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
  });
  check(order > 0, 'speech overlay comes before (under) the label overlay');
  await page.close();
}

// 1c. Close-up at device pixel ratio 2 (tails, dashed overlay border, literal markup).
{
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 2 });
  await page.goto(`${base}?debug=0`);
  await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 60000 });
  await zoomOnRig(page, 0.45, 300, 560);
  await page.screenshot({ path: 'artifacts/speech-closeup-dpr2.png', clip: { x: 120, y: 300, width: 760, height: 340 } });
  await page.close();
}

// 2. Zoomed in on the first rig (zoom 1), and way out (min zoom).
for (const [name, zoom] of [['zoom1', 1], ['zoom2', 2], ['zoomout', 0.05]]) {
  const page = await open('?debug=0');
  await zoomOnRig(page, zoom, 640, 520);
  await page.screenshot({ path: `artifacts/speech-${name}.png` });
  const info = await bubbleInfo(page);
  console.log(name, 'zoom', (await page.evaluate(() => window.preview.view.zoom)).toFixed(3), JSON.stringify(info.map((b) => [b.rig, b.index, b.rect])));
  await page.close();
}

// 3. Animated: the head bobs, the second rig's text changes every second. Count DOM writes.
{
  const page = await open('?anim=1&debug=0');
  await zoomOnRig(page, 0.6, 500, 520, 0);
  await page.evaluate(() => {
    window.__mut = { text: 0, attr: 0, child: 0 };
    const root = document.querySelector('[data-stage-speech]');
    new MutationObserver((ms) => {
      for (const m of ms) {
        if (m.type === 'characterData') window.__mut.text++;
        else if (m.type === 'childList') window.__mut.child++;
        else window.__mut.attr++;
      }
    }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.waitForTimeout(2600);
  const m = await page.evaluate(() => ({ ...window.__mut, fps: window.preview.fps, renderMs: window.preview.renderMs }));
  console.log('anim 2.6 s mutations', JSON.stringify(m));
  check(m.child <= 6, `text rewritten only when it changes (childList mutations ${m.child} in 2.6 s)`);
  await page.screenshot({ path: 'artifacts/speech-anim.png' });
  await page.close();
}

console.log(logs.filter((l) => !l.includes('[vite]') && !l.includes('GPU stall')).join('\n'));
await browser.close();
if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exitCode = 1;
}
