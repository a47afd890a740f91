/**
 * Momentum tracking (issue 8): where each part's collision proxy was over the last few steps, so
 * a ragdoll starts with the motion the stickman had — its walk, its fall, its own limb swing.
 * Fed the per-step proxy pose buffer (x, y, rotation per part) the rig already writes.
 */
import { PART_NAMES, type PartName } from '../rig/skeleton';
import { MOMENTUM_STEPS } from './constants';
import type { PartMotion } from './blueprint';

const STRIDE = PART_NAMES.length * 3;

export class MomentumTracker {
  /** MOMENTUM_STEPS + 1 pose buffers, oldest first once full. */
  private readonly ring: Float64Array;
  private count = 0;
  private head = 0;

  constructor(private readonly steps = MOMENTUM_STEPS) {
    this.ring = new Float64Array((steps + 1) * STRIDE);
  }

  /** Records this step's proxy poses (copied). */
  record(poses: Float64Array): void {
    this.ring.set(poses.length === STRIDE ? poses : poses.subarray(0, STRIDE), this.head * STRIDE);
    this.head = (this.head + 1) % (this.steps + 1);
    this.count = Math.min(this.count + 1, this.steps + 1);
  }

  /** Forgets the history (after a teleport: a stand-up snap, a reset). */
  reset(): void {
    this.count = 0;
    this.head = 0;
  }

  /** Average velocity of each part over the recorded steps; zero with fewer than two records. */
  motion(dt: number): Record<PartName, PartMotion> {
    const out = {} as Record<PartName, PartMotion>;
    const span = this.count - 1;
    const newest = (this.head + this.steps) % (this.steps + 1);
    const oldest = (this.head + this.steps + 1 - this.count) % (this.steps + 1);
    PART_NAMES.forEach((part, i) => {
      if (span < 1 || !(dt > 0)) {
        out[part] = { velocity: [0, 0], angularVelocity: 0 };
        return;
      }
      const a = oldest * STRIDE + i * 3;
      const b = newest * STRIDE + i * 3;
      const t = span * dt;
      const turn = Math.atan2(Math.sin(this.ring[b + 2] - this.ring[a + 2]), Math.cos(this.ring[b + 2] - this.ring[a + 2]));
      out[part] = { velocity: [(this.ring[b] - this.ring[a]) / t, (this.ring[b + 1] - this.ring[a + 1]) / t], angularVelocity: turn / t };
    });
    return out;
  }
}
