/**
 * A started contact's normal and point come from the pair's first manifold with a normal, read
 * straight from Rapier's narrow phase (streams/physics/measuredContact `ManifoldReading`). Rapier's
 * own `World.contactPair` walks the same manifolds for a callback: for every started contact of a
 * busy stage (stickmen walking into props, props tumbling onto terrain and each other), the two
 * must give the same numbers, bit for bit, and the contact's normal must point from its `a` to its `b`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics, RAPIER } from '../../streams/physics/rapier';
import { MeasuredContact } from '../../streams/physics/measuredContact';
import { StartVelocities } from '../../streams/physics/startVelocities';
import { toPixels } from '../../streams/physics/units';
import { StageController } from '../../streams/stage/stageController';
import { rigScene } from '../bench/rigBench';

beforeAll(async () => {
  await initPhysics();
});

type World = InstanceType<typeof RAPIER.World>;

/** The reading through `World.contactPair`: the first manifold with a non-zero normal, and its solver point. */
function throughContactPair(world: World, ha: number, hb: number): { normal: [number, number]; point: [number, number] | null } {
  let nx = 0;
  let ny = 0;
  let point: [number, number] | null = null;
  world.contactPair(world.getCollider(ha), world.getCollider(hb), (manifold, flipped) => {
    if (nx !== 0 || ny !== 0) return;
    const n = manifold.normal();
    nx = flipped ? -n.x : n.x;
    ny = flipped ? -n.y : n.y;
    const p = manifold.solverContactPoint(0);
    if (p) point = [toPixels(p.x), toPixels(p.y)];
  });
  return { normal: [nx, ny], point };
}

describe('a started contact read from the narrow phase', () => {
  it('gives the normal and point World.contactPair gives, for every started contact of a busy stage', () => {
    const controller = new StageController(rigScene(10));
    controller.send({ type: 'ui.play' });
    const runtime = controller.currentRuntime!;
    let compared = 0;
    let withManifold = 0;
    const mismatches: string[] = [];
    const sub = runtime.contact$.subscribe((c) => {
      if (!(c instanceof MeasuredContact) || c.type !== 'started') return;
      const inside = c as unknown as { world: World; ha: number; hb: number };
      // Before the contact measures itself: both readings see the step's manifolds.
      const expected = throughContactPair(inside.world, inside.ha, inside.hb);
      if (expected.normal[0] === 0 && expected.normal[1] === 0) return;
      withManifold += 1;
      compared += 1;
      if (!Object.is(c.normal[0], expected.normal[0]) || !Object.is(c.normal[1], expected.normal[1])) mismatches.push(`${c.a.id}→${c.b.id} normal ${c.normal} vs ${expected.normal}`);
      if (expected.point && (c.point[0] !== expected.point[0] || c.point[1] !== expected.point[1])) mismatches.push(`${c.a.id}→${c.b.id} point ${c.point} vs ${expected.point}`);
    });
    controller.step(240);
    sub.unsubscribe();
    controller.dispose();
    expect(mismatches.slice(0, 5)).toEqual([]);
    // The comparison covered real work: many started contacts with a manifold.
    expect(withManifold).toBeGreaterThan(500);
    expect(compared).toBe(withManifold);
  });

  it('turns the normal round when the contact names the pair from its other side', () => {
    const world = new RAPIER.World({ x: 0, y: 9.8 });
    const ground = world.createCollider(RAPIER.ColliderDesc.cuboid(10, 0.5), world.createRigidBody(RAPIER.RigidBodyDesc.fixed()));
    const ball = world.createCollider(RAPIER.ColliderDesc.ball(0.3), world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0, -0.81)));
    for (let i = 0; i < 30; i += 1) world.step();
    const first = world.narrowPhase.raw.contact_pair(ground.handle, ball.handle)!;
    // The ground was made first: the narrow phase's pair runs ground → ball.
    expect(first.collider1()).toBe(ground.handle);
    first.free();
    const entity = (id: string, kind: 'terrain' | 'prop', order: number) => ({ id, kind, order }) as never;
    const reading = (ha: number, hb: number) => new MeasuredContact(world, 'started', entity('a', 'prop', 0), entity('b', 'terrain', 1), ha, hb, new StartVelocities(), { has: (h: number) => world.colliders.contains(h) });
    const groundFirst = reading(ground.handle, ball.handle);
    const ballFirst = reading(ball.handle, ground.handle);
    // The ball rests on top: from the ground the normal points up the screen (−y), from the ball down.
    expect(groundFirst.normal[1]).toBeLessThan(-0.99);
    expect(ballFirst.normal).toEqual([-groundFirst.normal[0], -groundFirst.normal[1]]);
    expect(ballFirst.normal).toEqual(throughContactPair(world, ball.handle, ground.handle).normal);
    expect(ballFirst.point).toEqual(groundFirst.point);
    world.free();
  });
});
