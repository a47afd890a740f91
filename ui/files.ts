/** Opening and downloading scene files in the browser. */
import type { Editor } from './state/editor';
import { SCENE_LIMITS } from '../core/scene/limits';

export async function openFile(editor: Editor, file: File): Promise<boolean> {
  if (file.size > SCENE_LIMITS.maxFileBytes) {
    editor.notify('error', `Could not open ${file.name}: the scene was not changed`, [`$: file is ${file.size} bytes; the limit is ${SCENE_LIMITS.maxFileBytes}`]);
    return false;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    editor.notify('error', `Could not read ${file.name}`, [String((e as Error)?.message ?? e)]);
    return false;
  }
  return editor.loadText(text, file.name);
}

export function downloadText(editor: Editor): void {
  const text = editor.saveText();
  if (text === null) return;
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = editor.fileName();
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  editor.notify('info', `Saved ${a.download}`, []);
}
