import { describe, it, expect } from 'vitest';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { defaultStandingPose } from '../../../core/rig/markers';
import { solvePose, PART_NAMES } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import {
  COLLISION_PARTS,
  HEAD_COLLISION_RADIUS,
  TORSO_COLLISION_RADIUS,
  ARM_COLLISION_RADIUS,
  LEG_COLLISION_RADIUS,
  HEAD_COLLISION_FALLBACK_CENTER,
  proxyShapes,
  proxyTransforms,
} from '../../../core/rig/proxies';
import { type Vec2, rotate, distance, sub, normalize } from '../../../core/rig/vec';

const P = DEFAULT_PROPORTIONS;
const root: Vec2 = [1000, 1500];
const markers = defaultStandingPose(P);
// An asymmetric pose so every limb points somewhere different.
markers.Right_Hand = [150, -420];
markers.Left_Leg = [60, -20];

describe('collision proxy table', () => {
  it('uses the seed constants', () => {
    expect(HEAD_COLLISION_RADIUS).toBe(90);
    expect(TORSO_COLLISION_RADIUS).toBe(20);
    expect(ARM_COLLISION_RADIUS).toBe(12);
    expect(LEG_COLLISION_RADIUS).toBe(14);
    expect(HEAD_COLLISION_FALLBACK_CENTER).toEqual([0, -72]);
  });

  it('gives each of the ten parts its seed shape family and radius', () => {
    expect(Object.keys(COLLISION_PARTS).sort()).toEqual([...PART_NAMES].sort());
    const expected: Record<string, [string, number]> = {
      head: ['circle', 90],
      torso: ['capsule', 20],
      left_upper_arm: ['capsule', 12],
      left_lower_arm: ['capsule', 12],
      right_upper_arm: ['capsule', 12],
      right_lower_arm: ['capsule', 12],
      left_upper_leg: ['capsule', 14],
      left_lower_leg: ['capsule', 14],
      right_upper_leg: ['capsule', 14],
      right_lower_leg: ['capsule', 14],
    };
    const shapes = proxyShapes(P);
    expect(Object.keys(shapes).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, [shape, radius]] of Object.entries(expected)) {
      expect(COLLISION_PARTS[name as keyof typeof COLLISION_PARTS]).toEqual({ shape, radius });
      const entry = shapes[name as keyof typeof shapes];
      expect(entry.name).toBe(name);
      expect(entry.shape).toBe(shape);
      expect(entry.radius).toBe(radius);
    }
  });

  it('fits capsule lengths to the proportions and spans exactly attachment..far end', () => {
    const shapes = proxyShapes(P);
    const fitted: Record<string, number> = {
      torso: 170,
      left_upper_arm: 110,
      left_lower_arm: 110,
      right_upper_arm: 110,
      right_lower_arm: 110,
      left_upper_leg: 130,
      left_lower_leg: 130,
      right_upper_leg: 130,
      right_lower_leg: 130,
    };
    for (const [name, length] of Object.entries(fitted)) {
      const shape = shapes[name as keyof typeof shapes];
      if (shape.shape !== 'capsule') throw new Error(`${name} should be a capsule`);
      expect(shape.length).toBe(length);
      // Rapier capsule total height = 2·(halfHeight + radius) = the seed's end-to-end height.
      expect(2 * (shape.halfHeight + shape.radius)).toBeCloseTo(length, 12);
    }
    const head = shapes.head;
    if (head.shape !== 'circle') throw new Error('head should be a circle');
    expect(head.centerOffset).toEqual([0, -72]);
  });
});

