/**
 * Gestures over the pose (issue 23): each gesture playing (the lane's, then an overlay's) moves
 * its markers from the pose underneath, blended in and out over GESTURE_BLEND_SECONDS; a whole-body
 * one also leans the torso. The feet are never moved (IK keeps them planted), and a hand the
 * interactor works with (holding, reaching, throwing) keeps its place.
 */
import { gestureWeight, overlayGesture, sampleGesture } from '../../../core/gestures';
import type { MarkerPose } from '../../../core/rig/markers';
import type { PlayingGesture } from '../../../machines/connectRig';

export interface ArmPose {
  markers: MarkerPose;
  torsoLean: number;
}

/** `base` with the playing gestures laid over it, or null when none plays. */
export function gesturePose(base: ArmPose, playing: readonly PlayingGesture[], busyHand: 'left' | 'right' | null): ArmPose | null {
  if (playing.length === 0) return null;
  let markers = base.markers;
  let torsoLean = base.torsoLean;
  for (const p of playing) {
    const over = overlayGesture(markers, sampleGesture(p.gesture, p.elapsed), gestureWeight(p.elapsed, p.duration), busyHand);
    markers = { ...markers, ...over.markers };
    torsoLean += over.lean;
  }
  return { markers, torsoLean };
}
