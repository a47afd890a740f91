/**
 * How the physics engine moves a free prop, step by step, so the throw solver and the previews
 * predict exactly what PLAY will do.
 *
 * One step of `dt` runs `substeps` of semi-implicit Euler, h = dt / substeps:
 *   v += g·h;  x += v·h
 * and applies linear damping once at the end of the step: v *= 1 / (1 + dt·damping).
 * The physics adapter reports the model its engine steps with (streams/physics world
 * `propStepModel()`; tests/unit/props/throwRapierAgreement.test.ts keeps the two in agreement).
 * With one substep and no damping this is the textbook x_n = x0 + n·dt·v0 + g·dt²·n(n+1)/2; with
 * four it differs by up to ~18 px over a 2 s flight, which is why the substeps matter.
 */
import { type Vec2 } from '../geometry/vec';

export interface StepModel {
  /** Fixed step (s). */
  readonly dt: number;
  /** Integration substeps per step. */
  readonly substeps: number;
  /** Linear damping coefficient (1/s); props are created without any. */
  readonly linearDamping: number;
}

export const DEFAULT_STEP_MODEL: StepModel = Object.freeze({ dt: 1 / 60, substeps: 4, linearDamping: 0 });

export function stepModel(overrides: Partial<StepModel> = {}): StepModel {
  return {
    dt: overrides.dt ?? DEFAULT_STEP_MODEL.dt,
    substeps: overrides.substeps ?? DEFAULT_STEP_MODEL.substeps,
    linearDamping: overrides.linearDamping ?? DEFAULT_STEP_MODEL.linearDamping,
  };
}

export function isValidStepModel(m: StepModel): boolean {
  return Number.isFinite(m.dt) && m.dt > 0 && Number.isInteger(m.substeps) && m.substeps >= 1
    && Number.isFinite(m.linearDamping) && m.linearDamping >= 0;
}

/** Advances `position` and `velocity` (mutated in place, no allocation) by one fixed step. */
export function integrateStep(position: Vec2, velocity: Vec2, gravity: Readonly<Vec2>, m: StepModel): void {
  const h = m.dt / m.substeps;
  for (let s = 0; s < m.substeps; s += 1) {
    velocity[0] += gravity[0] * h;
    velocity[1] += gravity[1] * h;
    position[0] += velocity[0] * h;
    position[1] += velocity[1] * h;
  }
  if (m.linearDamping > 0) {
    const d = 1 / (1 + m.dt * m.linearDamping);
    velocity[0] *= d;
    velocity[1] *= d;
  }
}

/**
 * The motion after some steps is linear in the launch velocity v0 and in gravity g:
 *   x_n = x0 + a·v0 + b·g,   v_n = p·v0 + q·g
 * (every operation of a step scales both axes alike). `advanceCoefficients` moves (a, b, p, q)
 * on by one step, in place, so a solver can walk n = 1, 2, … without re-integrating.
 */
export interface StepCoefficients {
  a: number;
  b: number;
  p: number;
  q: number;
}

export const initialCoefficients = (): StepCoefficients => ({ a: 0, b: 0, p: 1, q: 0 });

export function advanceCoefficients(c: StepCoefficients, m: StepModel): void {
  const h = m.dt / m.substeps;
  for (let s = 0; s < m.substeps; s += 1) {
    c.q += h;
    c.a += c.p * h;
    c.b += c.q * h;
  }
  if (m.linearDamping > 0) {
    const d = 1 / (1 + m.dt * m.linearDamping);
    c.p *= d;
    c.q *= d;
  }
}
