/**
 * TerrainMotion (seed phase 6a §4), model-based with xstate/graph: the machine is the model, and
 * the system under test is the locomotion core driven physically (a rig that really falls, lands
 * soft or hard, absorbs the impact, walks off a ledge with momentum) with the real machine
 * deciding its phase. Every state and every declared transition is reached, LANDING_IMPACT included.
 */
import { describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { TerrainInput } from '../../core/geometry/terrainShapes';
import {
  HARD_LANDING_MIN_FALL_HEIGHT, LANDING_TOTAL_DURATION, beginTerrainFall, isHardLanding, landingReaction,
  type AirPoseBase, type LocomotionEvent, WALK_SPEED,
} from '../../core/locomotion';
import type { MarkerPose } from '../../core/rig/markers';
import { terrainMotionMachine, type TerrainMotionEvent } from '../../machines/terrainMotionMachine';
import { DT, RigSim, groundBlock } from '../unit/locomotion/sim';

type TMEvent = TerrainMotionEvent;
type Landed = Extract<TMEvent, { type: 'physics.landed' }>;

/** The events the model may send, with payloads: soft and hard landings, both walk directions. */
const MODEL_EVENTS: TMEvent[] = [
  { type: 'rig.beginTerrainFall' },
  { type: 'physics.landed', fallDistance: 40, impactSpeed: 440 },
  { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 },
  { type: 'physics.landingFinished' },
  { type: 'physics.supportLost', walkVelocityX: 160 },
  { type: 'physics.supportLost', walkVelocityX: -160 },
  { type: 'rig.disableTerrain' },
];

const STATES = ['AIRBORNE', 'DISABLED', 'GROUNDED', 'LANDING_IMPACT'];

/** Every (state, event type) → targets the machine declares, read from its definition. */
function declaredEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [name, node] of Object.entries(terrainMotionMachine.root.states)) {
    for (const [eventType, transitions] of node.transitions) {
      const targets = new Set(transitions.map((t) => t.target?.[0]?.key ?? name));
      edges.set(`${name}:${eventType}`, targets);
    }
  }
  return edges;
}

// The SUT's terrain: a platform (x 700..1300, top 1100) over the ground (top 1400).
const PLATFORM: TerrainInput = { id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };

/** A fresh SUT: a rig high above the platform that has not started its terrain motion yet. */
function createSut(): RigSim {
  // The model starts in DISABLED: the first begin_terrain_fall comes from the model.
  return new RigSim([groundBlock(), PLATFORM], [1000, 600], 'RIGHT', undefined, false);
}

const copyPose = (m: MarkerPose): MarkerPose => JSON.parse(JSON.stringify(m));
const limbsOf = (m: MarkerPose | AirPoseBase) => ({ Left_Hand: m.Left_Hand, Right_Hand: m.Right_Hand, Left_Leg: m.Left_Leg, Right_Leg: m.Right_Leg, Torso: m.Torso });

/** How far the air pose has moved the right hand forward from its takeoff base, px. */
const handOffsetX = (sim: RigSim): number => sim.s.markers.Right_Hand[0] - sim.s.airPoseBase!.Right_Hand[0];

/** Steps until an event of `type` comes out of the core; fails when it does not within `max`. */
function stepUntilEvent<T extends LocomotionEvent['type']>(sim: RigSim, type: T, max: number): { event: Extract<LocomotionEvent, { type: T }>; steps: number } {
  for (let i = 1; i <= max; i++) {
    const e = sim.step().events.find((x) => x.type === type);
    if (e) return { event: e as Extract<LocomotionEvent, { type: T }>, steps: i };
  }
  throw new Error(`no ${type} within ${max} steps (phase ${sim.phase}, root ${sim.s.root})`);
}

