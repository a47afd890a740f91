/**
 * The solver's integration model against the real engine: a prop launched in the stage's
 * PhysicsWorld with the solved velocity must pass through the target at the solved step.
 * If a Rapier upgrade changes its substeps or damping order, this is the test that says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../../streams/physics/rapier';
import { PhysicsWorld } from '../../../streams/physics/world';
import { resolveProp } from '../../../core/props/resolve';
import type { PropObject } from '../../../core/scene/schema';
import { prop as propObject, scene } from '../../helpers/scenes';
import { DEFAULT_STEP_MODEL } from '../../../core/props/throwIntegrator';
import { sampleThrowArc } from '../../../core/props/throwArc';
import { solveThrow } from '../../../core/props/throwSolver';
import type { Vec2 } from '../../../core/geometry/vec';

beforeAll(async () => {
  await initPhysics();
});

const GRAVITY: Vec2 = [0, 980];

function launch(release: Vec2, velocity: Vec2, gravityScale: number, steps: number): Vec2[] {
  const world = new PhysicsWorld(GRAVITY);
  const doc = scene([propObject('ball', 'ball', release)]);
  const prop = doc.objects[0] as PropObject;
  world.addProp(prop, { ...resolveProp(doc, prop), gravity_scale: gravityScale }, 0);
  world.setBodyVelocity('ball', velocity);
  const out: Vec2[] = [release];
  for (let i = 0; i < steps; i += 1) {
    world.step();
    out.push(world.bodyState('ball')!.position);
  }
  world.dispose();
  return out;
}

describe('throw solver vs Rapier', () => {
  it('the stage world integrates with the substeps the model assumes', () => {
    const world = new PhysicsWorld(GRAVITY);
    expect(world.queryWorld.numSolverIterations).toBe(DEFAULT_STEP_MODEL.substeps);
    expect(world.queryWorld.timestep).toBeCloseTo(DEFAULT_STEP_MODEL.dt, 7); // Rapier stores it as f32
    world.dispose();
  });

  it.each([
    { release: [600, 1500] as Vec2, target: [2900, 1700] as Vec2, scale: 1 },
    { release: [3000, 1400] as Vec2, target: [900, 900] as Vec2, scale: 1 },
    { release: [500, 1500] as Vec2, target: [1400, 1500] as Vec2, scale: 0.4 },
  ])('a solved throw passes within 2 px of $target while descending (gravity scale $scale)', ({ release, target, scale }) => {
    const gravity: Vec2 = [GRAVITY[0] * scale, GRAVITY[1] * scale];
    const sol = solveThrow(release, target, gravity);
    expect(sol.ok).toBe(true);
    if (!sol.ok) return;
    const flown = launch(release, sol.velocity, scale, sol.steps);
    const arrival = flown[sol.steps];
    expect(Math.hypot(arrival[0] - target[0], arrival[1] - target[1])).toBeLessThan(2);
    expect(arrival[1]).toBeGreaterThan(flown[sol.steps - 1][1]); // moving down as it gets there
    // And the preview arc is the engine's path, step for step.
    const predicted = sampleThrowArc(release, sol.velocity, gravity, sol.steps);
    for (let i = 0; i <= sol.steps; i += 1) {
      expect(Math.hypot(predicted[i][0] - flown[i][0], predicted[i][1] - flown[i][1])).toBeLessThan(0.1);
    }
  });
});
