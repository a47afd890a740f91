/**
 * The camera's own queue (issue 23): `queues.camera` in a scene file, and the camera's rule
 * reactions. Its actions are not a stickman's: following, framing and waiting.
 */
import type { Vec2 } from '../rig/vec';

/** The reserved queue key and rule actor of the directed camera; no object may take this id. */
export const CAMERA_ID = 'camera';

export const DEFAULT_FOLLOW_WIDTH = 2000;
export const DEFAULT_EASE_SECONDS = 1;

export type CameraAction =
  | { type: 'camera_follow'; target_id: string; width: number; ease_seconds: number }
  | { type: 'camera_frame'; rect: [number, number, number, number]; ease_seconds: number }
  | { type: 'wait'; seconds: number };

export type CameraQueueItem = CameraAction & { id: string };

export const CAMERA_ACTION_TYPES = ['camera_follow', 'camera_frame', 'wait'] as const;
export type CameraActionType = (typeof CAMERA_ACTION_TYPES)[number];

const n = (v: number) => String(Math.round(v * 100) / 100);

/** How a camera action reads in the queue and the timeline. */
export function cameraActionText(a: CameraAction, name: (id: string) => string = (id) => id): string {
  switch (a.type) {
    case 'camera_follow':
      return `Follow ${name(a.target_id)} (${n(a.width)} px wide, ${a.ease_seconds === 0 ? 'cut' : `ease ${n(a.ease_seconds)} s`})`;
    case 'camera_frame':
      return `Frame (${n(a.rect[0])}, ${n(a.rect[1])})–(${n(a.rect[2])}, ${n(a.rect[3])}) (${a.ease_seconds === 0 ? 'cut' : `ease ${n(a.ease_seconds)} s`})`;
    case 'wait':
      return `Wait ${n(a.seconds)} s`;
  }
}

/** The rule phrase: "the camera follows Bo". */
export function cameraActionPhrase(a: CameraAction, name: (id: string) => string = (id) => id): string {
  switch (a.type) {
    case 'camera_follow':
      return `the camera follows ${name(a.target_id)}`;
    case 'camera_frame':
      return 'the camera frames a rectangle';
    case 'wait':
      return `the camera waits ${n(a.seconds)} s`;
  }
}

/** The centre of a framed rectangle (previews draw it). */
export const rectCenter = (r: readonly [number, number, number, number]): Vec2 => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
