import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { PhysicsWorld } from '../../streams/physics/world';
import { resolveProp } from '../../core/props/resolve';
import { ground, prop, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

function build() {
  const doc = scene([
    ground(1400),
    { kind: 'terrain', id: 'wall', shape: 'block', position: [1500, 1200], size: [100, 400] },
    prop('crate', 'box', [1000, 1360]),
  ]);
  const world = new PhysicsWorld([0, 980]);
  doc.objects.forEach((o, i) => {
    if (o.kind === 'terrain') world.addTerrain(o, i);
    if (o.kind === 'prop') world.addProp(o, resolveProp(doc, o), i);
  });
  world.step(); // queries see colliders only after a step
  return world;
}

describe('physics queries in stage pixels', () => {
  it('ray cast hits the nearest collider with its normal, distance and point in px', () => {
    const w = build();
    const hit = w.castRay([800, 1360], [1, 0], 2000)!;
    expect(hit.entity.id).toBe('crate');
    expect(hit.distance).toBeCloseTo(160, 0); // crate's left face at x = 960
    expect(hit.point[0]).toBeCloseTo(960, 0);
    expect(hit.normal[0]).toBeCloseTo(-1, 3);
    w.dispose();
  });

  it('ray cast honours exclusions and kind filters', () => {
    const w = build();
    expect(w.castRay([800, 1360], [1, 0], 2000, ['crate'])!.entity.id).toBe('wall');
    expect(w.castRay([800, 1360], [1, 0], 2000, [], ['terrain'])!.entity.id).toBe('wall');
    expect(w.castRay([800, 1360], [1, 0], 100)).toBeNull();
    expect(w.castRay([800, 1360], [0, 0], 100)).toBeNull();
    w.dispose();
  });

  it('shape cast reports the free fraction of a motion and skips excluded objects', () => {
    const w = build();
    const hit = w.castShape({ kind: 'circle', radius: 20 }, [700, 1360], 0, [1000, 0])!;
    expect(hit.entity.id).toBe('crate');
    expect(hit.fraction).toBeCloseTo((960 - 20 - 700) / 1000, 2);
    const past = w.castShape({ kind: 'circle', radius: 20 }, [700, 1360], 0, [1000, 0], ['crate'])!;
    expect(past.entity.id).toBe('wall');
    expect(past.fraction).toBeCloseTo((1450 - 20 - 700) / 1000, 2);
    w.dispose();
  });

  it('a disposed world refuses to step and reports no bodies', () => {
    const w = build();
    w.dispose();
    expect(() => w.step()).toThrow(/after dispose/);
    expect(w.counts()).toEqual({ bodies: 0, colliders: 0, joints: 0 });
  });
});
