/**
 * Dev page for the stage view: /render/dev/preview.html
 *   ?anim=1   animate (fake motion at 60 Hz, interpolated with alpha) and show fps
 *   ?bench=1  50 stickmen + 200 props, animated (DESIGN.md §6b budget check)
 *   ?debug=0  hide the debug overlay
 *   ?speech=0 no speech bubbles (by default the first rig says a long wrapping line plus an
 *             overlay aside, the second one a line with literal "<b>html</b>" markup; with
 *             ?anim=1 the second rig's text changes every second)
 * Wheel zooms at the cursor, drag pans, click prints the stage point.
 */
import { StageView, type ViewOverlay } from '../index';
import { documentFrame, rigView, stickmanMarkers, terrainView } from '../../streams/frame/documentFrame';
import type { FrameSnapshot, PropView, RigView, Vec2 } from '../../streams/frame/frame';
import { loadSceneText } from '../../core/scene/io';
import type { SceneDocument, TerrainObject } from '../../core/scene/schema';
import { objectsOfKind } from '../../objects/core/models';

const params = new URLSearchParams(location.search);
const BENCH = params.get('bench') === '1';
const ANIM = BENCH || params.get('bare') === '1' || params.get('anim') === '1';
const DEBUG = params.get('debug') !== '0';
/** ?bare=1: an empty stage (clear + grid only), the baseline for fps comparisons. */
const BARE = params.get('bare') === '1';
const SPEECH = params.get('speech') !== '0';

/** Demo speech for the first two rigs (the frame's RigView.speech: current first, then overlays). */
function withSpeech(f: FrameSnapshot): FrameSnapshot {
  return {
    ...f,
    rigs: f.rigs.map((r, i) => {
      if (i === 0) {
        return {
          ...r,
          speech: [
            { text: 'Has anyone seen my ball? It rolled down the ramp and I am pretty sure it went past the stairs.', overlay: false },
            { text: '(hmm, that box looks heavy)', overlay: true },
          ],
        };
      }
      if (i === 1) return { ...r, speech: [{ text: 'Is this <b>html</b>? No: it is text.', overlay: false }] };
      return r;
    }),
  };
}

const INLINE_SCENE = {
  format: 'stickman-stage/scene',
  version: '1.1',
  name: 'render preview',
  stage: { width: 6000, height: 2400, gravity: [0, 980] },
  objects: [
    { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [3000, 2200], size: [6000, 400], rotation: 0 },
    { kind: 'terrain', id: 'ramp-1', file_id: 2, shape: 'ramp', position: [2000, 1900], size: [600, 200], rise: 'right' },
    { kind: 'terrain', id: 'stairs-1', file_id: 3, shape: 'stairs', position: [3000, 1850], size: [500, 300], steps: 5, rise: 'left', color: '#7a6a5b' },
    { kind: 'terrain', id: 'ledge', file_id: 4, shape: 'polygon', position: [4600, 1350], points: [[-300, -30], [300, -30], [260, 40], [-260, 40]], color: '#6b7f5b' },
    { kind: 'prop', id: 'box-1', file_id: 10, stage_object_id: 'box-1', spawn_id: 'builtin:box', position: [900, 1960], rotation: 0 },
    { kind: 'prop', id: 'box-2', file_id: 11, stage_object_id: 'box-2', spawn_id: 'builtin:box', position: [1960, 1840], rotation: -0.32, scale: [1.2, 1.2] },
    { kind: 'prop', id: 'ball-1', file_id: 12, stage_object_id: 'ball-1', spawn_id: 'builtin:ball', position: [1200, 1970], rotation: 0.6 },
    { kind: 'prop', id: 'plank-1', file_id: 13, stage_object_id: 'plank-1', spawn_id: 'builtin:plank', position: [3800, 1988], rotation: 0 },
    { kind: 'prop', id: 'bottle-1', file_id: 14, stage_object_id: 'bottle-1', spawn_id: 'builtin:bottle', position: [4300, 1956], rotation: 0 },
    { kind: 'prop', id: 'bottle-2', file_id: 15, stage_object_id: 'bottle-2', spawn_id: 'builtin:bottle', position: [4420, 1986], rotation: 1.5708 },
    { kind: 'prop', id: 'wedge-1', file_id: 16, stage_object_id: 'wedge-1', spawn_id: 'wedge', position: [5000, 1950], rotation: 0 },
    { kind: 'prop', id: 'ball-2', file_id: 17, stage_object_id: 'ball-2', spawn_id: 'builtin:ball', position: [4600, 1290], rotation: 0, color: '#3f7fe0' },
    { kind: 'stickman', id: 'stick-1', file_id: 20, position: [600, 2000], facing: 'RIGHT' },
    { kind: 'stickman', id: 'stick-2', file_id: 21, position: [2700, 2000], facing: 'LEFT', color: '#8a2be2' },
    { kind: 'area', id: 'goal', file_id: 30, position: [1500, 1900], size: [200, 200] },
    { kind: 'area', id: 'zone-b', file_id: 31, name: 'zone B', position: [4300, 1850], size: [500, 300], color: '#e8890c' },
  ],
  queues: { 'stick-1': [{ id: 'a1', type: 'walk_to', target_position: [1500, 2000] }] },
  rules: [],
  prop_assets: [
    { spawn_id: 'wedge', name: 'Wedge', shape: { kind: 'polygon', points: [[-50, 50], [50, 50], [50, -50]] }, mass: 2, colors: { fill: '#9b7fd1', stroke: '#3e2a6b' } },
  ],
};

