/**
 * The debug overlay (G): collision proxies, ragdoll bodies and joints with their rest timers,
 * hit reactions, probe rays, points, landing foot locks and the TerrainMotion labels.
 */
import { LINE_CSS, SIZE_CSS } from '../batches';
import { rgba, TRANSPARENT, type RGBA } from '../color';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, OverlayPen, Vec2 } from './layer';

// The collider outlines the frame carries (one definition, in the frame's types).
import type { DebugShape } from '../../streams/frame/frame';
export type { DebugShape };

export interface DebugOverlay {
  enabled: boolean;
  rays?: ReadonlyArray<{ from: Vec2; to: Vec2; hit: boolean }>;
  points?: ReadonlyArray<Vec2>;
  proxies?: ReadonlyArray<DebugShape>;
  labels?: ReadonlyArray<{ position: Vec2; text: string }>;
  /** Ragdolls: their bodies, joints and rest-timer text. */
  ragdolls?: ReadonlyArray<{
    id: string;
    bodies: ReadonlyArray<DebugShape>;
    joints: ReadonlyArray<Vec2>;
    label: { position: Vec2; text: string };
  }>;
  /** Active hit reactions per rig as text, drawn a line under the label at `position`. */
  reactions?: ReadonlyArray<{ position: Vec2; text: string }>;
  /** Feet a hard landing holds to their contacts: a ring on the contact, teal from the foot's own fan, amber for the fallback. */
  footLocks?: ReadonlyArray<{ side: 'left' | 'right'; position: Vec2; fromFan: boolean }>;
}

export interface DebugInput {
  debug?: DebugOverlay | null;
}

/** CSS px from a debug label down to the reaction line under it. */
const REACTION_LINE_CSS = 16;

function drawShapes(pen: OverlayPen, shapes: ReadonlyArray<DebugShape>, fill: RGBA, line: RGBA): void {
  for (const p of shapes) {
    if (p.kind === 'circle') {
      pen.discs.push(p.center[0], p.center[1], p.radius, fill, LINE_CSS, 1.25, line);
    } else {
      const hh = p.halfHeight ?? 0;
      const ax = -Math.sin(p.rotation) * hh;
      const ay = Math.cos(p.rotation) * hh;
      pen.strokes.push(p.center[0] - ax, p.center[1] - ay, p.center[0] + ax, p.center[1] + ay, p.radius, fill, LINE_CSS, 1.25, line);
    }
  }
}

/** The probes are rebuilt each frame from the frame's own arrays: unchanged when every array is the same. */
function sameDebug(a: DebugOverlay | null | undefined, b: DebugOverlay | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return !a?.enabled && !b?.enabled;
  return (
    a.enabled === b.enabled &&
    a.rays === b.rays &&
    a.points === b.points &&
    a.proxies === b.proxies &&
    a.labels === b.labels &&
    a.ragdolls === b.ragdolls &&
    a.reactions === b.reactions &&
    a.footLocks === b.footLocks
  );
}

export const debugLayer: OverlayLayer<DebugInput> = {
  name: 'debug',
  reads: ['debug'],
  same: (a, b) => sameDebug(a.debug, b.debug),
  draw({ debug }, pen) {
    if (!debug || !debug.enabled) return;
    const { strokes: S, discs: D, labels, css } = pen;
    drawShapes(pen, debug.proxies ?? [], rgba(VIEW_STYLE.proxy, 0.08), rgba(VIEW_STYLE.proxy, 0.9));
    const ragdollFill = rgba(VIEW_STYLE.ragdoll, 0.12);
    const ragdollLine = rgba(VIEW_STYLE.ragdoll, 0.95);
    const jointFill = rgba('#ffffff');
    const jointLine = rgba(VIEW_STYLE.ragdollJoint);
    for (const r of debug.ragdolls ?? []) {
      drawShapes(pen, r.bodies, ragdollFill, ragdollLine);
      for (const j of r.joints) D.push(j[0], j[1], 3.5, jointFill, SIZE_CSS | LINE_CSS, 1.5, jointLine);
      const [x, y] = pen.toScreen(r.label.position);
      labels.push({ x: x + 4, y: y + 4, text: r.label.text, color: VIEW_STYLE.ragdoll });
    }
    for (const l of debug.reactions ?? []) {
      const [x, y] = pen.toScreen(l.position);
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
      const [sx, sy] = pen.toScreen(f.position);
      // The feet may stand close together: the two labels take two lines.
      labels.push({ x: sx + 10, y: sy + (f.side === 'left' ? 4 : 18), text: `${f.side === 'left' ? 'L' : 'R'} locked${f.fromFan ? '' : ' (fallback)'}`, color });
    }
    for (const l of debug.labels ?? []) {
      const [x, y] = pen.toScreen(l.position);
      labels.push({ x: x + 4, y: y + 4, text: l.text, color: '#3b2a6b' });
    }
  },
};
