/**
 * Prop actions as the runtime plans them (seed 11 §3.1): the runner started a pick up, drop or
 * throw, and the interactor gets it with what it needs to decide — which grip, which hand,
 * whether the prop is in reach or where to stand — worked out with core/props from where the rig
 * stands now.
 */
import type { LaneItem } from '../../../core/actions/lane';
import type { PickupPlan } from '../../../machines/propInteractorMachine';
import type { RigRuntime } from '../rigRuntime';
import { planThrow } from './throwing';

/** The runner started a prop action: hand it to the interactor with its plan. */
export function startPropAction(rig: RigRuntime, item: LaneItem): void {
  const a = item.action as { type: string; target_prop_id?: string; hand?: 'auto' | 'left' | 'right' };
  if (a.type === 'pick_up_prop') {
    rig.hands.pickup = { itemId: item.id, propId: a.target_prop_id ?? '', hand: a.hand ?? 'auto' };
    rig.send({ type: 'prop.pickUp', itemId: item.id, propId: a.target_prop_id ?? '', plan: planPickupNow(rig) });
  } else if (a.type === 'drop_prop') {
    rig.send({ type: 'prop.drop', itemId: item.id });
  } else if (a.type === 'throw_prop') {
    rig.send({ type: 'prop.throw', itemId: item.id, plan: planThrow(rig, item) });
  }
}

/** A pickup's plan from where the rig stands now (start, and again after the approach walk). */
export function planPickupNow(rig: RigRuntime): PickupPlan {
  const p = rig.hands.pickup;
  if (!p) return { kind: 'skip', reason: 'no pickup in progress' };
  const m = rig.motion;
  const world = rig.worldPose;
  const plan = rig.hands.planPickup(p.propId, p.hand, [m.root[0], m.root[1]], m.facing, rig.env.basePose.Torso,
    { left: world.left_lower_arm.end, right: world.right_lower_arm.end });
  // It turns to the prop before reaching for it, and the prop holds still for the hand.
  const at = rig.hands.props.pose(p.propId)?.position;
  if (plan.kind === 'reach' && at) {
    m.facing = at[0] >= m.root[0] ? 'RIGHT' : 'LEFT';
    if (rig.hands.frozen !== p.propId && rig.physics.holdProp(p.propId)) rig.hands.frozen = p.propId;
  }
  return plan;
}
