/**
 * Accepted means playable (issue 24): a polygon the loader accepts — terrain, an embedded prop
 * asset at any instance scale, a `.prop.json` — is one the physics engine can build. Rapier drops
 * hull vertices that turn by less than ~1.5° and then fails inside `createCollider`, so a
 * 10,000 × 60 px hill or a 100 × 0.6 px sliver used to load and then break PLAY. Each polygon
 * below is either refused with a path or built by the stage's own physics adapter and stepped.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneValue } from '../../core/scene/io';
import { loadPropAssetValue } from '../../core/scene/propFile';
import { SCENE_LIMITS } from '../../core/scene/limits';
import { resolveProp } from '../../core/props/resolve';
import type { SceneDocument } from '../../core/scene/schema';
import { initPhysics } from '../../streams/physics/rapier';
import { PhysicsWorld } from '../../streams/physics/world';
import { minimalScene, type Json } from '../unit/scene/fixtures';
import { fuzzParameters } from '../helpers/fuzzSeed';

beforeAll(async () => {
  await initPhysics();
});

const withTerrainPolygon = (points: number[][], position: number[] = [1000, 1000]): Json => {
  const doc = minimalScene();
  doc.objects.push({ kind: 'terrain', id: 'poly', file_id: 9, shape: 'polygon', position, points });
  return doc;
};
const withPropPolygon = (points: number[][], scale: number[] = [1, 1]): Json => {
  const doc = minimalScene();
  doc.prop_assets = [{ spawn_id: 'my:poly', name: 'Poly', shape: { kind: 'polygon', points }, mass: 1 }];
  doc.objects[3].spawn_id = 'my:poly';
  doc.objects[3].scale = scale;
  return doc;
};
const propFile = (points: number[][]): Json => ({
  format: 'stickman-stage/prop',
  version: '1.0',
  spawn_id: 'my:poly',
  name: 'Poly',
  shape: { kind: 'polygon', points },
  mass: 1,
});
/** A triangle of base `b` with its apex `h` above the middle of the base. */
const triangle = (b: number, h: number): number[][] => [[-b / 2, 0], [b / 2, 0], [0, -h]];

/** Builds every terrain piece and prop of `scene` the way PLAY does, steps once, frees the world. */
function buildAndStep(scene: SceneDocument): void {
  const world = new PhysicsWorld(scene.stage.gravity);
  try {
    scene.objects.forEach((o, i) => {
      if (o.kind === 'terrain') world.addTerrain(o, i);
      else if (o.kind === 'prop') world.addProp(o, resolveProp(scene, o), i);
    });
    world.step();
  } finally {
    world.dispose();
  }
}

/** 'refused' (with the issue at `path` when given) or 'built'. */
function loadAndBuild(doc: Json, path?: string): 'refused' | 'built' {
  const loaded = loadSceneValue(doc);
  if (!loaded.ok) {
    if (path) expect(loaded.issues.map((i) => i.path)).toContain(path);
    return 'refused';
  }
  buildAndStep(loaded.scene);
  return 'built';
}

