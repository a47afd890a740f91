/**
 * Camera follow: each drawn frame moves the view's centre part of the way toward the followed
 * point, an exponential ease that is the same per second at any frame rate, so the camera
 * glides after a walking stickman instead of jumping with every step. Pure (a Camera2D and
 * numbers), so it is tested in Node.
 */
import type { Camera2D } from './camera';

type Vec2 = [number, number];

/** Per second, the share of the remaining distance the camera covers is 1 − e^(−rate). */
export const FOLLOW_RATE = 4;
/** Longer frames (a tab in the background) count as this long, so the camera never overshoots. */
export const FOLLOW_MAX_DT = 0.25;
/** Closer than this many screen px the camera is on target and stops moving (the view can stop drawing). */
export const FOLLOW_SETTLED_PX = 0.25;

/** Moves `camera` toward `target` for `dtSeconds`; returns whether it moved. */
export function followStep(camera: Camera2D, target: Readonly<Vec2>, dtSeconds: number, rate = FOLLOW_RATE): boolean {
  if (!Number.isFinite(target[0]) || !Number.isFinite(target[1])) return false;
  const dx = target[0] - camera.centerX;
  const dy = target[1] - camera.centerY;
  if (Math.hypot(dx, dy) * camera.zoom < FOLLOW_SETTLED_PX) return false;
  const dt = Math.min(FOLLOW_MAX_DT, Math.max(0, Number.isFinite(dtSeconds) ? dtSeconds : 0));
  const k = 1 - Math.exp(-rate * dt);
  if (k <= 0) return false;
  camera.centerX += dx * k;
  camera.centerY += dy * k;
  return true;
}
