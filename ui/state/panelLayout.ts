/**
 * The bottom panel's height, set by dragging the divider above it and remembered in browser
 * storage, so the rules' reaction editor can be given room and keeps it after a reload.
 */
import { createSignal, type Accessor } from 'solid-js';

export const BOTTOM_PANEL_KEY = 'stickman-stage/bottom-panel-height';
export const DEFAULT_BOTTOM_PANEL_PX = 224;
export const MIN_BOTTOM_PANEL_PX = 90;
/** The stage keeps at least this many px when the panel grows. */
export const MIN_STAGE_PX = 140;

export class PanelLayout {
  /** The height asked for (null: the default, which CSS fits to small windows). */
  readonly bottomHeight: Accessor<number | null>;
  private readonly setBottom: (h: number | null) => void;

  constructor(private readonly storage: Storage | null) {
    let stored: number | null = null;
    try {
      const v = Number(storage?.getItem(BOTTOM_PANEL_KEY));
      if (Number.isFinite(v) && v >= MIN_BOTTOM_PANEL_PX) stored = Math.round(v);
    } catch {
      /* storage is optional */
    }
    [this.bottomHeight, this.setBottom] = createSignal<number | null>(stored);
  }

  /** `h` within [MIN_BOTTOM_PANEL_PX, what leaves the stage MIN_STAGE_PX of `available`]. */
  static clampHeight(h: number, available: number): number {
    const max = Math.max(MIN_BOTTOM_PANEL_PX, available - MIN_STAGE_PX);
    return Math.round(Math.min(max, Math.max(MIN_BOTTOM_PANEL_PX, Number.isFinite(h) ? h : DEFAULT_BOTTOM_PANEL_PX)));
  }

  /** Sets the height (clamped to `available`, the px the stage and the panel share). */
  setBottomHeight(h: number, available: number): number {
    const next = PanelLayout.clampHeight(h, available);
    this.setBottom(next);
    return next;
  }

  /** Back to the default height (and forget the stored one). */
  reset(): void {
    this.setBottom(null);
    this.remember();
  }

  /** Writes the height to storage (at the end of a drag, not on every move). */
  remember(): void {
    const h = this.bottomHeight();
    try {
      if (h === null) this.storage?.removeItem(BOTTOM_PANEL_KEY);
      else this.storage?.setItem(BOTTOM_PANEL_KEY, String(h));
    } catch {
      /* best effort */
    }
  }
}
