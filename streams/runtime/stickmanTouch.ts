/**
 * Stickman ↔ stickman touches (issue 7): two rigs' collision proxies touching, found by geometry
 * instead of by Rapier. Rapier would need kinematic ↔ kinematic pairs switched on for every
 * proxy, and then every rig's own ten parts (which overlap at each joint) become contact pairs
 * each step — tripling the physics cost of a crowd. Here only rigs whose bounds overlap are
 * compared, part by part, with the proxies' exact capsules and circles. Each touch becomes the
 * same started/stopped contact the physics world reports, so the pair bookkeeping and the
 * stage events are shared with every other contact.
 */
import { capsuleGap, type Capsule } from '../../core/geometry/capsules';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { proxyShapes } from '../../core/rig/proxies';
import { PART_NAMES } from '../../core/rig/skeleton';
import type { ContactEvent, Vec2 } from '../physics/entities';
import { STEP_DT, type RigRuntime } from './rigRuntime';

/** Surfaces closer than this count as touching (px): Rapier's contact prediction is about as loose. */
export const TOUCH_MARGIN = 1;

const SHAPES = proxyShapes(DEFAULT_PROPORTIONS);
const HALF = PART_NAMES.map((p) => { const s = SHAPES[p]; return s.shape === 'capsule' ? s.halfHeight : 0; });
const RADIUS = PART_NAMES.map((p) => SHAPES[p].radius);

interface RigShapes {
  rig: RigRuntime;
  order: number;
  capsules: Capsule[];
  min: Vec2;
  max: Vec2;
}

function shapesOf(rig: RigRuntime, order: number): RigShapes {
  const poses = rig.proxyPoseBuffer;
  const capsules: Capsule[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < PART_NAMES.length; i += 1) {
    const x = poses[i * 3];
    const y = poses[i * 3 + 1];
    const r = poses[i * 3 + 2];
    const h = HALF[i];
    const ax = -Math.sin(r) * h;
    const ay = Math.cos(r) * h;
    const c: Capsule = { a: [x - ax, y - ay], b: [x + ax, y + ay], radius: RADIUS[i] };
    capsules.push(c);
    minX = Math.min(minX, c.a[0] - c.radius, c.b[0] - c.radius);
    maxX = Math.max(maxX, c.a[0] + c.radius, c.b[0] + c.radius);
    minY = Math.min(minY, c.a[1] - c.radius, c.b[1] - c.radius);
    maxY = Math.max(maxY, c.a[1] + c.radius, c.b[1] + c.radius);
  }
  return { rig, order, capsules, min: [minX, minY], max: [maxX, maxY] };
}

export class StickmanTouches {
  /** Part pairs touching now, per rig pair (`a|b` in document order) → `partA|partB`. */
  private readonly touching = new Map<string, Map<string, { a: number; b: number }>>();
  /** Each rig's part centres last step, for the relative speed of a new touch. */
  private readonly previous = new Map<string, Float64Array>();

  /** This step's touches that started or stopped, as contacts (a before b in document order). */
  step(rigs: readonly RigRuntime[]): ContactEvent[] {
    const live: RigShapes[] = [];
    rigs.forEach((r, order) => {
      if (r.proxiesLive) live.push(shapesOf(r, order));
    });
    const out: ContactEvent[] = [];
    const seen = new Set<string>();
    // Sweep along x: only rigs whose bounds overlap are compared part by part.
    const byX = [...live].sort((p, q) => p.min[0] - q.min[0] || p.order - q.order);
    for (let i = 0; i < byX.length; i += 1) {
      for (let j = i + 1; j < byX.length && byX[j].min[0] <= byX[i].max[0] + TOUCH_MARGIN; j += 1) {
        const [x, y] = byX[i].order < byX[j].order ? [byX[i], byX[j]] : [byX[j], byX[i]];
        if (x.min[1] > y.max[1] + TOUCH_MARGIN || y.min[1] > x.max[1] + TOUCH_MARGIN) continue;
        const key = `${x.rig.id}|${y.rig.id}`;
        seen.add(key);
        this.comparePair(key, x, y, out);
      }
    }
    // Pairs that no longer even overlap let go of everything they were touching.
    for (const [key, parts] of [...this.touching.entries()].sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0))) {
      if (seen.has(key)) continue;
      const [idA, idB] = key.split('|');
      for (const { a, b } of parts.values()) out.push(this.contact('stopped', idA, idB, a, b, rigs));
      this.touching.delete(key);
    }
    for (const r of live) this.previous.set(r.rig.id, Float64Array.from(r.rig.proxyPoseBuffer));
    return out;
  }

  /** Forgets a stickman (ragdoll entry, leaving the stage): its touches end without events. */
  purge(id: string): void {
    for (const key of [...this.touching.keys()]) if (key.split('|').includes(id)) this.touching.delete(key);
    this.previous.delete(id);
  }

  private comparePair(key: string, x: RigShapes, y: RigShapes, out: ContactEvent[]): void {
    let now = this.touching.get(key);
    const was = now ? new Set(now.keys()) : new Set<string>();
    for (let i = 0; i < x.capsules.length; i += 1) {
      for (let j = 0; j < y.capsules.length; j += 1) {
        const g = capsuleGap(x.capsules[i], y.capsules[j]);
        const partKey = `${i}|${j}`;
        if (g.gap <= TOUCH_MARGIN) {
          was.delete(partKey);
          if (now?.has(partKey)) continue;
          now ??= new Map();
          this.touching.set(key, now);
          now.set(partKey, { a: i, b: j });
          out.push(this.contact('started', x.rig.id, y.rig.id, i, j, [x.rig, y.rig], g.p, g.q, x.capsules[i].radius));
        }
      }
    }
    for (const partKey of was) {
      const t = now!.get(partKey)!;
      now!.delete(partKey);
      out.push(this.contact('stopped', x.rig.id, y.rig.id, t.a, t.b, [x.rig, y.rig]));
    }
    if (now && now.size === 0) this.touching.delete(key);
  }

  private contact(type: 'started' | 'stopped', idA: string, idB: string, a: number, b: number, rigs: readonly RigRuntime[], p?: Vec2, q?: Vec2, radiusA = 0): ContactEvent {
    let normal: Vec2 = [0, 0];
    let point: Vec2 = [0, 0];
    let relativeSpeed = 0;
    if (type === 'started' && p && q) {
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (d > 1e-9) normal = [(q[0] - p[0]) / d, (q[1] - p[1]) / d];
      point = [p[0] + normal[0] * radiusA, p[1] + normal[1] * radiusA];
      relativeSpeed = this.relativeSpeed(rigs, idA, idB, a, b);
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

  private relativeSpeed(rigs: readonly RigRuntime[], idA: string, idB: string, a: number, b: number): number {
    const va = this.partVelocity(rigs.find((r) => r.id === idA), a);
    const vb = this.partVelocity(rigs.find((r) => r.id === idB), b);
    return Math.hypot(vb[0] - va[0], vb[1] - va[1]);
  }

  private partVelocity(rig: RigRuntime | undefined, part: number): Vec2 {
    const prev = rig && this.previous.get(rig.id);
    if (!rig || !prev) return [0, 0];
    const now = rig.proxyPoseBuffer;
    return [(now[part * 3] - prev[part * 3]) / STEP_DT, (now[part * 3 + 1] - prev[part * 3 + 1]) / STEP_DT];
  }
}
