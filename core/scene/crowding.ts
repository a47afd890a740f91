/**
 * Objects authored inside one another in bulk (issue 24). The physics engine settles every
 * overlapping pair of props in the first steps: 1,000 boxes on one spot are 500,000 pairs (20 s
 * for the first step) and 4,999 are 12.5 million, which exhausts the engine's memory (it panics).
 * Stickmen stacked on one spot cost the same in every step (their proxies' pairs, their touches).
 * A pile of props resting on each other, or a crowd standing side by side, overlaps only its
 * neighbours and loads; more than MAX_OVERLAPPING_PAIRS overlapping pairs of one kind is refused,
 * at the object where the count went past it. Counted on bounding boxes (a sweep along x that
 * stops at the limit), so a file at the object limit is decided in milliseconds.
 */
import { modelOf, OBJECT_KINDS, OBJECT_MODELS, type ObjectKind } from '../../objects/core/models';
import type { Extent } from '../../objects/core/objectModel';
import type { SceneIssue } from './errors';
import type { SceneDocument } from './schema';

/** Overlapping pairs of props, or of stickmen, a scene may start with. */
export const MAX_OVERLAPPING_PAIRS = 10_000;
/** Boxes must overlap by more than this (px) to count: props resting on each other only touch. */
const OVERLAP_TOLERANCE = 1;

interface Box extends Extent {
  index: number;
}

/** The first crowding issue of the scene (the crowdable kinds in registry order: props, then stickmen), or null. */
export function crowdingIssue(scene: SceneDocument): SceneIssue | null {
  const boxes = new Map<ObjectKind, Box[]>(OBJECT_KINDS.filter((k) => OBJECT_MODELS[k].crowding).map((k) => [k, []]));
  scene.objects.forEach((o, index) => {
    const part = modelOf(o).crowding;
    if (part) boxes.get(o.kind)!.push({ index, ...part.extent(o, scene) });
  });
  for (const [kind, list] of boxes) {
    const { plural, why } = OBJECT_MODELS[kind].crowding!;
    const issue = crowded(list, plural, why);
    if (issue) return issue;
  }
  return null;
}

function crowded(boxes: Box[], what: string, why: string): SceneIssue | null {
  const byX = [...boxes].sort((a, b) => a.minX - b.minX || a.index - b.index);
  let pairs = 0;
  for (let i = 0; i < byX.length; i += 1) {
    const a = byX[i];
    for (let j = i + 1; j < byX.length && byX[j].minX < a.maxX - OVERLAP_TOLERANCE; j += 1) {
      const b = byX[j];
      if (b.minY >= a.maxY - OVERLAP_TOLERANCE || a.minY >= b.maxY - OVERLAP_TOLERANCE) continue;
      pairs += 1;
      if (pairs > MAX_OVERLAPPING_PAIRS) {
        const at = Math.max(a.index, b.index);
        return { path: `$.objects[${at}].position`, message: `more than ${MAX_OVERLAPPING_PAIRS} pairs of ${what} start inside one another (${why}): spread them out` };
      }
    }
  }
  return null;
}
