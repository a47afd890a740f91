/**
 * The first gate every file the app opens passes (scenes, prop assets, takes): its size, its
 * nesting (checked on the text, before JSON.parse could overflow the stack) and whether it is
 * JSON at all, each refused with a clear issue at `$`.
 */
import type { SceneIssue } from './errors';
import { checkJsonTextDepth } from './inputGuard';

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; issues: SceneIssue[] };

/** `limitNote` words the size limit ("the limit for a prop asset is …"). */
/**
 * The text's size in UTF-8 bytes, counted only where it matters: a character is at most 3 bytes,
 * so short text is under any limit, and ASCII text (what the app writes) is one byte a character
 * — a native regex scan, where encoding a 64 MiB file to count it cost a fifth of a second.
 */
function utf8Bytes(text: string, maxBytes: number): number {
  if (text.length * 3 <= maxBytes || !NON_ASCII.test(text)) return text.length;
  return new TextEncoder().encode(text).length;
}
const NON_ASCII = /[^\u0000-\u007f]/;

export function parseJsonText(text: string, maxBytes: number, limitNote = 'the limit is'): JsonTextResult {
  const bytes = utf8Bytes(text, maxBytes);
  if (bytes > maxBytes) return { ok: false, issues: [{ path: '$', message: `file is ${bytes} bytes; ${limitNote} ${maxBytes}` }] };
  const tooDeep = checkJsonTextDepth(text);
  if (tooDeep) return { ok: false, issues: [tooDeep] };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, issues: [{ path: '$', message: `not valid JSON (${(e as Error).message})` }] };
  }
}
