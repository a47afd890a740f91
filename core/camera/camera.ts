/**
 * The directed camera (issue 23), the pure part: what a shot is, where it looks and how it eases.
 * A view is a centre in stage px and a width (how many stage px it spans); its height follows the
 * screen's aspect, so a framed rectangle is fitted at NOMINAL_ASPECT — the aspect of the exports
 * (16:9) — and a screen of another aspect shows a little more above and below or beside it.
 */
import type { Vec2 } from '../rig/vec';

export interface CameraView {
  center: Vec2;
  width: number;
}

export const NOMINAL_ASPECT = 16 / 9;
/** Narrowest and widest views a camera action may ask for, stage px. */
export const CAMERA_MIN_WIDTH = 200;
export const CAMERA_MAX_WIDTH = 100_000;
/** Where a followed stickman is looked at: its chest, this far above its root. */
export const FOLLOW_CHEST_HEIGHT = 300;

/** The view of a scene without a camera (and a camera before its first action): the whole stage. */
export const defaultCameraView = (stage: { width: number; height: number }): CameraView => ({
  center: [stage.width / 2, stage.height / 2],
  width: Math.max(stage.width, stage.height * NOMINAL_ASPECT),
});

/** The view that shows rectangle [x0, y0, x1, y1] whole at the nominal aspect. */
export function frameRectView(rect: readonly [number, number, number, number]): CameraView {
  const [x0, y0, x1, y1] = rect;
  const w = Math.abs(x1 - x0);
  const h = Math.abs(y1 - y0);
  return { center: [(x0 + x1) / 2, (y0 + y1) / 2], width: clampWidth(Math.max(w, h * NOMINAL_ASPECT)) };
}

export const clampWidth = (w: number): number => Math.min(CAMERA_MAX_WIDTH, Math.max(CAMERA_MIN_WIDTH, w));

const smooth = (u: number): number => u * u * (3 - 2 * u);

/**
 * The view `elapsed` seconds into an ease of `seconds` from `from` towards `to` (which may move,
 * as a followed stickman does): smooth in and out; 0 seconds is a cut.
 */
export function easeView(from: CameraView, to: CameraView, elapsed: number, seconds: number): CameraView {
  if (!(seconds > 0) || elapsed >= seconds) return { center: [to.center[0], to.center[1]], width: to.width };
  const u = smooth(Math.max(0, elapsed / seconds));
  if (u === 0) return { center: [from.center[0], from.center[1]], width: from.width };
  // Width eases in log space: a zoom from 4000 to 1000 px feels even, not rushed at the start.
  const width = Math.exp(Math.log(from.width) + (Math.log(to.width) - Math.log(from.width)) * u);
  return { center: [from.center[0] + (to.center[0] - from.center[0]) * u, from.center[1] + (to.center[1] - from.center[1]) * u], width };
}

/** Where following looks for a target at `position`: a stickman's chest, a prop's centre. */
export const followPoint = (position: Readonly<Vec2>, isStickman: boolean): Vec2 => [position[0], isStickman ? position[1] - FOLLOW_CHEST_HEIGHT : position[1]];

/** Frames round the numbers they print. */
export const roundView = (v: CameraView): CameraView => ({
  center: [Math.round(v.center[0] * 100) / 100, Math.round(v.center[1] * 100) / 100],
  width: Math.round(v.width * 100) / 100,
});