describe('proxyTransforms', () => {
  const local = solvePose(markers, P);

  for (const facing of ['RIGHT', 'LEFT'] as const) {
    it(`centres capsules on their segments and turns local +Y along them (${facing})`, () => {
      const world = toWorld(local, root, facing);
      const transforms = proxyTransforms(world, P);
      for (const name of PART_NAMES) {
        if (name === 'head') continue;
        const part = world[name];
        const proxy = transforms[name];
        expect(proxy.center[0]).toBeCloseTo((part.start[0] + part.end[0]) / 2, 9);
        expect(proxy.center[1]).toBeCloseTo((part.start[1] + part.end[1]) / 2, 9);
        const axis = rotate([0, 1], proxy.rotation);
        const direction = normalize(sub(part.end, part.start));
        expect(axis[0]).toBeCloseTo(direction[0], 9);
        expect(axis[1]).toBeCloseTo(direction[1], 9);
      }
    });

    it(`puts the head circle 72 px above the neck on the drawn head centre (${facing})`, () => {
      const world = toWorld(local, root, facing);
      const head = proxyTransforms(world, P).head;
      expect(head.shape).toBe('circle');
      expect(head.radius).toBe(90);
      expect(head.center[0]).toBeCloseTo(world.torso.end[0], 9);
      expect(head.center[1]).toBeCloseTo(world.torso.end[1] - 72, 9);
      expect(distance(head.center, world.head.end)).toBeLessThan(1e-9);
    });
  }

  it('keeps every size identical and mirrors every centre when facing LEFT', () => {
    const right = proxyTransforms(toWorld(local, root, 'RIGHT'), P);
    const left = proxyTransforms(toWorld(local, root, 'LEFT'), P);
    for (const name of PART_NAMES) {
      const r = right[name];
      const l = left[name];
      expect(l.shape).toBe(r.shape);
      expect(l.radius).toBe(r.radius);
      if (l.shape === 'capsule' && r.shape === 'capsule') {
        expect(l.length).toBe(r.length);
        expect(l.halfHeight).toBe(r.halfHeight);
      }
      expect(l.center[0] - root[0]).toBeCloseTo(-(r.center[0] - root[0]), 9);
      expect(l.center[1]).toBeCloseTo(r.center[1], 9);
    }
  });

  it('keeps a zero-length segment finite, hanging with rotation 0', () => {
    const world = toWorld(local, root, 'RIGHT');
    const collapsed = { ...world, torso: { ...world.torso, end: [...world.torso.start] as Vec2 } };
    const torso = proxyTransforms(collapsed, P).torso;
    expect(torso.rotation).toBe(0);
    expect(torso.center[0]).toBeCloseTo(world.torso.start[0], 9);
    expect(torso.center[1]).toBeCloseTo(world.torso.start[1] + 85, 9);
  });
});

describe('writeProxyPoses (the allocation-free hot path)', async () => {
  const { writeProxyPoses, proxyTransforms } = await import('../../../core/rig/proxies');
  const { solvePose, PART_NAMES } = await import('../../../core/rig/skeleton');
  const { toWorld } = await import('../../../core/rig/worldPose');
  const { defaultStandingPose } = await import('../../../core/rig/markers');
  const { DEFAULT_PROPORTIONS } = await import('../../../core/rig/proportions');

  it('matches proxyTransforms(toWorld(...)) for varied poses, both facings', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const base = defaultStandingPose(DEFAULT_PROPORTIONS);
    const out = new Float64Array(PART_NAMES.length * 3);
    for (let n = 0; n < 200; n += 1) {
      const markers = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, [v[0] + rand() * 120, v[1] + rand() * 120]])) as typeof base;
      const root: [number, number] = [rand() * 3000, 1000 + rand() * 500];
      for (const facing of ['RIGHT', 'LEFT'] as const) {
        const local = solvePose(markers, DEFAULT_PROPORTIONS);
        const expected = proxyTransforms(toWorld(local, root, facing), DEFAULT_PROPORTIONS);
        writeProxyPoses(local, root, facing, DEFAULT_PROPORTIONS, out);
        PART_NAMES.forEach((name, i) => {
          expect(out[i * 3]).toBeCloseTo(expected[name].center[0], 9);
          expect(out[i * 3 + 1]).toBeCloseTo(expected[name].center[1], 9);
          // Same rotation modulo a full turn (±π both mean "pointing straight up").
          const d = out[i * 3 + 2] - expected[name].rotation;
          expect(Math.abs(Math.atan2(Math.sin(d), Math.cos(d)))).toBeLessThan(1e-9);
        });
      }
    }
  });
});
