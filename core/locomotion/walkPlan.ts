/**
 * A walk_to predicted before PLAY (issue 22, the queue's planning icons): the runtime's own
 * per-step decision (decideWalk: wall, step too high, arrive) marched from the root to the
 * target's x over the terrain, the root following the foothold and dropping off edges. Pure, and
 * only an estimate: props, other stickmen and the timing of a fall are not in it.
 */
import type { Vec2 } from '../geometry/vec';
import type { TerrainIndex } from '../terrain/terrainIndex';
import { foothold } from './probes';
import type { WalkBlock } from './types';
import { decideWalk } from './walk';

/** The march's step (px): shorter than a body half width, so no wall or step is stepped over. */
const MARCH_STEP = 10;
/** Steps before the march gives up (a 40 000 px walk). */
const MAX_MARCH = 4000;

export type WalkPlan =
  | { kind: 'arrives'; end: Vec2 }
  | { kind: 'blocked'; reason: WalkBlock; at: Vec2 }
  /** It walks off the terrain and falls out of the stage. */
  | { kind: 'falls_off'; at: Vec2 };

export function planWalk(terrain: TerrainIndex, from: Readonly<Vec2>, targetX: number): WalkPlan {
  let root: Vec2 = [from[0], from[1]];
  for (let i = 0; i < MAX_MARCH; i += 1) {
    const d = decideWalk(terrain, root, targetX, MARCH_STEP);
    if (d.kind === 'arrived' || d.kind === 'idle') return { kind: 'arrives', end: root };
    if (d.kind === 'blocked') return { kind: 'blocked', reason: d.reason, at: root };
    const x = root[0] + d.dx;
    const hold = foothold(terrain, x, root[1]);
    if (hold !== null) {
      root = [x, hold];
      continue;
    }
    // Off an edge: it falls onto whatever is below.
    const below = terrain.probeDown(x, root[1], 1e7);
    if (!below) return { kind: 'falls_off', at: [x, root[1]] };
    root = [x, below.point[1]];
  }
  return { kind: 'arrives', end: root };
}

/** The words the queue shows for a blocked walk. */
export function walkBlockedText(plan: Extract<WalkPlan, { kind: 'blocked' | 'falls_off' }>): string {
  const x = Math.round(plan.at[0]);
  if (plan.kind === 'falls_off') return `walks off the terrain near x = ${x} and falls off the stage`;
  switch (plan.reason) {
    case 'wall':
      return `blocked by a wall near x = ${x}`;
    case 'step_too_high':
      return `blocked near x = ${x}: a step too high to climb`;
    case 'too_heavy':
      return `blocked near x = ${x}: something too heavy to push`;
  }
}
