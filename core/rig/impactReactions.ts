/**
 * A stickman's flinches (seed 4.5 reaction contract): per joint, the angle it flinches by, its
 * strength (1 on every accepted hit, fading linearly to 0) and the seconds the fade takes.
 *
 * Held as numbers in one typed array per stickman, slot by joint, not as a map of small objects:
 * nearly every stickman of a crowd among props flinches every step, and the flinch system reads
 * every joint of every rig twice a step (the proxies' follow, then the pose), so each rig's
 * flinches were a map's table and five objects scattered over the heap — a cache miss each, the
 * crowd's costliest pass of our own (~1.7 % of a 100-walker step). The arithmetic is the same.
 */

/** The seed's stable bone keys (not the bend-group keys LeftArm, RightArm, …). */
export type ReactionJoint =
  | 'Head'
  | 'Torso'
  | 'LeftUpperArm'
  | 'LeftLowerArm'
  | 'RightUpperArm'
  | 'RightLowerArm'
  | 'LeftUpperLeg'
  | 'LeftLowerLeg'
  | 'RightUpperLeg'
  | 'RightLowerLeg';

/**
 * The joints in the order flinches are applied (parents first: the torso carries head and arms,
 * an upper limb its lower one); a joint's slot is its place here.
 */
export const REACTION_JOINTS: readonly ReactionJoint[] = [
  'Torso', 'Head', 'LeftUpperArm', 'LeftLowerArm', 'RightUpperArm', 'RightLowerArm', 'LeftUpperLeg', 'LeftLowerLeg', 'RightUpperLeg', 'RightLowerLeg',
];

const SLOT = new Map<ReactionJoint, number>(REACTION_JOINTS.map((joint, slot) => [joint, slot]));

/** A joint's slot in `ImpactReactions` (and in a ProxyFlinch). */
export function reactionSlot(joint: ReactionJoint): number {
  const slot = SLOT.get(joint);
  if (slot === undefined) throw new Error(`no reaction joint "${joint}"`);
  return slot;
}

export interface ReactionState {
  angle: number;
  /** 1 on every accepted hit, fading linearly to 0; the applied rotation is angle × strength. */
  strength: number;
  decay: number;
}

/** Numbers a slot holds: angle, strength, decay. */
const STRIDE = 3;

/** The flinches of one stickman, by joint; read and written in place by core/rig/reactions. */
export class ImpactReactions {
  /** angle, strength, decay of each joint's flinch, by slot (meaningful only where `active` says). */
  readonly slots = new Float64Array(REACTION_JOINTS.length * STRIDE);
  /** Bit `slot` is set while that joint flinches. */
  active = 0;

  constructor(entries?: Iterable<readonly [ReactionJoint, ReactionState]>) {
    if (entries) for (const [joint, state] of entries) this.set(joint, state);
  }

  /** How many joints flinch. */
  get size(): number {
    let n = 0;
    for (let bits = this.active; bits !== 0; bits &= bits - 1) n += 1;
    return n;
  }

  has(joint: ReactionJoint): boolean {
    return (this.active & (1 << reactionSlot(joint))) !== 0;
  }

  /** A copy of the joint's flinch, or undefined while it has none. */
  get(joint: ReactionJoint): ReactionState | undefined {
    const slot = reactionSlot(joint);
    return (this.active & (1 << slot)) !== 0 ? this.stateAt(slot) : undefined;
  }

  set(joint: ReactionJoint, state: ReactionState): void {
    this.setAt(reactionSlot(joint), state.angle, state.strength, state.decay);
  }

  delete(joint: ReactionJoint): void {
    this.active &= ~(1 << reactionSlot(joint));
  }

  clear(): void {
    this.active = 0;
  }

  /** Each flinching joint with a copy of its flinch, in slot order. */
  *[Symbol.iterator](): IterableIterator<[ReactionJoint, ReactionState]> {
    for (let slot = 0; slot < REACTION_JOINTS.length; slot += 1) {
      if ((this.active & (1 << slot)) !== 0) yield [REACTION_JOINTS[slot], this.stateAt(slot)];
    }
  }

  keys(): ReactionJoint[] {
    return [...this].map(([joint]) => joint);
  }

  // ── by slot, for the per-step passes ──

  isActive(slot: number): boolean {
    return (this.active & (1 << slot)) !== 0;
  }

  angleAt(slot: number): number {
    return this.slots[slot * STRIDE];
  }

  strengthAt(slot: number): number {
    return this.slots[slot * STRIDE + 1];
  }

  decayAt(slot: number): number {
    return this.slots[slot * STRIDE + 2];
  }

  /** angle × strength of the joint at `slot`: the rotation it applies now (0 while it has none). */
  turnAt(slot: number): number {
    return (this.active & (1 << slot)) !== 0 ? this.slots[slot * STRIDE] * this.slots[slot * STRIDE + 1] : 0;
  }

  setAt(slot: number, angle: number, strength: number, decay: number): void {
    const o = slot * STRIDE;
    this.slots[o] = angle;
    this.slots[o + 1] = strength;
    this.slots[o + 2] = decay;
    this.active |= 1 << slot;
  }

  setAngleAt(slot: number, angle: number): void {
    this.slots[slot * STRIDE] = angle;
  }

  setStrengthAt(slot: number, strength: number): void {
    this.slots[slot * STRIDE + 1] = strength;
  }

  setDecayAt(slot: number, decay: number): void {
    this.slots[slot * STRIDE + 2] = decay;
  }

  deleteAt(slot: number): void {
    this.active &= ~(1 << slot);
  }

  private stateAt(slot: number): ReactionState {
    return { angle: this.slots[slot * STRIDE], strength: this.slots[slot * STRIDE + 1], decay: this.slots[slot * STRIDE + 2] };
  }
}
