/**
 * Gestures (issue 23): a short keyframed motion of the marker pose. Keys hold rig-local markers
 * (+X forward, up = −Y, origin at the root, as in frames), each key may give some markers only;
 * a marker moves between the keys that give it. A whole-body gesture may also lean the torso
 * (`lean`, radians, positive forward — what a bow needs and five markers cannot say).
 */
import type { MarkerName } from '../rig/markers';
import type { Vec2 } from '../rig/vec';

export type GestureBody = 'arms' | 'whole';

export interface GestureKey {
  /** Seconds from the gesture's start. */
  t: number;
  markers: Partial<Record<MarkerName, Vec2>>;
  /** Torso lean at this key (whole-body gestures), radians. */
  lean?: number;
}

export interface Gesture {
  id: string;
  name: string;
  body: GestureBody;
  loop: boolean;
  keys: readonly GestureKey[];
}

/** Blending into and out of a gesture takes this long (each way), seconds. */
export const GESTURE_BLEND_SECONDS = 0.2;

/** The markers an `arms` gesture may move; a `whole` gesture moves these and the pelvis (the feet stay planted). */
const ARM_MARKERS: readonly MarkerName[] = ['Left_Hand', 'Right_Hand'];
const WHOLE_MARKERS: readonly MarkerName[] = ['Left_Hand', 'Right_Hand', 'Torso'];

export const gestureMarkers = (body: GestureBody): readonly MarkerName[] => (body === 'arms' ? ARM_MARKERS : WHOLE_MARKERS);

/** The last key's time: one pass of the gesture. */
export const gestureDuration = (g: Gesture): number => (g.keys.length === 0 ? 0 : g.keys[g.keys.length - 1].t);

/** How long a gesture action runs: `seconds` when given, else one pass (at least the two blends). */
export function gesturePlaySeconds(g: Gesture, seconds: number | undefined): number {
  if (seconds !== undefined) return seconds;
  return Math.max(gestureDuration(g) + 2 * GESTURE_BLEND_SECONDS, 2 * GESTURE_BLEND_SECONDS);
}

/** Smooth ease between keys (zero speed at each key) so a wave swings rather than ticks. */
const ease = (u: number): number => u * u * (3 - 2 * u);

/** A marker's place on its track at `t`, and how much of it shows: a track whose first key comes after the start eases in from the pose underneath. */
function sampleTrack(keys: readonly { t: number; v: Vec2 }[], t: number): { at: Vec2; weight: number } | undefined {
  if (keys.length === 0) return undefined;
  const first = keys[0];
  if (t <= first.t) return { at: first.v, weight: first.t > 0 ? ease(Math.max(0, t) / first.t) : 1 };
  for (let i = 1; i < keys.length; i += 1) {
    const a = keys[i - 1];
    const b = keys[i];
    if (t <= b.t) {
      const span = b.t - a.t;
      const u = span > 0 ? ease((t - a.t) / span) : 1;
      return { at: [a.v[0] + (b.v[0] - a.v[0]) * u, a.v[1] + (b.v[1] - a.v[1]) * u], weight: 1 };
    }
  }
  return { at: keys[keys.length - 1].v, weight: 1 };
}

export interface GestureSample {
  /** Each moved marker: where the gesture puts it and how much of that shows (before its first key it eases in). */
  markers: Partial<Record<MarkerName, { at: Vec2; weight: number }>>;
  lean: number;
}

/** The gesture's own pose `t` seconds after its start (looping gestures wrap; others hold their last key). */
export function sampleGesture(g: Gesture, t: number): GestureSample {
  const duration = gestureDuration(g);
  const local = g.loop && duration > 0 ? t % duration : Math.min(t, duration);
  const markers: GestureSample['markers'] = {};
  for (const name of gestureMarkers(g.body)) {
    const track: { t: number; v: Vec2 }[] = [];
    for (const k of g.keys) {
      const v = k.markers[name];
      if (v) track.push({ t: k.t, v });
    }
    const sample = sampleTrack(track, local);
    if (sample) markers[name] = { at: [sample.at[0], sample.at[1]], weight: sample.weight };
  }
  const leanTrack: { t: number; v: Vec2 }[] = [];
  if (g.body === 'whole') for (const k of g.keys) if (k.lean !== undefined) leanTrack.push({ t: k.t, v: [k.lean, 0] });
  const lean = sampleTrack(leanTrack, local);
  return { markers, lean: lean ? lean.at[0] * lean.weight : 0 };
}

/** How much of the gesture shows `elapsed` seconds into an action of `total` seconds: blends in, holds, blends out. */
export function gestureWeight(elapsed: number, total: number): number {
  const blend = Math.min(GESTURE_BLEND_SECONDS, total / 2);
  if (blend <= 0) return 0;
  const w = Math.min(1, elapsed / blend, (total - elapsed) / blend);
  return w <= 0 ? 0 : ease(w);
}

export interface GestureOverlay {
  /** Markers the gesture moves, already blended with the pose underneath. */
  markers: Partial<Record<MarkerName, Vec2>>;
  /** Blended torso lean to add. */
  lean: number;
}

/**
 * The gesture laid over a pose: each marker it moves is blended from the pose's own by `weight`.
 * A hand that holds a prop keeps its place (the gesture moves the other arm only).
 */
export function overlayGesture(
  base: Readonly<Partial<Record<MarkerName, Vec2>>>,
  sample: GestureSample,
  weight: number,
  heldHand: 'left' | 'right' | null,
): GestureOverlay {
  const markers: Partial<Record<MarkerName, Vec2>> = {};
  for (const [name, m] of Object.entries(sample.markers) as [MarkerName, { at: Vec2; weight: number }][]) {
    if ((name === 'Left_Hand' && heldHand === 'left') || (name === 'Right_Hand' && heldHand === 'right')) continue;
    const b = base[name];
    const w = weight * m.weight;
    markers[name] = b ? [b[0] + (m.at[0] - b[0]) * w, b[1] + (m.at[1] - b[1]) * w] : [m.at[0], m.at[1]];
  }
  return { markers, lean: sample.lean * weight };
}

/** A gesture action as the runner plays it: the gesture it names and how long it runs, or why it cannot. */
export type GesturePlan = { kind: 'play'; gesture: Gesture; seconds: number } | { kind: 'skip'; reason: string };
