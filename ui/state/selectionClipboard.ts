/**
 * Copy, cut and paste of the selection (Ctrl+C / X / V): objects with their queues and own rules
 * as scene JSON on the system clipboard (./clipboard), pasted under new ids as one undo step.
 * The editor hands it out as `editor.clipboard`.
 */
import { loadSceneText, saveSceneText } from '../../core/scene/io';
import { extractObjects, pasteScene } from '../../core/scene/edit';
import type { Editor } from './editor';
import { SceneClipboard, type TextClipboard } from './clipboard';
import { errorText } from './notices';

export class SelectionClipboard {
  private readonly clip: SceneClipboard;

  constructor(
    private readonly editor: Editor,
    system: TextClipboard | null,
  ) {
    this.clip = new SceneClipboard(system);
  }

  /** Ctrl+C: the selection (with its queues and its own rules) as scene JSON on the clipboard. */
  async copySelection(): Promise<boolean> {
    const ids = this.editor.tools.selection();
    if (!ids.length || !this.editor.canSelect()) return false;
    let text: string;
    try {
      text = saveSceneText(extractObjects(this.editor.doc(), ids));
    } catch (e) {
      this.editor.notices.notify('error', 'The selection could not be copied', [errorText(e)]);
      return false;
    }
    const where = await this.clip.write(text);
    const what = ids.length === 1 ? ids[0] : `${ids.length} objects`;
    this.editor.notices.notify('info', `Copied ${what}`, where === 'tab' ? ['The system clipboard refused it: paste works in this tab only.'] : []);
    return true;
  }

  /** Ctrl+X: copy, then delete (one undo step). */
  async cutSelection(): Promise<boolean> {
    if (!this.editor.canEdit() || !this.editor.tools.selection().length) return false;
    if (!(await this.copySelection())) return false;
    this.editor.tools.deleteSelection();
    return true;
  }

  /**
   * Ctrl+V: adds the objects on the clipboard (scene JSON, from this tab or another) under new
   * ids, offset from where they were copied; one undo step; the pasted objects become the
   * selection. `text` overrides the clipboard (tests, a paste event's data).
   */
  async paste(text?: string): Promise<string[]> {
    const notices = this.editor.notices;
    if (!this.editor.canEdit()) {
      notices.notify('info', 'Switch to EDIT (E) to paste objects', []);
      return [];
    }
    const clip = text ?? (await this.clip.read());
    const loaded = clip ? loadSceneText(clip) : null;
    if (!clip || !loaded?.ok) {
      notices.notify('info', 'Nothing to paste', [clip ? 'The clipboard holds no Stickman Stage objects.' : 'Copy objects first (Ctrl+C).']);
      return [];
    }
    const offset = this.clip.nextOffset(clip);
    let ids: string[] = [];
    const ok = this.editor.edit('Pasting', (doc) => {
      const pasted = pasteScene(doc, loaded.scene, offset);
      ids = pasted.ids;
      return pasted.doc;
    });
    if (!ok) return [];
    this.editor.tools.select(ids);
    return ids;
  }
}
