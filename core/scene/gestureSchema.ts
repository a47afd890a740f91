/**
 * A scene's own gestures (issue 23): the top-level `"gestures": []` of a scene file. A gesture is
 * `{ id, name, body: "arms" | "whole", loop, keys: [{ t, markers: { Left_Hand: [x, y], … }, lean? }] }`,
 * its markers rig-local as in frames (origin at the root, +X forward, up = −Y); a key may give some
 * markers only. Any marker name of the rig is accepted (a pose saved from the editor's dots holds
 * all five), but only the hands move in an `arms` gesture and the hands and pelvis in a `whole` one:
 * the feet stay planted. Ids are unique and the `builtin:` prefix is the built-ins' (checked with
 * the scene's other references in io.ts).
 */
import { z } from 'zod';
import { MARKER_NAMES } from '../rig/markers';
import { finite, idSchema, text } from './values';

/** How far from the root a gesture marker may be (rig-local px): a stickman is about 560 px tall. */
export const GESTURE_MAX_REACH = 2000;
/** The longest a gesture's keys may run (s); `loop` and the action's `seconds` make it last longer. */
export const GESTURE_MAX_SECONDS = 60;
export const GESTURE_MAX_KEYS = 64;
/** Torso lean a key may give (radians, positive forward). */
export const GESTURE_MAX_LEAN = 1.5;

const local = () => finite().refine((v) => Math.abs(v) <= GESTURE_MAX_REACH, `must be within ±${GESTURE_MAX_REACH} px of the root (rig-local)`);
const markerPoint = z.tuple([local(), local()]);
const markersSchema = z.strictObject(Object.fromEntries(MARKER_NAMES.map((m) => [m, markerPoint.optional()])) as Record<(typeof MARKER_NAMES)[number], z.ZodOptional<typeof markerPoint>>);

export const gestureKeySchema = z.strictObject({
  t: finite().refine((v) => v >= 0 && v <= GESTURE_MAX_SECONDS, `must be between 0 and ${GESTURE_MAX_SECONDS} seconds`),
  markers: markersSchema,
  lean: finite().refine((v) => Math.abs(v) <= GESTURE_MAX_LEAN, `must be within ±${GESTURE_MAX_LEAN} radians`).optional(),
});

export const gestureSchema = z.strictObject({
  id: idSchema,
  name: text().min(1, 'must not be empty'),
  body: z.enum(['arms', 'whole'], { error: 'must be "arms" or "whole"' }),
  loop: z.boolean().default(false),
  keys: z
    .array(gestureKeySchema)
    .min(1, 'a gesture needs at least one key')
    .max(GESTURE_MAX_KEYS, `at most ${GESTURE_MAX_KEYS} keys`)
    .superRefine((keys, ctx) => {
      for (let i = 1; i < keys.length; i += 1) {
        if (!(keys[i].t > keys[i - 1].t)) ctx.addIssue({ code: 'custom', path: [i, 't'], message: `keys must be in time order: ${keys[i].t} is not after keys[${i - 1}].t (${keys[i - 1].t})` });
      }
    }),
});

export type SceneGesture = z.infer<typeof gestureSchema>;
