/**
 * What the planner predicts for each pending item of a stickman's queue at t = 0 (issue 22,
 * "honest planning in the queue"): the same fold the throw preview uses (core/props/throwPlan
 * with the runtime's pickup prediction, ./plannedPickup), the throw preview itself for throws,
 * and the runtime's walk decision marched over the terrain for walks (core/locomotion/walkPlan).
 * A pickup that would be skipped and why, a walk blocked, a throw unreachable; a prop that is
 * not at rest at t = 0 makes its pickup and what follows "uncertain", not "skipped".
 *
 * Reads the document only; nothing is reserved, moved or written. Items of other kinds get no
 * verdict (nothing to predict).
 */
import { planWalk, walkBlockedText } from '../../core/locomotion/walkPlan';
import { planQueuedThrow, type ThrowPlan } from '../../core/props/throwPlan';
import { propRest } from '../../core/props/propRest';
import { resolveProp } from '../../core/props/resolve';
import type { QueueItem, SceneDocument } from '../../core/scene/schema';
import { objectOfKind } from '../../objects/core/models';
import type { TerrainIndex } from '../../core/terrain/terrainIndex';
import { stickmanMarkers } from '../frame/documentFrame';
import { groundY, PickupPredictor } from './plannedPickup';
import { previewThrow, terrainOf } from './throwPreview';

export type StepVerdict = 'ok' | 'uncertain' | 'skipped' | 'blocked' | 'unreachable';

export interface StepPlan {
  verdict: StepVerdict;
  /** What the planner predicts, in words (the icon's tooltip). */
  reason: string;
}

/** A prop of the document that falls, rolls or lies on other props at t = 0. */
function propMoves(doc: SceneDocument, terrain: TerrainIndex, id: string): boolean {
  const o = objectOfKind(doc.objects, 'prop', id);
  return !!o && !propRest(resolveProp(doc, o).shape, o.position, o.rotation, terrain).atRest;
}

const point = (p: readonly [number, number]) => `(${Math.round(p[0])}, ${Math.round(p[1])})`;

/** Per queue item id, the planner's verdict; items it has nothing to say about are absent. */
export function planQueueSteps(doc: SceneDocument, rigId: string, isPending: (id: string) => boolean = () => true): Map<string, StepPlan> {
  const out = new Map<string, StepPlan>();
  const rig = objectOfKind(doc.objects, 'stickman', rigId);
  if (!rig) return out;
  const queue: readonly QueueItem[] = Object.hasOwn(doc.queues, rigId) ? doc.queues[rigId] : [];
  const terrain = terrainOf(doc);
  const base = stickmanMarkers(rig);
  // At t = 0 every rig first falls onto whatever is under it.
  const start: [number, number] = [rig.position[0], groundY(terrain, rig.position[0], rig.position[1])];
  /** The fold up to (not including) item `id`: what is held and where the rig stands then. */
  const before = (id: string): { plan: ThrowPlan; pickups: PickupPredictor } => {
    const pickups = new PickupPredictor(doc, terrain, base, rig.facing);
    const plan = planQueuedThrow({ queue, throwId: id, live: { root: start, held: null }, isPending, predictPickup: pickups.predict, predictWalk: pickups.walk });
    return { plan, pickups };
  };

  for (const item of queue) {
    if (!isPending(item.id)) continue;
    switch (item.type) {
      case 'walk_to': {
        const from = before(item.id).plan.root ?? start;
        const walk = planWalk(terrain, from, item.target_position[0]);
        out.set(item.id, walk.kind === 'arrives' ? { verdict: 'ok', reason: `walks to ${point(walk.end)}` } : { verdict: 'blocked', reason: `The walk would stop: ${walkBlockedText(walk)}` });
        break;
      }
      case 'pick_up_prop': {
        const { plan, pickups } = before(item.id);
        if (plan.status !== 'unavailable') {
          out.set(item.id, { verdict: 'skipped', reason: `Would be skipped: it still holds ${plan.propId} (drop or throw it first)` });
          break;
        }
        const predicted = pickups.predict({ propId: item.target_prop_id, hand: item.hand ?? 'auto' }, plan.root ?? start);
        if (!predicted.ok) out.set(item.id, { verdict: 'skipped', reason: `Would be skipped: ${predicted.reason}` });
        else if (predicted.uncertain) out.set(item.id, { verdict: 'uncertain', reason: `Uncertain: ${predicted.uncertain}` });
        else out.set(item.id, { verdict: 'ok', reason: `picks up ${item.target_prop_id} with the ${predicted.hand} hand${predicted.approachRoot ? ' after walking up to it' : ''}` });
        break;
      }
      case 'throw_prop': {
        const p = previewThrow(doc, rigId, item.target_position, { actionId: item.id, isPending });
        if (p.status === 'unreachable') out.set(item.id, { verdict: 'unreachable', reason: p.reason ?? 'Unreachable' });
        else if (p.status === 'unavailable' || p.status === 'noop') out.set(item.id, { verdict: 'skipped', reason: `Would be skipped: ${p.reason ?? 'no prop to throw'}` });
        else if (p.uncertainty) out.set(item.id, { verdict: 'uncertain', reason: `Uncertain: ${p.uncertainty}` });
        else if (p.collisionWith && propMoves(doc, terrain, p.collisionWith)) {
          out.set(item.id, { verdict: 'uncertain', reason: `Uncertain: throws ${p.propId}; the arc meets ${p.collisionWith}, which is not at rest at t = 0 and may have moved by then` });
        }
        else out.set(item.id, { verdict: 'ok', reason: `throws ${p.propId}${p.collisionWith ? `; it first hits ${p.collisionWith}` : ''}${p.assumes ? ` (${p.assumes.toLowerCase()})` : ''}` });
        break;
      }
      case 'drop_prop': {
        const { plan } = before(item.id);
        out.set(item.id, plan.status === 'unavailable' ? { verdict: 'skipped', reason: `Would be skipped: ${plan.reason ?? 'nothing is held'}` } : { verdict: 'ok', reason: `drops ${plan.propId}` });
        break;
      }
      default:
        break;
    }
  }
  return out;
}
