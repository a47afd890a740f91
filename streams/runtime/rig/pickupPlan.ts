/**
 * Prop actions as the runtime plans them (seed 11 §3.1): the runner started a pick up, drop or
 * throw, and the interactor gets it with what it needs to decide — which grip, which hand,
 * whether the prop is in reach or where to stand — worked out with core/props from where the rig
 * stands now.
 */
import type { LaneItem } from '../../../core/actions/lane';
import type { ActionOf, PropActionType } from '../../../machines/actionKinds';
import type { PickupPlan } from '../../../machines/propInteractorMachine';
import type { RigRuntime } from '../rigRuntime';
import { planThrow } from './throwing';

/**
 * How each prop kind (the kinds whose runtime part runs in `propWorking`, machines/actionKinds)
 * reaches the interactor: keyed by every one of them, so a new prop kind without its plan fails
 * the type check.
 */
const PROP_ACTION_PLANS: { readonly [K in PropActionType]: (rig: RigRuntime, item: LaneItem, action: ActionOf<K>) => void } = {
  pick_up_prop: (rig, item, a) => {
    // A payload built in code (not parsed) may lack what the schema defaults.
    const propId = a.target_prop_id ?? '';
    rig.hands.pickup = { itemId: item.id, propId, hand: a.hand ?? 'auto' };
    rig.send({ type: 'prop.pickUp', itemId: item.id, propId, plan: planPickupNow(rig) });
  },
  drop_prop: (rig, item) => rig.send({ type: 'prop.drop', itemId: item.id }),
  throw_prop: (rig, item) => rig.send({ type: 'prop.throw', itemId: item.id, plan: planThrow(rig, item) }),
};

/** The runner started a prop action (the rig asks for its plan): hand it to the interactor with its plan. */
export function startPropAction(rig: RigRuntime, item: LaneItem): void {
  const plan = PROP_ACTION_PLANS[item.action.type as PropActionType] as ((rig: RigRuntime, item: LaneItem, action: LaneItem['action']) => void) | undefined;
  plan?.(rig, item, item.action);
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
