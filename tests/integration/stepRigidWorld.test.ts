import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics, RAPIER, stepRigidWorld } from '../../streams/physics/rapier';

beforeAll(async () => {
  await initPhysics();
});

type World = InstanceType<typeof RAPIER.World>;

/** A floor, a pile of balls and boxes, and a kinematic paddle sweeping through them. */
function build(): { world: World; events: InstanceType<typeof RAPIER.EventQueue>; paddle: InstanceType<typeof RAPIER.RigidBody> } {
  const world = new RAPIER.World({ x: 0, y: 9.8 });
  world.timestep = 1 / 60;
  const floor = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(0, 5));
  world.createCollider(RAPIER.ColliderDesc.cuboid(20, 0.5), floor);
  for (let i = 0; i < 12; i += 1) {
    const b = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(-3 + (i % 6), 2 - Math.floor(i / 6)).setRotation(i * 0.3));
    world.createCollider((i % 2 ? RAPIER.ColliderDesc.ball(0.3) : RAPIER.ColliderDesc.cuboid(0.3, 0.2)).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), b);
  }
  const paddle = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(-6, 4));
  world.createCollider(RAPIER.ColliderDesc.capsule(0.4, 0.1).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), paddle);
  return { world, events: new RAPIER.EventQueue(true), paddle };
}

/** Steps `world` 240 times with `step`, adding and removing bodies on the way; returns every pose and contact event. */
function run(step: (w: World, e: InstanceType<typeof RAPIER.EventQueue>) => void): { poses: number[]; events: string[]; wrappers: boolean[] } {
  const { world, events, paddle } = build();
  const poses: number[] = [];
  const seen: string[] = [];
  const wrappers: boolean[] = [];
  let added: InstanceType<typeof RAPIER.RigidBody> | null = null;
  for (let i = 0; i < 240; i += 1) {
    paddle.setNextKinematicTranslation({ x: -6 + i * 0.05, y: 4 });
    if (i === 60) {
      // A body (with its collider) taken out mid-run, as a prop that left the stage.
      world.removeRigidBody(world.getRigidBody(3));
    }
    if (i === 90) {
      added = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0, -2));
      world.createCollider(RAPIER.ColliderDesc.ball(0.4).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), added);
    }
    step(world, events);
    events.drainCollisionEvents((h1, h2, started) => seen.push(`${i}:${h1}-${h2}:${started}`));
    world.bodies.forEach((b) => {
      const t = b.translation();
      poses.push(t.x, t.y, b.rotation());
    });
  }
  // The JS side still knows exactly the live bodies and colliders.
  // (13 bodies and colliders built, one taken out, one added: the freed handle is reused.)
  wrappers.push(added !== null && world.getCollider(added.collider(0).handle) !== null);
  wrappers.push(world.bodies.len() === 14, world.colliders.len() === 14);
  events.free();
  world.free();
  return { poses, events: seen, wrappers };
}

describe('stepRigidWorld: the pipeline step without the soft-body remap', () => {
  it('moves bodies and reports contacts bit for bit as World.step does, with bodies added and removed on the way', () => {
    const standard = run((w, e) => w.step(e));
    const rigid = run((w, e) => stepRigidWorld(w, e));
    expect(rigid.events.length).toBeGreaterThan(10);
    expect(rigid.poses).toEqual(standard.poses);
    expect(rigid.events).toEqual(standard.events);
    expect(rigid.wrappers).toEqual([true, true, true]);
    expect(standard.wrappers).toEqual([true, true, true]);
  });
});
