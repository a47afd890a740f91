/**
 * Stickman ↔ stickman touches (issue 7): two rigs' collision proxies touching, found by geometry
 * instead of by Rapier. Rapier would need kinematic ↔ kinematic pairs switched on for every
 * proxy, and then every rig's own ten parts (which overlap at each joint) become contact pairs
 * each step — tripling the physics cost of a crowd. Here only rigs whose bounds overlap are
 * compared, part by part, with the proxies' exact capsules and circles. Each touch becomes the
 * pair edge: `started` when a part pair of two rigs first touches (naming those parts, with the
 * normal and point between them), `stopped` when no part pair touches any more — one edge per
 * rig pair, however many parts touch, the same contract as the part bookkeeping for props. Two
 * rigs start touching when a part pair comes within TOUCH_MARGIN and let go only once every part
 * pair is past RELEASE_MARGIN, so swinging arms brushing past do not flicker. The search for a
 * touching part pair stops at the first one found: a crowd stacked on one spot costs one part
 * pair per rig pair, not a hundred.
 */
import { capsuleGap, segmentDistance } from '../../core/geometry/capsules';
import { hypot } from '../../core/geometry/vec';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { proxyShapes } from '../../core/rig/proxies';
import { PART_NAMES } from '../../core/rig/skeleton';
import type { ContactEvent, Vec2 } from '../physics/entities';
import type { RigRuntime } from './rigRuntime';
import { STEP_DT } from './stepDt';

/** Surfaces closer than this start touching (px): about Rapier's contact prediction. */
export const TOUCH_MARGIN = 1;
/** …and stop only once further apart than this. */
export const RELEASE_MARGIN = 6;

const SHAPES = proxyShapes(DEFAULT_PROPORTIONS);
const PARTS = PART_NAMES.length;
const HALF = PART_NAMES.map((p) => { const s = SHAPES[p]; return s.shape === 'capsule' ? s.halfHeight : 0; });
const RADIUS = PART_NAMES.map((p) => SHAPES[p].radius);
/** Pair keys combine two document orders; no stage holds this many stickmen (the object limit is lower). */
const PAIR_KEY = 1 << 20;
/** Per part in a rig's shape buffer: ax, ay, bx, by, radius, minX, minY, maxX, maxY. */
const STRIDE = 9;

interface RigShapes {
  rig: RigRuntime;
  order: number;
  parts: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function liveCount(rigs: readonly RigRuntime[]): number {
  let n = 0;
  for (const r of rigs) if (r.proxiesLive) n += 1;
  return n;
}

/** Fills `into` with `rig`'s part capsules (ax, ay, bx, by, radius and bounds per part, into `parts`) and its bounds. */
function shapesOf(into: RigShapes, rig: RigRuntime, order: number, parts: Float64Array): RigShapes {
  const poses = rig.proxyPoseBuffer;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < PARTS; i += 1) {
    const x = poses[i * 3];
    const y = poses[i * 3 + 1];
    const h = HALF[i];
    // A circle (the head) has no half length: its ends are its centre, whatever its rotation.
    const ax = h === 0 ? 0 : -Math.sin(poses[i * 3 + 2]) * h;
    const ay = h === 0 ? 0 : Math.cos(poses[i * 3 + 2]) * h;
    const r = RADIUS[i];
    const o = i * STRIDE;
    const x1 = x - ax;
    const y1 = y - ay;
    const x2 = x + ax;
    const y2 = y + ay;
    const lowX = Math.min(x1, x2) - r;
    const lowY = Math.min(y1, y2) - r;
    const highX = Math.max(x1, x2) + r;
    const highY = Math.max(y1, y2) + r;
    parts[o] = x1;
    parts[o + 1] = y1;
    parts[o + 2] = x2;
    parts[o + 3] = y2;
    parts[o + 4] = r;
    parts[o + 5] = lowX;
    parts[o + 6] = lowY;
    parts[o + 7] = highX;
    parts[o + 8] = highY;
    minX = Math.min(minX, lowX);
    minY = Math.min(minY, lowY);
    maxX = Math.max(maxX, highX);
    maxY = Math.max(maxY, highY);
  }
  into.rig = rig;
  into.order = order;
  into.parts = parts;
  into.minX = minX;
  into.minY = minY;
  into.maxX = maxX;
  into.maxY = maxY;
  return into;
}

/**
 * What a step builds and throws away, kept beside each StickmanTouches (never in its keyframe:
 * it is refilled from the rigs every step): one shapes record per standing rig, the sweep order,
 * the pairs that let go.
 */
interface Scratch {
  shapes: RigShapes[];
  byX: RigShapes[];
  gone: number[];
}

const scratchOf = new WeakMap<StickmanTouches, Scratch>();

function scratch(owner: StickmanTouches): Scratch {
  let s = scratchOf.get(owner);
  if (!s) scratchOf.set(owner, (s = { shapes: [], byX: [], gone: [] }));
  return s;
}

/** Left edge, then document order (the same order `minX - minX || order - order` gives; comparisons box no difference). */
const bySweep = (p: RigShapes, q: RigShapes): number => (p.minX < q.minX ? -1 : p.minX > q.minX ? 1 : p.order - q.order);