async function loadScene(): Promise<SceneDocument> {
  try {
    const res = await fetch('/scenes/demo.scene.json');
    if (res.ok) {
      const loaded = loadSceneText(await res.text());
      if (loaded.ok) return loaded.scene;
      console.warn('demo.scene.json rejected', loaded.issues);
    }
  } catch {
    /* fall through to the inline scene */
  }
  const inline = loadSceneText(JSON.stringify(INLINE_SCENE));
  if (!inline.ok) throw new Error(`inline scene rejected: ${JSON.stringify(inline.issues)}`);
  return inline.scene;
}

function capsuleProxy(a: Vec2, b: Vec2, radius: number) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  return {
    kind: 'capsule' as const,
    center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Vec2,
    rotation: Math.atan2(-dx, dy),
    radius,
    halfHeight: Math.max(0, len / 2 - radius),
  };
}

function buildOverlay(frame: FrameSnapshot, doc: SceneDocument): ViewOverlay {
  const rig1 = frame.rigs.find((r) => r.id === 'stick-1');
  const rig2 = frame.rigs.find((r) => r.id === 'stick-2');
  const ball = frame.props.find((p) => p.id === 'ball-1');
  const box = frame.props.find((p) => p.id === 'box-2');
  // Place the previews relative to the loaded scene: near the right end, on stick-1's ground line.
  const groundY = rig1 ? rig1.root[1] : frame.stage.height * 0.8;
  const ghostX = frame.stage.width * 0.82;
  const ghostProp: PropView | null = box ? { ...box, id: 'ghost-box', position: [ghostX + 260, groundY - 40], rotation: 0.2 } : null;
  const ghostStick = objectsOfKind(doc.objects, 'stickman')[0];
  const ghostRig: RigView | null = ghostStick ? rigView('ghost-rig', [ghostX, groundY], 'LEFT', stickmanMarkers(ghostStick), '#1d232b') : null;
  const ghostTerrain = terrainView({
    kind: 'terrain', id: 'ghost-ramp', file_id: 9999, shape: 'ramp', position: [frame.stage.width * 0.5, groundY - 500], size: [400, 150], rise: 'left',
  } as TerrainObject);
  const handles: Array<{ id: string; kind: 'rotate' | 'resize' | 'marker'; position: Vec2 }> = [];
  if (box) {
    const [x, y] = box.position;
    const c = Math.cos(box.rotation);
    const s = Math.sin(box.rotation);
    const e = box.shape.kind === 'box' ? [box.shape.size[0] / 2, box.shape.size[1] / 2] : [40, 40];
    handles.push({ id: 'box-2:resize', kind: 'resize', position: [x + e[0] * c - e[1] * s, y + e[0] * s + e[1] * c] });
    handles.push({ id: 'box-2:rotate', kind: 'rotate', position: [x - (-e[1] - 40) * s, y + (-e[1] - 40) * c] });
  }
  if (rig1) {
    for (const [name, p] of Object.entries(rig1.markers)) {
      handles.push({ id: `stick-1:${name}`, kind: 'marker', position: [rig1.root[0] + p[0], rig1.root[1] + p[1]] });
    }
  }
  const debug: ViewOverlay['debug'] = {
    enabled: DEBUG,
    rays: rig2
      ? [
          { from: [rig2.root[0] - 18, rig2.root[1] - 300], to: [rig2.root[0] - 18, rig2.root[1]], hit: true },
          { from: [rig2.root[0] + 18, rig2.root[1] - 300], to: [rig2.root[0] + 18, rig2.root[1]], hit: true },
          { from: [rig2.root[0] - 100, rig2.root[1] - 200], to: [rig2.root[0] - 320, rig2.root[1] - 120], hit: false },
        ]
      : [],
    points: ball ? [ball.position, [ball.position[0] + 30, ball.position[1]]] : [],
    proxies: rig2
      ? [
          { kind: 'circle', center: rig2.headCenter, rotation: 0, radius: 90 },
          ...rig2.parts.map((p) => capsuleProxy(p.start, p.end, p.name === 'torso' ? 20 : p.name.includes('arm') ? 12 : 14)),
        ]
      : [],
    labels: rig2 ? [{ position: [rig2.root[0] + 60, rig2.root[1] - 640], text: `${rig2.id} ${rig2.state}/${rig2.terrain}` }] : [],
  };
  return {
    selectedIds: ['box-2', 'stick-1', 'ramp-1', 'ball-2', 'bottle-1'],
    hoverId: 'goal',
    ghost: { props: ghostProp ? [ghostProp] : [], rigs: ghostRig ? [ghostRig] : [], terrain: [ghostTerrain] },
    handles,
    walkTargets: Object.entries(doc.queues).flatMap(([rigId, items]) =>
      items.flatMap((item) => (item.type === 'walk_to' ? [{ rigId, position: item.target_position as Vec2, label: `${item.id} walk_to` }] : [])),
    ),
    debug,
  };
}

