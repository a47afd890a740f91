/**
 * An independent reference of the PropInteractor's emitted contract (seed phase 11 §3, issue 10),
 * written from the contract, not from the machine: what the interactor must emit for each event,
 * and the ledger the whole emitted stream must balance.
 *
 * `PropContract` predicts the exact emissions of every event from its own picture of the hold
 * (a claim, a hold, the running prop action). `auditStream` then re-checks a finished stream on
 * its own, knowing nothing but the events sent and what came out: every claim ends exactly once
 * (an unreserve, or an attach that turns it into a hold), every hold ends with exactly one
 * release, every started prop action gets exactly one done.
 */
import { expect } from 'vitest';
import {
  MAX_APPROACH_REPLANS, REACH_SECONDS,
  type PickupPlan, type PropInteractorEmitted, type PropInteractorEvent,
} from '../../machines/propInteractorMachine';

/** The tolerance the seed's elapsed counters use at their boundaries. */
const EPS = 1e-9;
const dtOf = (e: PropInteractorEvent): number => (e.type === 'step' && Number.isFinite(e.dt) && e.dt > 0 ? e.dt : 0);

export type InteractorStateName = 'IDLE' | 'APPROACHING' | 'REACHING' | 'HELD' | 'THROWING';
type ActionKind = 'pickUp' | 'drop' | 'throw';
const ACTION_OF: Partial<Record<PropInteractorEvent['type'], ActionKind>> = { 'prop.pickUp': 'pickUp', 'prop.drop': 'drop', 'prop.throw': 'throw' };

/** True for the events that start a prop action of the queue (the runner sends one at a time). */
export const startsAction = (e: PropInteractorEvent): boolean => ACTION_OF[e.type] !== undefined;

/** Any explanation: a skip or a block says why, in words the contract does not fix. */
const ANY_REASON = Symbol('any reason');
type Reason = string | typeof ANY_REASON | undefined;

/** A done with the reason the contract names, some reason, or none (completed, cancelled). */
const done = (itemId: string, outcome: string, reason: Reason): unknown =>
  reason === undefined ? { type: 'interactor.done', itemId, outcome }
  : { type: 'interactor.done', itemId, outcome, reason: reason === ANY_REASON ? expect.any(String) : reason };

interface Grip { grip: string; hand: 'left' | 'right' }

export class PropContract {
  /** Claimed for a pickup and not (yet) held. */
  reserved: string | null = null;
  /** The committed hold (from attach until its release). */
  held: ({ propId: string } & Grip) | null = null;
  /** The prop action of the queue now running. */
  action: { itemId: string; kind: ActionKind } | null = null;
  /** The pickup's current plan: the grip and hand the attach must use. */
  plan: Grip | null = null;
  approaching = false;
  /** Seconds of steps since the hand started for the grip (null: not reaching). */
  reachFor: number | null = null;
  replans = 0;
  throwing: { releaseT: number; duration: number; acc: number; released: boolean } | null = null;