/**
 * Sorts `list` by `bySweep` by insertion: last step's sweep order with every rig moved a few
 * pixels is nearly sorted, and then this is one comparison per rig. The order is total (document
 * orders differ), so any sort gives the same list.
 */
function resort(list: RigShapes[]): void {
  for (let i = 1; i < list.length; i += 1) {
    const item = list[i];
    let j = i - 1;
    for (; j >= 0 && bySweep(list[j], item) > 0; j -= 1) list[j + 1] = list[j];
    list[j + 1] = item;
  }
}

/**
 * A touching rig pair's state is one small integer, not an object (the pairs' map is cold by the
 * time the search runs, and an object per pair was one more memory read each): the part pair
 * found touching last (its parts name the `stopped` edge) and the COMPARED bit of the step it was
 * last compared in.
 */
const PART_BITS = 4;
const PART_MASK = (1 << PART_BITS) - 1;
/** Alternates step to step: a pair whose bit is not this step's was not compared (its rigs' bounds did not come close). */
const COMPARED = 1 << (2 * PART_BITS);
const pairState = (partA: number, partB: number, compared: number): number => (partA << PART_BITS) | partB | compared;
const partAOf = (state: number): number => (state >> PART_BITS) & PART_MASK;
const partBOf = (state: number): number => state & PART_MASK;
if (PARTS > PART_MASK + 1) throw new Error(`a pair state holds part numbers below ${PART_MASK + 1}, not ${PARTS}`);

export class StickmanTouches {
  /** Per rig pair, keyed by the two rigs' document order (a · PAIR_KEY + b, a < b). */
  private readonly pairs = new Map<number, number>();
  /** This step's COMPARED bit (0 or COMPARED): pairs compared in the step before hold the other. */
  private compared = 0;
  /** Each rig's part centres last step, for the relative speed of a new touch. */
  private readonly previous = new Map<string, Float64Array>();
  /** Each rig's shape buffer, reused step to step. */
  private readonly buffers = new Map<string, Float64Array>();

  /** This step's rig-pair edges, as contacts (a before b in document order). */
  step(rigs: readonly RigRuntime[]): ContactEvent[] {
    // Fewer than two stickmen standing and no touch to end: nothing to compare, only to remember.
    if (this.pairs.size === 0 && liveCount(rigs) < 2) {
      this.remember(rigs);
      return [];
    }
    this.compared ^= COMPARED;
    const { shapes, byX, gone } = scratch(this);
    // Shapes records are reused step to step, one per standing rig in document order: while the
    // same rigs stand, each keeps its record (and its buffer, refilled before any use).
    let live = 0;
    let sameRigs = true;
    for (let order = 0; order < rigs.length; order += 1) {
      const r = rigs[order];
      if (!r.proxiesLive) continue;
      const kept = shapes[live];
      if (kept !== undefined && kept.rig === r) shapesOf(kept, r, order, kept.parts);
      else {
        sameRigs = false;
        let buffer = this.buffers.get(r.id);
        if (!buffer) this.buffers.set(r.id, (buffer = new Float64Array(PARTS * STRIDE)));
        if (kept === undefined) shapes.push({ rig: r, order, parts: buffer, minX: 0, minY: 0, maxX: 0, maxY: 0 });
        shapesOf(shapes[live], r, order, buffer);
      }
      live += 1;
    }
    const out: ContactEvent[] = [];
    // Sweep along x: only rigs whose bounds overlap are compared part by part. The same rigs as
    // last step: `byX` holds their records in last step's sweep order, nearly sorted already.
    if (sameRigs && byX.length === live) resort(byX);
    else {
      byX.length = 0;
      for (let k = 0; k < live; k += 1) byX.push(shapes[k]);
      byX.sort(bySweep);
    }
    for (let i = 0; i < byX.length; i += 1) {
      for (let j = i + 1; j < byX.length && byX[j].minX <= byX[i].maxX + RELEASE_MARGIN; j += 1) {
        const first = byX[i].order < byX[j].order;
        const x = first ? byX[i] : byX[j];
        const y = first ? byX[j] : byX[i];
        if (x.minY > y.maxY + RELEASE_MARGIN || y.minY > x.maxY + RELEASE_MARGIN) continue;
        this.comparePair(x.order * PAIR_KEY + y.order, x, y, out);
      }
    }
    // Pairs that no longer even come close let go of everything they were touching.
    gone.length = 0;
    // forEach: a for-of over the entries would build a [key, state] pair per touching pair.
    const compared = this.compared;
    this.pairs.forEach((state, key) => {
      if ((state & COMPARED) !== compared) gone.push(key);
    });
    if (gone.length > 1) gone.sort((p, q) => p - q);
    for (const key of gone) {
      const state = this.pairs.get(key)!;
      const idA = rigs[Math.floor(key / PAIR_KEY)].id;
      const idB = rigs[key % PAIR_KEY].id;
      out.push(this.contact('stopped', idA, idB, partAOf(state), partBOf(state)));
      this.pairs.delete(key);
    }
    for (let k = 0; k < byX.length; k += 1) {
      // `shapes` is in document order (the sweep sorted `byX`, not it).
      const r = shapes[k];
      const prev = this.previous.get(r.rig.id);
      if (prev) prev.set(r.rig.proxyPoseBuffer);
      else this.previous.set(r.rig.id, Float64Array.from(r.rig.proxyPoseBuffer));
    }
    return out;
  }

