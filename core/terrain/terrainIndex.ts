/**
 * Static spatial index over terrain surfaces, built once per PLAY (terrain does not move).
 *
 * Segments are bucketed into uniform X columns (CSR arrays of segment numbers, ascending) and
 * their numbers are packed into Float64Arrays, so a downward probe touches one column and a
 * handful of segments with no allocation except the returned hit. This replaces per-probe
 * Rapier ray casts for the rig's terrain probing (~15 probes per rig per step).
 *
 * Tie-break (both queries): smallest distance, then lowest segment number (input order of
 * terrains, then outline order), so results never depend on bucketing.
 */
import type { TerrainInput } from '../geometry/terrainShapes';
import type { Vec2 } from '../geometry/vec';
import { TERRAIN_INDEX_COLUMN_WIDTH, TERRAIN_INDEX_MAX_COLUMNS } from './constants';
import { type TerrainSegment, collectSurfaces } from './surfaces';

/** A supporting surface found below a probe point. */
export interface SupportHit {
  point: Vec2;
  /** Outward unit normal of the surface (points up-ish: normal.y <= -SUPPORT_NORMAL_MIN_UP). */
  normal: Vec2;
  /** Distance from the probe start down to the surface, px (>= 0). */
  distance: number;
  terrainId: string;
}

/** First surface a general ray enters. */
export interface RayHit extends SupportHit {
  /** Whether the surface hit is walkable ground (false for walls, steep slopes, ceilings). */
  supporting: boolean;
}

/** Slack (px of ray distance) before ending the column walk, so a hit exactly on a column
 * boundary still sees segments bucketed only in the next column. */
const COLUMN_EXIT_SLACK = 1e-6;

export class TerrainIndex {
  /** All surface segments; their array position is the "segment number" used for tie-breaks. */
  readonly segments: readonly TerrainSegment[];
  private readonly originX: number;
  private readonly invColumnWidth: number;
  readonly columnWidth: number;
  readonly columnCount: number;
  private readonly ax: Float64Array;
  private readonly ay: Float64Array;
  private readonly bx: Float64Array;
  private readonly by: Float64Array;
  private readonly minX: Float64Array;
  private readonly maxX: Float64Array;
  private readonly slope: Float64Array;
  /** CSR buckets of SUPPORTING segments only (probeDown). */
  private readonly supStart: Int32Array;
  private readonly supItems: Int32Array;
  /** CSR buckets of ALL segments (raycast). */
  private readonly allStart: Int32Array;
  private readonly allItems: Int32Array;

