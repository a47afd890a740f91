/**
 * What a gesture action will do when it starts (issue 23): the gesture it names (a built-in or
 * one of the scene's own) and how long it plays, or why it is skipped. Pure: the ActionRunner
 * asks this as the item starts, on the main lane or as an overlay.
 */
import { findGesture } from './builtins';
import { gesturePlaySeconds, type Gesture, type GesturePlan } from './gesture';

export function planGesture(action: { gesture_id: string; seconds?: number }, sceneGestures: readonly Gesture[], overlay: boolean): GesturePlan {
  const gesture = findGesture(action.gesture_id, sceneGestures);
  if (!gesture) return { kind: 'skip', reason: `gesture "${action.gesture_id}" is not in this scene` };
  // Beside a walk only the arms are free: a bow needs the legs standing still.
  if (overlay && gesture.body === 'whole') return { kind: 'skip', reason: `gesture "${gesture.id}" moves the whole body and cannot run as an overlay` };
  return { kind: 'play', gesture, seconds: gesturePlaySeconds(gesture, action.seconds) };
}
