/**
 * The three.js orthographic stage view (DESIGN.md §2 render/, §6b budget). It reads frame
 * snapshots and never mutates the simulation.
 *
 * Stage space is pixels, +X right, +Y down: the orthographic camera's top is the smaller Y, so
 * stage coordinates go to the GPU unchanged. Everything is drawn with a handful of instanced
 * batches (one draw call each), rewritten from the frame every render; terrain and the grid are
 * static meshes rebuilt only when their inputs change. No MSAA: edges are smoothed in the
 * fragment shaders over one device pixel.
 */
import { OrthographicCamera, Scene, WebGLRenderer, type Mesh } from 'three';
import type { AreaView, FrameSnapshot, PropView, RigView, TerrainView } from '../streams/frame/frame';
import type { PropShape } from '../core/props/resolve';
import { boxCorners } from '../core/geometry/hitTest';
import { BoxBatch, DiscBatch, LINE_CSS, SIZE_CSS, StrokeBatch, TriBatch, createMaterials, type Materials, type ViewUniforms } from './batches';
import { Camera2D, DEFAULT_FIT_MARGIN } from './camera';
import { followStep } from './cameraFollow';
import { parseHex, rgba, shade, TRANSPARENT, type RGBA } from './color';
import { LabelLayer, type LabelSpec } from './labels';
import { SpeechLayer } from './speech';
import { speechScale } from './speechLayout';
import { RedrawGate } from './redrawGate';
import { drawThrowGuide, type ThrowGuideMarks } from './throwGuide';
import { drawOrder, farColor, partDepth } from './rigDepth';

type Vec2 = [number, number];

export interface ViewOverlay {
  /** Draw a selection outline around these objects. */
  selectedIds: readonly string[];
  /** Lighter outline. */
  hoverId?: string | null;
  /** Translucent placement preview. */
  ghost?: { terrain?: TerrainView[]; props?: PropView[]; areas?: AreaView[]; rigs?: RigView[] } | null;
  /** Small draggable dots (stage px). */
  handles?: ReadonlyArray<{ id: string; kind: 'rotate' | 'resize' | 'marker'; position: Vec2 }>;
  /**
   * DIRECT mode markers (flag/cross). `from`: where the pointer aimed when the target was snapped
   * onto the ground away from it (a dotted drop line joins them).
   */
  walkTargets?: ReadonlyArray<{ rigId: string; position: Vec2; label?: string; from?: Vec2 | null }>;
  /** DIRECT and the action editors: a throw's predicted arc and its raw, capped and contact points (render/throwGuide). */
  throwGuide?: ThrowGuideMarks | null;
  /** A marquee being dragged (stage px). */
  marquee?: { minX: number; minY: number; maxX: number; maxY: number } | null;
  /** Grid snapping is on with this step (stage px): the background grid shows it where it is wide enough to see. */
  snapGrid?: number | null;
  /** The box around a multi-selection (its rotate handle sits above it). */
  groupBox?: { center: Vec2; half: Vec2; rotation: number } | null;
  /** The grips of the selected prop (stage px, direction in radians); the primary one is filled. */
  grips?: ReadonlyArray<{ id: string; position: Vec2; rotation: number; primary: boolean }>;
  debug?: {
    enabled: boolean;
    rays?: ReadonlyArray<{ from: Vec2; to: Vec2; hit: boolean }>;
    points?: ReadonlyArray<Vec2>;
    proxies?: ReadonlyArray<{ kind: 'circle' | 'capsule'; center: Vec2; rotation: number; radius: number; halfHeight?: number }>;
    labels?: ReadonlyArray<{ position: Vec2; text: string }>;
    /** Ragdolls: their bodies, joints and rest-timer text. */
    ragdolls?: ReadonlyArray<{
      id: string;
      bodies: ReadonlyArray<{ kind: 'circle' | 'capsule'; center: Vec2; rotation: number; radius: number; halfHeight?: number }>;
      joints: ReadonlyArray<Vec2>;
      label: { position: Vec2; text: string };
    }>;
    /** Active hit reactions per rig as text, drawn a line under the label at `position`. */
    reactions?: ReadonlyArray<{ position: Vec2; text: string }>;
    /** Feet a hard landing holds to their contacts: a ring on the contact, teal from the foot's own fan, amber for the fallback. */
    footLocks?: ReadonlyArray<{ side: 'left' | 'right'; position: Vec2; fromFan: boolean }>;
  } | null;
}

export interface StageViewOptions {
  /**
   * Element that receives the HTML overlays, speech bubbles and labels (it should be positioned
   * and cover the canvas exactly). By default divs are inserted right after the canvas and kept
   * over it.
   */
  labelContainer?: HTMLElement;
  /** Margin in CSS px used by the automatic fit before the UI first moves the camera. */
  autoFitMargin?: number;
}

