/**
 * A stickman's hands on props (issue 10, seed phase 11): it turns the PropInteractor's decisions
 * into physical work — reservations, the approach walk, the reach and carry pose over the
 * locomotion pose, the held prop's kinematic transform from the solved wrist, the sampled motion
 * a drop hands over — and reports the prop stage events, once per committed transition.
 */
import type { Facing } from '../../../core/rig/facing';
import { worldToMarker } from '../../../core/rig/facing';
import type { MarkerPose } from '../../../core/rig/markers';
import type { RigProportions } from '../../../core/rig/proportions';
import type { PoseDifference } from '../../../core/rig/poseBlend';
import type { RigLocalPose } from '../../../core/rig/skeleton';
import type { Vec2 } from '../../../core/rig/vec';
import type { WorldPose } from '../../../core/rig/worldPose';
import type { GripHand, ResolvedGrip } from '../../../core/props/grips';
import { CARRY_HAND, choosePickup, gripWorld, heldPropPose, type Crouch, type PropPose } from '../../../core/props/pickup';
import { REACH_SECONDS, type PickupPlan } from '../../../machines/propInteractorMachine';
import { OVERHAND_WINDUP_SECONDS, overhandHandAt, type OverhandPath } from '../../../core/props/overhand';
import { STEP_DT } from '../stepDt';

/** What a rig may know about props on stage (the runtime owns them). */
export interface PropAccess {
  /** The grips of a live, pickable prop; null for a missing id, a placeholder or a prop that left. */
  grips(id: string): readonly ResolvedGrip[] | null;
  pose(id: string): PropPose | null;
  /** Who has claimed or holds it (null: free). */
  claimant(id: string): string | null;
  claim(id: string, rig: string): void;
  unclaim(id: string, rig: string): void;
  /** The acceleration a free prop feels: project gravity × its gravity_scale (px/s²). */
  gravity(id: string): Vec2;
}

/** How long the carrying hand and the crouch take to settle once the prop is held, and the arm after a throw (s). */
const SETTLE_SECONDS = 0.3;

const ease = (t: number): number => {
  const x = Math.min(1, Math.max(0, t));
  return x * x * (3 - 2 * x);
};
const markerOf = (hand: GripHand) => (hand === 'left' ? 'Left_Hand' : 'Right_Hand') as 'Left_Hand' | 'Right_Hand';
const forearmOf = (hand: GripHand) => (hand === 'left' ? 'left_lower_arm' : 'right_lower_arm') as 'left_lower_arm' | 'right_lower_arm';

export class RigHands {
  /** The pickup in progress: its crouch and the hand's start, for the reach blend. */
  private reach: { crouch: Crouch; from: Vec2 } | null = null;
  /** The held prop and since when (s) — the carry pose settles over SETTLE_SECONDS. */
  private hold: { propId: string; grip: ResolvedGrip; hand: GripHand; since: number; crouch: Crouch; from: Vec2; offset: Vec2 | null; turn: number } | null = null;
  /** The prop being reached for is held still (kinematic, colliders off) so the hand can meet it. */
  frozen: string | null = null;
  /** The held prop's last two transforms (its motion on release). */
  private samples: PropPose[] = [];
  /** Where the reaching hand was last step (rig-local): the carry pose settles from there. */
  private lastHand: Vec2 | null = null;
  /** The queued pickup under way (planned again when its approach walk arrives). */
  pickup: { itemId: string; propId: string; hand: 'auto' | GripHand } | null = null;

  constructor(private readonly rigId: string, readonly props: PropAccess, private readonly proportions: RigProportions) {}

  get heldPropId(): string | null {
    return this.hold?.propId ?? null;
  }

  /**
   * A pickup starts: validate and plan (seed §3.1). Missing, placeholder, claimed by someone
   * else, or no compatible grip → skip, without claiming anything.
   */
  planPickup(propId: string, hand: 'auto' | GripHand, root: Vec2, facing: Facing, pelvis: Vec2, wrists: Record<GripHand, Vec2>): PickupPlan & { crouch?: Crouch } {
    const grips = this.props.grips(propId);
    const pose = this.props.pose(propId);
    if (!grips || !pose) return { kind: 'skip', reason: `prop "${propId}" is not on stage` };
    const claimant = this.props.claimant(propId);
    if (claimant !== null && claimant !== this.rigId) return { kind: 'skip', reason: `prop "${propId}" is held or reserved by "${claimant}"` };
    const choice = choosePickup({ grips, prop: pose, hand, root, facing, pelvis, wrists, proportions: this.proportions });
    if (choice.kind === 'reach') {
      this.reach = { crouch: choice.crouch, from: [0, 0] };
      return { kind: 'reach', grip: choice.grip, hand: choice.hand, crouch: choice.crouch };
    }
    return choice;
  }

