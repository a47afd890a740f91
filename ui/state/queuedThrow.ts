/**
 * The throw a stickman selected in DIRECT shows without any form open (issue 22): its first
 * queued throw_prop, previewed like an open one, so the arc is there whenever the thrower is
 * selected; and the test that keeps the "walk here" ghost off that arc.
 */
import type { ThrowPreview } from '../../streams/preview/throwPreview';
import type { Editor } from './editor';
import type { ThrowFocus } from './throwFocus';

type Vec2 = [number, number];

/** How close (stage px) the walk ghost may come to the guide's arc or target before it is hidden. */
const GHOST_CLEARANCE = 90;

/** DIRECT, one stickman selected, a throw_prop in its queue: that throw as a focus; else null. */
export function queuedThrowOf(editor: Editor): ThrowFocus | null {
  if (editor.mode().mode !== 'DIRECT') return null;
  const ids = editor.tools.selection();
  if (ids.length !== 1) return null;
  const doc = editor.doc();
  const queue = Object.hasOwn(doc.queues, ids[0]) ? doc.queues[ids[0]] : [];
  const item = queue.find((i) => i.type === 'throw_prop');
  if (!item || item.type !== 'throw_prop') return null;
  return { rigId: ids[0], actionId: item.id, target: [item.target_position[0], item.target_position[1]] };
}

/** Is `p` within GHOST_CLEARANCE of the preview's arc, raw or effective target? */
export function nearGuide(preview: ThrowPreview | undefined, p: Readonly<Vec2>): boolean {
  if (!preview) return false;
  const points: ReadonlyArray<Readonly<Vec2>> = [preview.raw, ...(preview.effective ? [preview.effective] : []), ...(preview.arc ?? [])];
  return points.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < GHOST_CLEARANCE);
}
