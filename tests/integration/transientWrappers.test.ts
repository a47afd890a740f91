/**
 * A contact measurement's raw pair and manifold wrappers skip wasm-bindgen's finalization registry
 * (streams/physics/transientWrappers): measured contacts keep their numbers, the wrappers still
 * free their wasm memory, and a class that does not wrap as wasm-bindgen does is left alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics, RAPIER } from '../../streams/physics/rapier';
import { wrapWithoutFinalizer, wrapsWithoutFinalizer } from '../../streams/physics/transientWrappers';
import { MeasuredContact } from '../../streams/physics/measuredContact';
import { StartVelocities } from '../../streams/physics/startVelocities';

beforeAll(async () => {
  await initPhysics();
});

function restingBall() {
  const world = new RAPIER.World({ x: 0, y: 9.8 });
  const ground = world.createCollider(RAPIER.ColliderDesc.cuboid(10, 0.5), world.createRigidBody(RAPIER.RigidBodyDesc.fixed()));
  const ball = world.createCollider(RAPIER.ColliderDesc.ball(0.3), world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0, -0.81)));
  for (let i = 0; i < 30; i += 1) world.step();
  return { world, ground, ball };
}

describe('transient raw wrappers', () => {
  it('a measured contact makes its pair and manifold wrappers without the registry, and reads what World.contactPair reads', () => {
    const { world, ground, ball } = restingBall();
    const entity = (id: string, kind: 'terrain' | 'prop', order: number) => ({ id, kind, order }) as never;
    const contact = new MeasuredContact(world, 'started', entity('b', 'prop', 0), entity('g', 'terrain', 1), ball.handle, ground.handle, new StartVelocities(), { has: (h: number) => world.colliders.contains(h) });
    const normal = contact.normal;
    const pair = world.narrowPhase.raw.contact_pair(ball.handle, ground.handle)!;
    const manifold = pair.contactManifold(0)!;
    expect(wrapsWithoutFinalizer(pair)).toBe(true);
    expect(wrapsWithoutFinalizer(manifold)).toBe(true);
    manifold.free();
    pair.free();
    let viaWorld: [number, number] = [0, 0];
    world.contactPair(ball, ground, (m, flipped) => {
      const n = m.normal();
      viaWorld = flipped ? [-n.x, -n.y] : [n.x, n.y];
    });
    expect(normal[0]).toBeCloseTo(viaWorld[0], 6);
    expect(normal[1]).toBeCloseTo(viaWorld[1], 6);
    expect(normal[1]).toBeGreaterThan(0.99);
    world.free();
  });

  it('wrappers made without the registry still free their wasm memory: the next read reuses it', () => {
    const { world, ground, ball } = restingBall();
    const read = (free: boolean): [number, number] => {
      const pair = world.narrowPhase.raw.contact_pair(ground.handle, ball.handle)!;
      wrapWithoutFinalizer(pair);
      const m = pair.contactManifold(0)!;
      wrapWithoutFinalizer(m);
      const at: [number, number] = [(pair as unknown as { __wbg_ptr: number }).__wbg_ptr, (m as unknown as { __wbg_ptr: number }).__wbg_ptr];
      if (free) {
        m.free();
        pair.free();
      }
      return at;
    };
    read(true);
    // Freed, the allocator hands the same two boxes out again; kept, the next read needs new ones.
    expect(read(true)).toEqual(read(true));
    const kept = read(false);
    expect(read(false)).not.toEqual(kept);
    world.free();
  });

  it('leaves a class alone that does not wrap as wasm-bindgen does', () => {
    class Plain {}
    const sample = new Plain();
    wrapWithoutFinalizer(sample);
    expect(wrapsWithoutFinalizer(sample)).toBe(false);
    expect((Plain as unknown as { __wrap?: unknown }).__wrap).toBeUndefined();
    // A wrapper-like object whose class has no `__wrap` to replace is not reported as replaced.
    class Pointer {
      __wbg_ptr = 8;
    }
    const pointer = new Pointer();
    wrapWithoutFinalizer(pointer);
    expect(wrapsWithoutFinalizer(pointer)).toBe(false);
  });
});
