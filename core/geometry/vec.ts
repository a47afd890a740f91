/**
 * 2D vectors in stage space (pixels, +X right, +Y DOWN).
 *
 * A plain tuple keeps vectors JSON-friendly (scene files, traces) and cheap to create.
 * Every helper is pure and returns a new tuple; nothing mutates its arguments.
 */
export type Vec2 = [number, number];

/** Default tolerance for approxEqual: far below a pixel, far above float noise. */
export const EPSILON = 1e-9;

export function vec2(x: number, y: number): Vec2 {
  return [x, y];
}

export function add(a: Readonly<Vec2>, b: Readonly<Vec2>): Vec2 {
  return [a[0] + b[0], a[1] + b[1]];
}

export function sub(a: Readonly<Vec2>, b: Readonly<Vec2>): Vec2 {
  return [a[0] - b[0], a[1] - b[1]];
}

export function scale(v: Readonly<Vec2>, s: number): Vec2 {
  return [v[0] * s, v[1] * s];
}

export function dot(a: Readonly<Vec2>, b: Readonly<Vec2>): number {
  return a[0] * b[0] + a[1] * b[1];
}

/** z of the 3D cross product (a.x*b.y - a.y*b.x). Its sign is winding-convention-free math. */
export function cross(a: Readonly<Vec2>, b: Readonly<Vec2>): number {
  return a[0] * b[1] - a[1] * b[0];
}

/**
 * √(x² + y²): the number `Math.hypot(x, y)` gives in V8 — the larger magnitude times the root of
 * the sum of both squared after dividing by it (so no square overflows), Infinity before NaN —
 * worked out in plain arithmetic. The builtin takes its arguments as a list it allocates on every
 * call, about ten times the cost of this in the step's hot paths (proxies, IK, flinches, contact
 * measurement). tests/unit/geometry/hypot checks it against Math.hypot bit for bit.
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  const nx = ax / max;
  const ny = ay / max;
  return Math.sqrt(nx * nx + ny * ny) * max;
}

export function len(v: Readonly<Vec2>): number {
  return hypot(v[0], v[1]);
}

export function distance(a: Readonly<Vec2>, b: Readonly<Vec2>): number {
  return hypot(a[0] - b[0], a[1] - b[1]);
}

/** Unit vector; the zero vector (or a non-finite length) maps to [0, 0] instead of NaN. */
export function normalize(v: Readonly<Vec2>): Vec2 {
  const l = hypot(v[0], v[1]);
  if (l === 0 || !Number.isFinite(l)) return [0, 0];
  return [v[0] / l, v[1] / l];
}

/**
 * Rotate about the origin by `angle` radians using the standard matrix
 * [cos -sin; sin cos]. With +Y down this turns +X toward +Y, i.e. CLOCKWISE on screen,
 * the same sense as the scene's `rotation` fields.
 */
export function rotate(v: Readonly<Vec2>, angle: number): Vec2 {
  if (angle === 0) return [v[0], v[1]];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [v[0] * c - v[1] * s, v[0] * s + v[1] * c];
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

export function lerpVec(a: Readonly<Vec2>, b: Readonly<Vec2>, t: number): Vec2 {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Scalars or vectors equal within `eps` (absolute, per component). */
export function approxEqual(a: number, b: number, eps?: number): boolean;
export function approxEqual(a: Readonly<Vec2>, b: Readonly<Vec2>, eps?: number): boolean;
export function approxEqual(
  a: number | Readonly<Vec2>,
  b: number | Readonly<Vec2>,
  eps: number = EPSILON,
): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= eps;
  if (typeof a === 'number' || typeof b === 'number') return false;
  return Math.abs(a[0] - b[0]) <= eps && Math.abs(a[1] - b[1]) <= eps;
}
