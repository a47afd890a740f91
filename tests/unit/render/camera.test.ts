import { describe, expect, it } from 'vitest';
import { Camera2D, MAX_ZOOM, MIN_ZOOM } from '../../../render/camera';

function camera(): Camera2D {
  const c = new Camera2D(1280, 720);
  c.centerX = 1234;
  c.centerY = 567;
  c.zoom = 0.37;
  return c;
}

describe('Camera2D', () => {
  it('maps the viewport centre to the camera centre, +Y down on both sides', () => {
    const c = camera();
    expect(c.screenToStage(640, 360)).toEqual([1234, 567]);
    const [x0, y0] = c.screenToStage(640, 100);
    const [x1, y1] = c.screenToStage(640, 600);
    expect(x0).toBeCloseTo(x1, 9);
    expect(y1).toBeGreaterThan(y0); // lower on screen = larger stage Y
  });

  it('screenToStage and stageToScreen are inverse', () => {
    const c = camera();
    for (const [sx, sy] of [[0, 0], [1280, 720], [13.5, 700.25], [-50, 2000]] as const) {
      const p = c.screenToStage(sx, sy);
      const [bx, by] = c.stageToScreen(p);
      expect(bx).toBeCloseTo(sx, 9);
      expect(by).toBeCloseTo(sy, 9);
    }
    for (const p of [[0, 0], [6000, 2400], [-300.5, 42]] as Array<[number, number]>) {
      const [x, y] = c.screenToStage(...c.stageToScreen(p));
      expect(x).toBeCloseTo(p[0], 9);
      expect(y).toBeCloseTo(p[1], 9);
    }
  });

  it('zoomAt keeps the stage point under the cursor fixed', () => {
    const c = camera();
    const cursor: [number, number] = [200, 650];
    const before = c.screenToStage(...cursor);
    for (const f of [1.1, 2, 0.5, 1 / 1.1, 3.7]) {
      c.zoomAt(cursor[0], cursor[1], f);
      const after = c.screenToStage(...cursor);
      expect(after[0]).toBeCloseTo(before[0], 6);
      expect(after[1]).toBeCloseTo(before[1], 6);
    }
  });

  it('zoomAt clamps the zoom to [0.05, 8] and still keeps the cursor point fixed', () => {
    const c = camera();
    const before = c.screenToStage(900, 100);
    c.zoomAt(900, 100, 1e6);
    expect(c.zoom).toBe(MAX_ZOOM);
    expect(c.screenToStage(900, 100)[0]).toBeCloseTo(before[0], 6);
    c.zoomAt(900, 100, 1e-9);
    expect(c.zoom).toBe(MIN_ZOOM);
    expect(c.screenToStage(900, 100)[1]).toBeCloseTo(before[1], 6);
    expect(MIN_ZOOM).toBe(0.05);
    expect(MAX_ZOOM).toBe(8);
  });

  it('ignores non-finite or non-positive zoom factors', () => {
    const c = camera();
    c.zoomAt(10, 10, Number.NaN);
    c.zoomAt(10, 10, 0);
    c.zoomAt(10, 10, -2);
    expect(c.zoom).toBeCloseTo(0.37, 12);
    expect([c.centerX, c.centerY]).toEqual([1234, 567]);
  });

  it('panBy moves the content with the drag', () => {
    const c = camera();
    const p: [number, number] = [1000, 500];
    const [sx, sy] = c.stageToScreen(p);
    c.panBy(35, -20);
    const [tx, ty] = c.stageToScreen(p);
    expect(tx).toBeCloseTo(sx + 35, 9);
    expect(ty).toBeCloseTo(sy - 20, 9);
  });

  it('fit shows the whole stage, centred, with the margin', () => {
    for (const [vw, vh, sw, sh] of [[1280, 720, 6000, 2400], [800, 900, 4000, 1600], [300, 200, 100000, 200]] as const) {
      const c = new Camera2D(vw, vh);
      c.fit({ width: sw, height: sh }, 40);
      const [lx, ty] = c.stageToScreen([0, 0]);
      const [rx, by] = c.stageToScreen([sw, sh]);
      // Whole stage inside the viewport (within the margin unless the zoom hit its floor).
      if (c.zoom > MIN_ZOOM) {
        expect(lx).toBeGreaterThanOrEqual(40 - 1e-6);
        expect(ty).toBeGreaterThanOrEqual(40 - 1e-6);
        expect(rx).toBeLessThanOrEqual(vw - 40 + 1e-6);
        expect(by).toBeLessThanOrEqual(vh - 40 + 1e-6);
        // …and as large as possible: it touches the margin on one axis.
        expect(Math.min(lx - 40, ty - 40)).toBeCloseTo(0, 6);
      }
      // Centred.
      expect((lx + rx) / 2).toBeCloseTo(vw / 2, 6);
      expect((ty + by) / 2).toBeCloseTo(vh / 2, 6);
    }
  });

  it('fit respects the zoom clamp for a tiny or huge stage', () => {
    const c = new Camera2D(1000, 1000);
    c.fit({ width: 10, height: 10 });
    expect(c.zoom).toBe(MAX_ZOOM);
    c.fit({ width: 200000, height: 200000 });
    expect(c.zoom).toBe(MIN_ZOOM);
  });

  it('bounds are the visible stage rectangle (top is the smaller Y)', () => {
    const c = camera();
    const b = c.bounds();
    const tl = c.screenToStage(0, 0);
    const br = c.screenToStage(1280, 720);
    expect(b.left).toBeCloseTo(tl[0], 9);
    expect(b.top).toBeCloseTo(tl[1], 9);
    expect(b.right).toBeCloseTo(br[0], 9);
    expect(b.bottom).toBeCloseTo(br[1], 9);
    expect(b.top).toBeLessThan(b.bottom);
  });

  it('setViewport keeps the centre point at the centre', () => {
    const c = camera();
    c.setViewport(500, 400);
    expect(c.screenToStage(250, 200)).toEqual([1234, 567]);
  });
});
