/**
 * The director's camera on screen (issue 23): when PLAY shows it, and what each drawn frame does
 * with the frame's `camera`. Frames carry the camera's view of their tick, so a live run, a take
 * replayed and a scrub to any tick all show the shot of the tick drawn, from the same frames.
 */
import { sceneDirectsCamera } from '../../core/camera/actions';
import type { CameraView } from '../../core/camera/camera';
import { lerpView } from '../../render/directedView';
import type { FrameSnapshot } from '../../streams';
import type { Editor } from './editor';

/** PLAY shows the director's camera now: the scene directs one, it is switched on, and Follow does not hold the view. */
export function directorViewShown(editor: Editor): boolean {
  return editor.mode().mode === 'PLAY' && editor.playback.directorOn() && !editor.followTarget() && sceneDirectsCamera(editor.doc());
}

/** A pan, zoom or Fit by hand: while the director's camera is shown, a free camera takes over. */
export function handMovedView(editor: Editor): void {
  if (directorViewShown(editor)) editor.playback.freeCamera();
}

/** What the driver moves: the StageView. */
export interface DirectedViewTarget {
  readonly zoom: number;
  showDirected(view: CameraView): void;
  endDirected(restore: boolean): void;
}

/**
 * The per-frame step of the stage canvas: while shown, the view is the frame pair's camera at the
 * drawn alpha. A free camera (a pan, a zoom, the toggle, Follow) starts where the director's left
 * off. Leaving PLAY gives the editor's own view back (the one PLAY started from) when the
 * director's camera was showing, and keeps the free camera's view when that one was.
 */
export function directedViewDriver(editor: Editor, view: DirectedViewTarget): (prev: FrameSnapshot, cur: FrameSnapshot, alpha: number) => void {
  let showing = false;
  /** The director's camera showed in this PLAY: the view it took over is kept until PLAY ends. */
  let tookOver = false;
  return (prev, cur, alpha) => {
    const camera = cur.camera;
    if (camera && directorViewShown(editor)) {
      showing = tookOver = true;
      view.showDirected(lerpView(prev.camera ?? camera, camera, alpha));
      editor.setZoom(view.zoom);
    } else if (tookOver && editor.mode().mode !== 'PLAY') {
      view.endDirected(showing);
      showing = tookOver = false;
      editor.setZoom(view.zoom);
    } else showing = false;
  };
}
