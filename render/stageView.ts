/**
 * The three.js orthographic stage view (DESIGN.md §2 render/, §6b budget). It reads frame
 * snapshots and never mutates the simulation.
 *
 * Stage space is pixels, +X right, +Y down: the orthographic camera's top is the smaller Y, so
 * stage coordinates go to the GPU unchanged. Everything is drawn with a handful of instanced
 * batches (one draw call each), rewritten from the frame every render; terrain and the grid are
 * static meshes rebuilt only when their inputs change. No MSAA: edges are smoothed in the
 * fragment shaders over one device pixel.
 *
 * The view draws the scene (grid, terrain, areas, props, stickmen, the props they hold in front of
 * or behind themselves, the placement ghost, speech);
 * everything drawn over it is a registered overlay layer (./overlays), drawn in their order.
 */
import { OrthographicCamera, Scene, WebGLRenderer, type Mesh } from 'three';
import type { FrameSnapshot, RigView, TerrainView } from '../streams/frame/frame';
import type { PropShape } from '../core/props/resolve';
import { BoxBatch, DiscBatch, SIZE_CSS, StrokeBatch, TriBatch, createMaterials, type Materials, type ViewUniforms } from './batches';
import { Camera2D, DEFAULT_FIT_MARGIN } from './camera';
import { followStep } from './cameraFollow';
import { parseHex, rgba, type RGBA } from './color';
import { applyView } from './directedView';
import type { CameraView } from '../core/camera/camera';
import { LabelLayer, type LabelSpec } from './labels';
import { SpeechLayer } from './speech';
import { speechScale } from './speechLayout';
import { RedrawGate } from './redrawGate';
import { heldPropLayers, type PropLayer } from './rigDepth';
import { indexFrame } from './frameIndex';
import { framePropBase, framePropCount, framePropPoseInto } from '../streams/frame/packedProps';
import { VIEW_STYLE } from './viewStyle';
// Each kind draws itself (objects/<kind>/draw.ts); a stickman's figure is drawn here, with the view's interpolation and label state.
import { drawArea } from '../objects/area/draw';
import { drawPlaceholder, drawProp } from '../objects/prop/draw';
import { drawStickman, type DrawnStickman } from '../objects/stickman/draw';
import { drawTerrain } from '../objects/terrain/draw';
import { OVERLAY_LAYERS, type DrawnProp, type DrawnRig, type OverlayPen, type ViewOverlay } from './overlays';

export { VIEW_STYLE } from './viewStyle';
export type { ViewOverlay } from './overlays';

type Vec2 = [number, number];

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

const TAU = Math.PI * 2;

/** Scratch for one prop's x, y, rotation read from a frame view. */
const at = [0, 0, 0];

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

interface PropPose {
  stamp: number;
  x: number;
  y: number;
  rotation: number;
  shape: PropShape;
}

