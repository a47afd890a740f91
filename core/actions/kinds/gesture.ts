import { BUILTIN_GESTURES, findGesture } from '../../gestures';
import { SCENE_LIMITS } from '../../scene/limits';
import { defineAction } from '../definition';
import { circle, path } from '../glyph';
import { num, quote } from '../phrasing';

/** A gesture's name as texts show it: a built-in's own name, else what `name` says of the id (the UI names the scene's gestures). */
const gestureName = (id: string, name: (id: string) => string = (i) => i): string => findGesture(id)?.name ?? name(id);
const forSeconds = (seconds: number | undefined) => (seconds !== undefined ? ` ${num(seconds)} s` : '');

/**
 * Issue 23: the stickman plays a gesture (a built-in `builtin:*` or one of the scene's own
 * `gestures`), blending in and out; an `arms` gesture may also run as an overlay beside a walk.
 * Without `seconds` it plays one pass; with it, a looping gesture loops for that long. An unknown
 * gesture loads with a warning and finishes skipped.
 */
export const gesture = defineAction({
  type: 'gesture',
  label: 'Gesture…',
  // 👋: a raised hand with motion lines.
  icon: [circle(6, 3, 1.5), path('M6 4.5v5M6 9.5l-2 5M6 9.5l2 5M6 6l-3 2M6 6l4-3.5M12.5 1.5l1.5 1M13 5h1.5')],
  overlay: true,
  payload: (s) => ({ gesture_id: s.gestureId, seconds: s.seconds.optional() }),
  fields: [
    {
      name: 'gesture_id', label: 'Gesture', kind: 'gesture', capture: 'choice', default: BUILTIN_GESTURES[0].id,
      // The built-ins; an editor adds the scene's own gestures after them.
      choices: BUILTIN_GESTURES.map((g) => ({ value: g.id, label: g.name })),
    },
    { name: 'seconds', label: 'Seconds', kind: 'number', capture: 'typed', min: 0, max: SCENE_LIMITS.maxSeconds, unit: 's', optional: true, placeholder: 'one pass' },
  ],
  text: (a, name) => `Gesture ${quote(gestureName(a.gesture_id, name))}${forSeconds(a.seconds)}`,
  phrase: (a, name) => `gestures ${quote(gestureName(a.gesture_id, name))}${forSeconds(a.seconds)}`,
});
