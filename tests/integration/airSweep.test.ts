/**
 * The Rapier-backed airborne sweep (seed 6a §5.1, streams/physics/sweep.ts) through the whole
 * stack: a stickman walks off a platform towards terrain, a prop or another stickman; its own
 * ten proxies are swept (its own colliders excluded), it stops on contact with vx zeroed and
 * falls on. One bounding cast per step, the ten only when that one hits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartName } from '../../core/rig/skeleton';
import type { ProxyTransform } from '../../core/rig/proxies';
import { sweepStats } from '../../streams/physics/sweep';
import { ground, prop } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk } from './rigScenes';

beforeAll(async () => {
  await TestStage.init();
});

// A platform over x 700..1300, top 1100: walking right, support is lost just past x 1324.
const PLATFORM = { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };
const TM = 'rig:stick/terrainMotion';

/** Right-most stage X of one proxy (capsule around its segment, or the head ball). */
function rightEdge(p: ProxyTransform): number {
  if (p.shape === 'circle') return p.center[0] + p.radius;
  return p.center[0] + Math.abs(Math.sin(p.rotation)) * p.halfHeight + p.radius;
}

interface AirStep { x: number; vx: number; phase: string; edge: number; prevEdge: number }

/** Plays the walk off the right edge and records every step from takeoff until the landing. */
function fallOff(objects: Record<string, unknown>[]) {
  const p = TestStage.load(sceneWithQueues([ground(), PLATFORM, stickman('stick', [1000, 1100]), ...objects], { stick: [walk('w1', 1900)] })).play();
  const rig = p.rig('stick');
  p.stepUntil(() => rig.terrainPhase === 'AIRBORNE' && p.tick > 5, 60 * 10);
  expect(rig.terrainPhase).toBe('AIRBORNE');
  const stats = sweepStats(p.runtime.physics);
  const before = { ...stats };
  const steps: AirStep[] = [];
  const edgeOf = () => Math.max(...(Object.keys(rig.proxies) as PartName[]).map((k) => rightEdge(rig.proxies[k])));
  while (rig.terrainPhase === 'AIRBORNE' && steps.length < 120) {
    const prevEdge = edgeOf();
    p.step(1);
    steps.push({ x: rig.motion.root[0], vx: rig.motion.airVelocityX, phase: rig.terrainPhase, edge: edgeOf(), prevEdge });
  }
  return { p, rig, steps, casts: stats.casts - before.casts, sweeps: stats.sweeps - before.sweeps, boundingHits: stats.boundingHits - before.boundingHits };
}

describe('airborne sweep against the stage (seed 6a §5.1)', () => {
  it('in open air: a curved, unobstructed arc at one bounding cast per step (ten more only near the ledge)', () => {
    const { p, steps, casts, sweeps, boundingHits } = fallOff([]);
    expect(steps.length).toBeGreaterThan(20);
    // Never stopped: vx decays but stays positive the whole way down.
    for (const s of steps.slice(0, -1)) expect(s.vx).toBeGreaterThan(100);
    expect(sweeps).toBe(steps.length);
    expect(casts).toBe(sweeps + 10 * boundingHits);
    // Only the first steps, while a trailing foot still touches the platform, need the ten.
    expect(boundingHits).toBeLessThanOrEqual(8);
    expect(casts / sweeps).toBeLessThan(4);
    expect(p.warnings()).toEqual([]);
    p.dispose();
  });

  it.each([
    ['a terrain wall', { kind: 'terrain', id: 'wall', shape: 'block', position: [1560, 1000], size: [100, 800] }, 1510],
    ['a tall prop', prop('crate', 'box', [1550, 1080], { scale: [1, 8] }), 1510],
  ])('stops at %s: moved only the safe fraction, vx zeroed, then a straight fall', (_label, obstacle, face) => {
    const { p, steps, boundingHits } = fallOff([obstacle as Record<string, unknown>]);
    const stop = steps.findIndex((s) => s.vx === 0);
    expect(stop).toBeGreaterThanOrEqual(0);
    expect(boundingHits).toBeGreaterThan(0);
    // Before the contact no move carried a proxy into the face; the contact step's move took the
    // proxies as they stood up to it (or they already touched it: only the translation is swept,
    // so an arm the air pose reached into the wall stops the next move).
    const moveOf = (i: number) => steps[i].x - (i > 0 ? steps[i - 1].x : steps[i].x);
    for (let i = 0; i < stop; i++) expect(steps[i].prevEdge + moveOf(i), `step ${i}`).toBeLessThanOrEqual(face + 0.5);
    expect(steps[stop].prevEdge + moveOf(stop)).toBeGreaterThan(face - 1.5);
    // After the contact the root never moves sideways again, and it still falls and lands.
    for (const s of steps.slice(stop)) expect(s.x).toBe(steps[stop].x);
    expect(steps.at(-1)!.phase).not.toBe('AIRBORNE');
    expect(p.transitions(TM).at(-1)!.event).toBe('physics.landed');
    p.dispose();
  });

  it('stops at another stickman, and an area the fall passes through does not count', () => {
    const area = { kind: 'area', id: 'zone', position: [1450, 1200], size: [200, 400] };
    const open = fallOff([area]);
    expect(open.steps.some((s) => s.vx === 0 && s.phase === 'AIRBORNE')).toBe(false);
    open.p.dispose();

    const other = fallOff([stickman('other', [1520, GROUND_TOP])]);
    const stop = other.steps.findIndex((s) => s.vx === 0);
    expect(stop).toBeGreaterThanOrEqual(0);
    const x = other.steps[stop].x;
    expect(x).toBeLessThan(1520 - 60);
    for (const s of other.steps.slice(stop)) expect(s.x).toBe(x);
    other.p.dispose();
  });
});
