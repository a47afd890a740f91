/**
 * The throw preview (issue 11 "Previews", seed phase 11 §1.2 and §1.3): what a throw_prop at a
 * raw stage point will do, computed with the runtime's own pieces — the queue fold to a virtual
 * held prop and predicted root (core/props/throwPlan), the range cap (throwTarget), the facing
 * rule and release transform (throwRelease, the runtime's constants), the solver on Rapier's
 * step integration (throwSolver) and the stepped arc (throwArc) — then a shape cast of the held
 * prop's own shape along that arc through a static world of the document, truncated at the
 * first contact.
 *
 * It reads the document and nothing else: no runtime, reservation, queue or physics body of the
 * stage is touched, and the document is never written.
 */
import type { Facing } from '../../core/rig/facing';
import type { MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import type { Vec2 } from '../../core/rig/vec';
import { resolveProp, type ResolvedGrip, type ResolvedProp } from '../../core/props/resolve';
import { arcPointAt, sampleThrowArc, truncateArc } from '../../core/props/throwArc';
import { planQueuedThrow, planRuleThrow, type Hand, type LiveThrowState, type ThrowPlan } from '../../core/props/throwPlan';
import { predictedRelease } from '../../core/props/throwRelease';
import { solveThrow } from '../../core/props/throwSolver';
import { effectiveThrowTarget } from '../../core/props/throwTarget';
import type { SceneDocument } from '../../core/scene/schema';
import { objectOfKind, objectsOfKind } from '../../objects/core/models';
import { createTerrainIndex, type TerrainIndex } from '../../core/terrain/terrainIndex';
import { stickmanMarkers } from '../frame/documentFrame';
import { PropShapeCaster } from '../physics/propCast';
import { STEP_DT } from '../runtime/stepDt';
import { THROW_FACING_DEAD_ZONE, THROW_SPIN } from '../runtime/rig/throwing';
import { groundY, PickupPredictor } from './plannedPickup';
import { previewWorldOf } from './previewWorld';

export type ThrowPreviewStatus =
  /** From the prop held now, at the root it stands on now. */
  | 'live'
  /** From a predicted state: a pickup, approach or walk earlier in the queue (see `assumes`, `uncertainty`). */
  | 'planned'
  /** No prop can be resolved: `reason` says why, in neutral words; nothing is drawn as an arc. */
  | 'unavailable'
  /** The solver finds no arc to the effective target (the only red status). */
  | 'unreachable'
  /** The point is within the 4 px no-op distance of the root: the prop would stay held. */
  | 'noop';

export interface ThrowPreview {
  status: ThrowPreviewStatus;
  /** The raw point as given (the cursor, or the saved target). */
  raw: Vec2;
  /** The point the solver aims at: `raw`, or its projection onto the range cap. */
  effective?: Vec2;
  /** `raw` lay beyond MAX_THROW_RANGE: `effective` is a separate marker. */
  clamped?: boolean;
  /** The prop's centre, one point per fixed step from the release, ending at the effective target or the first contact. */
  arc?: Vec2[];
  /** Where the prop's centre is when its shape first touches the world, when that is before the target. */
  collision?: Vec2;
  /** The object that contact is with. */
  collisionWith?: string;
  assumes?: string;
  uncertainty?: string;
  reason?: string;
  /** The root the throw is predicted to start from (the range cap's centre). */
  root?: Vec2;
  /** The predicted release point (the arc's first point). */
  release?: Vec2;
  propId?: string;
  hand?: Hand;
  /** Launch velocity (px/s) and whole-step flight time to the target. */
  velocity?: Vec2;
  steps?: number;
}

/** The rig as it is right now, when a caller has one (a paused PLAY); default: as authored. */
export interface LiveThrower {
  root: Vec2;
  facing: Facing;
  /** The locomotion markers now (the release pose is solved over them). */
  markers?: MarkerPose;
  held: { propId: string; hand: Hand; grip: ResolvedGrip } | null;
  ragdoll?: boolean;
}

export interface ThrowPreviewOptions {
  /** The edited throw's id: the fold reads the queue before it. Absent: a new throw appended to the queue. */
  actionId?: string;
  /** A rule's throw: no fixed prefix, only the live held prop counts (seed §1.3 "Scope"). */
  rule?: boolean;
  live?: LiveThrower;
  /** Which queue items have yet to run; default all (t = 0). */
  isPending?: (id: string) => boolean;
}

const terrainIndexes = new WeakMap<SceneDocument['objects'], TerrainIndex>();

/** The document's terrain index, one per objects array (the previews share it). */
export function terrainOf(doc: SceneDocument): TerrainIndex {
  let index = terrainIndexes.get(doc.objects);
  if (!index) {
    index = createTerrainIndex(objectsOfKind(doc.objects, 'terrain'));
    terrainIndexes.set(doc.objects, index);
  }
  return index;
}

const unavailable = (raw: Vec2, reason: string, plan?: ThrowPlan): ThrowPreview => ({ status: 'unavailable', raw, reason, ...(plan?.root ? { root: plan.root } : {}) });

export function previewThrow(doc: SceneDocument, rigId: string, raw: Readonly<Vec2>, opts: ThrowPreviewOptions = {}): ThrowPreview {
  const rawPoint: Vec2 = [raw[0], raw[1]];
  const rig = objectOfKind(doc.objects, 'stickman', rigId);
  if (!rig) return unavailable(rawPoint, `"${rigId}" is not a stickman on stage`);
  const terrain = terrainOf(doc);
  const base = opts.live?.markers ?? stickmanMarkers(rig);
  // At t = 0 every rig first falls onto whatever is under it.
  const root: Vec2 = opts.live ? [opts.live.root[0], opts.live.root[1]] : [rig.position[0], groundY(terrain, rig.position[0], rig.position[1])];
  const facing0 = opts.live?.facing ?? rig.facing;
  const held = opts.live?.held ?? null;
  const live: LiveThrowState = { root, held: held ? { propId: held.propId, hand: held.hand } : null, ragdoll: opts.live?.ragdoll };

  const pickups = new PickupPredictor(doc, terrain, base, facing0);
  const plan = opts.rule
    ? planRuleThrow(live)
    : planQueuedThrow({
      queue: Object.hasOwn(doc.queues, rigId) ? doc.queues[rigId] : [],
      throwId: opts.actionId, live, isPending: opts.isPending, predictPickup: pickups.predict, predictWalk: pickups.walk,
    });
  if (plan.status === 'unavailable' || !plan.propId || !plan.hand || !plan.root) return unavailable(rawPoint, plan.reason ?? 'No prop to throw', plan);

  const propObject = objectOfKind(doc.objects, 'prop', plan.propId);
  const grip = held && held.propId === plan.propId && !plan.assumes ? held.grip : pickups.gripOf(plan.propId);
  if (!propObject || !grip) return unavailable(rawPoint, `prop "${plan.propId}" is not on stage`, plan);
  const def = resolveProp(doc, propObject);
  const notes = { ...(plan.assumes ? { assumes: plan.assumes } : {}), ...(plan.uncertainty ? { uncertainty: plan.uncertainty } : {}) };
  const common = { raw: rawPoint, root: plan.root, propId: plan.propId, hand: plan.hand, ...notes };

  const target = effectiveThrowTarget(plan.root, rawPoint);
  if (target.kind === 'noop') return { status: 'noop', ...common, reason: 'The point is at the thrower: the prop stays held' };
  const effective = target.point;
  // The runtime turns to the target before the windup unless it is nearly straight above.
  const dx = effective[0] - plan.root[0];
  const facing: Facing = Math.abs(dx) > THROW_FACING_DEAD_ZONE ? (dx > 0 ? 'RIGHT' : 'LEFT') : pickups.facing;
  // The runtime plays every throw on the standing body (a pickup's crouch rises out during the
  // wind-up), and where the path releases depends on that body only, not on where the hand starts.
  const release = predictedRelease(base, plan.root, facing, plan.hand, grip, DEFAULT_PROPORTIONS).release;
  const gravity: Vec2 = [doc.stage.gravity[0] * def.gravity_scale, doc.stage.gravity[1] * def.gravity_scale];
  // The preview world steps like the stage's world: the same step model for the solve and the arc.
  const model = previewWorldOf(doc)?.propStepModel();
  const solved = solveThrow(release.position, effective, gravity, model);
  const aimed = { ...common, effective, clamped: target.clamped, release: release.position };
  if (!solved.ok) return { status: 'unreachable', ...aimed, reason: `Unreachable: ${solved.message}` };

  const arc = sampleThrowArc(release.position, solved.velocity, gravity, solved.steps, model);
  const spin = THROW_SPIN * (facing === 'LEFT' ? -1 : 1);
  const contact = firstContact(doc, def, [rigId, plan.propId], arc, release.rotation, spin);
  const status = plan.status === 'live' ? 'live' : 'planned';
  const result: ThrowPreview = { status, ...aimed, velocity: solved.velocity, steps: solved.steps };
  if (!contact) return { ...result, arc };
  return { ...result, arc: truncateArc(arc, contact.at), collision: arcPointAt(arc, contact.at), collisionWith: contact.with };
}

/**
 * The first step position (segment i + time of impact) at which the prop's shape, turning with
 * its spin, touches terrain, another prop or another stickman; null when it flies clear (or while
 * Rapier is still loading in the browser).
 */
function firstContact(doc: SceneDocument, def: ResolvedProp, exclude: readonly string[], arc: readonly Vec2[], rotation: number, spin: number): { at: number; with: string } | null {
  const world = previewWorldOf(doc);
  if (!world) return null;
  const caster = new PropShapeCaster(world, def.shape, exclude, ['terrain', 'prop', 'proxy']);
  for (let i = 0; i + 1 < arc.length; i += 1) {
    const a = arc[i];
    const b = arc[i + 1];
    const hit = caster.cast(a, rotation + spin * STEP_DT * i, [b[0] - a[0], b[1] - a[1]]);
    if (hit) return { at: i + hit.fraction, with: hit.entity.id };
  }
  return null;
}