/** Deterministic pseudo-random for the bench layout. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function benchFrame(base: FrameSnapshot): FrameSnapshot {
  const rnd = lcg(7);
  const kinds = base.props.length ? base.props : [];
  const props: PropView[] = [];
  for (let i = 0; i < Number(params.get('props') ?? 200); i++) {
    const k = kinds[i % Math.max(1, kinds.length)];
    if (!k) break;
    props.push({ ...k, id: `bp-${i}`, position: [100 + rnd() * 5800, 300 + rnd() * 1600], rotation: rnd() * 6.28 });
  }
  const rigs: RigView[] = [];
  const proto = base.rigs[0];
  for (let i = 0; i < Number(params.get('rigs') ?? 50); i++) {
    const root: Vec2 = [120 + (i % 25) * 235, i < 25 ? 2000 : 1300];
    if (proto) rigs.push(rigView(`br-${i}`, root, i % 2 ? 'LEFT' : 'RIGHT', proto.markers, i % 3 ? '#1d232b' : '#8a2be2'));
  }
  return { ...base, props, rigs };
}

/** Fake motion: props drift and spin, every rig waves its arms. */
function advance(f: FrameSnapshot, tick: number): FrameSnapshot {
  const t = tick / 60;
  return {
    ...f,
    tick,
    time: t,
    mode: 'PLAY',
    props: f.props.map((p, i) => ({
      ...p,
      position: [p.position[0] + Math.sin(t * 1.3 + i) * 40, p.position[1] + Math.cos(t * 1.7 + i) * 20] as Vec2,
      rotation: p.rotation + t * (i % 2 ? 1.5 : -1),
    })),
    areas: f.areas.map((a, i) => ({ ...a, occupants: Math.floor(t + i) % 2 })),
    rigs: f.rigs.map((r, i) => {
      const ang = Math.sin(t * 4 + i) * 0.9;
      const bob = Math.sin(t * 2 + i) * 24;
      const c = Math.cos(ang);
      const s = Math.sin(ang);
      const parts = r.parts.map((p) => {
        if (!p.name.includes('arm')) return p;
        const shoulder = p.name.includes('upper') ? p.start : r.parts.find((q) => q.name === p.name.replace('lower', 'upper'))!.start;
        const rot = (v: Vec2): Vec2 => [shoulder[0] + (v[0] - shoulder[0]) * c - (v[1] - shoulder[1]) * s, shoulder[1] + (v[0] - shoulder[0]) * s + (v[1] - shoulder[1]) * c];
        return { ...p, start: rot(p.start), end: rot(p.end) };
      });
      // The second rig's text changes once a second (the bubble is rewritten only then).
      const speech = i === 1 && r.speech.length > 0 ? [{ ...r.speech[0], text: `${r.speech[0].text} (${Math.floor(t)} s)` }, ...r.speech.slice(1)] : r.speech;
      // Rigs bob up and down so the bubbles visibly follow the (interpolated) head.
      const up = (v: Vec2): Vec2 => [v[0], v[1] + bob];
      return {
        ...r,
        parts: parts.map((p) => ({ ...p, start: up(p.start), end: up(p.end) })),
        headCenter: up(r.headCenter),
        speech,
      };
    }),
  };
}

