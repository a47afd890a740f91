/**
 * The object clipboard. Copied objects travel as scene JSON (core/scene/edit extractObjects,
 * saved like a file), so a paste in another tab of the app, or of a text editor's copy of a
 * scene, goes through the same loader as Open. The system clipboard carries the text; when the
 * browser refuses it (no permission, no secure context) the copy still works inside this tab.
 */
type Vec2 = [number, number];

/** What the clipboard needs from the browser (navigator.clipboard has this shape). */
export interface TextClipboard {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
}

/**
 * Stage px a paste lands to the right of what it copies; each paste of the same copy moves one
 * more step. Sideways only: a stickman or a prop resting on the ground stays on it (an offset
 * down would sink it into the ground, up would leave it hanging).
 */
export const PASTE_OFFSET = 40;

export class SceneClipboard {
  /** The last text copied in this tab (the fallback when the system clipboard refuses). */
  private local: string | null = null;
  /** Whether the last copy reached the system clipboard (then it is the one to read). */
  private systemHoldsCopy = false;
  private lastPasted: string | null = null;
  private pastes = 0;

  constructor(private readonly system: TextClipboard | null) {}

  /** Copies `text`; resolves to where it went. */
  async write(text: string): Promise<'system' | 'tab'> {
    this.local = text;
    this.lastPasted = null;
    this.pastes = 0;
    this.systemHoldsCopy = false;
    if (!this.system) return 'tab';
    try {
      await this.system.writeText(text);
      this.systemHoldsCopy = true;
      return 'system';
    } catch {
      return 'tab';
    }
  }

  /**
   * The text to paste: the system clipboard's (it may hold a copy from another tab), or this
   * tab's own copy when the system clipboard cannot be read or never got it.
   */
  async read(): Promise<string | null> {
    if (this.system) {
      try {
        const text = await this.system.readText();
        if (text || this.systemHoldsCopy) return text;
      } catch {
        /* refused: fall back to this tab's copy */
      }
    }
    return this.local;
  }

  /** The offset for pasting `text` now: one PASTE_OFFSET step further right for each paste of the same text in a row. */
  nextOffset(text: string): Vec2 {
    this.pastes = text === this.lastPasted ? this.pastes + 1 : 1;
    this.lastPasted = text;
    return [PASTE_OFFSET * this.pastes, 0];
  }
}