  /**
   * The throw under way: its overhand path (rig-local), its effective target, the crouch it rises
   * out of, and the stage pose it turned round from with the first solved pose's difference from
   * it (null when it did not turn; ./turning fades it out).
   */
  throwing: { path: OverhandPath; target: Vec2; crouch: Crouch; turn: { from: RigLocalPose; difference: PoseDifference | null } | null } | null = null;

  /**
   * What is left of the pickup's crouch now (it settles out over SETTLE_SECONDS once held): a
   * throw right after a floor pickup starts from it and rises out of it during its wind-up.
   */
  get remainingCrouch(): Crouch {
    const h = this.hold;
    if (!h) return { drop: 0, lean: 0 };
    const rest = 1 - ease(h.since / SETTLE_SECONDS);
    return { drop: h.crouch.drop * rest, lean: h.crouch.lean * rest };
  }

  /** The held hand, if any (the throw arm). */
  get heldHand(): GripHand | null {
    return this.hold?.hand ?? null;
  }

  /** The held prop's grip. */
  get heldGrip(): ResolvedGrip | null {
    return this.hold?.grip ?? null;
  }

  /**
   * The throw's path after the release (seed 11 §1.1): the empty hand plays the follow-through
   * to its end, then settles back to the locomotion pose over SETTLE_SECONDS (in steps) instead
   * of snapping to it.
   */
  private afterRelease: { path: OverhandPath; hand: GripHand; last: { hand: Vec2; torsoLean: number } | null; settled: number } | null = null;

  /** The pose the arm takes over the locomotion pose this step: markers, lean. */
  pose(state: string, grip: string | null, hand: GripHand | null, propId: string | null, elapsed: number, base: MarkerPose, root: Vec2, facing: Facing): { markers: MarkerPose; torsoLean: number } | null {
    const throwHand = this.hold?.hand ?? this.afterRelease?.hand;
    const path = this.throwing?.path ?? this.afterRelease?.path;
    if (state === 'THROWING' && path && throwHand) {
      const sample = overhandHandAt(path, elapsed);
      // The path is the standing body's; a crouch left from the pickup blends out over the
      // wind-up, the hand riding with the body so it keeps to the path relative to the head.
      const crouch = this.throwing?.crouch;
      const rest = crouch ? 1 - ease(elapsed / OVERHAND_WINDUP_SECONDS) : 0;
      const drop = crouch ? crouch.drop * rest : 0;
      const markers = { ...base, Torso: [base.Torso[0], base.Torso[1] + drop] as Vec2 };
      markers[markerOf(throwHand)] = [sample.hand[0], sample.hand[1] + drop];
      if (crouch && rest > 0) {
        if (this.afterRelease) this.afterRelease.last = { hand: markers[markerOf(throwHand)], torsoLean: sample.torsoLean + crouch.lean * rest };
        return { markers, torsoLean: sample.torsoLean + crouch.lean * rest };
      }
      if (this.afterRelease) this.afterRelease.last = { hand: sample.hand, torsoLean: sample.torsoLean };
      return { markers, torsoLean: sample.torsoLean };
    }
    if (this.afterRelease && !this.hold && state === 'IDLE') {
      const a = this.afterRelease;
      const last = a.last;
      a.settled += 1;
      const k = ease((a.settled * STEP_DT) / SETTLE_SECONDS);
      if (!last || k >= 1) this.afterRelease = null;
      else {
        const m = markerOf(a.hand);
        const markers = { ...base };
        markers[m] = [last.hand[0] + (base[m][0] - last.hand[0]) * k, last.hand[1] + (base[m][1] - last.hand[1]) * k];
        return { markers, torsoLean: last.torsoLean * (1 - k) };
      }
    } else if (state !== 'THROWING') this.afterRelease = null;
    if (state === 'REACHING' && propId && grip && hand && this.reach) {
      const g = this.props.grips(propId)?.find((x) => x.id === grip);
      const p = this.props.pose(propId);
      if (!g || !p) return null;
      const target = worldToMarker(gripWorld(p, g).point, root, facing);
      const k = ease(elapsed / REACH_SECONDS);
      if (elapsed === 0) this.reach.from = [base[markerOf(hand)][0], base[markerOf(hand)][1]];
      const from = this.reach.from;
      const markers = { ...base, Torso: [base.Torso[0], base.Torso[1] + this.reach.crouch.drop * k] as Vec2 };
      markers[markerOf(hand)] = [from[0] + (target[0] - from[0]) * k, from[1] + (target[1] - from[1]) * k];
      this.lastHand = markers[markerOf(hand)];
      return { markers, torsoLean: this.reach.crouch.lean * k };
    }
    if (this.hold) {
      const h = this.hold;
      const k = ease(h.since / SETTLE_SECONDS);
      const markers = { ...base, Torso: [base.Torso[0], base.Torso[1] + h.crouch.drop * (1 - k)] as Vec2 };
      const start = h.from;
      markers[markerOf(h.hand)] = k >= 1 ? [CARRY_HAND[0], CARRY_HAND[1]] : [start[0] + (CARRY_HAND[0] - start[0]) * k, start[1] + (CARRY_HAND[1] - start[1]) * k];
      return { markers, torsoLean: h.crouch.lean * (1 - k) };
    }
    return null;
  }

