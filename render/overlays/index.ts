/**
 * The stage's overlay layers, drawn in this order over the scene (later on top). A new overlay
 * is one file here: its input joins ViewOverlay and its layer joins OVERLAY_LAYERS; the redraw
 * gate then watches the fields it reads.
 */
import type { AreaView, PropView, RigView, TerrainView } from '../../streams/frame/frame';
import type { OverlayLayer } from './layer';
import { debugLayer, type DebugInput } from './debug';
import { placeholderLabelsLayer } from './placeholders';
import { gripsLayer, type GripsInput } from './grips';
import { walkFlagsLayer, type WalkFlagsInput } from './walkFlags';
import { throwGuideLayer, type ThrowGuideInput } from './throwGuide';
import { marqueeLayer, type MarqueeInput } from './marquee';
import { selectionLayer, type SelectionInput } from './selection';
import { handlesLayer, type HandlesInput } from './handles';
import { cameraShotsLayer, type CameraShotsInput } from './cameraShots';

export type { OverlayLayer, OverlayPen, DrawnProp, DrawnRig } from './layer';
export type { DebugOverlay, DebugShape } from './debug';
export type { CameraShot } from './cameraShots';

/** What the scene itself draws from the overlay (StageView: the placement ghost and the snap grid). */
export interface SceneInput {
  /** Translucent placement preview. */
  ghost?: { terrain?: TerrainView[]; props?: PropView[]; areas?: AreaView[]; rigs?: RigView[] } | null;
  /** Grid snapping is on with this step (stage px): the background grid shows it where it is wide enough to see. */
  snapGrid?: number | null;
}

/** The scene's fields the redraw gate compares (by identity). */
export const SCENE_READS = ['ghost', 'snapGrid'] as const satisfies readonly (keyof SceneInput)[];

/** Everything the UI hands the view besides the frame: the scene's inputs and every layer's. */
export type ViewOverlay = SceneInput & DebugInput & GripsInput & WalkFlagsInput & ThrowGuideInput & MarqueeInput & SelectionInput & HandlesInput & CameraShotsInput;

export const OVERLAY_LAYERS: readonly OverlayLayer<ViewOverlay>[] = [
  debugLayer,
  placeholderLabelsLayer,
  gripsLayer,
  cameraShotsLayer,
  walkFlagsLayer,
  throwGuideLayer,
  marqueeLayer,
  selectionLayer,
  handlesLayer,
];
