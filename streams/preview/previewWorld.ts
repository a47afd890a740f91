/**
 * The static physics world a throw preview casts against: the document's terrain, its props at
 * their authored poses and its stickmen's collision proxies at their authored poses (areas are
 * sensors, a throw flies through them). Built once per document — a preview redraws at pointer
 * rate and must not rebuild Rapier each time — and freed as soon as another document asks, so at
 * most one preview world is alive.
 *
 * Gravity is zero and the world is stepped exactly once, because queries see new colliders only
 * after a step (API-NOTES) and nothing should move while it does.
 */
import type { SceneDocument } from '../../core/scene/schema';
import { physicsOf } from '../../objects/streams/physics/registry';
import { physicsReady } from '../physics/rapier';
import { PhysicsWorld } from '../physics/world';

interface Cached {
  objects: SceneDocument['objects'];
  assets: SceneDocument['prop_assets'];
  /** null: the document could not be built into a world (the preview then casts nothing). */
  world: PhysicsWorld | null;
}

let cached: Cached | null = null;

function build(doc: SceneDocument): PhysicsWorld | null {
  const world = new PhysicsWorld([0, 0]);
  try {
    // Each kind puts in what a throw can hit (objects/<kind>/physics.ts: areas nothing, placeholders nothing).
    doc.objects.forEach((o, order) => physicsOf(o).preview(o, order, { world, doc }));
    world.step();
    return world;
  } catch {
    world.dispose();
    return null;
  }
}

/**
 * The preview world of `doc` (its objects and prop assets: queue and rule edits reuse it), or
 * null while Rapier is still loading or when the document cannot be built.
 */
export function previewWorldOf(doc: SceneDocument): PhysicsWorld | null {
  if (cached && cached.objects === doc.objects && cached.assets === doc.prop_assets) return cached.world;
  if (!physicsReady()) return null;
  releasePreviewWorld();
  cached = { objects: doc.objects, assets: doc.prop_assets, world: build(doc) };
  return cached.world;
}

/** Frees the cached preview world (leaving DIRECT, tests' leak checks). */
export function releasePreviewWorld(): void {
  cached?.world?.dispose();
  cached = null;
}