interface RigBox extends DrawnStickman {
  stamp: number;
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
  /**
   * The fit a camera follow moved the view away from (only recentred, no pan or zoom since): when
   * the follow ends the view is fitted again, so Fit stays fitted after Follow is switched off.
   */
  private fitUnderFollow: { stage: { width: number; height: number }; margin: number } | null = null;
  /** The view the directed camera took over (issue 23), given back when PLAY ends. */
  private beforeDirected: { x: number; y: number; zoom: number; fitted: StageView['fitted']; fitUnderFollow: StageView['fitted'] } | null = null;
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
  private readonly behind: Layer;
  private readonly world: Layer;
  private readonly front: Layer;
  private readonly ghost: Layer;
  /** This frame's held props drawn behind or in front of the stickmen. */
  private readonly propLayers = new Map<string, PropLayer>();
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
    // Held props behind their holders, the world (areas, props, stickmen), held props in front (./rigDepth).
    this.behind = layer(1);
    this.world = layer(1);
    this.front = layer(1);
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
    const fit = this.fitted ?? this.fitUnderFollow;
    if (fit) this.cam.fit(fit.stage, fit.margin);
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
    this.fitted = this.fitUnderFollow = null;
    this.cam.panBy(dxScreen, dyScreen);
    this.gate.invalidate();
  }

  zoomAt(screenX: number, screenY: number, factor: number): void {
    this.cameraTouched = true;
    this.fitted = this.fitUnderFollow = null;
    this.cam.zoomAt(screenX, screenY, factor);
    this.gate.invalidate();
  }

  fit(stage: { width: number; height: number }, marginPx = DEFAULT_FIT_MARGIN): void {
    this.cameraTouched = true;
    this.fitted = { stage: { width: stage.width, height: stage.height }, margin: marginPx };
    this.fitUnderFollow = null;
    this.cam.fit(stage, marginPx);
    this.gate.invalidate();
  }

  /** Camera follow: eases the view's centre toward `target` over `dtSeconds` (render/cameraFollow). */
  followTo(target: Vec2, dtSeconds: number): void {
    if (!followStep(this.cam, target, dtSeconds)) return;
    this.cameraTouched = true;
    if (this.fitted) this.fitUnderFollow = this.fitted;
    this.fitted = null;
    this.gate.invalidate();
  }

  /** The camera follow ended (switched off, held, PLAY left): a view it took from a fit is fitted again. */
  endFollow(): void {
    const fit = this.fitUnderFollow;
    if (fit) this.fit(fit.stage, fit.margin);
  }

  /** Shows the directed camera's view (issue 23; render/directedView), keeping the view it replaced for endDirected(). */
  showDirected(view: CameraView): void {
    if (!this.beforeDirected) this.beforeDirected = { x: this.cam.centerX, y: this.cam.centerY, zoom: this.cam.zoom, fitted: this.fitted, fitUnderFollow: this.fitUnderFollow };
    this.cameraTouched = true;
    this.fitted = this.fitUnderFollow = null;
    if (applyView(this.cam, view)) this.gate.invalidate();
  }

  /**
   * The directed camera is done (PLAY ended). `restore` brings back the view it took over (fitted
   * again if it was a fit); otherwise the view stays where it is (a free camera's).
   */
  endDirected(restore: boolean): void {
    const before = this.beforeDirected;
    this.beforeDirected = null;
    if (!before || !restore) return;
    const fit = before.fitted ?? before.fitUnderFollow;
    if (fit) return this.fit(fit.stage, fit.margin);
    this.cam.zoom = before.zoom;
    this.cam.centerX = before.x;
    this.cam.centerY = before.y;
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
    for (const t of terrain) drawTerrain(t, this.terrainTris, this.terrainStrokes);
    this.terrainTris.finish();
    this.terrainStrokes.finish();
  }

  private drawWorld(prev: FrameSnapshot, cur: FrameSnapshot, t: number): void {
    const L = this.world;
    this.beginLayer(this.behind);
    this.beginLayer(L);
    this.beginLayer(this.front);
    const interpolate = prev !== cur && t < 1;
    const prevIdx = interpolate ? indexFrame(prev) : null;
    const held = heldPropLayers(cur.rigs, this.propLayers);

    for (const a of cur.areas) drawArea(L, a);

    // Two PLAY frames of one run list the same props in the same order: prop i eases from prop i.
    const prevPacked = interpolate ? prev.packedProps : undefined;
    const alignedWithPrev = prevPacked !== undefined && prevPacked.base === cur.packedProps?.base;
    const propCount = framePropCount(cur);
    for (let i = 0; i < propCount; i++) {
      const p = framePropBase(cur, i);
      framePropPoseInto(cur, i, at);
      let x = at[0];
      let y = at[1];
      let rot = at[2];
      let eased = false;
      if (alignedWithPrev) {
        framePropPoseInto(prev, i, at);
        eased = true;
      } else {
        const q = prevIdx?.props.get(p.id);
        if (q) {
          at[0] = q.position[0];
          at[1] = q.position[1];
          at[2] = q.rotation;
          eased = true;
        }
      }
      if (eased) {
        x = lerp(at[0], x, t);
        y = lerp(at[1], y, t);
        rot = lerpAngle(at[2], rot, t);
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
      const layer = held.get(p.id);
      const into = layer === 'front' ? this.front : layer === 'behind' ? this.behind : L;
      if (p.placeholder) drawPlaceholder(into, p.shape, x, y, rot, p.fill);
      else drawProp(into, p.shape, x, y, rot, p.fill, p.stroke);
    }

    for (const r of cur.rigs) this.drawRig(L, r, prevIdx?.rigs.get(r.id) ?? null, t, true);

    this.finishLayer(this.behind);
    this.finishLayer(L);
    this.finishLayer(this.front);
    if (this.propPoses.size > propCount * 2 + 64) this.prune();
  }

  private prune(): void {
    for (const [id, p] of this.propPoses) if (p.stamp !== this.stamp) this.propPoses.delete(id);
    for (const [id, r] of this.rigBoxes) if (r.stamp !== this.stamp) this.rigBoxes.delete(id);
  }

  private drawGhost(ghost: ViewOverlay['ghost']): void {
    const L = this.ghost;
    this.beginLayer(L);
    if (ghost) {
      for (const tv of ghost.terrain ?? []) drawTerrain(tv, L.tris, L.strokes);
      for (const a of ghost.areas ?? []) drawArea(L, a);
      for (const p of ghost.props ?? []) drawProp(L, p.shape, p.position[0], p.position[1], p.rotation, p.fill, p.stroke);
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

  private drawRig(L: Layer, r: RigView, prev: RigView | null, t: number, record: boolean, colorOverride?: RGBA): void {
    let box: RigBox | null = null;
    if (record) {
      box = this.rigBoxes.get(r.id) ?? null;
      if (!box) {
        box = { stamp: 0, minX: 0, minY: 0, maxX: 0, maxY: 0, headX: 0, headTop: 0 };
        this.rigBoxes.set(r.id, box);
      }
      box.stamp = this.stamp;
    }
    drawStickman(L, r, prev, t, this.partOrder, box, colorOverride);
  }

  // ---------------------------------------------------------------- overlay

  /** Every registered overlay layer (./overlays), in order, into the shared overlay batches; then their labels. */
  private drawOverlay(cur: FrameSnapshot, overlay: ViewOverlay): void {
    const labels = this.labelSpecs;
    labels.length = 0;
    const pen: OverlayPen = {
      strokes: this.overlayStrokes,
      discs: this.overlayDiscs,
      labels,
      css: 1 / this.cam.zoom,
      toScreen: this.toScreen,
      frame: cur,
      index: indexFrame(cur),
      drawnProp: this.drawnProp,
      drawnRig: this.drawnRig,
    };
    pen.strokes.begin();
    pen.discs.begin();
    for (const layer of OVERLAY_LAYERS) layer.draw(overlay, pen);
    pen.strokes.finish();
    pen.discs.finish();
    this.labels.update(labels);
  }

  private readonly toScreen = (p: [number, number]): [number, number] => this.cam.stageToScreen(p);

  /** Where the scene drew a prop this frame (outlines and labels follow the interpolated pose). */
  private readonly drawnProp = (id: string): DrawnProp | null => {
    const pose = this.propPoses.get(id);
    return pose && pose.stamp === this.stamp ? pose : null;
  };

  private readonly drawnRig = (id: string): DrawnRig | null => {
    const box = this.rigBoxes.get(id);
    return box && box.stamp === this.stamp ? box : null;
  };

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