  /** What the interactor must emit for `e`; updates the picture to after it. */
  expectFor(e: PropInteractorEvent): unknown[] {
    if (startsAction(e)) {
      expect(this.action, 'the runner starts one prop action at a time').toBeNull();
      this.action = { itemId: (e as { itemId: string }).itemId, kind: ACTION_OF[e.type]! };
    }
    switch (e.type) {
      case 'prop.pickUp': {
        // Seed §3: a rig already holding rejects a pickup; nothing is claimed for it.
        if (this.held) return this.finish('skipped', 'already holding a prop');
        if (e.plan.kind === 'skip') return this.finish('skipped', e.plan.reason);
        this.reserved = e.propId;
        this.replans = 0;
        return [{ type: 'interactor.reserve', propId: e.propId }, ...this.follow(e.plan)];
      }
      case 'prop.approachArrived': {
        if (!this.approaching) return [];
        this.approaching = false;
        const plan = e.plan;
        if (plan.kind === 'reach') return this.follow(plan);
        if (plan.kind === 'approach' && this.replans < MAX_APPROACH_REPLANS) {
          this.replans += 1;
          return this.follow(plan);
        }
        // Still out of reach after the one re-plan, or unpickable now: the claim goes back.
        return this.giveUp([], 'skipped', plan.kind === 'skip' ? plan.reason : ANY_REASON);
      }
      case 'prop.approachBlocked':
        if (!this.approaching) return [];
        this.approaching = false;
        return this.giveUp([], 'blocked', ANY_REASON);
      case 'prop.cancel':
      case 'rig.disarm':
      case 'prop.lost': {
        // A pickup whose prop is gone is skipped (with a reason); cancel and a fall cancel it.
        const [outcome, why]: [string, Reason] = e.type === 'prop.lost' ? ['skipped', ANY_REASON] : ['cancelled', undefined];
        if (this.approaching) {
          this.approaching = false;
          return this.giveUp([{ type: 'interactor.stopApproach' }], outcome, why);
        }
        if (this.reachFor !== null) return this.giveUp([], outcome, why);
        const reason = e.type === 'prop.cancel' ? null : e.type === 'rig.disarm' ? 'ragdoll' : 'lost';
        if (this.throwing) {
          // Cancelled before the release the prop stays in the hand; a fall or its loss lets go.
          const out = !this.throwing.released && reason ? this.release(reason) : [];
          this.throwing = null;
          return [...out, ...this.finish('cancelled')];
        }
        return this.held && reason ? this.release(reason) : [];
      }
      case 'prop.drop':
        if (!this.held) return this.finish('skipped', 'nothing held');
        return [...this.release('manual'), ...this.finish('completed')];
      case 'prop.throw':
        if (!this.held) return this.finish('skipped', 'nothing held');
        // No valid arc (or a no-op throw): the prop stays held (seed §1.2, §3.3).
        if (e.plan.kind === 'skip') return this.finish('skipped', e.plan.reason);
        this.throwing = { releaseT: e.plan.releaseT, duration: e.plan.duration, acc: 0, released: false };
        return [];
      case 'step':
        return this.step(dtOf(e));
    }
  }

  /** The state the interactor must be in, from this picture alone. */
  stateName(): InteractorStateName {
    if (this.approaching) return 'APPROACHING';
    if (this.reachFor !== null) return 'REACHING';
    if (this.throwing) return 'THROWING';
    return this.held ? 'HELD' : 'IDLE';
  }

  private step(dt: number): unknown[] {
    if (this.reachFor !== null) {
      this.reachFor += dt;
      if (this.reachFor < REACH_SECONDS - EPS) return [];
      // The hand is on the grip after REACH_SECONDS of steps: the claim becomes the hold.
      this.held = { propId: this.reserved!, ...this.plan! };
      this.reserved = null;
      this.reachFor = null;
      return [{ type: 'interactor.attach', propId: this.held.propId, grip: this.held.grip, hand: this.held.hand }, ...this.finish('completed')];
    }
    const t = this.throwing;
    if (!t) return [];
    t.acc += dt;
    const out: unknown[] = [];
    // The release boundary (even when it is the throw's last step): exactly one release.
    if (!t.released && t.acc >= t.releaseT - EPS) {
      out.push(...this.release('throw'));
      t.released = true;
    }
    if (t.acc >= t.duration - EPS) {
      this.throwing = null;
      out.push(...this.finish('completed'));
    }
    return out;
  }

  /** Walks to the stand point, or starts the reach, with this plan's grip and hand. */
  private follow(plan: Exclude<PickupPlan, { kind: 'skip' }>): unknown[] {
    this.plan = { grip: plan.grip, hand: plan.hand };
    if (plan.kind === 'reach') {
      this.reachFor = 0;
      return [];
    }
    this.approaching = true;
    return [{ type: 'interactor.approach', standX: plan.standX }];
  }

  /** A claim that never became a hold: released once, then the pickup ends. */
  private giveUp(first: unknown[], outcome: string, reason: Reason): unknown[] {
    const propId = this.reserved!;
    this.reserved = null;
    this.reachFor = null;
    this.plan = null;
    return [...first, { type: 'interactor.unreserve', propId }, ...this.finish(outcome, reason)];
  }

  /** The hold ends here, once (a throw's follow-through holds nothing). */
  private release(reason: 'manual' | 'ragdoll' | 'throw' | 'lost'): unknown[] {
    const propId = this.held!.propId;
    this.held = null;
    return [{ type: 'interactor.release', propId, reason }];
  }

