/**
 * The contact normal when Rapier has no manifold for a started pair (touching only through the
 * prediction distance): it must point between the shapes' nearest points, not between collider
 * positions — a terrain collider's position is the stage origin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics, RAPIER } from '../../streams/physics/rapier';
import { nearestPointNormal } from '../../streams/physics/measuredContact';
import { terrainColliderDescs } from '../../streams/physics/colliderDescs';
import { toMeters, toPixels } from '../../streams/physics/units';

beforeAll(async () => {
  await initPhysics();
});

function worldWith(ballAt: [number, number], radius = 30) {
  const world = new RAPIER.World({ x: 0, y: 0 });
  const fixed = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  // A block whose top is y = 1400, far from the stage origin.
  const [desc] = terrainColliderDescs({ kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [3000, 1500], size: [2000, 200], rotation: 0 } as never);
  const terrain = world.createCollider(desc, fixed);
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(toMeters(ballAt[0]), toMeters(ballAt[1])));
  const ball = world.createCollider(RAPIER.ColliderDesc.ball(toMeters(radius)), body);
  return { world, terrain, ball };
}

describe('contact normal fallback', () => {
  it('a ball just above a far-off block: the normal is straight up from the block, the point between the surfaces', () => {
    const { world, terrain, ball } = worldWith([3500, 1400 - 30 - 1]);
    const r = nearestPointNormal(terrain, ball)!;
    expect(r.normal[0]).toBeCloseTo(0, 6);
    expect(r.normal[1]).toBeCloseTo(-1, 6);
    expect(r.point[0]).toBeCloseTo(3500, 3);
    expect(r.point[1]).toBeCloseTo(1399.5, 3);
    // From the ball to the block, it is the opposite.
    const back = nearestPointNormal(ball, terrain)!;
    expect(back.normal[1]).toBeCloseTo(1, 6);
    world.free();
  });

  it('beside the block the normal is horizontal (the centre direction would point at the origin)', () => {
    const { world, terrain, ball } = worldWith([4000 + 30 + 1, 1450]);
    const r = nearestPointNormal(terrain, ball)!;
    expect(r.normal[0]).toBeCloseTo(1, 6);
    expect(r.normal[1]).toBeCloseTo(0, 6);
    expect(toPixels(terrain.translation().x)).toBe(0); // the trap this avoids
    world.free();
  });

  it('a ball sunk into the block still gets the direction out of the block (up), not towards the origin', () => {
    const { world, terrain, ball } = worldWith([3500, 1400 + 10]);
    const r = nearestPointNormal(terrain, ball)!;
    expect(Math.hypot(r.normal[0], r.normal[1])).toBeCloseTo(1, 6);
    expect(r.normal[1]).toBeLessThan(-0.99);
    world.free();
  });
});
