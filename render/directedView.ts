/**
 * Showing the directed camera's view (issue 23) on a screen of any aspect. A camera view is a
 * centre and a width in stage px, framed at the exports' 16:9 (core/camera): the screen shows
 * that 16:9 box whole and as large as it fits, so a taller screen shows more above and below it
 * and a wider one more beside it. Pure (numbers and a Camera2D), so it is tested in Node.
 */
import { NOMINAL_ASPECT, type CameraView } from '../core/camera/camera';
import type { Camera2D } from './camera';

/** Screen px per stage px that shows `view`'s 16:9 box whole on a `screenW` × `screenH` screen. */
export function zoomForView(view: CameraView, screenW: number, screenH: number): number {
  const w = Math.max(1e-6, view.width);
  return Math.min(screenW / w, screenH / (w / NOMINAL_ASPECT));
}

/** The view between two steps' views at `alpha` (0: `a`, 1: `b`), so a drawn frame between steps glides. */
export function lerpView(a: CameraView, b: CameraView, alpha: number): CameraView {
  const t = Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : 1;
  if (t === 1 || (a.center[0] === b.center[0] && a.center[1] === b.center[1] && a.width === b.width)) return b;
  return { center: [a.center[0] + (b.center[0] - a.center[0]) * t, a.center[1] + (b.center[1] - a.center[1]) * t], width: a.width + (b.width - a.width) * t };
}

/** Points `cam` at `view`; returns whether anything changed (the caller redraws then). */
export function applyView(cam: Camera2D, view: CameraView): boolean {
  const zoom = zoomForView(view, cam.viewWidth, cam.viewHeight);
  if (!Number.isFinite(zoom) || !Number.isFinite(view.center[0]) || !Number.isFinite(view.center[1])) return false;
  const before = [cam.centerX, cam.centerY, cam.zoom];
  cam.zoom = zoom;
  cam.centerX = view.center[0];
  cam.centerY = view.center[1];
  return before[0] !== cam.centerX || before[1] !== cam.centerY || before[2] !== cam.zoom;
}
