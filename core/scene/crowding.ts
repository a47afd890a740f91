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
import type { Vec2 } from '../geometry/vec';
import { findPropTemplate, PLACEHOLDER, propHalfExtents, scalePropShape } from '../props/resolve';
import { DEFAULT_PROPORTIONS as P } from '../rig/proportions';
import type { SceneIssue } from './errors';
import type { SceneDocument } from './schema';

/** Overlapping pairs of props, or of stickmen, a scene may start with. */
export const MAX_OVERLAPPING_PAIRS = 10_000;
/** Boxes must overlap by more than this (px) to count: props resting on each other only touch. */
const OVERLAP_TOLERANCE = 1;

/** A standing stickman's box about its root: the head's width, feet to the top of the head. */
const STICKMAN_HALF_WIDTH = P.headRadius;
const STICKMAN_HEIGHT = P.upperLeg + P.lowerLeg + P.torso + P.neckToHead + P.headRadius;

interface Box {
  index: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The first crowding issue of the scene (props, then stickmen), or null. */
export function crowdingIssue(scene: SceneDocument): SceneIssue | null {
  const props: Box[] = [];
  const men: Box[] = [];
  scene.objects.forEach((o, index) => {
    if (o.kind === 'prop') {
      const template = findPropTemplate(o.spawn_id, scene.prop_assets);
      const [hx, hy] = propHalfExtents(scalePropShape(template?.shape ?? { kind: 'box', size: PLACEHOLDER.size }, o.scale));
      const c = Math.abs(Math.cos(o.rotation));
      const s = Math.abs(Math.sin(o.rotation));
      props.push(box(index, o.position, c * hx + s * hy, s * hx + c * hy));
    } else if (o.kind === 'stickman') {
      men.push({ index, minX: o.position[0] - STICKMAN_HALF_WIDTH, maxX: o.position[0] + STICKMAN_HALF_WIDTH, minY: o.position[1] - STICKMAN_HEIGHT, maxY: o.position[1] });
    }
  });
  return crowded(props, 'props', 'the physics engine would have to push them all apart at once')
    ?? crowded(men, 'stickmen', 'every step would have to compare them all');
}

const box = (index: number, p: Readonly<Vec2>, hx: number, hy: number): Box => ({ index, minX: p[0] - hx, maxX: p[0] + hx, minY: p[1] - hy, maxY: p[1] + hy });

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
