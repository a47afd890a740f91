/**
 * The camera's framings (issue 23), drawn while its queue is selected in DIRECT: for each queued
 * shot the 16:9 box the camera will show (dashed), the rectangle a framing asked for inside it
 * (solid), and a label with its place in the queue ("#1 Frame", "#2 Follow Bo").
 */
import { SIZE_CSS } from '../batches';
import { rgba } from '../color';
import type { OverlayLayer, Vec2 } from './layer';

/** Stage px, [x0, y0, x1, y1]. */
type Box = readonly [number, number, number, number];

export interface CameraShot {
  /** The view the camera shows for the shot, at the exports' 16:9. */
  view: Box;
  /** The rectangle a framing asked for (absent for a follow). */
  rect?: Box | null;
  label: string;
}

export interface CameraShotsInput {
  cameraShots?: readonly CameraShot[] | null;
}

export const CAMERA_SHOT_COLOR = '#9c36b5';

const corners = (b: Box): Vec2[] => [[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]];

export const cameraShotsLayer: OverlayLayer<CameraShotsInput> = {
  name: 'camera shots',
  reads: ['cameraShots'],
  draw({ cameraShots }, pen) {
    if (!cameraShots?.length) return;
    const line = rgba(CAMERA_SHOT_COLOR, 0.95);
    for (const shot of cameraShots) {
      pen.strokes.polyline(corners(shot.view), true, 1, line, SIZE_CSS, 8);
      if (shot.rect) pen.strokes.polyline(corners(shot.rect), true, 0.75, rgba(CAMERA_SHOT_COLOR, 0.6), SIZE_CSS);
      const [sx, sy] = pen.toScreen([shot.view[0], shot.view[1]]);
      pen.labels.push({ x: sx + 6, y: sy + 6, text: shot.label, color: CAMERA_SHOT_COLOR });
    }
  },
};
