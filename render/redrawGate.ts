/**
 * Draw on demand (DESIGN.md §6b): the view redraws only when something it draws from changed —
 * the frame pair, the interpolation alpha, the overlay (selection, hover, ghost, handles, walk
 * targets, debug data) — or when the owner invalidated it (camera, resize, a restored GL
 * context). While RUNNING every frame brings a new step, so every frame draws; in EDIT and
 * PAUSED an idle stage costs no GPU work at all.
 *
 * Inputs are compared by identity: snapshots are immutable and the UI's overlay is a memo, so
 * an unchanged input is the same object. The debug overlay is rebuilt per frame from the frame's
 * own arrays, so it is compared one level deep.
 */
import type { ViewOverlay } from './stageView';

interface Drawn {
  prev: unknown;
  cur: unknown;
  alpha: number;
  overlay: ViewOverlay;
  version: number;
}

const OVERLAY_KEYS = ['selectedIds', 'hoverId', 'ghost', 'handles', 'walkTargets', 'throwGuide'] as const;

function sameDebug(a: ViewOverlay['debug'], b: ViewOverlay['debug']): boolean {
  if (a === b) return true;
  if (!a || !b) return !a?.enabled && !b?.enabled;
  return (
    a.enabled === b.enabled && a.rays === b.rays && a.points === b.points && a.proxies === b.proxies && a.labels === b.labels && a.ragdolls === b.ragdolls && a.reactions === b.reactions
  );
}

export function sameOverlay(a: ViewOverlay, b: ViewOverlay): boolean {
  if (a === b) return true;
  for (const k of OVERLAY_KEYS) if (a[k] !== b[k]) return false;
  return sameDebug(a.debug, b.debug);
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
