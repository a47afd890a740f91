/**
 * The first gate every file the app opens passes (scenes, prop assets, takes): its size, its
 * nesting (checked on the text, before JSON.parse could overflow the stack) and whether it is
 * JSON at all, each refused with a clear issue at `$`.
 */
import type { SceneIssue } from './errors';
import { checkJsonTextDepth } from './inputGuard';

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; issues: SceneIssue[] };

/** `limitNote` words the size limit ("the limit for a prop asset is …"). */
export function parseJsonText(text: string, maxBytes: number, limitNote = 'the limit is'): JsonTextResult {
  // A character is at most 3 UTF-8 bytes: only text near the limit needs the exact count.
  const bytes = text.length * 3 <= maxBytes ? text.length : new TextEncoder().encode(text).length;
  if (bytes > maxBytes) return { ok: false, issues: [{ path: '$', message: `file is ${bytes} bytes; ${limitNote} ${maxBytes}` }] };
  const tooDeep = checkJsonTextDepth(text);
  if (tooDeep) return { ok: false, issues: [tooDeep] };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, issues: [{ path: '$', message: `not valid JSON (${(e as Error).message})` }] };
  }
}
