/**
 * Queue-aware throw planning (seed phase 11 §1.3): which prop a throw will hold, in which hand,
 * from which root, predicted by folding the authored queue before it — without touching live
 * ownership, transforms, reservations, the queue or physics. The result feeds the same solver
 * and shape cast as a live throw; it is an estimate, and the runtime recomputes from real state.
 *
 * The fold follows the runtime's rules, each action kind its own (its definition's `plan`): a
 * pending pick_up_prop the rig can perform selects its prop and hand (and an out-of-reach one
 * first walks to a stand point); drop_prop, throw_prop and ragdoll (which disarms the rig) leave
 * it empty-handed; walk_to moves the root. Completed items are already in the live state and are
 * not replayed.
 */
import { type Vec2 } from '../geometry/vec';
import { actionSpec } from '../actions/registry';

export type Hand = 'left' | 'right';
export type HandRequest = Hand | 'auto';

/**
 * The fields of a queue item the fold reads. Structural on purpose: it accepts core/scene's
 * QueueItem and any draft item an editor holds, whatever other fields they carry.
 */
export interface PlanQueueItem {
  readonly id: string;
  readonly type: string;
  readonly target_prop_id?: string;
  readonly hand?: HandRequest;
  readonly target_position?: readonly [number, number];
}

export interface LiveThrowState {
  root: Vec2;
  /** The prop the rig holds right now, or null. */
  held: { propId: string; hand: Hand } | null;
  /** The rig is ragdolled now: where it stands after recovery is an estimate. */
  ragdoll?: boolean;
}

/** What the runtime's pickup would do from `root`, predicted with its grip and stand-off rules. */
export type PickupPrediction =
  | {
      ok: true;
      /** The hand the grip selection picks (an explicit request is never switched). */
      hand: Hand;
      /** Where the approach stands the rig when the grip is out of reach from `root`. */
      approachRoot?: Vec2;
      /** Why this is only an estimate (the prop is not at rest at t = 0: it falls or rolls first). */
      uncertain?: string;
    }
  /** A missing, placeholder, reserved or incompatible prop: the pickup would be skipped. */
  | { ok: false; reason: string };

export interface ThrowPlanInput {
  /** The rig's authored queue. */
  queue: readonly PlanQueueItem[];
  /** The edited throw's id: the prefix is everything before it. Absent: a throw being appended (the whole queue). */
  throwId?: string;
  live: LiveThrowState;
  /** Whether an item has yet to run (pending or running). Default: every item is pending, as at t = 0. */
  isPending?: (id: string) => boolean;
  predictPickup: (request: { propId: string; hand: HandRequest }, root: Vec2) => PickupPrediction;
  /** Where a walk_to leaves the root. Default: the target's x at the current root height. */
  predictWalk?: (root: Vec2, target: Vec2) => Vec2;
}

export type ThrowPlanStatus = 'live' | 'planned' | 'unavailable';

export interface ThrowPlan {
  /** live: preview from the live held prop and root; planned: from a predicted state; unavailable: no prop to throw. */
  status: ThrowPlanStatus;
  propId?: string;
  hand?: Hand;
  /** The root the throw is predicted to start from (range cap and release pose). */
  root?: Vec2;
  /** The assumption the plan rests on, e.g. "Assumes step 2 pickup succeeds". */
  assumes?: string;
  /** Why the plan is only an estimate, e.g. a ragdoll or an earlier throw in the prefix. */
  uncertainty?: string;
  /** For unavailable: a neutral explanation to show instead of an arc. */
  reason?: string;
}

/** What the fold supposes the rig holds before the next item. */
export type HeldSupposition = { kind: 'held'; propId: string; hand: Hand; pickupStep?: number } | { kind: 'empty'; why: string };

/**
 * The fold's state, handed to each pending item's kind (its definition's `plan`, core/actions/
 * kinds): a kind that changes what the rig holds or where it stands updates it, the rest leave it.
 */
export interface PlanFold {
  /** The item's 1-based place in the queue ("Step 2 …"). */
  step: number;
  held: HeldSupposition;
  root: Vec2;
  /** The root was moved by a prediction (the plan is then `planned`). */
  rootPredicted: boolean;
  /** Why the plan is only an estimate, one entry per cause. */
  readonly uncertain: string[];
  predictPickup: ThrowPlanInput['predictPickup'];
  predictWalk(root: Vec2, target: Vec2): Vec2;
}

const NOTHING_HELD = 'No prop is held';

/** Plans a queue-authored throw (queue edit, queue append, Direct capture). */
export function planQueuedThrow(input: ThrowPlanInput): ThrowPlan {
  const { queue, throwId, live } = input;
  const isPending = input.isPending ?? (() => true);
  const predictWalk = input.predictWalk ?? ((root: Vec2, target: Vec2): Vec2 => [target[0], root[1]]);

  let end = queue.length;
  if (throwId !== undefined) {
    end = queue.findIndex((item) => item.id === throwId);
    if (end < 0) return { status: 'unavailable', reason: 'This throw is no longer in the queue' };
  }

  const initial: HeldSupposition = live.held ? { kind: 'held', propId: live.held.propId, hand: live.held.hand } : { kind: 'empty', why: NOTHING_HELD };
  const fold: PlanFold = {
    step: 0,
    held: initial,
    root: [live.root[0], live.root[1]],
    rootPredicted: false,
    uncertain: live.ragdoll ? ['The stickman is ragdolled; its pose after recovery is an estimate'] : [],
    predictPickup: input.predictPickup,
    predictWalk,
  };

  for (let i = 0; i < end; i += 1) {
    const item = queue[i];
    if (!isPending(item.id)) continue;
    // The item's kind says what it does to the held prop and the root (a draft item may lack fields: the kind checks).
    fold.step = i + 1;
    actionSpec(item.type)?.plan?.(item as never, fold);
  }

  const { root, rootPredicted, uncertain } = fold;
  const held = fold.held;
  if (held.kind === 'empty') return { status: 'unavailable', root, reason: held.why };
  const plan: ThrowPlan = {
    status: held.pickupStep !== undefined || rootPredicted || uncertain.length > 0 ? 'planned' : 'live',
    propId: held.propId,
    hand: held.hand,
    root,
  };
  if (held.pickupStep !== undefined) plan.assumes = `Assumes step ${held.pickupStep} pickup succeeds`;
  if (uncertain.length > 0) plan.uncertainty = uncertain.join('; ');
  return plan;
}

/** Plans a rule-authored throw: no fixed prefix, so only the live held prop counts. */
export function planRuleThrow(live: LiveThrowState): ThrowPlan {
  if (!live.held) return { status: 'unavailable', root: [live.root[0], live.root[1]], reason: `${NOTHING_HELD}; a rule's throw uses the prop held when it runs` };
  const plan: ThrowPlan = { status: live.ragdoll ? 'planned' : 'live', propId: live.held.propId, hand: live.held.hand, root: [live.root[0], live.root[1]] };
  if (live.ragdoll) plan.uncertainty = 'The stickman is ragdolled; its pose after recovery is an estimate';
  return plan;
}
