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
import { resolveProp } from '../../core/props/resolve';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { writeProxyPoses } from '../../core/rig/proxies';
import { PART_NAMES, solvePose } from '../../core/rig/skeleton';
import type { SceneDocument } from '../../core/scene/schema';
import { stickmanMarkers } from '../frame/documentFrame';
import { proxyQueryShapes } from '../physics/colliderDescs';
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
    const poses = new Float64Array(PART_NAMES.length * 3);
    doc.objects.forEach((o, order) => {
      if (o.kind === 'terrain') world.addTerrain(o, order);
      else if (o.kind === 'prop') {
        const def = resolveProp(doc, o);
        // A placeholder is inert in PLAY: nothing can hit it there, so nothing hits it here.
        if (!def.placeholder) world.addProp(o, def, order);
      } else if (o.kind === 'stickman') {
        world.addKinematicParts(o.id, proxyQueryShapes(), order);
        writeProxyPoses(solvePose(stickmanMarkers(o), DEFAULT_PROPORTIONS), o.position, o.facing, DEFAULT_PROPORTIONS, poses);
        world.setPartPoses(o.id, poses, true);
      }
    });
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
