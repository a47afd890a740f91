/**
 * What a gesture's small preview draws (the pickers' thumbnails): the default standing figure with
 * the gesture laid over it, as the runtime lays it (blend in, keys, blend out), solved into parts
 * in rig-local space. Pure: the component only asks for a pose at a time.
 */
import { gestureDuration, gesturePlaySeconds, gestureWeight, overlayGesture, sampleGesture, type Gesture } from '../../core/gestures';
import { defaultStandingPose, type MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { solvePose, type RigLocalPose } from '../../core/rig/skeleton';

/** The standing pose the preview starts from and returns to. */
const STANDING: MarkerPose = defaultStandingPose(DEFAULT_PROPORTIONS);

/** A looping gesture's preview plays it at least this long before blending back, seconds. */
const LOOP_PREVIEW_SECONDS = 1.4;
/** The preview rests standing this long between two plays, seconds. */
const REST_SECONDS = 0.4;

/** One play of the preview and its rest, seconds. */
export function previewCycleSeconds(g: Gesture): number {
  return previewPlaySeconds(g) + REST_SECONDS;
}

function previewPlaySeconds(g: Gesture): number {
  return gesturePlaySeconds(g, g.loop ? Math.max(LOOP_PREVIEW_SECONDS, 2 * gestureDuration(g)) : undefined);
}

/** The figure `weight` of the way into the gesture's pose at `t` seconds from its start. */
export function gesturePoseAt(g: Gesture, t: number, weight: number): { markers: MarkerPose; parts: RigLocalPose } {
  const over = overlayGesture(STANDING, sampleGesture(g, t), weight, null);
  const markers: MarkerPose = { ...STANDING, ...over.markers };
  return { markers, parts: solvePose(markers, DEFAULT_PROPORTIONS, { torsoLean: over.lean }) };
}

/** The animated preview at `t` seconds (wrapping every cycle): blending in, playing, blending out, resting. */
export function previewFrame(g: Gesture, t: number): { markers: MarkerPose; parts: RigLocalPose } {
  const play = previewPlaySeconds(g);
  const local = ((t % previewCycleSeconds(g)) + previewCycleSeconds(g)) % previewCycleSeconds(g);
  if (local >= play) return gesturePoseAt(g, 0, 0);
  return gesturePoseAt(g, local, gestureWeight(local, play));
}

/** The still preview: the gesture fully shown at its middle (a loop) or its end (a one-shot). */
export function previewStill(g: Gesture): { markers: MarkerPose; parts: RigLocalPose } {
  const d = gestureDuration(g);
  return gesturePoseAt(g, g.loop ? d / 2 : d, 1);
}