  /**
   * The hold commits (seed §3.2): the prop is kinematic with its colliders off (it already is if
   * it was frozen for the reach). Where it is now relative to the wrist blends out over the
   * settle time, so nothing jumps at the pickup.
   */
  attach(propId: string, gripId: string, hand: GripHand, hold: (id: string) => boolean, world: WorldPose, facing: Facing): boolean {
    const grip = this.props.grips(propId)?.find((g) => g.id === gripId);
    if (!grip || (this.frozen !== propId && !hold(propId))) return false;
    this.frozen = null;
    const now = this.props.pose(propId);
    const forearm = world[forearmOf(hand)];
    const angle = Math.atan2(forearm.end[1] - forearm.start[1], forearm.end[0] - forearm.start[0]);
    const aligned = heldPropPose(forearm.end, angle, grip, facing);
    const offset: Vec2 | null = now ? [now.position[0] - aligned.position[0], now.position[1] - aligned.position[1]] : null;
    const turn = now ? Math.atan2(Math.sin(now.rotation - aligned.rotation), Math.cos(now.rotation - aligned.rotation)) : 0;
    this.hold = { propId, grip, hand, since: 0, crouch: this.reach?.crouch ?? { drop: 0, lean: 0 }, from: this.lastHand ?? [CARRY_HAND[0], CARRY_HAND[1]], offset, turn };
    this.lastHand = null;
    this.reach = null;
    this.samples = [];
    return true;
  }

  /** After the pose solve: where the held prop goes this step (its grip on the wrist). */
  heldPose(world: WorldPose, facing: Facing, dt: number): PropPose | null {
    const h = this.hold;
    if (!h) return null;
    h.since += dt;
    const forearm = world[forearmOf(h.hand)];
    const aligned = heldPropPose(forearm.end, Math.atan2(forearm.end[1] - forearm.start[1], forearm.end[0] - forearm.start[0]), h.grip, facing);
    const rest = 1 - ease(h.since / SETTLE_SECONDS);
    const pose: PropPose = {
      position: [aligned.position[0] + (h.offset?.[0] ?? 0) * rest, aligned.position[1] + (h.offset?.[1] ?? 0) * rest],
      rotation: aligned.rotation + h.turn * rest,
    };
    this.samples.push(pose);
    if (this.samples.length > 2) this.samples.shift();
    return pose;
  }

  /** Lets go: the last finite sampled motion of the held prop (px/s, rad/s). */
  release(dt: number): { propId: string; velocity: Vec2; angularVelocity: number } | null {
    const h = this.hold;
    // A throw's release: the arm goes on along its path (the follow-through), empty.
    this.afterRelease = h && this.throwing ? { path: this.throwing.path, hand: h.hand, last: null, settled: 0 } : null;
    this.hold = null;
    this.reach = null;
    this.throwing = null;
    if (!h) return null;
    const [a, b] = this.samples.length === 2 ? this.samples : [null, null];
    this.samples = [];
    if (!a || !b || !(dt > 0)) return { propId: h.propId, velocity: [0, 0], angularVelocity: 0 };
    const velocity: Vec2 = [(b.position[0] - a.position[0]) / dt, (b.position[1] - a.position[1]) / dt];
    const turn = Math.atan2(Math.sin(b.rotation - a.rotation), Math.cos(b.rotation - a.rotation)) / dt;
    return { propId: h.propId, velocity: velocity.every(Number.isFinite) ? velocity : [0, 0], angularVelocity: Number.isFinite(turn) ? turn : 0 };
  }

  /** A pickup ended without a hold (cancelled, skipped, blocked). */
  abandonReach(): void {
    this.reach = null;
  }
}
