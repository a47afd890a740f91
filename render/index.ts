/** The stage view (three.js, orthographic, stage px with +Y down). */
export { StageView, VIEW_STYLE, lerpAngle, type ViewOverlay, type StageViewOptions } from './stageView';
export type { CameraShot } from './overlays';
export { Camera2D, MIN_ZOOM, MAX_ZOOM, DEFAULT_FIT_MARGIN, clampZoom, type ViewBounds } from './camera';
export { SpeechLayer, SPEECH_STYLE, type SpeechAnchor } from './speech';
export { wrapSpeech, planBubbles, stackBubbles, speechScale, bubbleKey, SPEECH_LAYOUT, type SpeechEntry, type BubblePlan, type BubbleItem, type BubblePlacement } from './speechLayout';
