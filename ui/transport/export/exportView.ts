/**
 * The picture of an export: a StageView of its own at the export's size (device pixel ratio 1),
 * drawn into a 2D canvas with the HTML overlays (speech, labels) painted on top. The camera is
 * framed once from the export's settings — the on-screen view's rectangle, the whole stage, or a
 * stickman followed with the app's follow ease in simulation time (1/fps a frame), so the result
 * does not depend on how fast this machine draws — or, every frame, the director's camera of that
 * frame's tick (issue 23; the 16:9 export shows exactly the shot's box).
 */
import { StageView, type ViewOverlay } from '../../../render';
import { rigBox } from '../../../core/geometry/hitTest';
import type { FrameSnapshot } from '../../../streams';
import { compositeOverlays } from './overlayComposite';
import { defaultCameraView } from '../../../core/camera/camera';

type Vec2 = [number, number];

export interface StageRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** `director`: each frame is shot through the frame's own directed camera (issue 23). */
export type ExportCamera = { kind: 'view'; rect: StageRect } | { kind: 'stage' } | { kind: 'follow'; rigId: string; rect: StageRect } | { kind: 'director' };

export class ExportView {
  readonly canvas: HTMLCanvasElement;
  private readonly host: HTMLDivElement;
  private readonly glCanvas: HTMLCanvasElement;
  private readonly view: StageView;
  private readonly ctx: CanvasRenderingContext2D;
  private framed = false;
  /** Speech bubbles and labels painted so far (over all frames). */
  overlaysDrawn = 0;

  constructor(readonly width: number, readonly height: number, private readonly camera: ExportCamera, private readonly debug: boolean) {
    // Laid out (bubbles are measured) but off screen and out of the way of the pointer.
    const host = document.createElement('div');
    host.dataset.testid = 'export-stage';
    Object.assign(host.style, { position: 'fixed', left: '-100000px', top: '0px', width: `${width}px`, height: `${height}px`, overflow: 'hidden', pointerEvents: 'none' });
    const gl = document.createElement('canvas');
    Object.assign(gl.style, { position: 'absolute', left: '0px', top: '0px', width: `${width}px`, height: `${height}px` });
    host.appendChild(gl);
    document.body.appendChild(host);
    this.host = host;
    this.glCanvas = gl;
    this.view = new StageView(gl, { labelContainer: host });
    this.view.resize(width, height, 1);
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('this browser cannot draw a 2D canvas for the export');
    this.ctx = ctx;
  }

  /** Draws `frame` (the next frame of the export, `dt` simulated seconds after the last one). */
  draw(frame: FrameSnapshot, dt: number): void {
    this.placeCamera(frame, dt);
    const overlay: ViewOverlay = { selectedIds: [], hoverId: null, ghost: null, handles: [], debug: this.debug ? { enabled: true, ...(frame.debug ?? {}) } : null };
    this.view.invalidate();
    this.view.render(frame, frame, 1, overlay);
    // Read the WebGL picture in the same task it was drawn (its buffer is not preserved).
    this.ctx.drawImage(this.glCanvas, 0, 0, this.width, this.height);
    this.overlaysDrawn += compositeOverlays(this.ctx, this.host);
  }

  /** The visible stage rectangle (for tests: what the camera framed). */
  visibleRect(): StageRect {
    const a = this.view.screenToStage(0, 0);
    const b = this.view.screenToStage(this.width, this.height);
    return { minX: a[0], minY: a[1], maxX: b[0], maxY: b[1] };
  }

  dispose(): void {
    this.view.dispose();
    this.host.remove();
  }

  private placeCamera(frame: FrameSnapshot, dt: number): void {
    const cam = this.camera;
    if (cam.kind === 'director') {
      this.view.showDirected(frame.camera ?? defaultCameraView(frame.stage));
      return;
    }
    if (!this.framed) {
      this.framed = true;
      if (cam.kind === 'stage') this.view.fit(frame.stage);
      else this.frameRect(frame, cam.rect);
      if (cam.kind === 'follow') {
        const target = this.followPoint(frame, cam.rigId);
        if (target) this.centerOn(target);
      }
      return;
    }
    if (cam.kind === 'follow') {
      const target = this.followPoint(frame, cam.rigId);
      if (target) this.view.followTo(target, dt);
    }
  }

  private followPoint(frame: FrameSnapshot, rigId: string): Vec2 | null {
    const rig = frame.rigs.find((r) => r.id === rigId);
    const box = rig ? rigBox(rig) : null;
    return box ? [box.center[0], box.center[1]] : null;
  }

  /** Shows at least `rect`, centred, at the largest zoom that fits it. */
  private frameRect(frame: FrameSnapshot, rect: StageRect): void {
    const v = this.view;
    v.fit(frame.stage, 0);
    const w = Math.max(1, rect.maxX - rect.minX);
    const h = Math.max(1, rect.maxY - rect.minY);
    const pxPerStage = v.stageToScreen([1, 0])[0] - v.stageToScreen([0, 0])[0];
    v.zoomAt(this.width / 2, this.height / 2, Math.min(this.width / w, this.height / h) / pxPerStage);
    this.centerOn([(rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2]);
  }

  private centerOn(p: Vec2): void {
    const s = this.view.stageToScreen(p);
    this.view.panBy(this.width / 2 - s[0], this.height / 2 - s[1]);
  }
}
