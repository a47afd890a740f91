/**
 * A panic inside the physics engine (issue 24: 4,999 props on one spot panicked Rapier with
 * `RuntimeError: unreachable` after minutes, then dispose() threw and the world leaked). The
 * panic is provoked for real here — a call on a removed body's wrapper panics the WASM and
 * leaves the world borrowed for good, as the pile did — and the adapter must report it as a
 * runtime failure naming the step, and dispose without throwing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../streams/cli/runCli';
import { initPhysics, RAPIER } from '../../streams/physics/rapier';
import { liveWorldCount, lostWorldCount, PhysicsEngineError, PhysicsWorld } from '../../streams/physics/world';
import { memoryIo } from '../helpers/cliIo';

beforeAll(async () => {
  await initPhysics();
});

/** Breaks the adapter's Rapier world the way a panic inside a step does. */
function panicInside(world: PhysicsWorld): void {
  const raw = (world as unknown as { world: InstanceType<typeof RAPIER.World> }).world;
  const body = raw.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
  raw.removeRigidBody(body);
  expect(() => body.translation()).toThrow(/unreachable/);
}

describe('a physics engine panic', () => {
  it('is a PhysicsEngineError from step; dispose still returns; a fresh world works', () => {
    const live = liveWorldCount();
    const lost = lostWorldCount();
    const world = new PhysicsWorld([0, 980]);
    world.step();
    panicInside(world);
    expect(() => world.step()).toThrow(PhysicsEngineError);
    // Nothing touches the broken world again.
    expect(() => world.step()).toThrow(/the physics engine failed/);
    expect(() => world.dispose()).not.toThrow();
    expect(liveWorldCount()).toBe(live);
    expect(lostWorldCount()).toBe(lost + 1);
    const fresh = new PhysicsWorld([0, 980]);
    fresh.step();
    fresh.dispose();
    expect(lostWorldCount()).toBe(lost + 1);
  });

  it('npm run sim: a runtime failure (exit 1) naming the step, and the stage is torn down', async () => {
    const demo = readFileSync(fileURLToPath(new URL('../../scenes/demo.scene.json', import.meta.url)), 'utf8');
    const live = liveWorldCount();
    const { io, err } = memoryIo({ 'demo.json': demo }, (controller) => {
      controller.step(30);
      panicInside(controller.currentRuntime!.physics);
    });
    const code = await runCli(['demo.json', '--seconds', '2', '--trace', 'trace'], io);
    expect(code).toBe(1);
    expect(err.join('')).toMatch(/^runtime failure: step 31 \(\w+\): .+\n$/);
    expect(liveWorldCount()).toBe(live);
  });
});
