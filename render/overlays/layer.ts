/**
 * One stage overlay layer (debug, grips, walk flags, throw guide, marquee, selection, handles):
 * what it reads from the UI's overlay and how it draws it. StageView draws the scene, then asks
 * every registered layer (./index.ts) in order to draw into the shared overlay batches; the
 * redraw gate compares exactly the fields the layers say they read, so a layer cannot be
 * forgotten by the gate (DESIGN.md §6b: EDIT and PAUSED draw only when something changed).
 */
import type { DiscBatch, StrokeBatch } from '../batches';
import type { LabelSpec } from '../labels';
import type { FrameSnapshot } from '../../streams/frame/frame';
import type { PropShape } from '../../core/props/resolve';
import type { FrameIndex } from '../frameIndex';

export type Vec2 = [number, number];

/** A prop as drawn this frame (interpolated), for outlines and labels that follow it. */
export interface DrawnProp {
  x: number;
  y: number;
  rotation: number;
  shape: PropShape;
}

/** A stickman's drawn extent this frame (stage px). */
export interface DrawnRig {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** What a layer draws with: the overlay batches, the label list, the camera and the scene just drawn. */
export interface OverlayPen {
  readonly strokes: StrokeBatch;
  readonly discs: DiscBatch;
  /** HTML labels (CSS px over the canvas), drawn after every layer. */
  readonly labels: LabelSpec[];
  /** One CSS px in stage px (1 / zoom). */
  readonly css: number;
  toScreen(p: Vec2): Vec2;
  /** The frame drawn under the overlay, and its objects by id. */
  readonly frame: FrameSnapshot;
  readonly index: FrameIndex;
  /** Where the scene drew this prop / stickman this frame (null: not drawn). */
  drawnProp(id: string): DrawnProp | null;
  drawnRig(id: string): DrawnRig | null;
}

export interface OverlayLayer<In extends object> {
  /** For probes and errors ("selection", "handles" …). */
  readonly name: string;
  /** The overlay fields it draws from; the redraw gate compares them by identity. */
  readonly reads: readonly (keyof In)[];
  /** A deeper comparison where a field is rebuilt every frame from unchanged data (the debug probes). */
  same?(a: In, b: In): boolean;
  draw(input: In, pen: OverlayPen): void;
}
