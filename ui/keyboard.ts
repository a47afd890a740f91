/**
 * The window's key handler: turns each key press into plain data and dispatches it by the one
 * UI command list (ui/commands.ts) with the editor's command context (ui/commandContext.ts). The
 * toolbar, the transport bar and the help overlay are drawn from the same list.
 */
import type { Editor } from './state/editor';
import { dispatchKey, type KeyPress } from './commands';
import { commandContextFor } from './commandContext';

function typingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'color', 'file', 'range'].includes(t.type);
  return false;
}

export const keyPressOf = (e: KeyboardEvent): KeyPress => ({
  key: e.key,
  ctrl: e.ctrlKey || e.metaKey,
  shift: e.shiftKey,
  alt: e.altKey,
  repeat: e.repeat,
  inTextField: typingTarget(e.target),
});

export function installShortcuts(editor: Editor): () => void {
  const commands = commandContextFor(editor);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    if (dispatchKey(keyPressOf(e), commands)) e.preventDefault();
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
