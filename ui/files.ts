/** Opening and downloading scene files in the browser. */
import type { Editor } from './state/editor';
import { SCENE_LIMITS } from '../core/scene/limits';
import { TAKE_LIMITS } from '../core/take/limits';
import { isTakeText } from './transport/takeFiles';
import { takeStudioFor } from './transport/takeStudio';

export async function openFile(editor: Editor, file: File): Promise<boolean> {
  // A take (.take.json) may be larger than a scene: it is the scene plus its commands.
  if (file.size > TAKE_LIMITS.maxFileBytes || (file.size > SCENE_LIMITS.maxFileBytes && !file.name.endsWith('.take.json'))) {
    editor.notices.notify('error', `Could not open ${file.name}: the scene was not changed`, [`$: file is ${file.size} bytes; the limit is ${SCENE_LIMITS.maxFileBytes}`]);
    return false;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    editor.notices.notify('error', `Could not read ${file.name}`, [String((e as Error)?.message ?? e)]);
    return false;
  }
  if (isTakeText(text)) return takeStudioFor(editor).openTakeText(text, file.name);
  return editor.files.loadText(text, file.name);
}

export function downloadText(editor: Editor): void {
  const text = editor.files.saveText();
  if (text === null) return;
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = editor.files.fileName();
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  editor.notices.notify('info', `Saved ${a.download}`, []);
}
