/**
 * What a click on the stage picks: every kind's `pick` part tried in rank order (props, then
 * stickmen, areas, terrain: what a director expects to grab), each over its own list of the frame
 * shown, the one drawn last winning within a kind. Core layer; the shapes' tests are
 * core/geometry/hitTest's.
 */
import type { HitOptions, HitScene } from '../../core/geometry/hitTest';
import { DEFAULT_LIMB_HALF_WIDTH } from '../../core/geometry/hitTest';
import type { Vec2 } from '../../core/geometry/vec';
import { OBJECT_KINDS, OBJECT_MODELS, type ObjectKind } from './models';

export interface Hit {
  id: string;
  kind: ObjectKind;
}

const PICK_ORDER: readonly ObjectKind[] = [...OBJECT_KINDS].sort((a, b) => OBJECT_MODELS[a].pick.rank - OBJECT_MODELS[b].pick.rank);

const finitePoint = (p: Readonly<Vec2>): boolean => Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** Every object under `p`, best pick first. */
export function hitTestAll(scene: HitScene, p: Readonly<Vec2>, options: HitOptions = {}): Hit[] {
  if (!finitePoint(p)) return [];
  const tolerance = Math.max(0, options.tolerance ?? 0);
  const limbHalfWidth = options.limbHalfWidth ?? DEFAULT_LIMB_HALF_WIDTH;
  return PICK_ORDER.flatMap((kind) => OBJECT_MODELS[kind].pick.hits(scene, p, { tolerance, limbHalfWidth }).map((id) => ({ id, kind })));
}

/** The object a click at `p` selects, or null for empty stage. */
export function hitTest(scene: HitScene, p: Readonly<Vec2>, options: HitOptions = {}): Hit | null {
  return hitTestAll(scene, p, options)[0] ?? null;
}