  /** What a step keeps of each standing rig without comparing it: its buffer and its part centres. */
  private remember(rigs: readonly RigRuntime[]): void {
    for (const r of rigs) {
      if (!r.proxiesLive) continue;
      if (!this.buffers.has(r.id)) this.buffers.set(r.id, new Float64Array(PARTS * STRIDE));
      const prev = this.previous.get(r.id);
      if (prev) prev.set(r.proxyPoseBuffer);
      else this.previous.set(r.id, Float64Array.from(r.proxyPoseBuffer));
    }
  }

  /** Forgets a stickman (ragdoll entry, leaving the stage): its touches end without events. */
  purge(id: string, rigs: readonly RigRuntime[]): void {
    const order = rigs.findIndex((r) => r.id === id);
    for (const key of [...this.pairs.keys()]) if (Math.floor(key / PAIR_KEY) === order || key % PAIR_KEY === order) this.pairs.delete(key);
    this.previous.delete(id);
    this.buffers.delete(id);
  }

  private comparePair(key: number, x: RigShapes, y: RigShapes, out: ContactEvent[]): void {
    const state = this.pairs.get(key);
    const margin = state !== undefined ? RELEASE_MARGIN : TOUCH_MARGIN;
    const px = x.parts;
    const py = y.parts;
    // Every bound below is compared with a margin added to the other side's: the same sums, each made once.
    const yMinX = y.minX;
    const yMinY = y.minY;
    const yMaxX = y.maxX + margin;
    const yMaxY = y.maxY + margin;
    for (let i = 0; i < PARTS; i += 1) {
      const o = i * STRIDE;
      const lowX = px[o + 5];
      const lowY = px[o + 6];
      const highX = px[o + 7] + margin;
      const highY = px[o + 8] + margin;
      // A part nowhere near the other rig's bounds touches none of its parts.
      if (lowX > yMaxX || yMinX > highX || lowY > yMaxY || yMinY > highY) continue;
      for (let j = 0; j < PARTS; j += 1) {
        const q = j * STRIDE;
        // Bounds first: most part pairs of two neighbours are nowhere near each other.
        if (lowX > py[q + 7] + margin || py[q + 5] > highX || lowY > py[q + 8] + margin || py[q + 6] > highY) continue;
        if (segmentDistance(px[o], px[o + 1], px[o + 2], px[o + 3], py[q], py[q + 1], py[q + 2], py[q + 3]) > px[o + 4] + py[q + 4] + margin) continue;
        this.pairs.set(key, pairState(i, j, this.compared));
        if (state !== undefined) return;
        const g = capsuleGap({ a: [px[o], px[o + 1]], b: [px[o + 2], px[o + 3]], radius: px[o + 4] }, { a: [py[q], py[q + 1]], b: [py[q + 2], py[q + 3]], radius: py[q + 4] });
        out.push(this.contact('started', x.rig.id, y.rig.id, i, j, { rigA: x.rig, rigB: y.rig, p: g.p, q: g.q, radiusA: px[o + 4] }));
        return;
      }
    }
    if (state !== undefined) {
      out.push(this.contact('stopped', x.rig.id, y.rig.id, partAOf(state), partBOf(state)));
      this.pairs.delete(key);
    }
  }

  private contact(type: 'started' | 'stopped', idA: string, idB: string, a: number, b: number, touch?: { rigA: RigRuntime; rigB: RigRuntime; p: Vec2; q: Vec2; radiusA: number }): ContactEvent {
    let normal: Vec2 = [0, 0];
    let point: Vec2 = [0, 0];
    let relativeSpeed = 0;
    if (touch) {
      const { p, q } = touch;
      const d = hypot(q[0] - p[0], q[1] - p[1]);
      if (d > 1e-9) normal = [(q[0] - p[0]) / d, (q[1] - p[1]) / d];
      point = [p[0] + normal[0] * touch.radiusA, p[1] + normal[1] * touch.radiusA];
      const va = this.partVelocity(touch.rigA, a);
      const vb = this.partVelocity(touch.rigB, b);
      relativeSpeed = hypot(vb[0] - va[0], vb[1] - va[1]);
    }
    return {
      type,
      a: { id: idA, kind: 'proxy', part: PART_NAMES[a], order: 0 },
      b: { id: idB, kind: 'proxy', part: PART_NAMES[b], order: 0 },
      normal,
      point,
      relativeSpeed,
    };
  }

  private partVelocity(rig: RigRuntime, part: number): Vec2 {
    const prev = this.previous.get(rig.id);
    if (!prev) return [0, 0];
    const now = rig.proxyPoseBuffer;
    return [(now[part * 3] - prev[part * 3]) / STEP_DT, (now[part * 3 + 1] - prev[part * 3 + 1]) / STEP_DT];
  }
}
