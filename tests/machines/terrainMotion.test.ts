/**
 * TerrainMotion (seed phase 6a §4), model-based with xstate/graph: the machine is the model, and
 * the system under test is the locomotion core driven physically (a rig that really falls, lands
 * and walks off a ledge) with the real machine deciding its phase.
 */
import { describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { TerrainInput } from '../../core/geometry/terrainShapes';
import { beginTerrainFall } from '../../core/locomotion';
import { terrainMotionMachine, type TerrainMotionEvent } from '../../machines/terrainMotionMachine';
import { RigSim, groundBlock } from '../unit/locomotion/sim';

type TMEvent = TerrainMotionEvent;

/** The events the model may send, with payloads (soft and hard landings; both walk directions). */
const MODEL_EVENTS: TMEvent[] = [
  { type: 'rig.beginTerrainFall' },
  { type: 'physics.landed', fallDistance: 40, impactSpeed: 440 },
  { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 },
  { type: 'physics.supportLost', walkVelocityX: 160 },
  { type: 'physics.supportLost', walkVelocityX: -160 },
  { type: 'rig.disableTerrain' },
];

/** Every (state, event type) → target the machine declares, read from its definition. */
function declaredEdges(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const [name, node] of Object.entries(terrainMotionMachine.root.states)) {
    for (const [eventType, transitions] of node.transitions) {
      for (const t of transitions) {
        const target = t.target?.[0]?.key ?? name;
        edges.set(`${name}:${eventType}`, target);
      }
    }
  }
  return edges;
}

// The SUT's terrain: a platform (x 700..1300, top 1100) over the ground (top 1400).
const PLATFORM: TerrainInput = { id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };

/** A fresh SUT: a rig above the platform that has not started its terrain motion yet. */
function createSut(): RigSim {
  // The model starts in DISABLED: the first begin_terrain_fall comes from the model.
  return new RigSim([groundBlock(), PLATFORM], [1000, 1000], 'RIGHT', undefined, false);
}

