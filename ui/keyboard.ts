/**
 * Keyboard shortcuts. One table drives both the handler and the help overlay, so the help is
 * always what the keys do.
 *
 * Space rule: in PLAY, Space toggles play/pause; in EDIT and DIRECT, holding Space turns a left
 * drag into a pan (middle-drag pans in every mode; in PLAY a plain left drag pans too).
 */
import { moveObject } from '../core/scene/edit';
import type { Editor } from './state/editor';
import { downloadText } from './files';

export interface Shortcut {
  keys: string;
  does: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'E / D / P', does: 'EDIT / DIRECT / PLAY mode' },
  { keys: 'Space', does: 'PLAY: play / pause. EDIT, DIRECT: hold and drag to pan' },
  { keys: 'R', does: 'Reset PLAY to the authored scene (paused at t = 0)' },
  { keys: 'Esc', does: 'Cancel a stage pick, placing or dragging; close help or the Direct popup; else deselect' },
  { keys: 'Delete / Backspace', does: 'Delete the selection (in a focused queue or rules list: that item)' },
  { keys: 'Enter / Alt+↑↓', does: 'In a focused queue or rules list: edit / move the item' },
  { keys: 'X', does: 'Flip the selected stickman’s facing' },
  { keys: 'G', does: 'Debug overlay on / off (probe rays, proxies, TerrainMotion state; in PLAY)' },
  { keys: 'Ctrl+D', does: 'Duplicate the selection (new id)' },
  { keys: 'Ctrl+Z', does: 'Undo' },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', does: 'Redo' },
  { keys: 'Ctrl+S', does: 'Save (download .scene.json)' },
  { keys: 'Ctrl+O', does: 'Open a scene file' },
  { keys: 'Arrows', does: 'Nudge the selection 1 px (Shift: 10 px)' },
  { keys: 'F', does: 'Fit the stage in view' },
  { keys: '+ / −', does: 'Zoom in / out' },
  { keys: '?', does: 'Show / hide this help' },
  { keys: 'Mouse', does: 'Wheel zooms at the cursor; middle-drag pans; drag empty stage pans' },
  { keys: 'Handles', does: 'Drag the orange dot to rotate (Shift snaps 15°), the corner to resize (Shift keeps aspect)' },
  { keys: 'Stickman', does: 'EDIT: drag the blue dots (hands, feet, pelvis) to pose it. DIRECT: click it for the Direct popup; with it selected, click the stage to add a walk there' },
];

function typingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'color', 'file', 'range'].includes(t.type);
  return false;
}

export function installShortcuts(editor: Editor, openFileDialog: () => void): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key;
    const lower = key.length === 1 ? key.toLowerCase() : key;

    if (key === 'Escape') {
      if (typingTarget(e.target)) return; // the field handles Esc itself
      if (editor.helpOpen()) editor.toggleHelp(false);
      else if (editor.capture()) editor.cancelCapture();
      else if (editor.isTransient) editor.cancelTransient();
      else if (editor.tool().type === 'place') editor.setTool({ type: 'select' });
      else if (editor.directPopup()) editor.closeDirectPopup();
      else editor.select([]);
      e.preventDefault();
      return;
    }
    // Ctrl+S and Ctrl+Z work everywhere except inside a text field (where Ctrl+Z edits the text).
    if (ctrl && lower === 's') {
      e.preventDefault();
      downloadText(editor);
      return;
    }
    if (typingTarget(e.target)) return;

    if (ctrl) {
      if (lower === 'z' && e.shiftKey) editor.redo();
      else if (lower === 'z') editor.undo();
      else if (lower === 'y') editor.redo();
      else if (lower === 'd') editor.duplicateSelection();
      else if (lower === 'o') openFileDialog();
      else return;
      e.preventDefault();
      return;
    }
    if (e.altKey) return;

    const mode = editor.mode().mode;
    if (key === ' ') {
      e.preventDefault();
      if (mode === 'PLAY') {
        if (!e.repeat) editor.togglePlayPause();
      } else editor.setSpaceHeld(true);
      return;
    }
    switch (lower) {
      case 'e':
        editor.enterEdit();
        break;
      case 'd':
        editor.enterDirect();
        break;
      case 'p':
        void editor.play();
        break;
      case 'r':
        editor.reset();
        break;
      case 'f':
        editor.fit();
        break;
      case 'x':
        editor.flipSelection();
        break;
      case 'g':
        editor.toggleDebug();
        break;
      case '+':
      case '=':
        editor.view?.zoomBy(1.25);
        break;
      case '-':
      case '_':
        editor.view?.zoomBy(0.8);
        break;
      case '?':
        editor.toggleHelp();
        break;
      case 'Delete':
      case 'Backspace':
        editor.deleteSelection();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'ArrowUp':
      case 'ArrowDown': {
        const ids = editor.selection();
        if (!ids.length || mode !== 'EDIT') return;
        const step = e.shiftKey ? 10 : 1;
        const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
        const dy = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
        editor.edit('Nudging', (doc) =>
          ids.reduce((d, id) => {
            const o = d.objects.find((x) => x.id === id);
            return o ? moveObject(d, id, [o.position[0] + dx, o.position[1] + dy]) : d;
          }, doc),
        );
        break;
      }
      default:
        return;
    }
    e.preventDefault();
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (e.key !== ' ') return;
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
