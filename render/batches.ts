/**
 * Quad batches: one mesh = one draw call per kind of thing (DESIGN.md §6b). Per-instance data
 * is rewritten from the frame between begin() and finish(); buffers grow by doubling (a new
 * geometry, the old one disposed) and upload only the used range.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  DynamicDrawUsage,
  Mesh,
  NormalBlending,
  ShaderMaterial,
  type IUniform,
} from 'three';
import type { RGBA } from './color';
import {
  BOX_FRAGMENT,
  BOX_VERTEX,
  DISC_FRAGMENT,
  DISC_VERTEX,
  STROKE_FRAGMENT,
  STROKE_VERTEX,
  TRI_FRAGMENT,
  TRI_VERTEX,
} from './shaders';

/** Size / outline units (see shaders.ts). */
export const SIZE_CSS = 1;
export const LINE_CSS = 2;

export interface ViewUniforms {
  uCss: IUniform<number>;
  uDev: IUniform<number>;
  [name: string]: IUniform<unknown>;
}

export function createMaterial(vertexShader: string, fragmentShader: string, uniforms: ViewUniforms): ShaderMaterial {
  return new ShaderMaterial({
    vertexShader,
    fragmentShader,
    uniforms,
    transparent: true,
    premultipliedAlpha: true,
    blending: NormalBlending,
    depthTest: false,
    depthWrite: false,
    side: DoubleSide,
  });
}

export interface Materials {
  stroke: ShaderMaterial;
  disc: ShaderMaterial;
  box: ShaderMaterial;
  tri: ShaderMaterial;
}

export function createMaterials(uniforms: ViewUniforms): Materials {
  return {
    stroke: createMaterial(STROKE_VERTEX, STROKE_FRAGMENT, uniforms),
    disc: createMaterial(DISC_VERTEX, DISC_FRAGMENT, uniforms),
    box: createMaterial(BOX_VERTEX, BOX_FRAGMENT, uniforms),
    tri: createMaterial(TRI_VERTEX, TRI_FRAGMENT, uniforms),
  };
}

const CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1];

interface AttrSpec {
  name: string;
  size: number;
}

/**
 * A batch of screen-aligned quads, one per logical instance, drawn with ONE drawElements call.
 *
 * Not hardware instancing on purpose: in Chromium's software WebGL (SwiftShader, what these
 * machines run) every instance of drawElementsInstanced costs ~13 µs of fixed overhead
 * (700 quads: 9.5 ms instanced vs 1.2–1.9 ms as one expanded draw, measured with a probe page).
 * So each instance's attributes are written to its 4 vertices and a static index buffer makes
 * the 2 triangles — same shaders, same "one draw per kind of thing", ~8× cheaper here.
 */
export class InstanceBatch {
  readonly mesh: Mesh;
  count = 0;
  /** Multiplies every pushed colour's alpha (ghost previews). */
  alphaMul = 1;
  protected capacity: number;
  protected arrays: Float32Array[] = [];
  private geometry: BufferGeometry;
  private attrs: BufferAttribute[] = [];

  constructor(
    material: ShaderMaterial,
    private readonly specs: readonly AttrSpec[],
    renderOrder: number,
    initialCapacity = 64,
  ) {
    this.capacity = Math.max(1, initialCapacity);
    this.geometry = this.build(this.capacity, null);
    this.mesh = new Mesh(this.geometry, material);
    this.mesh.frustumCulled = false;
    this.mesh.matrixAutoUpdate = false;
    this.mesh.renderOrder = renderOrder;
    this.mesh.visible = false;
  }

  private build(capacity: number, old: Float32Array[] | null): BufferGeometry {
    const g = new BufferGeometry();
    const corners = new Float32Array(capacity * 12);
    for (let q = 0; q < capacity; q++) {
      for (let k = 0; k < 4; k++) {
        corners[q * 12 + k * 3] = CORNERS[k * 2];
        corners[q * 12 + k * 3 + 1] = CORNERS[k * 2 + 1];
      }
    }
    g.setAttribute('position', new BufferAttribute(corners, 3));
    const index = capacity * 4 > 65535 ? new Uint32Array(capacity * 6) : new Uint16Array(capacity * 6);
    for (let q = 0; q < capacity; q++) {
      const v = q * 4;
      index.set([v, v + 1, v + 2, v, v + 2, v + 3], q * 6);
    }
    g.setIndex(new BufferAttribute(index, 1));
    this.arrays = [];
    this.attrs = [];
    this.specs.forEach((s, i) => {
      // Every attribute is stored per vertex: 4 copies per instance.
      const arr = new Float32Array(capacity * 4 * s.size);
      if (old) arr.set(old[i].subarray(0, Math.min(old[i].length, arr.length)));
      const attr = new BufferAttribute(arr, s.size);
      attr.setUsage(DynamicDrawUsage);
      g.setAttribute(s.name, attr);
      this.arrays.push(arr);
      this.attrs.push(attr);
    });
    g.setDrawRange(0, 0);
    return g;
  }