/** Visual constants (stage px unless the name says css). */
export const VIEW_STYLE = {
  paper: '#f4f1ea',
  stageBorder: '#bdb5a4',
  gridStep: 100,
  limbHalfWidth: 8,
  selection: '#1f6feb',
  hover: '#1f6feb',
  rotateHandle: '#e8890c',
  walkTarget: '#e8590c',
  ghostAlpha: 0.42,
  rayHit: '#e03131',
  rayMiss: '#2f9e44',
  debugPoint: '#d6336c',
  proxy: '#7048e8',
  ragdoll: '#e8590c',
  ragdollJoint: '#343a40',
  reaction: '#c2255c',
  footLock: '#0c8599',
  footLockFallback: '#f08c00',
  grip: '#0b7285',
  placeholder: '#6c737d',
} as const;

/** CSS px from a debug label down to the reaction line under it. */
const REACTION_LINE_CSS = 16;

const TAU = Math.PI * 2;

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Shortest-way angle interpolation. */
export function lerpAngle(a: number, b: number, t: number): number {
  let d = (b - a) % TAU;
  if (d > Math.PI) d -= TAU;
  else if (d < -Math.PI) d += TAU;
  return a + d * t;
}

/** Opaque colour equal to `color` at `opacity` over the paper. */
function fadeToPaper(color: string, opacity: number): RGBA {
  const c = parseHex(color);
  const p = parseHex(VIEW_STYLE.paper);
  return [p[0] + (c[0] - p[0]) * opacity, p[1] + (c[1] - p[1]) * opacity, p[2] + (c[2] - p[2]) * opacity, 1];
}

interface Layer {
  boxes: BoxBatch;
  tris: TriBatch;
  strokes: StrokeBatch;
  discs: DiscBatch;
}

interface FrameIndex {
  props: Map<string, PropView>;
  rigs: Map<string, RigView>;
  areas: Map<string, AreaView>;
  terrain: Map<string, TerrainView>;
}

interface PropPose {
  stamp: number;
  x: number;
  y: number;
  rotation: number;
  shape: PropShape;
}

interface RigBox {
  stamp: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Interpolated head centre and the top of the drawn head ring (stage px): the speech anchor. */
  headX: number;
  headTop: number;
}

const frameIndexCache = new WeakMap<FrameSnapshot, FrameIndex>();

function indexFrame(f: FrameSnapshot): FrameIndex {
  let idx = frameIndexCache.get(f);
  if (!idx) {
    idx = {
      props: new Map(f.props.map((p) => [p.id, p])),
      rigs: new Map(f.rigs.map((r) => [r.id, r])),
      areas: new Map(f.areas.map((a) => [a.id, a])),
      terrain: new Map(f.terrain.map((t) => [t.id, t])),
    };
    frameIndexCache.set(f, idx);
  }
  return idx;
}

export class StageView {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera3 = new OrthographicCamera(0, 1, 0, 1, 0.1, 100);
  private readonly cam = new Camera2D();
  private readonly uniforms: ViewUniforms = { uCss: { value: 1 }, uDev: { value: 1 } };
  private readonly materials: Materials;
  private readonly labels: LabelLayer;
  private readonly speech: SpeechLayer;
  private readonly autoFitMargin: number;
  private dpr = 1;
  private cameraTouched = false;
  /** The stage last fitted, while no pan or zoom has moved the view since: a resize fits it again. */
  private fitted: { stage: { width: number; height: number }; margin: number } | null = null;
  private disposed = false;
  private stamp = 0;
  /** Draw on demand: render() skips the draw when nothing it draws from changed. */
  private readonly gate = new RedrawGate();
  private readonly onContextRestored = () => this.gate.invalidate();
  private draws = 0;

  // Static layers.
  private readonly gridStrokes: StrokeBatch;
  private readonly terrainTris: TriBatch;
  private readonly terrainStrokes: StrokeBatch;
  private gridKey = '';
  private terrainArray: readonly TerrainView[] | null = null;
  private terrainItems: TerrainView[] = [];

  // Dynamic layers.
  private readonly world: Layer;
  private readonly ghost: Layer;
  private readonly overlayStrokes: StrokeBatch;
  private readonly overlayDiscs: DiscBatch;
  private readonly allBatches: Array<{ dispose(): void; mesh: { visible: boolean } }> = [];

  private readonly propPoses = new Map<string, PropPose>();
  private readonly rigBoxes = new Map<string, RigBox>();
  /** Scratch for a rig's part drawing order. */
  private readonly partOrder: number[] = [];
  private readonly labelSpecs: LabelSpec[] = [];

