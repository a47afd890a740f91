/**
 * Autosave: a short while after the last change the document is written to browser storage, so
 * a reload restores the work (DESIGN §10). An unsaveable document keeps the last good autosave.
 */
import { createSignal, type Accessor } from 'solid-js';
import { saveSceneText } from '../../core/scene/io';
import type { SceneDocument } from '../../core/scene/schema';
import { errorText } from './notices';

export const AUTOSAVE_KEY = 'stickman-stage/autosave/v1';
/** Where a stored autosave that failed to load is kept, so a bad restore never destroys work. */
export const REJECTED_AUTOSAVE_KEY = 'stickman-stage/autosave/rejected';
export const AUTOSAVE_DELAY_MS = 400;

export class Autosave {
  /** Local time of the last successful write. */
  readonly lastSaved: Accessor<string | null>;
  private readonly setLastSaved: (s: string | null) => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Warn once per run of failures, not on every change. */
  private failing = false;

  constructor(
    private readonly storage: Storage | null,
    private readonly current: () => SceneDocument,
    private readonly warn: (title: string, details: string[]) => void,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {
    [this.lastSaved, this.setLastSaved] = createSignal<string | null>(null);
  }

  /** A change happened: write it after the delay (a later change restarts the wait). */
  schedule(): void {
    if (!this.storage) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Writes the pending autosave now (also called when the page is hidden). */
  flush(): void {
    if (this.timer === null || !this.storage) return;
    clearTimeout(this.timer);
    this.timer = null;
    let text: string;
    try {
      text = saveSceneText(this.current());
    } catch {
      return; // an unsaveable document is reported when the user saves; keep the last good autosave
    }
    try {
      this.storage.setItem(AUTOSAVE_KEY, text);
      this.failing = false;
      this.setLastSaved(new Date().toLocaleTimeString());
    } catch (e) {
      if (!this.failing) this.warn('Autosave failed (browser storage unavailable or full)', [errorText(e)]);
      this.failing = true;
    }
  }
}