  private finish(outcome: string, reason?: Reason): unknown[] {
    const itemId = this.action!.itemId;
    this.action = null;
    return [done(itemId, outcome, reason)];
  }
}

/**
 * The ledger of one whole stream, from the events sent and what came out only: claims, holds and
 * actions balance, attaches come after REACH_SECONDS of steps, replans stay within the limit.
 */
export function auditStream(log: Array<{ event: PropInteractorEvent; emitted: PropInteractorEmitted[] }>, finalState: string): void {
  let claim: { propId: string; since: number | null; approaches: number } | null = null;
  let hold: string | null = null;
  let action: string | null = null;
  const ended = { unreserved: 0, attached: 0, released: 0, claims: 0, starts: 0, dones: 0 };
  for (const { event, emitted } of log) {
    if (startsAction(event)) {
      action = (event as { itemId: string }).itemId;
      ended.starts += 1;
    }
    // A reach starts the clock the attach is measured on (a pickup in reach, or the arrival).
    const reachPlan = (event.type === 'prop.pickUp' || event.type === 'prop.approachArrived') && event.plan.kind === 'reach';
    if (claim && claim.since !== null) claim.since += dtOf(event);
    for (const e of emitted) {
      switch (e.type) {
        case 'interactor.reserve':
          expect(claim, 'one claim at a time').toBeNull();
          expect(hold, 'no claim while holding').toBeNull();
          claim = { propId: e.propId, since: reachPlan ? 0 : null, approaches: 0 };
          ended.claims += 1;
          break;
        case 'interactor.approach':
          expect(claim, 'an approach walks for a claim').not.toBeNull();
          claim!.approaches += 1;
          expect(claim!.approaches, 'at most MAX_APPROACH_REPLANS re-plans').toBeLessThanOrEqual(1 + MAX_APPROACH_REPLANS);
          break;
        case 'interactor.unreserve':
          expect(claim?.propId, 'an unreserve releases the open claim').toBe(e.propId);
          claim = null;
          ended.unreserved += 1;
          break;
        case 'interactor.attach':
          expect(claim?.propId, 'an attach turns the open claim into the hold').toBe(e.propId);
          expect(event.type, 'the hold commits on a step').toBe('step');
          expect(claim!.since! + EPS, 'attach only after REACH_SECONDS of steps').toBeGreaterThanOrEqual(REACH_SECONDS);
          expect(claim!.since! - dtOf(event) + EPS, 'attach on the step that completes the reach, not later').toBeLessThan(REACH_SECONDS);
          claim = null;
          hold = e.propId;
          ended.attached += 1;
          break;
        case 'interactor.release':
          expect(hold, 'a release ends the hold').toBe(e.propId);
          hold = null;
          ended.released += 1;
          break;
        case 'interactor.done':
          expect(e.itemId, 'a done answers the running action').toBe(action);
          action = null;
          ended.dones += 1;
          break;
        case 'interactor.stopApproach':
          expect(claim, 'only an approach for a claim is stopped').not.toBeNull();
          break;
      }
    }
    if (reachPlan && claim && claim.since === null) claim.since = 0;
  }
  // What is still open at the end is exactly what the final state is working on.
  expect(claim !== null, `a claim is open in ${finalState}`).toBe(finalState === 'APPROACHING' || finalState === 'REACHING');
  expect(action !== null, `a prop action runs in ${finalState}`).toBe(['APPROACHING', 'REACHING', 'THROWING'].includes(finalState));
  if (finalState === 'HELD') expect(hold, 'HELD holds').not.toBeNull();
  if (finalState === 'IDLE' || finalState === 'APPROACHING' || finalState === 'REACHING') expect(hold, `${finalState} holds nothing`).toBeNull();
  expect(ended.claims, 'every claim ends once: unreserved or held').toBe(ended.unreserved + ended.attached + (claim ? 1 : 0));
  expect(ended.attached, 'every hold ends with one release').toBe(ended.released + (hold ? 1 : 0));
  expect(ended.starts, 'every started prop action gets one done').toBe(ended.dones + (action ? 1 : 0));
}