  constructor(canvas: HTMLCanvasElement, options: StageViewOptions = {}) {
    this.renderer = new WebGLRenderer({
      canvas,
      antialias: false,
      alpha: false,
      depth: false,
      stencil: false,
      premultipliedAlpha: true,
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
    });
    this.renderer.setClearColor(VIEW_STYLE.paper, 1);
    this.renderer.sortObjects = true;
    this.camera3.position.set(0, 0, 10);
    this.camera3.updateMatrixWorld();
    this.materials = createMaterials(this.uniforms);
    this.labels = new LabelLayer(canvas, options.labelContainer ?? null);
    this.speech = new SpeechLayer(canvas, options.labelContainer ?? null);
    this.autoFitMargin = options.autoFitMargin ?? DEFAULT_FIT_MARGIN;

    let order = 0;
    const m = this.materials;
    const add = <T extends { mesh: Mesh; dispose(): void }>(b: T): T => {
      this.scene.add(b.mesh);
      this.allBatches.push(b);
      return b;
    };
    this.gridStrokes = add(new StrokeBatch(m.stroke, order++, 256));
    this.terrainTris = add(new TriBatch(m.tri, order++, 1024));
    this.terrainStrokes = add(new StrokeBatch(m.stroke, order++, 256));
    const layer = (alpha: number): Layer => {
      const l: Layer = {
        boxes: add(new BoxBatch(m.box, order++)),
        tris: add(new TriBatch(m.tri, order++)),
        strokes: add(new StrokeBatch(m.stroke, order++, 512)),
        discs: add(new DiscBatch(m.disc, order++)),
      };
      l.boxes.alphaMul = l.tris.alphaMul = l.strokes.alphaMul = l.discs.alphaMul = alpha;
      return l;
    };
    this.world = layer(1);
    this.ghost = layer(VIEW_STYLE.ghostAlpha);
    this.overlayStrokes = add(new StrokeBatch(m.stroke, order++, 128));
    this.overlayDiscs = add(new DiscBatch(m.disc, order++, 64));

    const w = canvas.clientWidth || canvas.width || 1;
    const h = canvas.clientHeight || canvas.height || 1;
    const dpr = typeof globalThis.devicePixelRatio === 'number' ? globalThis.devicePixelRatio : 1;
    this.resize(w, h, dpr);
    canvas.addEventListener('webglcontextrestored', this.onContextRestored);
  }

  // ---------------------------------------------------------------- camera

  get zoom(): number {
    return this.cam.zoom;
  }

  /** The visible stage rectangle (stage px). */
  get viewBounds(): { left: number; right: number; top: number; bottom: number } {
    return this.cam.bounds();
  }

  resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): void {
    if (this.disposed) return;
    const w = Math.max(1, Number.isFinite(cssWidth) ? cssWidth : 1);
    const h = Math.max(1, Number.isFinite(cssHeight) ? cssHeight : 1);
    this.dpr = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
    this.renderer.setPixelRatio(this.dpr);
    this.renderer.setSize(w, h, false);
    this.cam.setViewport(w, h);
    if (this.fitted) this.cam.fit(this.fitted.stage, this.fitted.margin);
    this.gate.invalidate();
    this.labels.syncBox();
    this.speech.syncBox();
  }

  screenToStage(screenX: number, screenY: number): Vec2 {
    return this.cam.screenToStage(screenX, screenY);
  }

  stageToScreen(p: Vec2): Vec2 {
    return this.cam.stageToScreen(p);
  }

  panBy(dxScreen: number, dyScreen: number): void {
    this.cameraTouched = true;
    this.fitted = null;
    this.cam.panBy(dxScreen, dyScreen);
    this.gate.invalidate();
  }

  zoomAt(screenX: number, screenY: number, factor: number): void {
    this.cameraTouched = true;
    this.fitted = null;
    this.cam.zoomAt(screenX, screenY, factor);
    this.gate.invalidate();
  }

  fit(stage: { width: number; height: number }, marginPx = DEFAULT_FIT_MARGIN): void {
    this.cameraTouched = true;
    this.fitted = { stage: { width: stage.width, height: stage.height }, margin: marginPx };
    this.cam.fit(stage, marginPx);
    this.gate.invalidate();
  }

  /** Camera follow: eases the view's centre toward `target` over `dtSeconds` (render/cameraFollow). */
  followTo(target: Vec2, dtSeconds: number): void {
    if (!followStep(this.cam, target, dtSeconds)) return;
    this.cameraTouched = true;
    this.fitted = null;
    this.gate.invalidate();
  }

  /** Makes the next render() draw even if its inputs are unchanged (perf probes, a lost picture). */
  invalidate(): void {
    this.gate.invalidate();
  }

  /** Draw calls and triangles of the last draw, and how many draws so far (for perf probes). */
  stats(): { calls: number; triangles: number; draws: number } {
    const r = this.renderer.info.render;
    return { calls: r.calls, triangles: r.triangles, draws: this.draws };
  }

  // ---------------------------------------------------------------- render

  /**
   * Draws `cur` (interpolated from `prev` by `alpha`) with `overlay`, unless none of them, nor the
   * camera or the canvas size, changed since the last draw: then the canvas keeps its picture.
   */
  render(prev: FrameSnapshot, cur: FrameSnapshot, alpha: number, overlay: ViewOverlay): void {
    if (this.disposed || !this.gate.needsDraw(prev, cur, alpha, overlay)) return;
    // Until the UI positions the camera, keep the whole stage in view.
    if (!this.cameraTouched) this.cam.fit(cur.stage, this.autoFitMargin);
    this.stamp++;
    const t = Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : 1;

    this.syncCamera();
    this.updateGrid(cur.stage, overlay.snapGrid ?? null);
    this.updateTerrain(cur.terrain);
    this.drawWorld(prev, cur, t);
    this.drawGhost(overlay.ghost ?? null);
    this.drawOverlay(cur, overlay);
    this.speech.update(cur.rigs, this.speechAnchor, speechScale(this.cam.zoom));

    this.renderer.render(this.scene, this.camera3);
    this.gate.drawn(prev, cur, alpha, overlay);
    this.draws += 1;
  }

  /** Live speech bubbles (for probes). */
  get speechBubbleCount(): number {
    return this.speech.size;
  }

  /** Screen anchor of a rig's speech: the top of its (interpolated) head ring this frame. */
  private readonly speechAnchor = (rigId: string, out: Vec2): boolean => {
    const box = this.rigBoxes.get(rigId);
    if (!box || box.stamp !== this.stamp) return false;
    const [x, y] = this.cam.stageToScreen([box.headX, box.headTop]);
    out[0] = x;
    out[1] = y;
    return true;
  };

  private syncCamera(): void {
    const b = this.cam.bounds();
    const c = this.camera3;
    c.left = b.left;
    c.right = b.right;
    c.top = b.top; // smaller Y at the top of the screen: +Y goes down
    c.bottom = b.bottom;
    c.updateProjectionMatrix();
    const z = this.cam.zoom;
    this.uniforms.uCss.value = 1 / z;
    this.uniforms.uDev.value = 1 / (z * this.dpr);
  }

  private updateGrid(stage: { width: number; height: number }, snapGrid: number | null): void {
    const zoom = this.cam.zoom;
    // Snapping on and zoomed in far enough: the snap grid itself, every fifth line major.
    let step = snapGrid && snapGrid > 0 && snapGrid * zoom >= 8 ? snapGrid : VIEW_STYLE.gridStep;
    // Keep grid lines at least ~10 CSS px apart: 100, 500, 1000, 5000, 10000 …
    for (let k = 0; step * zoom < 10 && k < 20; k++) step *= k % 2 === 0 ? 5 : 2;
    const key = `${stage.width}x${stage.height}@${step}`;
    if (key === this.gridKey) return;
    this.gridKey = key;
    const g = this.gridStrokes;
    g.begin();
    const W = stage.width;
    const H = stage.height;
    if (Number.isFinite(W) && Number.isFinite(H) && W > 0 && H > 0) {
      const minor: RGBA = [0.2, 0.18, 0.12, 0.07];
      const major: RGBA = [0.2, 0.18, 0.12, 0.13];
      const majorEvery = step * 5;
      for (let x = step; x < W; x += step) g.push(x, 0, x, H, 0.5, x % majorEvery === 0 ? major : minor, SIZE_CSS);
      for (let y = step; y < H; y += step) g.push(0, y, W, y, 0.5, y % majorEvery === 0 ? major : minor, SIZE_CSS);
      g.polyline([[0, 0], [W, 0], [W, H], [0, H]], true, 1, rgba(VIEW_STYLE.stageBorder), SIZE_CSS);
    }
    g.finish();
  }

  private updateTerrain(terrain: readonly TerrainView[]): void {
    if (terrain === this.terrainArray) return;
    const same = terrain.length === this.terrainItems.length && terrain.every((t, i) => t === this.terrainItems[i]);
    this.terrainArray = terrain;
    if (same) return;
    this.terrainItems = terrain.slice();
    this.terrainTris.begin();
    this.terrainStrokes.begin();
    for (const t of terrain) this.drawTerrain(t, this.terrainTris, this.terrainStrokes);
    this.terrainTris.finish();
    this.terrainStrokes.finish();
  }

  private drawTerrain(t: TerrainView, tris: TriBatch, strokes: StrokeBatch): void {
    const fill = rgba(t.color);
    for (const piece of t.pieces) tris.convex(piece, fill);
    strokes.polyline(t.outline, true, 1, shade(t.color, 0.45), SIZE_CSS);
  }

  private drawWorld(prev: FrameSnapshot, cur: FrameSnapshot, t: number): void {
    const L = this.world;
    this.beginLayer(L);
    const interpolate = prev !== cur && t < 1;
    const prevIdx = interpolate ? indexFrame(prev) : null;

    for (const a of cur.areas) this.drawArea(L, a);

    for (const p of cur.props) {
      let x = p.position[0];
      let y = p.position[1];
      let rot = p.rotation;
      const q = prevIdx?.props.get(p.id);
      if (q) {
        x = lerp(q.position[0], x, t);
        y = lerp(q.position[1], y, t);
        rot = lerpAngle(q.rotation, rot, t);
      }
      let pose = this.propPoses.get(p.id);
      if (!pose) {
        pose = { stamp: 0, x, y, rotation: rot, shape: p.shape };
        this.propPoses.set(p.id, pose);
      }
      pose.stamp = this.stamp;
      pose.x = x;
      pose.y = y;
      pose.rotation = rot;
      pose.shape = p.shape;
      if (p.placeholder) this.drawPlaceholder(L, p.shape, x, y, rot, p.fill);
      else this.drawProp(L, p.shape, x, y, rot, p.fill, p.stroke);
    }

    for (const r of cur.rigs) this.drawRig(L, r, prevIdx?.rigs.get(r.id) ?? null, t, true);

    this.finishLayer(L);
    if (this.propPoses.size > cur.props.length * 2 + 64) this.prune();
  }

  private prune(): void {
    for (const [id, p] of this.propPoses) if (p.stamp !== this.stamp) this.propPoses.delete(id);
    for (const [id, r] of this.rigBoxes) if (r.stamp !== this.stamp) this.rigBoxes.delete(id);
  }

  private drawGhost(ghost: ViewOverlay['ghost']): void {
    const L = this.ghost;
    this.beginLayer(L);
    if (ghost) {
      for (const tv of ghost.terrain ?? []) this.drawTerrain(tv, L.tris, L.strokes);
      for (const a of ghost.areas ?? []) this.drawArea(L, a);
      for (const p of ghost.props ?? []) this.drawProp(L, p.shape, p.position[0], p.position[1], p.rotation, p.fill, p.stroke);
      // Rigs are drawn opaque in a colour faded toward the paper: translucent round caps would
      // double up (darker dots) wherever two limbs overlap at a joint.
      L.strokes.alphaMul = L.discs.alphaMul = 1;
      for (const r of ghost.rigs ?? []) this.drawRig(L, r, null, 1, false, fadeToPaper(r.color, VIEW_STYLE.ghostAlpha));
      L.strokes.alphaMul = L.discs.alphaMul = VIEW_STYLE.ghostAlpha;
    }
    this.finishLayer(L);
  }

  private beginLayer(L: Layer): void {
    L.boxes.begin();
    L.tris.begin();
    L.strokes.begin();
    L.discs.begin();
  }

  private finishLayer(L: Layer): void {
    L.boxes.finish();
    L.tris.finish();
    L.strokes.finish();
    L.discs.finish();
  }

  private drawArea(L: Layer, a: AreaView): void {
    const [cx, cy] = a.position;
    const hx = a.size[0] / 2;
    const hy = a.size[1] / 2;
    const active = a.occupants > 0;
    L.boxes.push(cx, cy, hx, hy, a.rotation, rgba(a.color, active ? 0.3 : 0.12));
    L.strokes.polyline(boxCorners({ center: [cx, cy], half: [hx, hy], rotation: a.rotation }), true, active ? 1.25 : 0.9, rgba(a.color, 0.9), SIZE_CSS, active ? 0 : 7);
  }

  private drawProp(L: Layer, shape: PropShape, x: number, y: number, rot: number, fillColor: string, strokeColor: string): void {
    const fill = rgba(fillColor);
    const line = rgba(strokeColor);
    switch (shape.kind) {
      case 'box':
        L.boxes.push(x, y, shape.size[0] / 2, shape.size[1] / 2, rot, fill, LINE_CSS, 1.5, line, 1);
        break;
      case 'circle':
        L.discs.push(x, y, shape.radius, fill, LINE_CSS, 1.5, line, rot, 0.9);
        break;
      case 'capsule': {
        // Capsules lie along local Y: the cap centres are ±length/2 on it.
        const ax = -Math.sin(rot) * (shape.length / 2);
        const ay = Math.cos(rot) * (shape.length / 2);
        L.strokes.push(x - ax, y - ay, x + ax, y + ay, shape.radius, fill, LINE_CSS, 1.5, line);
        break;
      }
      case 'polygon': {
        L.tris.convex(shape.points, fill, x, y, rot);
        const c = Math.cos(rot);
        const s = Math.sin(rot);
        const pts = shape.points.map(([px, py]) => [x + px * c - py * s, y + px * s + py * c] as Vec2);
        L.strokes.polyline(pts, true, 0.75, line, SIZE_CSS);
        break;
      }
    }
  }

  /** A missing asset's stand-in: a pale box with a dashed outline (its label is drawn with the overlay). */
  private drawPlaceholder(L: Layer, shape: PropShape, x: number, y: number, rot: number, fillColor: string): void {
    const [hx, hy] = shape.kind === 'box' ? [shape.size[0] / 2, shape.size[1] / 2] : [40, 40];
    L.boxes.push(x, y, hx, hy, rot, rgba(fillColor, 0.55));
    L.strokes.polyline(boxCorners({ center: [x, y], half: [hx, hy], rotation: rot }), true, 0.9, rgba(VIEW_STYLE.placeholder), SIZE_CSS, 6);
  }

  private drawRig(L: Layer, r: RigView, prev: RigView | null, t: number, record: boolean, colorOverride?: RGBA): void {
    const color = colorOverride ?? rgba(r.color);
    const far = farColor(color);
    const hw = VIEW_STYLE.limbHalfWidth;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const usePrev = prev !== null && t < 1;
    // Back to front (./rigDepth): far limbs darker behind the torso, near limbs on top.
    const order = drawOrder(r.parts, r.facing, this.partOrder);
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      const part = r.parts[i];
      let sx = part.start[0];
      let sy = part.start[1];
      let ex = part.end[0];
      let ey = part.end[1];
      if (usePrev) {
        const pp = prev.parts[i]?.name === part.name ? prev.parts[i] : prev.parts.find((q) => q.name === part.name);
        if (pp) {
          sx = lerp(pp.start[0], sx, t);
          sy = lerp(pp.start[1], sy, t);
          ex = lerp(pp.end[0], ex, t);
          ey = lerp(pp.end[1], ey, t);
        }
      }
      L.strokes.push(sx, sy, ex, ey, hw, partDepth(part.name, r.facing) === 'far' ? far : color);
      if (record) {
        minX = Math.min(minX, sx, ex);
        maxX = Math.max(maxX, sx, ex);
        minY = Math.min(minY, sy, ey);
        maxY = Math.max(maxY, sy, ey);
      }
    }
    let hx = r.headCenter[0];
    let hy = r.headCenter[1];
    if (usePrev) {
      hx = lerp(prev.headCenter[0], hx, t);
      hy = lerp(prev.headCenter[1], hy, t);
    }
    // Head: a ring as thick as the limbs, centred on the head radius.
    L.discs.push(hx, hy, r.headRadius + hw, TRANSPARENT, 0, 2 * hw, color);
    if (record) {
      const hr = r.headRadius + hw;
      minX = Math.min(minX - hw, hx - hr);
      maxX = Math.max(maxX + hw, hx + hr);
      minY = Math.min(minY - hw, hy - hr);
      maxY = Math.max(maxY + hw, hy + hr);
      let box = this.rigBoxes.get(r.id);
      if (!box) {
        box = { stamp: 0, minX, minY, maxX, maxY, headX: hx, headTop: hy - hr - hw };
        this.rigBoxes.set(r.id, box);
      }
      box.stamp = this.stamp;
      box.headX = hx;
      box.headTop = hy - hr - hw; // outer edge of the ring (radius headRadius + hw, half-width hw)
      box.minX = minX;
      box.minY = minY;
      box.maxX = maxX;
      box.maxY = maxY;
    }
  }

  // ---------------------------------------------------------------- overlay

  private drawOverlay(cur: FrameSnapshot, overlay: ViewOverlay): void {
    const S = this.overlayStrokes;
    const D = this.overlayDiscs;
    S.begin();
    D.begin();
    const labels = this.labelSpecs;
    labels.length = 0;
    const css = 1 / this.cam.zoom;

    const debug = overlay.debug;
    if (debug && debug.enabled) {
      this.drawDebugShapes(debug.proxies ?? [], rgba(VIEW_STYLE.proxy, 0.08), rgba(VIEW_STYLE.proxy, 0.9));
      const ragdollFill = rgba(VIEW_STYLE.ragdoll, 0.12);
      const ragdollLine = rgba(VIEW_STYLE.ragdoll, 0.95);
      const jointFill = rgba('#ffffff');
      const jointLine = rgba(VIEW_STYLE.ragdollJoint);
      for (const r of debug.ragdolls ?? []) {
        this.drawDebugShapes(r.bodies, ragdollFill, ragdollLine);
        for (const j of r.joints) D.push(j[0], j[1], 3.5, jointFill, SIZE_CSS | LINE_CSS, 1.5, jointLine);
        const [x, y] = this.cam.stageToScreen(r.label.position);
        labels.push({ x: x + 4, y: y + 4, text: r.label.text, color: VIEW_STYLE.ragdoll });
      }
      for (const l of debug.reactions ?? []) {
        const [x, y] = this.cam.stageToScreen(l.position);
        labels.push({ x: x + 4, y: y + 4 + REACTION_LINE_CSS, text: l.text, color: VIEW_STYLE.reaction });
      }
      const hit = rgba(VIEW_STYLE.rayHit);
      const miss = rgba(VIEW_STYLE.rayMiss);
      for (const ray of debug.rays ?? []) {
        S.push(ray.from[0], ray.from[1], ray.to[0], ray.to[1], 0.75, ray.hit ? hit : miss, SIZE_CSS);
        if (ray.hit) D.push(ray.to[0], ray.to[1], 3, hit, SIZE_CSS);
      }
      const pt = rgba(VIEW_STYLE.debugPoint);
      for (const p of debug.points ?? []) D.push(p[0], p[1], 3, pt, SIZE_CSS);
      for (const f of debug.footLocks ?? []) {
        const color = f.fromFan ? VIEW_STYLE.footLock : VIEW_STYLE.footLockFallback;
        const c = rgba(color);
        const [x, y] = f.position;
        D.push(x, y, 8, TRANSPARENT, SIZE_CSS | LINE_CSS, 2, c);
        S.push(x - 14 * css, y, x + 14 * css, y, 1, c, SIZE_CSS);
        const [sx, sy] = this.cam.stageToScreen(f.position);
        // The feet may stand close together: the two labels take two lines.
        labels.push({ x: sx + 10, y: sy + (f.side === 'left' ? 4 : 18), text: `${f.side === 'left' ? 'L' : 'R'} locked${f.fromFan ? '' : ' (fallback)'}`, color });
      }
      for (const l of debug.labels ?? []) {
        const [x, y] = this.cam.stageToScreen(l.position);
        labels.push({ x: x + 4, y: y + 4, text: l.text, color: '#3b2a6b' });
      }
    }

    // Placeholders say what is missing, at their top-left corner.
    for (const p of cur.props) {
      if (!p.placeholder) continue;
      const pose = this.propPoses.get(p.id);
      if (!pose || pose.stamp !== this.stamp || pose.shape.kind !== 'box') continue;
      const [sx, sy] = this.cam.stageToScreen([pose.x - pose.shape.size[0] / 2, pose.y - pose.shape.size[1] / 2]);
      labels.push({ x: sx + 2, y: sy - 16, text: `missing ${p.spawn_id}`, color: VIEW_STYLE.placeholder });
    }

    const gripColor = rgba(VIEW_STYLE.grip);
    const gripHollow = rgba('#ffffff', 0.9);
    for (const g of overlay.grips ?? []) {
      const [x, y] = g.position;
      const len = 16 * css;
      S.push(x, y, x + Math.cos(g.rotation) * len, y + Math.sin(g.rotation) * len, 1.25, gripColor, SIZE_CSS);
      D.push(x, y, 4.5, g.primary ? gripColor : gripHollow, SIZE_CSS | LINE_CSS, 1.5, gripColor);
    }

    const wt = rgba(VIEW_STYLE.walkTarget);
    const pole = rgba('#343a40');
    for (const w of overlay.walkTargets ?? []) {
      const [x, y] = w.position;
      const c = 6 * css;
      if (w.from && Math.hypot(w.from[0] - x, w.from[1] - y) > 8 * css) {
        // Aimed elsewhere (the sky, inside a platform): a dotted line from the pointer down to the flag.
        S.push(w.from[0], w.from[1], x, y, 0.75, wt, SIZE_CSS, 0, wt, 5);
        D.push(w.from[0], w.from[1], 3, rgba('#ffffff'), SIZE_CSS | LINE_CSS, 1.5, wt);
      }
      S.push(x - c, y - c, x + c, y + c, 1.5, wt, SIZE_CSS);
      S.push(x - c, y + c, x + c, y - c, 1.5, wt, SIZE_CSS);
      const top = y - 34 * css;
      S.push(x, y, x, top, 1, pole, SIZE_CSS);
      S.push(x + 1 * css, top + 5 * css, x + 13 * css, top + 5 * css, 5, wt, SIZE_CSS);
      if (w.label) {
        const [sx, sy] = this.cam.stageToScreen([x, top]);
        labels.push({ x: sx + 20, y: sy - 2, text: w.label, color: VIEW_STYLE.walkTarget });
      }
    }

    if (overlay.throwGuide) drawThrowGuide(overlay.throwGuide, S, D, labels, css, (p) => this.cam.stageToScreen(p));

    if (overlay.groupBox) {
      const g = overlay.groupBox;
      const pad = 6 * css;
      S.polyline(boxCorners({ center: g.center, half: [g.half[0] + pad, g.half[1] + pad], rotation: g.rotation }), true, 0.6, rgba(VIEW_STYLE.selection, 0.55), SIZE_CSS, 4);
    }
    if (overlay.marquee) {
      const m = overlay.marquee;
      const corners: Vec2[] = [[m.minX, m.minY], [m.maxX, m.minY], [m.maxX, m.maxY], [m.minX, m.maxY]];
      S.polyline(corners, true, 0.75, rgba(VIEW_STYLE.selection, 0.9), SIZE_CSS, 5);
    }

    const idx = indexFrame(cur);
    const selected = overlay.selectedIds;
    if (overlay.hoverId && !selected.includes(overlay.hoverId)) {
      this.outlineObject(overlay.hoverId, idx, rgba(VIEW_STYLE.hover, 0.45), 1);
    }
    const sel = rgba(VIEW_STYLE.selection);
    for (const id of selected) this.outlineObject(id, idx, sel, 1.25);

    for (const h of overlay.handles ?? []) {
      const [x, y] = h.position;
      switch (h.kind) {
        case 'rotate':
          D.push(x, y, 5.5, rgba('#ffffff'), SIZE_CSS | LINE_CSS, 2, rgba(VIEW_STYLE.rotateHandle));
          break;
        case 'resize':
          D.push(x, y, 5, rgba('#ffffff'), SIZE_CSS | LINE_CSS, 2, sel);
          break;
        case 'marker':
          D.push(x, y, 5, sel, SIZE_CSS | LINE_CSS, 1.5, rgba('#ffffff'));
          break;
      }
    }

    S.finish();
    D.finish();
    this.labels.update(labels);
  }

  /** Debug collider outlines: circles and capsules (along local Y, turned by `rotation`). */
  private drawDebugShapes(shapes: NonNullable<NonNullable<ViewOverlay['debug']>['proxies']>, fill: RGBA, line: RGBA): void {
    const S = this.overlayStrokes;
    const D = this.overlayDiscs;
    for (const p of shapes) {
      if (p.kind === 'circle') {
        D.push(p.center[0], p.center[1], p.radius, fill, LINE_CSS, 1.25, line);
      } else {
        const hh = p.halfHeight ?? 0;
        const ax = -Math.sin(p.rotation) * hh;
        const ay = Math.cos(p.rotation) * hh;
        S.push(p.center[0] - ax, p.center[1] - ay, p.center[0] + ax, p.center[1] + ay, p.radius, fill, LINE_CSS, 1.25, line);
      }
    }
  }

  /** Selection / hover outline following the object's shape. `hw` is a CSS px half-width. */
  private outlineObject(id: string, idx: FrameIndex, color: RGBA, hw: number): void {
    const S = this.overlayStrokes;
    const D = this.overlayDiscs;
    const css = 1 / this.cam.zoom;
    const pad = 5 * css;

    const pose = this.propPoses.get(id);
    if (pose && pose.stamp === this.stamp) {
      const { x, y, rotation: rot, shape } = pose;
      if (shape.kind === 'circle') {
        D.push(x, y, shape.radius + pad, TRANSPARENT, LINE_CSS, 2 * hw, color);
      } else if (shape.kind === 'capsule') {
        const ax = -Math.sin(rot) * (shape.length / 2);
        const ay = Math.cos(rot) * (shape.length / 2);
        S.push(x - ax, y - ay, x + ax, y + ay, shape.radius + pad, TRANSPARENT, LINE_CSS, 2 * hw, color);
      } else {
        let ex: number;
        let ey: number;
        if (shape.kind === 'box') {
          ex = shape.size[0] / 2;
          ey = shape.size[1] / 2;
        } else {
          ex = 0;
          ey = 0;
          for (const [px, py] of shape.points) {
            ex = Math.max(ex, Math.abs(px));
            ey = Math.max(ey, Math.abs(py));
          }
        }
        ex += pad;
        ey += pad;
        const c = Math.cos(rot);
        const s = Math.sin(rot);
        const corner = (lx: number, ly: number): Vec2 => [x + lx * c - ly * s, y + lx * s + ly * c];
        S.polyline([corner(-ex, -ey), corner(ex, -ey), corner(ex, ey), corner(-ex, ey)], true, hw, color, SIZE_CSS);
      }
      return;
    }
    const box = this.rigBoxes.get(id);
    if (box && box.stamp === this.stamp) {
      const x0 = box.minX - pad;
      const y0 = box.minY - pad;
      const x1 = box.maxX + pad;
      const y1 = box.maxY + pad;
      S.polyline([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], true, hw, color, SIZE_CSS);
      return;
    }
    const area = idx.areas.get(id);
    if (area) {
      const [cx, cy] = area.position;
      S.polyline(boxCorners({ center: [cx, cy], half: [area.size[0] / 2 + pad, area.size[1] / 2 + pad], rotation: area.rotation }), true, hw, color, SIZE_CSS);
      return;
    }
    const terrain = idx.terrain.get(id);
    if (terrain) {
      S.polyline(terrain.outline, true, hw + 0.5, color, SIZE_CSS);
    }
  }

  // ---------------------------------------------------------------- lifecycle

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.renderer.domElement.removeEventListener('webglcontextrestored', this.onContextRestored);
    for (const b of this.allBatches) b.dispose();
    this.allBatches.length = 0;
    this.scene.clear();
    this.materials.stroke.dispose();
    this.materials.disc.dispose();
    this.materials.box.dispose();
    this.materials.tri.dispose();
    this.labels.dispose();
    this.speech.dispose();
    this.propPoses.clear();
    this.rigBoxes.clear();
    this.terrainArray = null;
    this.terrainItems = [];
    this.renderer.renderLists.dispose();
    this.renderer.dispose();
  }
}