describe('terrainMotion machine (model-based, xstate/graph)', () => {
  const model = createTestModel(terrainMotionMachine, { events: MODEL_EVENTS });
  // Shortest paths to every transition, plus one long life: fall, hard landing, absorb, walk off
  // the platform, soft landing, disable, fall again, disable mid-landing.
  const paths = [
    ...model.getShortestPaths(),
    ...model.getPathsFromEvents([
      { type: 'rig.beginTerrainFall' },
      { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 },
      { type: 'physics.landingFinished' },
      { type: 'physics.supportLost', walkVelocityX: -160 },
      { type: 'physics.landed', fallDistance: 40, impactSpeed: 440 },
      { type: 'rig.disableTerrain' },
      { type: 'rig.beginTerrainFall' },
      { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 },
      { type: 'rig.disableTerrain' },
    ]),
  ];

  it('reaches all four states and takes every transition the machine declares', () => {
    const reached = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      let prev: string | null = null;
      for (const step of path.steps) {
        const to = String(step.state.value);
        reached.add(to);
        if (prev !== null) taken.add(`${prev}:${step.event.type}->${to}`);
        prev = to;
      }
    }
    expect([...reached].sort()).toEqual(STATES);
    const declared = [...declaredEdges()].flatMap(([k, targets]) => [...targets].map((t) => `${k}->${t}`));
    expect(declared.sort()).toEqual([
      'AIRBORNE:physics.landed->GROUNDED',
      'AIRBORNE:physics.landed->LANDING_IMPACT',
      'AIRBORNE:rig.disableTerrain->DISABLED',
      'DISABLED:rig.beginTerrainFall->AIRBORNE',
      'GROUNDED:physics.supportLost->AIRBORNE',
      'GROUNDED:rig.disableTerrain->DISABLED',
      'LANDING_IMPACT:physics.landingFinished->GROUNDED',
      'LANDING_IMPACT:rig.disableTerrain->DISABLED',
    ]);
    for (const edge of declared) expect(taken, edge).toContain(edge);
  });

  it('a landing is hard exactly from HARD_LANDING_MIN_FALL_HEIGHT (80 px) on, whatever the impact speed', () => {
    const airborne = getNextSnapshot(terrainMotionMachine, terrainMotionMachine.resolveState({ value: 'DISABLED', context: { rigId: null } }), { type: 'rig.beginTerrainFall' });
    const after = (fallDistance: number, impactSpeed: number) =>
      getNextSnapshot(terrainMotionMachine, airborne, { type: 'physics.landed', fallDistance, impactSpeed }).value;
    expect(HARD_LANDING_MIN_FALL_HEIGHT).toBe(80);
    for (const speed of [0, 600, 1800]) {
      expect(after(0, speed)).toBe('GROUNDED');
      expect(after(79.999, speed)).toBe('GROUNDED');
      expect(after(80, speed)).toBe('LANDING_IMPACT');
      expect(after(900, speed)).toBe('LANDING_IMPACT');
      expect(after(5000, speed)).toBe('LANDING_IMPACT');
    }
  });

  it('ignores events a state does not declare (no silent transitions)', () => {
    const edges = declaredEdges();
    for (const value of STATES) {
      const snap = terrainMotionMachine.resolveState({ value, context: { rigId: null } });
      for (const e of MODEL_EVENTS) {
        if (edges.has(`${value}:${e.type}`)) continue;
        expect(getNextSnapshot(terrainMotionMachine, snap, e).value, `${value} + ${e.type}`).toBe(value);
      }
    }
  });

  for (const path of paths) {
    it(`the locomotion core follows: ${path.description}`, async () => {
      const sim = createSut();
      let lastLanding: { fallDistance: number; impactSpeed: number } | null = null;
      /** The limb markers the last takeoff captured (what exact restoration must give back). */
      let takeoffPose: ReturnType<typeof limbsOf> | null = null;
      /** The markers the DISABLED state must show: bases written back by the cancel. */
      let expectRestored: ReturnType<typeof limbsOf> | null = null;
      await path.test({
        events: {
          'rig.beginTerrainFall': () => {
            // A fall always starts with zero air velocity (seed 6a §4), the live pose captured.
            beginTerrainFall(sim.s);
            sim.machine.send({ type: 'rig.beginTerrainFall' });
            expect([sim.s.airVelocityX, sim.s.airVelocityY]).toEqual([0, 0]);
            takeoffPose = limbsOf(copyPose(sim.s.markers));
          },
          'physics.landed': ({ event }) => {
            // A third of a second in the air first, so the air pose is well developed; then the
            // harness sets where this fall started (the platform offers only one height) and the
            // core falls the rest for real: the landing it reports must be the one the model names.
            const wanted = (event as Landed).fallDistance;
            const groundBelow = () => sim.terrain.probeDown(sim.s.root[0], sim.s.root[1] - 0.5, 3000)!.point[1];
            // A fall begun standing on the ground is lifted clear first, as createSut places it.
            if (groundBelow() - sim.s.root[1] < 250) sim.s.root[1] = sim.s.fallStartY = groundBelow() - 400;
            sim.run(20);
            expect(sim.phase).toBe('AIRBORNE');
            expect(handOffsetX(sim)).toBeGreaterThan(150);
            const ground = groundBelow();
            sim.s.root[1] = ground - Math.min(wanted, 30);
            sim.s.fallStartY = ground - wanted;
            const { event: landed } = stepUntilEvent(sim, 'landed', 240);
            expect(landed.fallDistance).toBeCloseTo(wanted, 6);
            expect(isHardLanding(landed.fallDistance)).toBe(isHardLanding(wanted));
            lastLanding = landed;
          },
          'physics.landingFinished': () => {
            // The absorption runs on the step's elapsed counter: 0.30 s = 18 steps of 1/60 s.
            const { steps } = stepUntilEvent(sim, 'landingFinished', 60);
            expect(steps).toBe(Math.round(LANDING_TOTAL_DURATION / DT));
          },
          'physics.supportLost': ({ event }) => {
            const dir = Math.sign((event as Extract<TMEvent, { type: 'physics.supportLost' }>).walkVelocityX);
            sim.walkTo(sim.s.root[0] + dir * 800);
            const { event: lost } = stepUntilEvent(sim, 'supportLost', 600);
            // The takeoff carries the signed walk velocity the model's event names, into the air.
            expect(lost.walkVelocityX).toBeCloseTo(dir * WALK_SPEED, 6);
            expect(sim.s.airVelocityX).toBe(lost.walkVelocityX);
            takeoffPose = limbsOf(copyPose(sim.s.markers));
          },
          'rig.disableTerrain': () => {
            // Mid-air or mid-landing first, so there is a procedural pose to clean up.
            if (sim.phase === 'AIRBORNE') sim.run(12);
            if (sim.phase === 'LANDING_IMPACT') sim.run(4);
            const phase = sim.phase;
            expectRestored =
              phase === 'AIRBORNE' ? takeoffPose
              : phase === 'LANDING_IMPACT' ? { ...limbsOf(sim.s.markers), Torso: sim.s.landing!.torsoBase, ...sim.s.landing!.handBase }
              : null;
            if (phase === 'LANDING_IMPACT') expect(sim.s.markers.Torso[1]).toBeGreaterThan(sim.s.landing!.torsoBase[1] + 10);
            sim.machine.send({ type: 'rig.disableTerrain' });
            sim.s.walkTargetX = null;
          },
        },
        states: {
          '*': (state) => {
            expect(sim.phase).toBe(state.value);
          },
          DISABLED: () => {
            // Nothing moves the rig while terrain motion is disabled, and nothing procedural
            // survives: the captured markers are back exactly.
            const root = [...sim.s.root];
            sim.run(10);
            expect(sim.s.root).toEqual(root);
            expect(sim.phase).toBe('DISABLED');
            expect(sim.s.airPoseBase).toBeNull();
            expect(sim.s.landing).toBeNull();
            if (expectRestored) {
              expect(limbsOf(sim.s.markers)).toEqual(expectRestored);
            }
          },
          AIRBORNE: () => {
            // A fall has just started from vertical rest, measured from here, with the live pose
            // captured once.
            expect(sim.s.airVelocityY).toBe(0);
            expect(sim.s.fallStartY).toBe(sim.s.root[1]);
            expect(limbsOf(sim.s.airPoseBase!)).toEqual(takeoffPose);
            // After walking off the platform nothing is under the root any more.
            if (sim.log.some((r) => r.events.some((e) => e.type === 'supportLost')) && sim.s.root[1] < 1400) {
              const ground = sim.terrain.probeDown(sim.s.root[0], sim.s.root[1] - 0.5, 2000)?.point[1] ?? Infinity;
              expect(ground - sim.s.root[1]).toBeGreaterThan(100);
            }
          },
          GROUNDED: () => {
            // The root stands on a surface; no air velocity, air pose or landing is left.
            expect(sim.surfaceY(sim.s.root[0], sim.s.root[1])).toBeCloseTo(sim.s.root[1], 6);
            expect([sim.s.airVelocityX, sim.s.airVelocityY]).toEqual([0, 0]);
            expect(sim.s.airPoseBase).toBeNull();
            expect(sim.s.landing).toBeNull();
            const last = sim.log.at(-1)!;
            if (last.events.some((e) => e.type === 'landed')) {
              // A soft landing: the takeoff pose exactly, on this very step.
              expect(isHardLanding(lastLanding!.fallDistance)).toBe(false);
              expect(limbsOf(sim.s.markers)).toEqual(takeoffPose);
            }
          },
          LANDING_IMPACT: () => {
            // Touchdown of a hard landing: the reaction depth comes from the fall height, both
            // feet stand on their own terrain samples, the torso starts at its base.
            const l = sim.s.landing!;
            expect(l).not.toBeNull();
            expect(l.elapsed).toBe(0);
            expect(l.fallHeight).toBe(lastLanding!.fallDistance);
            expect({ compression: l.compression, handDrop: l.handDrop }).toEqual(landingReaction(lastLanding!.fallDistance));
            for (const side of ['left', 'right'] as const) {
              expect(sim.surfaceY(l.contacts[side][0], l.contacts[side][1])).toBeCloseTo(l.contacts[side][1], 6);
              expect(sim.s.feet[side].pos).toEqual(l.contacts[side]);
            }
            expect(sim.s.markers.Torso).toEqual(l.torsoBase);
            expect(l.handBase).toEqual({ Left_Hand: takeoffPose!.Left_Hand, Right_Hand: takeoffPose!.Right_Hand });
          },
        },
      });
      sim.machine.stop();
    });
  }
});
