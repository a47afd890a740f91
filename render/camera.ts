/**
 * Pure 2D camera math for the stage view (no DOM, no WebGL, so it is unit-tested in Node).
 *
 * Stage space is pixels, +X right, +Y down (DESIGN.md §3); screen space is CSS pixels relative
 * to the canvas top-left, also +Y down. So the mapping is a uniform scale plus a translation:
 *
 *   screen = (stage - center) * zoom + viewport / 2
 *
 * `zoom` is screen (CSS) px per stage px; `center` is the stage point shown at the middle of
 * the viewport.
 */
export type Vec2 = [number, number];

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;
export const DEFAULT_FIT_MARGIN = 40;

export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

/** Visible stage rectangle: left/right in X, top (smaller Y) / bottom (larger Y). */
export interface ViewBounds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export class Camera2D {
  centerX = 0;
  centerY = 0;
  private _zoom = 1;
  /** Viewport size in CSS px. */
  viewWidth: number;
  viewHeight: number;

  constructor(viewWidth = 1, viewHeight = 1) {
    this.viewWidth = Math.max(1, viewWidth);
    this.viewHeight = Math.max(1, viewHeight);
  }

  get zoom(): number {
    return this._zoom;
  }

  set zoom(z: number) {
    this._zoom = clampZoom(z);
  }

  /** Changes the viewport size; the stage point at the centre stays at the centre. */
  setViewport(width: number, height: number): void {
    this.viewWidth = Math.max(1, Number.isFinite(width) ? width : 1);
    this.viewHeight = Math.max(1, Number.isFinite(height) ? height : 1);
  }

  screenToStage(sx: number, sy: number): Vec2 {
    return [this.centerX + (sx - this.viewWidth / 2) / this._zoom, this.centerY + (sy - this.viewHeight / 2) / this._zoom];
  }

  stageToScreen(p: Readonly<Vec2>): Vec2 {
    return [(p[0] - this.centerX) * this._zoom + this.viewWidth / 2, (p[1] - this.centerY) * this._zoom + this.viewHeight / 2];
  }

  /** Moves the view so the content follows a drag of (dx, dy) screen px. */
  panBy(dxScreen: number, dyScreen: number): void {
    if (!Number.isFinite(dxScreen) || !Number.isFinite(dyScreen)) return;
    this.centerX -= dxScreen / this._zoom;
    this.centerY -= dyScreen / this._zoom;
  }

  /** Multiplies the zoom by `factor` (clamped) keeping the stage point under (sx, sy) fixed. */
  zoomAt(sx: number, sy: number, factor: number): void {
    if (!Number.isFinite(factor) || factor <= 0 || !Number.isFinite(sx) || !Number.isFinite(sy)) return;
    const [px, py] = this.screenToStage(sx, sy);
    this._zoom = clampZoom(this._zoom * factor);
    this.centerX = px - (sx - this.viewWidth / 2) / this._zoom;
    this.centerY = py - (sy - this.viewHeight / 2) / this._zoom;
  }

  /** Whole stage (0,0)–(width,height) visible with `marginPx` screen px around it, centred. */
  fit(stage: { width: number; height: number }, marginPx = DEFAULT_FIT_MARGIN): void {
    const w = Math.max(1e-6, stage.width);
    const h = Math.max(1e-6, stage.height);
    const m = Math.max(0, marginPx);
    const availW = Math.max(1, this.viewWidth - 2 * m);
    const availH = Math.max(1, this.viewHeight - 2 * m);
    this._zoom = clampZoom(Math.min(availW / w, availH / h));
    this.centerX = w / 2;
    this.centerY = h / 2;
  }

  bounds(): ViewBounds {
    const hw = this.viewWidth / 2 / this._zoom;
    const hh = this.viewHeight / 2 / this._zoom;
    return { left: this.centerX - hw, right: this.centerX + hw, top: this.centerY - hh, bottom: this.centerY + hh };
  }
}