describe('terrainMotion machine (model-based, xstate/graph)', () => {
  const model = createTestModel(terrainMotionMachine, { events: MODEL_EVENTS });
  // Shortest paths to every transition, plus one long life: fall, land, walk off the platform,
  // land on the ground, disable, and fall again from DISABLED.
  const paths = [
    ...model.getShortestPaths(),
    ...model.getPathsFromEvents([
      { type: 'rig.beginTerrainFall' },
      { type: 'physics.landed', fallDistance: 100, impactSpeed: 700 },
      { type: 'physics.supportLost', walkVelocityX: -160 },
      { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 },
      { type: 'rig.disableTerrain' },
      { type: 'rig.beginTerrainFall' },
      { type: 'rig.disableTerrain' },
    ]),
  ];

  it('reaches exactly DISABLED, AIRBORNE and GROUNDED and takes every transition declared from them', () => {
    const reached = new Set<string>();
    const taken = new Set<string>();
    for (const path of model.getShortestPaths()) {
      let prev: string | null = null;
      for (const step of path.steps) {
        const to = String(step.state.value);
        reached.add(to);
        if (prev !== null) taken.add(`${prev}:${step.event.type}`);
        prev = to;
      }
    }
    expect([...reached].sort()).toEqual(['AIRBORNE', 'DISABLED', 'GROUNDED']);
    const fromReachable = [...declaredEdges().keys()].filter((k) => reached.has(k.split(':')[0]));
    expect(fromReachable.sort()).toEqual([
      'AIRBORNE:physics.landed',
      'AIRBORNE:rig.disableTerrain',
      'DISABLED:rig.beginTerrainFall',
      'GROUNDED:physics.supportLost',
      'GROUNDED:rig.disableTerrain',
    ]);
    for (const edge of fromReachable) expect(taken, edge).toContain(edge);
  });

  it('LANDING_IMPACT is declared but not reachable (every landing is soft until the landing solver exists)', () => {
    expect(Object.keys(terrainMotionMachine.root.states)).toContain('LANDING_IMPACT');
    // Exhaustively: every model event, with landings from 0 to far past HARD_LANDING_MAX_FALL_HEIGHT.
    const events: TMEvent[] = [...MODEL_EVENTS];
    for (const fallDistance of [0, 79, 80, 81, 500, 900, 901, 5000]) events.push({ type: 'physics.landed', fallDistance, impactSpeed: 1800 });
    const seen = new Set<string>();
    const queue = [terrainMotionMachine.resolveState({ value: 'DISABLED', context: { parent: null } })];
    while (queue.length) {
      const snap = queue.shift()!;
      const key = String(snap.value);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const e of events) queue.push(getNextSnapshot(terrainMotionMachine, snap, e));
    }
    expect([...seen].sort()).toEqual(['AIRBORNE', 'DISABLED', 'GROUNDED']);
    expect(model.getShortestPaths().some((p) => p.state.value === 'LANDING_IMPACT')).toBe(false);
  });

  it('ignores events a state does not declare (no silent transitions)', () => {
    for (const value of ['DISABLED', 'AIRBORNE', 'GROUNDED'] as const) {
      const snap = terrainMotionMachine.resolveState({ value, context: { parent: null } });
      for (const e of MODEL_EVENTS) {
        if (declaredEdges().has(`${value}:${e.type}`)) continue;
        expect(getNextSnapshot(terrainMotionMachine, snap, e).value, `${value} + ${e.type}`).toBe(value);
      }
    }
  });

  for (const path of paths) {
    it(`the locomotion core follows: ${path.description}`, async () => {
      const sim = createSut();
      let lastLanding: { fallDistance: number; impactSpeed: number } | null = null;
      await path.test({
        events: {
          'rig.beginTerrainFall': () => {
            // A fall always starts with zero air velocity (seed 6a §4).
            beginTerrainFall(sim.s);
            sim.machine.send({ type: 'rig.beginTerrainFall' });
            expect(sim.s.airVelocityY).toBe(0);
          },
          'physics.landed': () => {
            let landed = null;
            for (let i = 0; i < 240 && !landed; i++) landed = sim.step().events.find((e) => e.type === 'landed') ?? null;
            expect(landed, 'the falling rig lands').not.toBeNull();
            lastLanding = landed as never;
          },
          'physics.supportLost': ({ event }) => {
            const dir = Math.sign((event as Extract<TMEvent, { type: 'physics.supportLost' }>).walkVelocityX);
            sim.walkTo(sim.s.root[0] + dir * 800);
            let lost = null;
            for (let i = 0; i < 600 && !lost; i++) lost = sim.step().events.find((e) => e.type === 'supportLost') ?? null;
            expect(lost, 'walking off the platform loses support').not.toBeNull();
            // The takeoff carries the signed walk velocity the model's event names.
            expect((lost as { walkVelocityX: number }).walkVelocityX).toBeCloseTo(dir * 160, 6);
          },
          'rig.disableTerrain': () => {
            sim.machine.send({ type: 'rig.disableTerrain' });
            sim.s.walkTargetX = null;
          },
        },
        states: {
          '*': (state) => {
            expect(sim.phase).toBe(state.value);
          },
          DISABLED: () => {
            // Nothing moves the rig while terrain motion is disabled.
            const root = [...sim.s.root];
            sim.run(10);
            expect(sim.s.root).toEqual(root);
            expect(sim.phase).toBe('DISABLED');
          },
          AIRBORNE: () => {
            // A fall has just started from rest (zero air velocity, measured from here)…
            expect(sim.s.airVelocityY).toBe(0);
            expect(sim.s.fallStartY).toBe(sim.s.root[1]);
            // …and after walking off the platform nothing is under the root any more.
            if (sim.log.some((r) => r.events.some((e) => e.type === 'supportLost')) && sim.s.root[1] < 1400) {
              const ground = sim.terrain.probeDown(sim.s.root[0], sim.s.root[1] - 0.5, 2000)?.point[1] ?? Infinity;
              expect(ground - sim.s.root[1]).toBeGreaterThan(100);
            }
          },
          GROUNDED: () => {
            // The root stands on a surface and the landing reported a downward fall.
            expect(sim.surfaceY(sim.s.root[0], sim.s.root[1])).toBeCloseTo(sim.s.root[1], 6);
            expect(lastLanding!.fallDistance).toBeGreaterThan(0);
            expect(lastLanding!.impactSpeed).toBeGreaterThan(0);
          },
        },
      });
      sim.machine.stop();
    });
  }
});