  begin(): void {
    this.count = 0;
  }

  /** Makes room for one more instance and returns its index. */
  protected next(): number {
    if (this.count >= this.capacity) {
      const old = this.arrays;
      const oldGeometry = this.geometry;
      this.capacity *= 2;
      this.geometry = this.build(this.capacity, old);
      this.mesh.geometry = this.geometry;
      oldGeometry.dispose();
    }
    return this.count++;
  }

  /** Uploads the used range and sets the draw range. */
  finish(): void {
    const n = this.count;
    this.specs.forEach((s, i) => {
      const attr = this.attrs[i];
      attr.clearUpdateRanges();
      if (n > 0) {
        attr.addUpdateRange(0, n * 4 * s.size);
        attr.needsUpdate = true;
      }
    });
    this.geometry.setDrawRange(0, n * 6);
    this.mesh.visible = n > 0;
  }

  dispose(): void {
    this.geometry.dispose();
    this.count = 0;
  }

  /** Writes a vec4 attribute value of instance i (to its 4 vertices). */
  protected put4(arr: Float32Array, i: number, a: number, b: number, c: number, d: number): void {
    let o = i * 16;
    for (let k = 0; k < 4; k++, o += 4) {
      arr[o] = a;
      arr[o + 1] = b;
      arr[o + 2] = c;
      arr[o + 3] = d;
    }
  }

  protected putColor(arr: Float32Array, i: number, c: RGBA): void {
    this.put4(arr, i, c[0], c[1], c[2], c[3] * this.alphaMul);
  }

  /** Appends one shape: two vec4 attributes of geometry and parameters, then fill and line colours. */
  protected record(a0: number, a1: number, a2: number, a3: number, b0: number, b1: number, b2: number, b3: number, fill: RGBA, line: RGBA): void {
    const i = this.next();
    this.put4(this.arrays[0], i, a0, a1, a2, a3);
    this.put4(this.arrays[1], i, b0, b1, b2, b3);
    this.putColor(this.arrays[2], i, fill);
    this.putColor(this.arrays[3], i, line);
  }
}

/** Round-capped segments (limbs, outlines, selection, rays, capsules). */
export class StrokeBatch extends InstanceBatch {
  constructor(material: ShaderMaterial, renderOrder: number, initialCapacity = 128) {
    super(material, [
      { name: 'iSeg', size: 4 },
      { name: 'iParams', size: 4 },
      { name: 'iFill', size: 4 },
      { name: 'iLine', size: 4 },
    ], renderOrder, initialCapacity);
  }

  /**
   * @param halfWidth   half the thickness (stage px, or CSS px with SIZE_CSS)
   * @param outline     outline width drawn inside the edge in `line` (stage px, or CSS px with LINE_CSS)
   * @param dash        dash length in CSS px (0 = solid)
   */
  push(ax: number, ay: number, bx: number, by: number, halfWidth: number, fill: RGBA, flags = 0, outline = 0, line: RGBA = fill, dash = 0): void {
    if (!(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))) return;
    this.record(ax, ay, bx, by, halfWidth, outline, dash, flags, fill, line);
  }

  /** Closed (or open) polyline as one segment per edge. */
  polyline(points: ReadonlyArray<readonly [number, number]>, closed: boolean, halfWidth: number, color: RGBA, flags = 0, dash = 0): void {
    const n = points.length;
    if (n < 2) return;
    const last = closed ? n : n - 1;
    for (let k = 0; k < last; k++) {
      const a = points[k];
      const b = points[(k + 1) % n];
      this.push(a[0], a[1], b[0], b[1], halfWidth, color, flags, 0, color, dash);
    }
  }
}

/** Discs and rings (heads, balls, handles, points). */
export class DiscBatch extends InstanceBatch {
  constructor(material: ShaderMaterial, renderOrder: number, initialCapacity = 64) {
    super(material, [
      { name: 'iCircle', size: 4 },
      { name: 'iExtra', size: 4 },
      { name: 'iFill', size: 4 },
      { name: 'iLine', size: 4 },
    ], renderOrder, initialCapacity);
  }

  /** @param markHalfWidth CSS px half-width of a radius line at `rotation` (0 = none). */
  push(cx: number, cy: number, radius: number, fill: RGBA, flags = 0, outline = 0, line: RGBA = fill, rotation = 0, markHalfWidth = 0): void {
    if (!(Number.isFinite(cx) && Number.isFinite(cy) && Number.isFinite(radius))) return;
    this.record(cx, cy, radius, outline, flags, rotation, markHalfWidth, 0, fill, line);
  }
}

