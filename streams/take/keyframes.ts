/**
 * A take's keyframes (issue 14): the stage saved every `interval` ticks while the take runs or is
 * replayed, so a seek restores the nearest keyframe at or before its target and re-simulates only
 * the steps after it instead of the whole take.
 *
 * Memory is bounded. Each keyframe is costed when it is taken (its physics snapshot's bytes plus
 * an estimate of the rest); past the budget the store thins itself: the interval doubles and the
 * keyframes off the new grid go, so a long take keeps fewer, farther-apart keyframes rather than
 * growing without end.
 *
 * The budget: 128 MiB of keyframes per take. Measured (tests/unit/take/keyframeBudget.test.ts, on
 * the real heap): a 10-minute take of the demo keeps all 600 keyframes in about 45 MB; a busy
 * scene (10 stickmen walking among 50 props) costs about 20 MB a minute, so past about 6 minutes
 * its keyframes are 2 s apart, then 4 s; 50 stickmen among 200 props (≈ 90 MB a minute) reach
 * the budget after about 1.5 minutes.
 */
import type { StageKeyframe } from '../stage/stageController';
import { estimateBytes } from '../../core/data/cloneData';

/** Ticks between two keyframes to begin with (1 s of simulation). */
export const KEYFRAME_INTERVAL = 60;
/** What all keyframes of a take may cost together (bytes). */
export const KEYFRAME_BUDGET_BYTES = 128 * 1024 * 1024;

interface Kept {
  keyframe: StageKeyframe;
  bytes: number;
}

export class KeyframeStore {
  private kept: Kept[] = [];
  private total = 0;
  private every: number;

  constructor(private readonly budget = KEYFRAME_BUDGET_BYTES, interval = KEYFRAME_INTERVAL) {
    if (!Number.isInteger(interval) || interval < 1) throw new RangeError(`a keyframe interval is a whole number of ticks ≥ 1, got ${interval}`);
    this.every = interval;
  }

  /** Ticks between keyframes now (it grows when the budget is reached). */
  get interval(): number {
    return this.every;
  }

  get count(): number {
    return this.kept.length;
  }

  get memoryBytes(): number {
    return this.total;
  }

  /** The ticks that have a keyframe, ascending. */
  ticks(): number[] {
    return this.kept.map((k) => k.keyframe.tick);
  }

  /** True if a keyframe is due at `tick` (on the grid, not kept yet). */
  wants(tick: number): boolean {
    return tick > 0 && tick % this.every === 0 && this.indexOf(tick) < 0;
  }

  /** Keeps `keyframe` (replacing one of the same tick), then holds the store to its budget. */
  add(keyframe: StageKeyframe): void {
    const bytes = keyframe.runtime.physics.bytes.byteLength + estimateBytes(keyframe.rigs) + estimateBytes(keyframe.runtime.data);
    const i = this.insertionPoint(keyframe.tick);
    if (this.kept[i]?.keyframe.tick === keyframe.tick) {
      this.total -= this.kept[i].bytes;
      this.kept[i] = { keyframe, bytes };
    } else this.kept.splice(i, 0, { keyframe, bytes });
    this.total += bytes;
    while (this.total > this.budget && this.kept.length > 1) this.thin();
  }

  /** The latest keyframe at or before `tick`, or null. */
  atOrBefore(tick: number): StageKeyframe | null {
    const i = this.insertionPoint(tick + 1) - 1;
    return i >= 0 ? this.kept[i].keyframe : null;
  }

  /** Forgets the keyframes after `tick` (the take was cut there: they show a future it no longer has). */
  dropAfter(tick: number): void {
    const i = this.insertionPoint(tick + 1);
    for (const k of this.kept.splice(i)) this.total -= k.bytes;
  }

  clear(): void {
    this.kept = [];
    this.total = 0;
  }

  /** Doubles the interval and drops what is off the new grid. */
  private thin(): void {
    this.every *= 2;
    const keep: Kept[] = [];
    for (const k of this.kept) {
      if (k.keyframe.tick % this.every === 0) keep.push(k);
      else this.total -= k.bytes;
    }
    this.kept = keep;
  }

  private indexOf(tick: number): number {
    const i = this.insertionPoint(tick);
    return this.kept[i]?.keyframe.tick === tick ? i : -1;
  }

  /** The first index whose tick is ≥ `tick` (binary search). */
  private insertionPoint(tick: number): number {
    let lo = 0;
    let hi = this.kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.kept[mid].keyframe.tick < tick) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
