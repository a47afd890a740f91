/**
 * Draw on demand (DESIGN.md §6b): the view redraws only when something it draws from changed —
 * the frame pair, the interpolation alpha, the overlay fields the scene and the registered
 * overlay layers read (./overlays) — or when the owner invalidated it (camera, resize, a
 * restored GL context). While RUNNING every frame brings a new step, so every frame draws; in
 * EDIT and PAUSED an idle stage costs no GPU work at all.
 *
 * Inputs are compared by identity: snapshots are immutable and the UI's overlay is a memo, so
 * an unchanged input is the same object. A layer whose input is rebuilt per frame from the
 * frame's own arrays (the debug probes) compares it one level deep itself.
 */
import { OVERLAY_LAYERS, SCENE_READS, type ViewOverlay } from './overlays';

interface Drawn {
  prev: unknown;
  cur: unknown;
  alpha: number;
  overlay: ViewOverlay;
  version: number;
}

export function sameOverlay(a: ViewOverlay, b: ViewOverlay, layers = OVERLAY_LAYERS): boolean {
  if (a === b) return true;
  for (const k of SCENE_READS) if (a[k] !== b[k]) return false;
  for (const layer of layers) {
    if (layer.same) {
      if (!layer.same(a, b)) return false;
    } else {
      for (const k of layer.reads) if (a[k] !== b[k]) return false;
    }
  }
  return true;
}

export class RedrawGate {
  private last: Drawn | null = null;
  private version = 0;

  /** Forces the next draw (the camera moved, the canvas resized, the GL context came back). */
  invalidate(): void {
    this.version += 1;
  }

  needsDraw(prev: unknown, cur: unknown, alpha: number, overlay: ViewOverlay): boolean {
    const l = this.last;
    return !l || l.version !== this.version || l.prev !== prev || l.cur !== cur || l.alpha !== alpha || !sameOverlay(l.overlay, overlay);
  }

  /** Records a completed draw (not called when drawing threw, so the next frame retries). */
  drawn(prev: unknown, cur: unknown, alpha: number, overlay: ViewOverlay): void {
    this.last = { prev, cur, alpha, overlay, version: this.version };
  }
}