/** Rotated rectangles (box props, area fills). */
export class BoxBatch extends InstanceBatch {
  constructor(material: ShaderMaterial, renderOrder: number, initialCapacity = 64) {
    super(material, [
      { name: 'iBox', size: 4 },
      { name: 'iBox2', size: 4 },
      { name: 'iFill', size: 4 },
      { name: 'iLine', size: 4 },
    ], renderOrder, initialCapacity);
  }

  push(cx: number, cy: number, hx: number, hy: number, rotation: number, fill: RGBA, flags = 0, outline = 0, line: RGBA = fill, corner = 0): void {
    if (!(Number.isFinite(cx) && Number.isFinite(cy) && Number.isFinite(hx) && Number.isFinite(hy) && Number.isFinite(rotation))) return;
    this.record(cx, cy, hx, hy, rotation, outline, corner, flags, fill, line);
  }
}

/** Plain triangles with per-vertex colour (terrain fills, polygon props, ghosts of them). */
export class TriBatch {
  readonly mesh: Mesh;
  count = 0;
  alphaMul = 1;
  private capacity: number;
  private geometry: BufferGeometry;
  private pos!: Float32Array;
  private col!: Float32Array;
  private posAttr!: BufferAttribute;
  private colAttr!: BufferAttribute;

  constructor(material: ShaderMaterial, renderOrder: number, initialVertices = 256) {
    this.capacity = Math.max(3, initialVertices);
    this.geometry = this.build(this.capacity);
    this.mesh = new Mesh(this.geometry, material);
    this.mesh.frustumCulled = false;
    this.mesh.matrixAutoUpdate = false;
    this.mesh.renderOrder = renderOrder;
    this.mesh.visible = false;
  }

  private build(capacity: number): BufferGeometry {
    const g = new BufferGeometry();
    const pos = new Float32Array(capacity * 3);
    const col = new Float32Array(capacity * 4);
    if (this.pos) {
      pos.set(this.pos);
      col.set(this.col);
    }
    this.pos = pos;
    this.col = col;
    this.posAttr = new BufferAttribute(pos, 3).setUsage(DynamicDrawUsage);
    this.colAttr = new BufferAttribute(col, 4).setUsage(DynamicDrawUsage);
    g.setAttribute('position', this.posAttr);
    g.setAttribute('aColor', this.colAttr);
    g.setDrawRange(0, 0);
    return g;
  }

  begin(): void {
    this.count = 0;
  }

  private ensure(extra: number): void {
    if (this.count + extra <= this.capacity) return;
    while (this.count + extra > this.capacity) this.capacity *= 2;
    const old = this.geometry;
    this.geometry = this.build(this.capacity);
    this.mesh.geometry = this.geometry;
    old.dispose();
  }

  /** Fan-triangulates a convex polygon given in stage px (optionally rotated + translated). */
  convex(points: ReadonlyArray<readonly [number, number]>, color: RGBA, ox = 0, oy = 0, rotation = 0): void {
    const n = points.length;
    if (n < 3) return;
    const c = Math.cos(rotation);
    const s = Math.sin(rotation);
    const xs = new Array<number>(n);
    const ys = new Array<number>(n);
    for (let k = 0; k < n; k++) {
      const p = points[k];
      xs[k] = ox + p[0] * c - p[1] * s;
      ys[k] = oy + p[0] * s + p[1] * c;
      if (!Number.isFinite(xs[k]) || !Number.isFinite(ys[k])) return;
    }
    this.ensure((n - 2) * 3);
    const a = color[3] * this.alphaMul;
    for (let k = 1; k < n - 1; k++) {
      for (const j of [0, k, k + 1]) {
        const v = this.count++;
        this.pos[v * 3] = xs[j];
        this.pos[v * 3 + 1] = ys[j];
        this.pos[v * 3 + 2] = 0;
        this.col[v * 4] = color[0];
        this.col[v * 4 + 1] = color[1];
        this.col[v * 4 + 2] = color[2];
        this.col[v * 4 + 3] = a;
      }
    }
  }

  finish(): void {
    const n = this.count;
    for (const [attr, size] of [[this.posAttr, 3], [this.colAttr, 4]] as const) {
      attr.clearUpdateRanges();
      if (n > 0) {
        attr.addUpdateRange(0, n * size);
        attr.needsUpdate = true;
      }
    }
    this.geometry.setDrawRange(0, n);
    this.mesh.visible = n > 0;
  }

  dispose(): void {
    this.geometry.dispose();
    this.count = 0;
  }
}
