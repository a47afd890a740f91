/** Downloading a take, and telling a take file from a scene file when one is opened. */
import type { TakeStudio } from './takeStudio';

/** A take's format line, as the file states it (not a speech text quoting it: that is escaped). */
const TAKE_FORMAT_PATTERN = /(^|[^\\])"format"\s*:\s*"stickman-stage\/take"/;

export function isTakeText(text: string): boolean {
  return TAKE_FORMAT_PATTERN.test(text);
}

/** Saves a blob under `name` through a temporary link. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadTake(studio: TakeStudio): void {
  const text = studio.saveText();
  if (text === null) return;
  const name = studio.fileName();
  downloadBlob(new Blob([text], { type: 'application/json' }), name);
  studio.editor.notices.notify('info', `Saved ${name}`, [`${studio.length()} steps · replay it headless with npm run sim -- --take ${name}`]);
}
