/**
 * Scene files: a new scene, opening a scene file's text (rejected files leave the stage as it
 * was and say why), saving the document as text and its file name. Replacing the scene is one
 * undo step, back in EDIT. The editor hands it out as `editor.files`.
 */
import { documentFrame } from '../../streams';
import type { ObjectKind, SceneDocument } from '../../core/scene/schema';
import { loadSceneText, saveSceneText } from '../../core/scene/io';
import { newScene } from '../../core/scene/edit';
import type { SceneIssue } from '../../core/scene/errors';
import type { Editor } from './editor';
import { errorText, issueLines } from './notices';

/** "3 stickmen, 1 prop, 2 terrain, 1 area" (kinds that occur, in this order). */
export function objectCounts(doc: SceneDocument): string {
  const n = (kind: ObjectKind) => doc.objects.filter((o) => o.kind === kind).length;
  const parts: string[] = [];
  const add = (count: number, one: string, many: string) => count && parts.push(`${count} ${count === 1 ? one : many}`);
  add(n('stickman'), 'stickman', 'stickmen');
  add(n('prop'), 'prop', 'props');
  add(n('terrain'), 'terrain piece', 'terrain pieces');
  add(n('area'), 'area', 'areas');
  return parts.length ? parts.join(', ') : 'no objects';
}

/**
 * Last line of defence before a loaded document reaches the stage: the loader already checks
 * terrain geometry, so this only catches a document that still cannot be drawn.
 */
export function geometryIssues(doc: SceneDocument): SceneIssue[] {
  try {
    documentFrame(doc);
    return [];
  } catch (e) {
    return [{ path: '$', message: (e as Error).message }];
  }
}

export class SceneFiles {
  constructor(private readonly editor: Editor) {}

  /** Replaces the scene (new / open): one undo step, back to EDIT first. */
  private replaceScene(doc: SceneDocument, label: string): boolean {
    const editor = this.editor;
    if (editor.controller.mode.mode !== 'EDIT') editor.enterEdit();
    const ok = editor.edit(label, () => doc);
    if (ok) {
      editor.runStarts.fire('scene');
      editor.tools.select([]);
      editor.tools.setTool({ type: 'select' });
      editor.view?.fit();
    }
    return ok;
  }

  newScene(): void {
    if (this.replaceScene(newScene({ name: 'Untitled' }), 'New scene')) {
      this.editor.notices.notify('info', 'New scene', ['Ctrl+Z brings the previous scene back.']);
    }
  }

  /**
   * Opens a scene file's text. A rejected file is reported with the JSON path and reason of each
   * issue and the scene on stage stays exactly as it was.
   */
  loadText(text: string, source = 'the file'): boolean {
    const notices = this.editor.notices;
    const result = loadSceneText(text);
    const issues = result.ok ? geometryIssues(result.scene) : result.issues;
    if (!result.ok || issues.length) {
      notices.notify('error', `Could not open ${source}: the scene was not changed`, issueLines(issues));
      return false;
    }
    const ok = this.replaceScene(result.scene, `Opening ${source}`);
    if (ok) {
      const doc = result.scene;
      const details = [`${objectCounts(doc)} · ${doc.rules.length} rule${doc.rules.length === 1 ? '' : 's'}`, 'Ctrl+Z brings the previous scene back.'];
      if (result.migratedFrom) details.push(`Migrated from version ${result.migratedFrom}; saving writes 1.1.`);
      notices.notify('info', `Opened ${source}`, details);
      // Placeholders for missing prop assets, actions naming props that are not there (they skip when run).
      if (result.warnings.length) notices.notify('warning', `${source} opened with ${result.warnings.length === 1 ? 'a warning' : 'warnings'}`, issueLines(result.warnings));
    }
    return ok;
  }

  saveText(): string | null {
    try {
      return saveSceneText(this.editor.controller.document);
    } catch (e) {
      const issues = (e as { issues?: SceneIssue[] }).issues;
      this.editor.notices.notify('error', 'The scene could not be saved', issues ? issueLines(issues) : [errorText(e)]);
      return null;
    }
  }

  fileName(): string {
    const base = (this.editor.doc().name ?? 'scene').trim().replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'scene';
    return `${base}.scene.json`;
  }
}
