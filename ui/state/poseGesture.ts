/**
 * "Save pose as gesture" (issue 23): a stickman's authored pose (its dragged dots) becomes a
 * one-key gesture of the scene. It keeps all five markers, rig-local as the pose holds them; a
 * pose whose pelvis was moved is a `whole` gesture (hands and pelvis move, the feet stay planted),
 * any other an `arms` one (it runs on the overlay lane too). Pure: the editor command applies it.
 */
import { BUILTIN_GESTURES, BUILTIN_GESTURE_PREFIX, type Gesture } from '../../core/gestures';
import { defaultStandingPose, MARKER_NAMES, type MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { SCENE_LIMITS } from '../../core/scene/limits';
import type { StickmanObject } from '../../core/scene/schema';

/** A pelvis dragged less than this far (px) from its standing place counts as not moved. */
const PELVIS_MOVED_PX = 2;

export type PoseGestureResult = { ok: true; gesture: Gesture } | { ok: false; reason: string };

/** Which gesture names are taken: the built-ins' and the scene's own, compared without case. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** An id for `name` that no scene gesture has: `gesture-<name as letters and digits>`, numbered on a clash. */
export function gestureIdFor(name: string, scene: readonly Gesture[]): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  const base = `gesture-${slug || 'pose'}`;
  const taken = new Set(scene.map((g) => g.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Why `name` cannot name a new gesture, or null when it can. */
export function gestureNameProblem(name: string, scene: readonly Gesture[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the gesture a name';
  if (trimmed.length > SCENE_LIMITS.maxStringLength) return `A gesture name is at most ${SCENE_LIMITS.maxStringLength} characters`;
  if (trimmed.toLowerCase().startsWith(BUILTIN_GESTURE_PREFIX)) return `“${BUILTIN_GESTURE_PREFIX}” names the built-in gestures`;
  const clash = [...BUILTIN_GESTURES, ...scene].find((g) => nameKey(g.name) === nameKey(trimmed));
  if (clash) return `A gesture named “${clash.name}” exists already${clash.id.startsWith(BUILTIN_GESTURE_PREFIX) ? ' (built in)' : ''}`;
  return null;
}

/** Why the stickman has no pose to save (it was never posed), or null. */
export function poseProblem(o: StickmanObject): string | null {
  return o.pose ? null : `${o.name ?? o.id} stands in the default pose: drag its blue dots into a pose first`;
}

/** The gesture a stickman's pose saves as, named `name`, beside the scene's own gestures `scene`. */
export function gestureFromPose(o: StickmanObject, name: string, scene: readonly Gesture[]): PoseGestureResult {
  const unposed = poseProblem(o);
  if (unposed || !o.pose) return { ok: false, reason: unposed ?? '' };
  const problem = gestureNameProblem(name, scene);
  if (problem) return { ok: false, reason: problem };
  const pose = o.pose as MarkerPose;
  const markers: Partial<MarkerPose> = {};
  for (const m of MARKER_NAMES) markers[m] = [pose[m][0], pose[m][1]];
  const standing = defaultStandingPose(DEFAULT_PROPORTIONS).Torso;
  const pelvisMoved = Math.hypot(pose.Torso[0] - standing[0], pose.Torso[1] - standing[1]) >= PELVIS_MOVED_PX;
  const trimmed = name.trim();
  return {
    ok: true,
    gesture: { id: gestureIdFor(trimmed, scene), name: trimmed, body: pelvisMoved ? 'whole' : 'arms', loop: false, keys: [{ t: 0, markers }] },
  };
}
