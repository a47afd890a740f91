/**
 * The window's key handler: turns each key press into plain data and dispatches it by the one
 * shortcut table (ui/shortcuts.ts), with the editor's commands. The help overlay lists the same
 * table, so the help is always what the keys do.
 */
import { moveObject } from '../core/scene/edit';
import type { Editor } from './state/editor';
import { downloadText } from './files';
import { dispatchShortcut, type KeyPress, type ShortcutCommands } from './shortcuts';
import { takeStudioFor } from './transport/takeStudio';

export { SHORTCUTS, type Shortcut } from './shortcuts';

function typingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'color', 'file', 'range'].includes(t.type);
  return false;
}

const pageTextSelected = () => (window.getSelection()?.toString() ?? '').length > 0;

export const keyPressOf = (e: KeyboardEvent): KeyPress => ({
  key: e.key,
  ctrl: e.ctrlKey || e.metaKey,
  shift: e.shiftKey,
  alt: e.altKey,
  repeat: e.repeat,
  inTextField: typingTarget(e.target),
});

/** The editor's side of the shortcut table. */
export function editorCommands(editor: Editor, openFileDialog: () => void): ShortcutCommands {
  return {
    mode: () => editor.mode().mode,
    enterEdit: () => editor.enterEdit(),
    enterDirect: () => editor.enterDirect(),
    play: () => void editor.play(),
    togglePlayPause: () => editor.togglePlayPause(),
    setSpaceHeld: (held) => editor.setSpaceHeld(held),
    reset: () => editor.reset(),
    cancelOrDeselect: () => {
      if (editor.helpOpen()) editor.toggleHelp(false);
      else if (editor.capture()) editor.cancelCapture();
      else if (editor.isTransient) editor.cancelTransient();
      else if (editor.tool().type === 'place') editor.setTool({ type: 'select' });
      else if (editor.directPopup()) editor.closeDirectPopup();
      else editor.select([]);
    },
    deleteSelection: () => editor.deleteSelection(),
    flipSelection: () => editor.flipSelection(),
    toggleDebug: () => editor.toggleDebug(),
    duplicateSelection: () => editor.duplicateSelection(),
    copySelection: () => {
      // Text selected on the page (a timeline row, a notice) is the browser's to copy.
      if (pageTextSelected() || !editor.selection().length) return false;
      void editor.copySelection();
      return true;
    },
    cutSelection: () => void editor.cutSelection(),
    paste: () => void editor.paste(),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    save: () => downloadText(editor),
    openFile: openFileDialog,
    nudgeSelection: (dx, dy) => {
      const ids = editor.selection();
      if (!ids.length || editor.mode().mode !== 'EDIT') return false;
      editor.edit('Nudging', (doc) =>
        ids.reduce((d, id) => {
          const o = d.objects.find((x) => x.id === id);
          return o ? moveObject(d, id, [o.position[0] + dx, o.position[1] + dy]) : d;
        }, doc),
      );
      return true;
    },
    fit: () => editor.fit(),
    zoomBy: (factor) => editor.view?.zoomBy(factor),
    toggleHelp: () => editor.toggleHelp(),
    stepFrame: () => void editor.stepFrame(),
    stepBack: () => takeStudioFor(editor).stepBack(),
    changeSpeed: (by) => editor.playback.stepSpeed(by),
    toggleFollow: () => editor.toggleFollow(),
    toggleSnap: () => editor.toggleSnap(),
  };
}

export function installShortcuts(editor: Editor, openFileDialog: () => void): () => void {
  const commands = editorCommands(editor, openFileDialog);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    if (dispatchShortcut(keyPressOf(e), commands)) e.preventDefault();
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (e.key !== ' ') return;
    // Releasing Space ends a Space-drag pan (holding it is the Space shortcut).
    editor.setSpaceHeld(false);
    // Space is ours (play/pause, pan): a focused toolbar button must not also be "clicked" by it.
    if (!typingTarget(e.target)) e.preventDefault();
  };
  const onBlur = () => editor.setSpaceHeld(false);
  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  window.addEventListener('blur', onBlur);
  return () => {
    window.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('keyup', onKeyUp);
    window.removeEventListener('blur', onBlur);
  };
}
