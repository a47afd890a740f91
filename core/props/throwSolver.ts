/**
 * The throw's landing-target solver (seed phase 11 §1.2 "Target solver", §3.3): the launch
 * velocity that carries the prop's centre from the release point through the effective target
 * on the descending part of its arc, for the shortest flight time that keeps the launch speed at
 * or under MAX_THROW_SPEED. Preview and execution call this one function.
 *
 * It solves the trajectory the physics engine will actually integrate (throwIntegrator.ts), not
 * the continuous parabola: flight times are whole fixed steps, so the prop's stepped position
 * lands on the target at step n instead of somewhere between two steps.
 */
import { type Vec2 } from '../geometry/vec';
import {
  type StepModel,
  advanceCoefficients,
  initialCoefficients,
  integrateStep,
  isValidStepModel,
  stepModel,
} from './throwIntegrator';

/** The flight-time window searched (s). */
export const MIN_FLIGHT_TIME = 0.35;
export const MAX_FLIGHT_TIME = 2.0;
/** Launch speed cap (px/s). */
export const MAX_THROW_SPEED = 2100;
/** The stepped check of a solution must land this close (px) to the target; float noise is far below. */
export const SOLUTION_TOLERANCE = 0.5;

export type ThrowFailureReason = 'invalid_input' | 'over_speed_cap' | 'ascending_only';

export type ThrowSolverResult =
  | {
      ok: true;
      /** Launch velocity (px/s) to set on the prop at the release step. */
      velocity: Vec2;
      /** Flight time to the target (s): `steps` × dt. */
      time: number;
      /** Fixed steps from release until the prop's centre is at the target. */
      steps: number;
      /** |velocity| (px/s), ≤ MAX_THROW_SPEED. */
      speed: number;
    }
  | { ok: false; reason: ThrowFailureReason; message: string };

export type ThrowSolverOptions = Partial<StepModel>;

const FAILURE_MESSAGES: Record<ThrowFailureReason, string> = {
  invalid_input: 'the release point, target or gravity is not a finite number',
  over_speed_cap: `no arc reaches the target within ${MAX_FLIGHT_TIME} s at or under ${MAX_THROW_SPEED} px/s`,
  ascending_only: `under ${MAX_THROW_SPEED} px/s the prop could only reach the target while still rising`,
};

/** Below this |g| (px/s²) "descending" has no meaning and any direction of arrival is accepted. */
const NO_GRAVITY = 1e-9;

/** The whole-step window [first, last] for a step length: 21…120 steps at 1/60 s. */
export function flightStepRange(dt: number): { first: number; last: number } {
  // The small slack keeps 0.35 / (1/60) = 21.000000000000004 at 21 steps, not 22.
  return { first: Math.max(1, Math.ceil(MIN_FLIGHT_TIME / dt - 1e-9)), last: Math.floor(MAX_FLIGHT_TIME / dt + 1e-9) };
}

/**
 * Solves the throw. `gravity` is the acceleration the prop feels (px/s²): project gravity times
 * the prop's gravity_scale. Every whole-step flight time from MIN_FLIGHT_TIME to MAX_FLIGHT_TIME
 * is tried, shortest first; the first one within the speed cap whose arrival velocity points
 * with gravity is returned. No candidate: not ok, never a shorter throw.
 */
export function solveThrow(
  release: Readonly<Vec2>,
  target: Readonly<Vec2>,
  gravity: Readonly<Vec2>,
  options: ThrowSolverOptions = {},
): ThrowSolverResult {
  const m = stepModel(options);
  const inputs = [release[0], release[1], target[0], target[1], gravity[0], gravity[1]];
  if (!inputs.every(Number.isFinite) || !isValidStepModel(m)) return failure('invalid_input');

  const dx = target[0] - release[0];
  const dy = target[1] - release[1];
  const [gx, gy] = gravity;
  const weightless = Math.hypot(gx, gy) < NO_GRAVITY;
  const { first, last } = flightStepRange(m.dt);
  const c = initialCoefficients();
  let withinCap = false;
  for (let n = 1; n <= last; n += 1) {
    advanceCoefficients(c, m);
    if (n < first) continue;
    // x_n = x0 + a·v0 + b·g = target  ⇒  v0 = (target − x0 − b·g) / a
    const vx = (dx - c.b * gx) / c.a;
    const vy = (dy - c.b * gy) / c.a;
    const speed = Math.hypot(vx, vy);
    if (!(speed <= MAX_THROW_SPEED)) continue;
    withinCap = true;
    const arrivalX = c.p * vx + c.q * gx;
    const arrivalY = c.p * vy + c.q * gy;
    if (!weightless && !(arrivalX * gx + arrivalY * gy > 0)) continue;
    if (!landsOnTarget(release, target, [vx, vy], gravity, n, m)) continue;
    return { ok: true, velocity: [vx, vy], time: n * m.dt, steps: n, speed };
  }
  return failure(withinCap ? 'ascending_only' : 'over_speed_cap');
}

/** Steps the candidate the way the engine will: a guard against the closed form drifting. */
function landsOnTarget(release: Readonly<Vec2>, target: Readonly<Vec2>, v0: Vec2, gravity: Readonly<Vec2>, steps: number, m: StepModel): boolean {
  const x: Vec2 = [release[0], release[1]];
  const v: Vec2 = [v0[0], v0[1]];
  for (let i = 0; i < steps; i += 1) integrateStep(x, v, gravity, m);
  return Math.hypot(x[0] - target[0], x[1] - target[1]) <= SOLUTION_TOLERANCE;
}

function failure(reason: ThrowFailureReason): ThrowSolverResult {
  return { ok: false, reason, message: FAILURE_MESSAGES[reason] };
}
