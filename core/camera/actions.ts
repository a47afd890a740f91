/**
 * The camera's own queue (issue 23): `queues.camera` in a scene file, and the camera's rule
 * reactions. Its actions are not a stickman's: following, framing and waiting.
 */
import type { Vec2 } from '../rig/vec';
import type { ActionPayload, QueueItem } from '../scene/schema';

/** The reserved queue key and rule actor of the directed camera; no object may take this id. */
export const CAMERA_ID = 'camera';

export const DEFAULT_FOLLOW_WIDTH = 2000;
export const DEFAULT_EASE_SECONDS = 1;

/** The camera's actions: the kinds whose definition says `performer: 'camera'` (core/actions/kinds), and wait. */
export type CameraActionType = 'camera_follow' | 'camera_frame' | 'wait';
export type CameraAction = Extract<ActionPayload, { type: CameraActionType }>;
export type CameraQueueItem = Extract<QueueItem, { type: CameraActionType }>;

export const isCameraAction = (a: ActionPayload): a is CameraAction => a.type === 'camera_follow' || a.type === 'camera_frame' || a.type === 'wait';

/** The centre of a framed rectangle (previews draw it). */
export const rectCenter = (r: readonly [number, number, number, number]): Vec2 => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];

/**
 * Whether a scene directs the camera: it gives the camera a queue or a rule gives it a reaction.
 * Without, the default view holds (the runtime never starts the camera's runner, PLAY keeps the
 * editor's own view and an export keeps the on-screen one).
 */
export function sceneDirectsCamera(doc: { queues: Readonly<Record<string, readonly unknown[]>>; rules: readonly { then: readonly { actor: string }[] }[] }): boolean {
  const queue = Object.hasOwn(doc.queues, CAMERA_ID) ? doc.queues[CAMERA_ID] : [];
  return queue.length > 0 || doc.rules.some((r) => r.then.some((t) => t.actor === CAMERA_ID));
}
