/**
 * What a queued pickup will do, predicted from the document for the throw preview (seed phase
 * 11 §1.3 "Predicted pickup pose"): the runtime's own grip and hand choice (choosePickup), its
 * approach stand point (APPROACH_GAP) and its one re-plan after the approach, from the root and
 * facing the queue fold has reached. Nothing is reserved, moved or attached.
 *
 * The fold (core/props/throwPlan) calls `predict` and `walk` in queue order, so the facing kept
 * here is the facing the rig will have when the throw starts, and `gripOf` is the grip the last
 * successful pickup of a prop chose.
 */
import type { Facing } from '../../core/rig/facing';
import type { MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { solvePose } from '../../core/rig/skeleton';
import type { Vec2 } from '../../core/rig/vec';
import { toWorld } from '../../core/rig/worldPose';
import { choosePickup } from '../../core/props/pickup';
import { resolveProp, type ResolvedGrip } from '../../core/props/resolve';
import { propRest } from '../../core/props/propRest';
import type { HandRequest, PickupPrediction } from '../../core/props/throwPlan';
import type { SceneDocument } from '../../core/scene/schema';
import { objectOfKind } from '../../objects/core/models';
import type { TerrainIndex } from '../../core/terrain/terrainIndex';
import { MAX_APPROACH_REPLANS } from '../../machines/propInteractorMachine';

/** A point this close above a surface (px) stands on it. */
const ON_SURFACE = 4;

/** The ground height under x, looking down from `fromY`; `fromY` itself when there is none. */
export function groundY(terrain: TerrainIndex, x: number, fromY: number): number {
  const hit = terrain.probeDown(x, fromY - ON_SURFACE, 1e7);
  return hit ? hit.point[1] : fromY;
}

export class PickupPredictor {
  /** The rig's facing after the items folded so far. */
  facing: Facing;
  private readonly grips = new Map<string, ResolvedGrip>();

  constructor(
    private readonly doc: SceneDocument,
    private readonly terrain: TerrainIndex,
    private readonly base: MarkerPose,
    facing: Facing,
  ) {
    this.facing = facing;
  }

  /** The grip the last successful predicted pickup of `propId` holds it by. */
  gripOf(propId: string): ResolvedGrip | undefined {
    return this.grips.get(propId);
  }

  /** A walk_to: the root on the ground at the target, facing the way it walked. */
  readonly walk = (root: Vec2, target: Vec2): Vec2 => {
    if (target[0] !== root[0]) this.facing = target[0] > root[0] ? 'RIGHT' : 'LEFT';
    return [target[0], groundY(this.terrain, target[0], target[1])];
  };

  readonly predict = (request: { propId: string; hand: HandRequest }, root: Vec2): PickupPrediction => {
    const o = objectOfKind(this.doc.objects, 'prop', request.propId);
    if (!o) return { ok: false, reason: `prop "${request.propId}" is not on stage` };
    const def = resolveProp(this.doc, o);
    if (def.placeholder) return { ok: false, reason: `prop "${request.propId}" is a placeholder for a missing asset` };
    const authored = { position: [o.position[0], o.position[1]] as Vec2, rotation: o.rotation };
    const result = this.reachFrom(request, root, def.grips, authored);
    const rest = propRest(def.shape, o.position, o.rotation, this.terrain);
    if (rest.atRest) return result;
    // A prop that falls or rolls at t = 0 is somewhere else by the time the hand gets there: the
    // plan is an estimate (issue 22: a ball in mid-air made the preview say "skipped" while PLAY
    // picked it up fine). Planned where it is authored (a quick pickup catches it near there),
    // else where it comes down; never skipped for reach, only for grips that do not take the hand.
    const uncertain = `prop "${request.propId}" is not at rest at t = 0 (it ${rest.why}); the pickup is an estimate`;
    if (result.ok) return { ...result, uncertain };
    const landed = rest.settle ? this.reachFrom(request, root, def.grips, { position: rest.settle, rotation: o.rotation }) : result;
    if (landed.ok) return { ...landed, uncertain };
    const hands = def.grips.flatMap((g) => g.hands).filter((h) => request.hand === 'auto' || h === request.hand);
    return hands.length === 0 ? result : { ok: true, hand: hands[0], uncertain };
  };

  /** The runtime's grip choice and approach from `root` to a prop at `prop`. */
  private reachFrom(request: { propId: string; hand: HandRequest }, root: Vec2, grips: readonly ResolvedGrip[], prop: { position: Vec2; rotation: number }): PickupPrediction {
    const def = { grips };
    let at: Vec2 = [root[0], root[1]];
    let facing = this.facing;
    // The first plan, then as many re-plans after an approach as the interactor allows.
    for (let attempt = 0; attempt <= MAX_APPROACH_REPLANS; attempt += 1) {
      const world = toWorld(solvePose(this.base, DEFAULT_PROPORTIONS), at, facing);
      const choice = choosePickup({
        grips: def.grips, prop, hand: request.hand, root: at, facing, pelvis: this.base.Torso,
        wrists: { left: world.left_lower_arm.end, right: world.right_lower_arm.end }, proportions: DEFAULT_PROPORTIONS,
      });
      if (choice.kind === 'skip') return { ok: false, reason: choice.reason };
      if (choice.kind === 'reach') {
        // The runtime turns to the prop before it reaches for it.
        this.facing = prop.position[0] >= at[0] ? 'RIGHT' : 'LEFT';
        const grip = def.grips.find((g) => g.id === choice.grip);
        if (grip) this.grips.set(request.propId, grip);
        const moved = at[0] !== root[0] || at[1] !== root[1];
        return moved ? { ok: true, hand: choice.hand, approachRoot: at } : { ok: true, hand: choice.hand };
      }
      facing = choice.standX >= at[0] ? 'RIGHT' : 'LEFT';
      at = [choice.standX, groundY(this.terrain, choice.standX, at[1])];
    }
    return { ok: false, reason: `prop "${request.propId}" is out of reach from its stand point` };
  }
}