async function main() {
  const canvas = document.getElementById('stage') as HTMLCanvasElement;
  const hud = document.getElementById('hud') as HTMLDivElement;
  const doc = await loadScene();
  let base = documentFrame(doc, 'EDIT');
  if (BENCH) base = benchFrame(base);
  if (BARE) base = { ...base, terrain: [], props: [], areas: [], rigs: [] };
  if (SPEECH && !BENCH && !BARE) base = withSpeech(base);
  const overlay: ViewOverlay = BENCH || BARE ? { selectedIds: [] } : buildOverlay(base, doc);

  const view = new StageView(canvas);
  const sizeToCanvas = () => view.resize(canvas.clientWidth, canvas.clientHeight, window.devicePixelRatio || 1);
  sizeToCanvas();
  view.fit(base.stage);
  if (params.get('z')) view.zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, Number(params.get('z')) / view.zoom);
  new ResizeObserver(sizeToCanvas).observe(canvas);

  let prev = base;
  let cur = base;
  let tick = 0;
  let alpha = 1;
  const draw = () => view.render(prev, cur, alpha, overlay);

  // Interaction (what the UI will do).
  let drag: { x: number; y: number; moved: boolean } | null = null;
  canvas.addEventListener('pointerdown', (e) => {
    drag = { x: e.offsetX, y: e.offsetY, moved: false };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.offsetX - drag.x;
    const dy = e.offsetY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
    view.panBy(dx, dy);
    drag.x = e.offsetX;
    drag.y = e.offsetY;
    if (!ANIM) draw();
  });
  canvas.addEventListener('pointerup', (e) => {
    if (drag && !drag.moved) {
      const p = view.screenToStage(e.offsetX, e.offsetY);
      hud.textContent = `stage ${p[0].toFixed(0)}, ${p[1].toFixed(0)}  zoom ${view.zoom.toFixed(3)}`;
    }
    drag = null;
  });
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    view.zoomAt(e.offsetX, e.offsetY, Math.exp(-e.deltaY * 0.0015));
    if (!ANIM) draw();
  }, { passive: false });

  const api = {
    view,
    overlay,
    get frames() { return { prev, cur }; },
    draw,
    fps: 0,
    /** Mean JS time of view.render() per frame over the last second. */
    renderMs: 0,
    /**
     * Renders `n` frames back to back, each followed by a 1-pixel readPixels so the (software)
     * rasteriser has finished; returns ms per frame (JS + raster) and the JS part alone.
     */
    measure(n: number): { msPerFrame: number; jsMs: number } {
      const gl = canvas.getContext('webgl2') as WebGL2RenderingContext;
      const px = new Uint8Array(4);
      let js = 0;
      const frames = Array.from({ length: n + 1 }, (_, i) => (ANIM ? advance(base, tick + i) : base));
      const start = performance.now();
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        view.invalidate(); // a static scene would otherwise be drawn only once (draw on demand)
        view.render(frames[i], frames[i + 1], 0.5, overlay);
        js += performance.now() - t0;
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      }
      return { msPerFrame: (performance.now() - start) / n, jsMs: js / n };
    },
  };
  (window as unknown as { preview: typeof api }).preview = api;

  if (!ANIM || params.get('noloop') === '1') {
    draw();
    hud.textContent = `zoom ${view.zoom.toFixed(3)}  calls ${view.stats().calls}  tris ${view.stats().triangles}`;
  } else {
    const STEP = 1000 / 60;
    let acc = 0;
    let last = performance.now();
    let fpsFrames = 0;
    let fpsStart = last;
    let renderMs = 0;
    const loop = (now: number) => {
      acc += Math.min(250, now - last);
      last = now;
      let steps = 0;
      while (acc >= STEP && steps < 4) {
        acc -= STEP;
        steps++;
        tick++;
        prev = cur;
        cur = advance(base, tick);
      }
      if (steps === 4) acc = 0;
      alpha = acc / STEP;
      const t0 = performance.now();
      draw();
      renderMs += performance.now() - t0;
      fpsFrames++;
      if (now - fpsStart >= 1000) {
        api.fps = (fpsFrames * 1000) / (now - fpsStart);
        api.renderMs = renderMs / fpsFrames;
        renderMs = 0;
        fpsFrames = 0;
        fpsStart = now;
        const st = view.stats();
        hud.textContent = `${api.fps.toFixed(1)} fps  render ${api.renderMs.toFixed(2)} ms  calls ${st.calls}  tris ${st.triangles}  props ${cur.props.length}  rigs ${cur.rigs.length}`;
      }
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  document.body.dataset.error = String(e);
  console.error(e);
});