describe('flat polygons are refused with their JSON path, or play', () => {
  const TOO_FLAT = /^polygon is too flat for the physics engine/;

  it('a 10,000 × 60 px terrain triangle (a gentle hill) is refused at its points', () => {
    const loaded = loadSceneValue(withTerrainPolygon(triangle(10_000, 60)));
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.issues).toHaveLength(1);
    expect(loaded.issues[0].path).toBe('$.objects[5].points');
    expect(loaded.issues[0].message).toMatch(/^terrain "poly" \(polygon\): polygon is too flat for the physics engine/);
  });

  it('a 100 × 0.6 px sliver is refused as an embedded asset and as a .prop.json', () => {
    const embedded = loadSceneValue(withPropPolygon(triangle(100, 0.6)));
    expect(embedded.ok ? [] : embedded.issues).toEqual([{ path: '$.prop_assets[0].shape.points', message: expect.stringMatching(TOO_FLAT) }]);
    const file = loadPropAssetValue(propFile(triangle(100, 0.6)));
    expect(file.ok ? [] : file.issues).toEqual([{ path: '$.shape.points', message: expect.stringMatching(TOO_FLAT) }]);
  });

  it('a valid asset squashed by its instance scale is refused at the scale', () => {
    const loaded = loadSceneValue(withPropPolygon(triangle(100, 10), [1, 0.05]));
    expect(loaded.ok ? [] : loaded.issues).toEqual([{ path: '$.objects[3].scale', message: expect.stringMatching(/^scaled shape: polygon is too flat/) }]);
  });

  it('a hill twice as steep as the limit plays, as terrain and as a prop', () => {
    expect(loadAndBuild(withTerrainPolygon(triangle(10_000, 150)))).toBe('built');
    expect(loadAndBuild(withPropPolygon(triangle(100, 1.5)))).toBe('built');
  });

  it('a near-straight corner is merged, so what is drawn and probed is what collides', () => {
    const loaded = loadSceneValue(withPropPolygon([[0, 0], [100, 0], [100, 50], [50, 50.2], [0, 50]]));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const prop = loaded.scene.objects[3];
    if (prop.kind !== 'prop') throw new Error('fixture changed');
    expect(resolveProp(loaded.scene, prop).shape).toEqual({ kind: 'polygon', points: [[0, 0], [100, 0], [100, 50], [0, 50]] });
  });
});

/** Convex polygons from flat to round: points on an ellipse of random aspect, in angle order, anywhere on the stage. */
const ellipsePolygon = fc
  .record({
    count: fc.integer({ min: 3, max: 12 }),
    rx: fc.double({ min: 1, max: 20_000, noNaN: true }),
    aspect: fc.double({ min: 1e-4, max: 1, noNaN: true }),
    angles: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 12, maxLength: 12 }),
  })
  .map(({ count, rx, aspect, angles }) =>
    [...new Set(angles.slice(0, count))]
      .sort((a, b) => a - b)
      .map((u) => [rx * Math.cos(2 * Math.PI * u), rx * aspect * Math.sin(2 * Math.PI * u)]),
  );
const flatTriangle = fc
  .record({ b: fc.double({ min: 1, max: 50_000, noNaN: true }), ratio: fc.double({ min: 1e-4, max: 0.05, noNaN: true }), skew: fc.double({ min: -0.5, max: 0.5, noNaN: true }) })
  .map(({ b, ratio, skew }) => [[-b / 2, 0], [b / 2, 0], [skew * b, -ratio * b]]);
const polygonArb = fc.oneof(ellipsePolygon, flatTriangle);
const coordinate = fc.double({ min: -SCENE_LIMITS.maxCoordinate / 2, max: SCENE_LIMITS.maxCoordinate / 2, noNaN: true });
const scaleArb = fc.tuple(fc.double({ min: 0.05, max: 20, noNaN: true }), fc.double({ min: 0.05, max: 20, noNaN: true }));

describe('property: every accepted polygon builds in the physics engine', () => {
  const params = fuzzParameters(150);

  it('as terrain, anywhere on the stage', () => {
    fc.assert(fc.property(polygonArb, coordinate, coordinate, (points, x, y) => {
      loadAndBuild(withTerrainPolygon(points, [x, y]), '$.objects[5].points');
    }), params);
  });

  it('as a prop asset, at any instance scale', () => {
    fc.assert(fc.property(polygonArb, scaleArb, (points, scale) => {
      loadAndBuild(withPropPolygon(points, scale));
    }), params);
  });

  it('as a .prop.json: refused with a path under $.shape, or its asset builds', () => {
    fc.assert(fc.property(polygonArb, (points) => {
      const file = loadPropAssetValue(propFile(points));
      if (!file.ok) {
        for (const issue of file.issues) expect(issue.path).toMatch(/^\$\.shape/);
        return;
      }
      const doc = minimalScene();
      doc.prop_assets = [file.asset];
      doc.objects[3].spawn_id = file.asset.spawn_id;
      expect(loadAndBuild(doc)).toBe('built');
    }), params);
  });
});
