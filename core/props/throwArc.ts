/**
 * The throw's predicted path, one point per fixed step exactly where the physics engine will put
 * the prop's centre (throwIntegrator.ts). Previews draw it and the shape-cast guide sweeps the
 * held prop's shape from point to point (the cast itself is the physics adapter's job); a hit
 * part-way through segment i truncates the arc at step i + the cast's time of impact.
 */
import { type Vec2 } from '../geometry/vec';
import { integrateStep, stepModel, type StepModel } from './throwIntegrator';

/**
 * Positions after 0, 1, …, `steps` fixed steps: `points[0]` is the release point and
 * `points[n]` the centre after n steps (for a solved throw, `points[solution.steps]` is the target).
 */
export function sampleThrowArc(
  release: Readonly<Vec2>,
  velocity: Readonly<Vec2>,
  gravity: Readonly<Vec2>,
  steps: number,
  options: Partial<StepModel> = {},
): Vec2[] {
  const m = stepModel(options);
  const count = Math.max(0, Math.floor(steps));
  const points: Vec2[] = [[release[0], release[1]]];
  const x: Vec2 = [release[0], release[1]];
  const v: Vec2 = [velocity[0], velocity[1]];
  for (let i = 0; i < count; i += 1) {
    integrateStep(x, v, gravity, m);
    points.push([x[0], x[1]]);
  }
  return points;
}

/**
 * The point at a fractional step position along the arc (step 2.5 is halfway between points 2
 * and 3), clamped to the arc's ends. Between steps the engine's path is a line to within a
 * fraction of a pixel, so linear interpolation is what a cast segment sees.
 */
export function arcPointAt(points: readonly Vec2[], stepPosition: number): Vec2 {
  if (points.length === 0) throw new Error('arcPointAt: empty arc');
  const last = points.length - 1;
  const s = Number.isFinite(stepPosition) ? Math.min(last, Math.max(0, stepPosition)) : last;
  const i = Math.min(last, Math.floor(s));
  const f = s - i;
  if (f === 0 || i === last) return [points[i][0], points[i][1]];
  const a = points[i];
  const b = points[i + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
}

/**
 * The arc up to a fractional step position: every whole-step point before it, then the
 * interpolated end point (a cast hit at segment i, time of impact f, is step position i + f).
 */
export function truncateArc(points: readonly Vec2[], stepPosition: number): Vec2[] {
  if (points.length === 0) return [];
  const last = points.length - 1;
  const s = Number.isFinite(stepPosition) ? Math.min(last, Math.max(0, stepPosition)) : last;
  const whole = Math.floor(s);
  const out: Vec2[] = points.slice(0, whole + 1).map((p) => [p[0], p[1]] as Vec2);
  if (s > whole) out.push(arcPointAt(points, s));
  return out;
}

/** The arc up to a fraction (0…1) of its steps. */
export function truncateArcAtFraction(points: readonly Vec2[], fraction: number): Vec2[] {
  return truncateArc(points, fraction * Math.max(0, points.length - 1));
}