  constructor(segments: readonly TerrainSegment[], columnWidth: number = TERRAIN_INDEX_COLUMN_WIDTH) {
    if (!(columnWidth > 0) || !Number.isFinite(columnWidth)) {
      throw new Error(`TerrainIndex: columnWidth must be a finite number > 0, got ${columnWidth}`);
    }
    this.segments = segments;
    const n = segments.length;
    this.ax = new Float64Array(n);
    this.ay = new Float64Array(n);
    this.bx = new Float64Array(n);
    this.by = new Float64Array(n);
    this.minX = new Float64Array(n);
    this.maxX = new Float64Array(n);
    this.slope = new Float64Array(n);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = segments[i];
      this.ax[i] = s.a[0];
      this.ay[i] = s.a[1];
      this.bx[i] = s.b[0];
      this.by[i] = s.b[1];
      this.minX[i] = Math.min(s.a[0], s.b[0]);
      this.maxX[i] = Math.max(s.a[0], s.b[0]);
      // Same expression as segmentYAtX (Infinity/NaN for vertical edges, which never support).
      this.slope[i] = (s.b[1] - s.a[1]) / (s.b[0] - s.a[0]);
      lo = Math.min(lo, this.minX[i]);
      hi = Math.max(hi, this.maxX[i]);
    }
    if (n === 0) {
      lo = 0;
      hi = 0;
    }
    // Very wide stages widen the columns rather than allocate unbounded buckets.
    const width = Math.max(columnWidth, (hi - lo) / (TERRAIN_INDEX_MAX_COLUMNS - 1));
    this.originX = lo;
    this.columnWidth = width;
    this.invColumnWidth = 1 / width;
    this.columnCount = Math.floor((hi - lo) * this.invColumnWidth) + 1;
    [this.supStart, this.supItems] = this.buildBuckets((i) => segments[i].supporting);
    [this.allStart, this.allItems] = this.buildBuckets(() => true);
  }

  /** Column of stage x, clamped to the grid. Queries and bucketing use this same function. */
  private column(x: number): number {
    const c = Math.floor((x - this.originX) * this.invColumnWidth);
    return c < 0 ? 0 : c >= this.columnCount ? this.columnCount - 1 : c;
  }

  private buildBuckets(include: (i: number) => boolean): [Int32Array, Int32Array] {
    const count = this.columnCount;
    const start = new Int32Array(count + 1);
    const n = this.segments.length;
    for (let i = 0; i < n; i++) {
      if (!include(i)) continue;
      for (let c = this.column(this.minX[i]), c1 = this.column(this.maxX[i]); c <= c1; c++) start[c + 1]++;
    }
    for (let c = 0; c < count; c++) start[c + 1] += start[c];
    const items = new Int32Array(start[count]);
    const fill = start.slice(0, count);
    // Ascending i, so each bucket lists segments in segment-number order (the tie-break order).
    for (let i = 0; i < n; i++) {
      if (!include(i)) continue;
      for (let c = this.column(this.minX[i]), c1 = this.column(this.maxX[i]); c <= c1; c++) items[fill[c]++] = i;
    }
    return [start, items];
  }

  /**
   * Vertical ray from (x, yFrom) straight DOWN (+Y). Returns the nearest SUPPORTING surface
   * whose height at x is in [yFrom, yFrom + maxDistance] (both ends inclusive), or null.
   *
   * Non-supporting edges (walls, steep slopes, ceilings) are ignored entirely: they neither
   * count as support nor block the ray. Consequence, by design: a ray starting inside solid
   * terrain reports the next supporting surface BELOW yFrom (e.g. the ground under a floating
   * block it starts in), never the top surface above the start point. Callers start probes
   * TERRAIN_PROBE_START_ABOVE over the foot so a raised step's top is below the start.
   */
  probeDown(x: number, yFrom: number, maxDistance: number): SupportHit | null {
    const i = this.supportBelow(x, yFrom, maxDistance);
    if (i < 0) return null;
    const y = this.surfaceY(i, x);
    const seg = this.segments[i];
    return { point: [x, y], normal: [seg.normal[0], seg.normal[1]], distance: y - yFrom, terrainId: seg.terrainId };
  }

  /**
   * The height (y) of the surface `probeDown` would find, or null: the same search without
   * building a hit, for the rig's per-step probes that only need the height.
   */
  probeDownY(x: number, yFrom: number, maxDistance: number): number | null {
    const i = this.supportBelow(x, yFrom, maxDistance);
    return i < 0 ? null : this.surfaceY(i, x);
  }

  /** Segment number of probeDown's surface, or -1. */
  private supportBelow(x: number, yFrom: number, maxDistance: number): number {
    if (!(x >= this.originX) || !(x <= this.originX + this.columnCount * this.columnWidth)) return -1;
    if (!(maxDistance >= 0) || !(yFrom > -Infinity)) return -1;
    const c = this.column(x);
    const items = this.supItems;
    const end = this.supStart[c + 1];
    const minX = this.minX;
    const maxX = this.maxX;
    let best = Infinity;
    let bestI = -1;
    for (let k = this.supStart[c]; k < end; k++) {
      const i = items[k];
      if (x < minX[i] || x > maxX[i]) continue;
      const d = this.surfaceY(i, x) - yFrom;
      if (d >= 0 && d <= maxDistance && d < best) {
        best = d;
        bestI = i;
      }
    }
    return bestI;
  }

  /** Segment i's height at x (the expression of segmentYAtX, so probes agree bit for bit). */
  private surfaceY(i: number, x: number): number {
    return this.ay[i] + (x - this.ax[i]) * this.slope[i];
  }

  /**
   * General ray from `origin` along `dir` (any non-zero length; distances are in px along the
   * normalised direction) against ALL surfaces, up to `maxDistance` inclusive. Returns the first
   * surface the ray ENTERS (front faces only: dot(dir, normal) < 0), so the hit normal always
   * points back against the ray. Faces a ray exits through (it started inside solid) and edges
   * parallel to the ray are not hits. `filter` may skip segments (e.g. by terrainId).
   * Use it for wall / step-too-high checks (e.g. a horizontal ray at MAX_STEP_HEIGHT).
   */
  raycast(
    origin: Readonly<Vec2>,
    dir: Readonly<Vec2>,
    maxDistance: number,
    filter?: (segment: TerrainSegment) => boolean,
  ): RayHit | null {
    const ox = origin[0];
    const oy = origin[1];
    const dl = Math.hypot(dir[0], dir[1]);
    if (!(dl > 0) || !Number.isFinite(dl)) return null;
    const dx = dir[0] / dl;
    const dy = dir[1] / dl;
    const bestI = this.firstEntered(ox, oy, dx, dy, maxDistance, filter);
    if (bestI < 0) return null;
    const best = this.enteredAt;
    const seg = this.segments[bestI];
    return {
      point: [ox + dx * best, oy + dy * best],
      normal: [seg.normal[0], seg.normal[1]],
      distance: best,
      terrainId: seg.terrainId,
      supporting: seg.supporting,
    };
  }

  /**
   * `raycast`'s distance to the first surface entered, or null, for a ray from (ox, oy) along a
   * UNIT direction (ux, uy) (the axis directions the rig's wall checks use: raycast would divide
   * them by a length of exactly 1), without building a hit.
   */
  rayDistance(ox: number, oy: number, ux: number, uy: number, maxDistance: number, filter?: (segment: TerrainSegment) => boolean): number | null {
    return this.firstEntered(ox, oy, ux, uy, maxDistance, filter) < 0 ? null : this.enteredAt;
  }

  /** Distance of the last hit `firstEntered` found (read right after it; valid only then). */
  private enteredAt = 0;

  /** Segment number of the first surface the unit ray (dx, dy) enters, or -1; its distance goes to `enteredAt`. */
  private firstEntered(ox: number, oy: number, dx: number, dy: number, maxDistance: number, filter?: (segment: TerrainSegment) => boolean): number {
    if (!Number.isFinite(ox) || !Number.isFinite(oy)) return -1;
    if (!(maxDistance >= 0)) return -1;
    const xEnd = dx === 0 ? ox : ox + dx * maxDistance;
    const gridHi = this.originX + this.columnCount * this.columnWidth;
    if (Math.max(ox, xEnd) < this.originX || Math.min(ox, xEnd) > gridHi || this.segments.length === 0) return -1;

    const c0 = this.column(ox);
    const c1 = this.column(xEnd);
    const step = c1 >= c0 ? 1 : -1;
    let best = Infinity;
    let bestI = -1;
    for (let c = c0; ; c += step) {
      for (let k = this.allStart[c], end = this.allStart[c + 1]; k < end; k++) {
        const i = this.allItems[k];
        const ex = this.bx[i] - this.ax[i];
        const ey = this.by[i] - this.ay[i];
        // For positive-area outlines dot(dir, normal) has the sign of cross(dir, edge):
        // negative means the ray enters the solid through this edge.
        const denom = dx * ey - dy * ex;
        if (!(denom < 0)) continue;
        const wx = this.ax[i] - ox;
        const wy = this.ay[i] - oy;
        const t = (wx * ey - wy * ex) / denom;
        if (t < 0 || t > maxDistance || t > best) continue;
        const s = (wx * dy - wy * dx) / denom;
        if (s < 0 || s > 1) continue;
        if (t === best && i >= bestI) continue;
        if (filter && !filter(this.segments[i])) continue;
        best = t;
        bestI = i;
      }
      if (c === c1) break;
      if (bestI >= 0 && dx !== 0) {
        // Everything still unvisited lies beyond this column's far edge.
        const edgeX = this.originX + (step > 0 ? c + 1 : c) * this.columnWidth;
        if (best + COLUMN_EXIT_SLACK < (edgeX - ox) / dx) break;
      }
    }
    this.enteredAt = best;
    return bestI;
  }
}

/** Build the index for a scene's terrain objects (throws like terrainConvexPieces on bad input). */
export function createTerrainIndex(
  terrains: readonly TerrainInput[],
  columnWidth: number = TERRAIN_INDEX_COLUMN_WIDTH,
): TerrainIndex {
  return new TerrainIndex(collectSurfaces(terrains), columnWidth);
}
