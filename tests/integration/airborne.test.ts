/**
 * Seed phase 6a through the whole stage (scene → StageController → runtime → rig machine →
 * TerrainMotion → locomotion core → frames), with the seed's numbers:
 * - the focused suite of its §10 (24 assertions: takeoff and air pose, forward reach, lift, drag and
 *   ragdoll cleanup, fall-height mapping, the queue barrier, the impact timeline, exact restoration);
 * - the manual editor scenarios of §10, scripted headless (both platform sides, low/medium/maximum
 *   falls, ramps both ways and a stair edge, the queue order, reactions during compression,
 *   PLAY → EDIT and ragdoll during compression) plus the §8 interruption rules;
 * - the `--frames` output of `npm run sim` showing the air pose and the landing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AIR_DRAG_X, AIR_HAND_FORWARD, AIR_HAND_LIFT, AIR_POSE_RESPONSE, LANDING_TOTAL_DURATION, WALK_SPEED,
  filterAirPoseWeight, impactDepth, landingReaction, type LandingState,
} from '../../core/locomotion';
import { markerToWorld } from '../../core/rig/facing';
import { defaultStandingPose, type MarkerPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { TERRAIN_MAX_FALL_SPEED } from '../../core/terrain/constants';
import { runCli, type CliIo } from '../../streams/cli/runCli';
import type { FrameRecord } from '../../streams/frame/frameRecord';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk, type Vec2 } from './rigScenes';

beforeAll(async () => {
  await TestStage.init();
});

const TM = 'rig:stick/terrainMotion';
const DT = 1 / 60;
const IMPACT_STEPS = Math.round(LANDING_TOTAL_DURATION / DT); // 18
const BASE = defaultStandingPose(DEFAULT_PROPORTIONS);
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));
type Obj = Record<string, unknown>;

// A platform over x 700..1300 whose top (1100) is 300 px above the ground.
const PLATFORM = { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };
const wait = (id: string, seconds: number): Obj => ({ id, type: 'wait', seconds });
const speak = (id: string, text: string, seconds: number): Obj => ({ id, type: 'speak', text, seconds });

/** A stickman on the platform whose queue starts with a walk off its `dir` edge. */
function ledge(dir: 1 | -1, rest: Obj[] = [], objects: Obj[] = [], facing: 'RIGHT' | 'LEFT' = dir > 0 ? 'RIGHT' : 'LEFT') {
  const p = TestStage.load(sceneWithQueues([ground(), PLATFORM, stickman('stick', [1000, 1100], { facing }), ...objects], { stick: [walk('w1', 1000 + dir * 600), ...rest] })).play();
  return { p, rig: p.rig('stick') };
}

/** A stickman placed `height` px above the ground at x: PLAY starts it with a vertical fall. */
function drop(height: number, queue: Obj[] = [], objects: Obj[] = [ground()], x = 900) {
  const p = TestStage.load(sceneWithQueues([...objects, stickman('stick', [x, GROUND_TOP - height])], { stick: queue })).play();
  return { p, rig: p.rig('stick') };
}

/** Steps until the rig's TerrainMotion is in `phase` (checked after each step). */
function stepToPhase(p: TestStage, phase: string, max = 60 * 10): void {
  p.stepUntil(() => p.rig('stick').terrainPhase === phase, max);
  expect(p.rig('stick').terrainPhase, `reached ${phase} by tick ${p.tick}`).toBe(phase);
}

/** The TerrainMotion transitions after PLAY's start fall, as "from->to:event". */
const laterTransitions = (p: TestStage) => p.transitions(TM).slice(1).map((t) => `${t.from}->${t.to}:${t.event}`);

/** World position of a rig-local marker of the live rig. */
const world = (p: TestStage, m: keyof MarkerPose): Vec2 => {
  const r = p.rig('stick');
  return markerToWorld(r.motion.markers[m], r.motion.root, r.motion.facing);
};

describe('seed 6a §10 focused suite', () => {
  describe('1 · takeoff, air pose, restoration', () => {
    it('(1) DISABLED → AIRBORNE at PLAY start with zero air velocity: a rig above the ground drops straight down', () => {
      const { p, rig } = drop(400);
      p.step(1);
      expect(p.transitions(TM)).toEqual([expect.objectContaining({ from: 'DISABLED', to: 'AIRBORNE', event: 'rig.beginTerrainFall' })]);
      expect(rig.motion.airVelocityX).toBe(0);
      const xs: number[] = [];
      p.stepUntil(() => rig.terrainPhase !== 'AIRBORNE', 120, () => xs.push(rig.motion.root[0]));
      expect(xs.length).toBeGreaterThan(10);
      expect(new Set(xs)).toEqual(new Set([900]));
      p.dispose();
    });

    it.each([['(2)', 1], ['(3)', -1]] as const)('%s takeoff off the %i side inherits the signed last grounded walk velocity', (_n, dir) => {
      const { p, rig } = ledge(dir);
      p.stepUntil(() => rig.terrainPhase === 'AIRBORNE' && p.tick > 2, 60 * 10);
      // The takeoff step itself: the walk moved the root by exactly WALK_SPEED·dt.
      const lost = p.machineEvents(TM, 'physics.supportLost');
      expect(lost).toHaveLength(1);
      expect(lost[0].event.walkVelocityX).toBeCloseTo(dir * WALK_SPEED, 9);
      expect(rig.motion.airVelocityX).toBeCloseTo(dir * WALK_SPEED, 9);
      const beforeX = rig.motion.root[0];
      p.step(1);
      expect((rig.motion.root[0] - beforeX) * dir).toBeCloseTo(WALK_SPEED * Math.exp(-AIR_DRAG_X * DT) * DT, 9);
      p.dispose();
    });

    it('(4) the live walking pose is captured once at takeoff and never recaptured', () => {
      const { p, rig } = ledge(1);
      stepToPhase(p, 'AIRBORNE');
      const takeoff = copy(rig.motion.markers);
      expect(rig.motion.airPoseBase).toEqual(takeoff);
      // A walking pose, not the idle one: the hands swing and the pelvis leads.
      expect(takeoff.Torso[0]).not.toBe(BASE.Torso[0]);
      for (let i = 0; i < 20; i++) {
        p.step(1);
        expect(rig.motion.airPoseBase).toEqual(takeoff);
      }
      p.dispose();
    });

    it('(5) full speed: hands 220 px forward and 680 px up around their capture, with a (20, 16) flutter at 12 Hz, anti-phased', () => {
      const { p, rig } = drop(1500);
      // Past 1200 px/s long enough that the filtered weight is ~1 (1 − e^(−10·0.6) > 0.997).
      p.stepUntil(() => rig.motion.airVelocityY >= TERRAIN_MAX_FALL_SPEED && rig.motion.airPoseWeight > 0.997, 120);
      expect(rig.terrainPhase).toBe('AIRBORNE');
      const base = rig.motion.airPoseBase!;
      const t = rig.motion.airTime;
      const phase = 2 * Math.PI * 12 * t;
      const w = rig.motion.airPoseWeight;
      const off = (m: 'Left_Hand' | 'Right_Hand') => [rig.motion.markers[m][0] - base[m][0], rig.motion.markers[m][1] - base[m][1]];
      expect(off('Left_Hand')[0]).toBeCloseTo(AIR_HAND_FORWARD + 20 * Math.sin(phase) * w, 6);
      expect(off('Left_Hand')[1]).toBeCloseTo(-AIR_HAND_LIFT * w + 16 * Math.cos(phase) * w, 6);
      expect(off('Right_Hand')[0]).toBeCloseTo(AIR_HAND_FORWARD + 20 * Math.sin(phase + Math.PI) * w, 6);
      expect(off('Right_Hand')[1]).toBeCloseTo(-AIR_HAND_LIFT * w + 16 * Math.cos(phase + Math.PI) * w, 6);
      expect(Math.abs(off('Left_Hand')[1] + AIR_HAND_LIFT)).toBeLessThan(16 + 3);
      p.dispose();
    });

    it('(6) full speed: feet only flutter, (14, 10) px, the two sides in opposite phase', () => {
      const { p, rig } = drop(1500);
      p.stepUntil(() => rig.motion.airPoseWeight > 0.997, 120);
      const base = rig.motion.airPoseBase!;
      const samples: Array<[number, number, number, number]> = [];
      for (let i = 0; i < 5; i++) {
        p.step(1);
        if (rig.terrainPhase !== 'AIRBORNE') break;
        const l = [rig.motion.markers.Left_Leg[0] - base.Left_Leg[0], rig.motion.markers.Left_Leg[1] - base.Left_Leg[1]];
        const r = [rig.motion.markers.Right_Leg[0] - base.Right_Leg[0], rig.motion.markers.Right_Leg[1] - base.Right_Leg[1]];
        samples.push([l[0], l[1], r[0], r[1]]);
      }
      expect(samples.length).toBeGreaterThanOrEqual(3);
      for (const [lx, ly, rx, ry] of samples) {
        expect(Math.hypot(lx / 14, ly / 10)).toBeCloseTo(rig.motion.airPoseWeight, 2); // on the (14, 10) ellipse
        expect(lx + rx).toBeCloseTo(0, 9);
        expect(ly + ry).toBeCloseTo(0, 9);
      }
      p.dispose();
    });

    it('(7) a soft landing restores the captured markers exactly, on the touchdown step', () => {
      // A shelf 70 px below the platform's right edge: support lost, fall < 80 px.
      const shelf = { kind: 'terrain', id: 'shelf', shape: 'block', position: [1500, 1185], size: [400, 30] };
      const { p, rig } = ledge(1, [], [shelf]);
      stepToPhase(p, 'AIRBORNE');
      const captured = copy(rig.motion.airPoseBase!);
      p.stepUntil(() => rig.terrainPhase !== 'AIRBORNE', 60);
      expect(rig.terrainPhase).toBe('GROUNDED');
      expect(p.machineEvents(TM, 'physics.landed').at(-1)!.event.fallDistance).toBeCloseTo(70, 6);
      expect(rig.motion.markers).toEqual(captured);
      expect(p.rigView('stick').markers).toEqual(captured);
      p.dispose();
    });

    it('(8) grounded and idle after the landing: walk velocity and air velocity are zero', () => {
      const { p, rig } = drop(300);
      p.step(60);
      for (let i = 0; i < 30; i++) {
        p.step(1);
        expect([rig.motion.lastWalkVelocityX, rig.motion.airVelocityX, rig.motion.airVelocityY]).toEqual([0, 0, 0]);
      }
      expect(rig.terrainPhase).toBe('GROUNDED');
      p.dispose();
    });
  });

  describe('2 · forward reach, lift, drag, ragdoll cleanup', () => {
    /** Per airborne step: the right hand's forward and upward offsets from its capture. */
    function handTrace(height: number) {
      const { p, rig } = drop(height);
      p.step(1);
      const trace: Array<{ vy: number; forward: number; up: number; w: number }> = [];
      p.stepUntil(() => rig.terrainPhase !== 'AIRBORNE', 200, () => {
        if (rig.terrainPhase !== 'AIRBORNE') return;
        const b = rig.motion.airPoseBase!;
        // Flutter removed: the two hands' mean offset is the drag offset alone.
        const mean = (k: 0 | 1) => (rig.motion.markers.Left_Hand[k] - b.Left_Hand[k] + rig.motion.markers.Right_Hand[k] - b.Right_Hand[k]) / 2;
        trace.push({ vy: rig.motion.airVelocityY, forward: mean(0), up: -mean(1), w: rig.motion.airPoseWeight });
      });
      return { p, trace };
    }

    it('(9) the hands reach forward before they lift', () => {
      const { p, trace } = handTrace(1500);
      const reached = trace.findIndex((s) => s.forward >= 0.9 * AIR_HAND_FORWARD);
      const lifted = trace.findIndex((s) => s.up >= 0.1 * AIR_HAND_LIFT);
      expect(reached).toBeGreaterThan(0);
      expect(lifted).toBeGreaterThan(reached);
      // Below 240 px/s there is reach and no lift at all.
      const slow = trace.filter((s) => s.vy <= 240);
      expect(slow.length).toBeGreaterThan(3);
      for (const s of slow) expect(s.up).toBeCloseTo(0, 9);
      expect(slow.at(-1)!.forward).toBeGreaterThan(0.25 * AIR_HAND_FORWARD);
      p.dispose();
    });

    it('(10) then they lift towards 680 px, the weight following its target through 1 − e^(−10·dt)', () => {
      const { p, trace } = handTrace(1500);
      let w = trace[0].w;
      for (const s of trace.slice(1)) {
        w = filterAirPoseWeight(w, s.vy, DT);
        expect(s.w).toBeCloseTo(w, 12);
        expect(s.up).toBeCloseTo(AIR_HAND_LIFT * w, 6);
      }
      expect(trace.at(-1)!.up).toBeGreaterThan(0.97 * AIR_HAND_LIFT);
      expect(AIR_POSE_RESPONSE).toBe(10);
      p.dispose();
    });

    it('(11) exponential air drag: vx(t) = v0 · e^(−0.75 t)', () => {
      const { p, rig } = ledge(1);
      stepToPhase(p, 'AIRBORNE');
      const v0 = rig.motion.airVelocityX;
      for (let k = 1; k <= 24; k++) {
        p.step(1);
        expect(rig.motion.airVelocityX).toBeCloseTo(v0 * Math.exp(-AIR_DRAG_X * k * DT), 9);
      }
      p.dispose();
    });

    it('(12) the air pose is rig-local: a LEFT-facing fall mirrors it about the root', () => {
      const a = ledge(1);
      const b = ledge(-1);
      stepToPhase(a.p, 'AIRBORNE');
      stepToPhase(b.p, 'AIRBORNE');
      a.p.step(12);
      b.p.step(12);
      for (const m of ['Left_Hand', 'Right_Hand'] as const) {
        const ra = world(a.p, m);
        const rb = world(b.p, m);
        expect(ra[0] - a.rig.motion.root[0]).toBeGreaterThan(100);
        expect(rb[0] - b.rig.motion.root[0]).toBeCloseTo(-(ra[0] - a.rig.motion.root[0]), 6);
        expect(rb[1] - b.rig.motion.root[1]).toBeCloseTo(ra[1] - a.rig.motion.root[1], 6);
      }
      a.p.dispose();
      b.p.dispose();
    });

    it('(13) a direct ragdoll mid-air cleans up: no air pose is written or restored, no landing follows', () => {
      const { p, rig } = ledge(1);
      stepToPhase(p, 'AIRBORNE');
      p.step(8);
      const pelvisBefore = p.rigView('stick').parts.find((x) => x.name === 'torso')!.start;
      p.command({ type: 'rig.ragdoll', id: 'stick' }).step(1);
      expect(p.rigView('stick').state).toBe('RAGDOLL');
      expect(rig.terrainPhase).toBe('DISABLED');
      // The ragdoll starts from the air pose it had (not a restored one).
      const pelvisAfter = p.rigView('stick').parts.find((x) => x.name === 'torso')!.start;
      expect(Math.hypot(pelvisAfter[0] - pelvisBefore[0], pelvisAfter[1] - pelvisBefore[1])).toBeLessThan(40);
      // Flying on, it would have landed within half a second: as a ragdoll nothing lands.
      p.step(30);
      expect(p.rigView('stick').state).toBe('RAGDOLL');
      expect(p.machineEvents(TM, 'physics.landed').length).toBe(1); // PLAY's start fall only
      expect(p.transitions(TM).some((t) => t.to === 'LANDING_IMPACT')).toBe(false);
      expect(rig.motion.root[1]).toBeGreaterThan(1300);
      p.dispose();
    });

    it('(14) the ragdoll carries on the way the rig was flying (its momentum is the real air motion)', () => {
      const { p, rig } = ledge(1);
      stepToPhase(p, 'AIRBORNE');
      p.step(8);
      p.command({ type: 'rig.ragdoll', id: 'stick' }).step(1);
      const x0 = rig.motion.root[0];
      p.step(10);
      expect(rig.motion.root[0] - x0).toBeGreaterThan(5);
      p.dispose();
    });
  });

  describe('3 · height-scaled landing, queue barrier, timeline, restoration', () => {
    /** Drops from `height` and records the impact: every LANDING_IMPACT step's markers. */
    function impact(height: number, queue: Obj[] = []) {
      const { p, rig } = drop(height, queue);
      stepToPhase(p, 'LANDING_IMPACT');
      const landing = copy(rig.motion.landing!) as LandingState;
      const steps: MarkerPose[] = [copy(rig.motion.markers)];
      const root = [...rig.motion.root];
      p.stepUntil(() => rig.terrainPhase !== 'LANDING_IMPACT', 60, () => {
        steps.push(copy(rig.motion.markers));
        expect(rig.motion.root).toEqual(root);
      });
      return { p, rig, landing, steps };
    }

    it('(15) the minimum hard fall (80 px) compresses 32 px and drops the hands 270 px', () => {
      const { p, landing, steps } = impact(80);
      expect(landing.fallHeight).toBeCloseTo(80, 9);
      expect([landing.compression, landing.handDrop]).toEqual([32, 270]);
      const deepest = Math.max(...steps.map((m) => m.Torso[1] - landing.torsoBase[1]));
      expect(deepest).toBeCloseTo(32 * Math.max(impactDepth(4 * DT), impactDepth(5 * DT)), 9);
      p.dispose();
    });

    it('(16) 900 px and beyond clamp at 160 px compression and 520 px hand drop', () => {
      for (const h of [900, 1300]) {
        const { p, landing, steps } = impact(h);
        expect(landing.fallHeight).toBeCloseTo(h, 9);
        expect([landing.compression, landing.handDrop]).toEqual([160, 520]);
        expect(Math.max(...steps.map((m) => m.Torso[1] - landing.torsoBase[1]))).toBeGreaterThan(0.97 * 160);
        p.dispose();
      }
    });

    it('(17) below 80 px the contact is soft: no LANDING_IMPACT, no barrier, the wait runs on', () => {
      const { p, rig } = drop(79, [wait('wt', 0.5)]);
      p.stepUntil(() => !!p.finished('wt'), 120);
      expect(laterTransitions(p)).toEqual(['AIRBORNE->GROUNDED:physics.landed']);
      expect(p.tickOf('wt', 'finished') - p.tickOf('wt', 'started')).toBe(30);
      expect(rig.terrainPhase).toBe('GROUNDED');
      p.dispose();
    });

    it('(18) during the impact the queue is blocked: the wait is frozen and nothing starts or finishes', () => {
      const { p, rig } = drop(300, [wait('wt', 2), wait('w2', 0.2)]);
      stepToPhase(p, 'LANDING_IMPACT');
      const at = p.rigView('stick').queue!;
      expect(at).toMatchObject({ current: 'wt', state: 'blocked' });
      const actions = p.actions().length;
      for (let i = 0; i < IMPACT_STEPS - 1; i++) {
        p.step(1);
        expect(rig.connection.queueBlocked).toBe(true);
        expect(p.rigView('stick').queue).toEqual(at);
      }
      expect(p.actions().length).toBe(actions);
      p.dispose();
    });

    it('(19) the deepest compression is at 0.08 s: quadratic ease-out in, sine-out back', () => {
      const { p, landing, steps } = impact(490);
      expect(landing.compression).toBe(96);
      steps.forEach((m, k) => expect(m.Torso[1] - landing.torsoBase[1], `step ${k}`).toBeCloseTo(96 * impactDepth(k * DT), 9));
      const offsets = steps.map((m) => m.Torso[1] - landing.torsoBase[1]);
      const deepest = offsets.indexOf(Math.max(...offsets));
      expect(Math.abs(deepest * DT - 0.08)).toBeLessThanOrEqual(DT / 2 + 1e-9);
      expect(impactDepth(0.08)).toBe(1);
      p.dispose();
    });

    it('(20) the hands drop sharply: the height-scaled drop within 0.08 s on top of their way back to the capture', () => {
      const { p, landing, steps } = impact(490);
      expect(landing.handDrop).toBe(395);
      // Within the 0.08 s compression the hands fall by more than the whole hand drop.
      expect(steps[5].Right_Hand[1] - landing.handStart.Right_Hand[1]).toBeGreaterThan(395 * 0.9);
      // Each step: start → capture over the full 0.30 s (sine-out), plus the drop on the impact curve.
      steps.forEach((m, k) => {
        const t = k * DT;
        const back = Math.sin((Math.min(1, t / LANDING_TOTAL_DURATION) * Math.PI) / 2);
        for (const h of ['Left_Hand', 'Right_Hand'] as const) {
          expect(m[h][0]).toBeCloseTo(landing.handStart[h][0] + (landing.handBase[h][0] - landing.handStart[h][0]) * back, 9);
          expect(m[h][1]).toBeCloseTo(landing.handStart[h][1] + (landing.handBase[h][1] - landing.handStart[h][1]) * back + 395 * impactDepth(t), 9);
        }
      });
      p.dispose();
    });

    it('(21) stale contacts are rejected: a foot over a pit takes the centre surface, a second landing samples afresh', () => {
      // A pit (x 900..970) under the left foot, wider than its fan: the centre fan still finds the ground.
      const objects = [
        { kind: 'terrain', id: 'a', shape: 'block', position: [450, GROUND_TOP + 100], size: [900, 200] },
        { kind: 'terrain', id: 'b', shape: 'block', position: [2485, GROUND_TOP + 100], size: [3030, 200] },
      ];
      const { p, rig } = drop(300, [], objects, 906);
      stepToPhase(p, 'LANDING_IMPACT');
      const l = rig.motion.landing!;
      expect(l.contactFromFan).toEqual({ left: false, right: true });
      expect(l.contacts.left).toEqual([world(p, 'Left_Leg')[0], GROUND_TOP]);
      expect(l.contacts.left[0]).toBeGreaterThan(900);
      p.dispose();

      // Two hard landings in a row, down a staircase's top and off it: each captures its own contacts.
      const stairs = { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
      const s = TestStage.load(sceneWithQueues([ground(), stairs, stickman('stick', [1450, 900])], { stick: [walk('w1', 1800)] })).play();
      const srig = s.rig('stick');
      stepToPhase(s, 'LANDING_IMPACT');
      const first = copy(srig.motion.landing!.contacts);
      stepToPhase(s, 'GROUNDED');
      stepToPhase(s, 'LANDING_IMPACT');
      const second = srig.motion.landing!.contacts;
      expect(second.left[0]).toBeGreaterThan(first.left[0] + 30);
      expect(second.left[1]).toBe(GROUND_TOP);
      s.dispose();
    });

    it('(22) at 0.30 s the torso is exactly back at its base', () => {
      const { p, rig, landing, steps } = impact(600);
      expect(steps).toHaveLength(IMPACT_STEPS + 1);
      expect(steps.at(-1)!.Torso).toEqual(landing.torsoBase);
      expect(rig.terrainPhase).toBe('GROUNDED');
      expect(rig.motion.landing).toBeNull();
      p.dispose();
    });

    it('(23) at 0.30 s both hands are exactly back at their takeoff capture', () => {
      const { p, landing, steps } = impact(600);
      expect(steps.at(-1)!.Left_Hand).toEqual(landing.handBase.Left_Hand);
      expect(steps.at(-1)!.Right_Hand).toEqual(landing.handBase.Right_Hand);
      // The capture was the standing pose it was placed in.
      expect(landing.handBase.Right_Hand).toEqual(BASE.Right_Hand);
      p.dispose();
    });

    it('(24) the barrier lifts with the landing: the wait goes on with exactly its remaining time, each action once', () => {
      const { p } = drop(300, [wait('wt', 1.0), speak('s1', 'Hello', 0.5)]);
      p.stepUntil(() => p.events('queue_finished').length > 0, 60 * 5);
      const [, landing, recovered] = p.transitions(TM);
      expect(recovered.tick - landing.tick).toBe(IMPACT_STEPS);
      // 60 steps of waiting plus the 18 frozen ones.
      expect(p.tickOf('wt', 'finished') - p.tickOf('wt', 'started')).toBe(60 + IMPACT_STEPS);
      expect(p.actionLog('stick')).toEqual(['wt started', 'wt finished completed', 's1 started', 's1 finished completed']);
      expect(p.events('queue_finished')).toHaveLength(1);
      p.dispose();
    });
  });
});

describe('seed 6a §10 manual scenarios, headless', () => {
  it.each([[1], [-1]] as const)('walks off the %i side of a platform along a curved, decaying lateral path', (dir) => {
    const { p, rig } = ledge(dir);
    stepToPhase(p, 'AIRBORNE');
    const path: Vec2[] = [[rig.motion.root[0], rig.motion.root[1]]];
    p.stepUntil(() => rig.terrainPhase !== 'AIRBORNE', 120, () => path.push([rig.motion.root[0], rig.motion.root[1]]));
    const dx = path.slice(1).map((q, i) => (q[0] - path[i][0]) * dir);
    const dy = path.slice(1).map((q, i) => q[1] - path[i][1]);
    // Always onward, ever slower sideways, ever faster down: a curve, not a line or a drop.
    for (let i = 1; i < dx.length - 1; i++) {
      expect(dx[i]).toBeGreaterThan(0);
      expect(dx[i]).toBeLessThan(dx[i - 1]);
      expect(dy[i]).toBeGreaterThan(dy[i - 1]);
    }
    expect(dir * (path.at(-1)![0] - path[0][0])).toBeGreaterThan(60);
    p.dispose();
  });

  it.each([
    ['low', 100],
    ['medium', 450],
    ['maximum', 900],
  ])('a %s fall (%i px) on flat ground: flail in the air, compression scaled by height, feet still, no snap of a marker', (_label, height) => {
    const { p, rig } = drop(height);
    let flail = 0;
    let prev: MarkerPose = copy(rig.motion.markers);
    let maxJump = 0;
    p.stepUntil(() => rig.terrainPhase === 'GROUNDED' && p.transitions(TM).length >= 3, 200, () => {
      if (rig.terrainPhase === 'AIRBORNE') flail = Math.max(flail, rig.motion.airPoseWeight);
      // Only the reach, lift and drop themselves move a hand fast; the feet never jump.
      for (const m of ['Left_Leg', 'Right_Leg'] as const) maxJump = Math.max(maxJump, Math.hypot(rig.motion.markers[m][0] - prev[m][0], rig.motion.markers[m][1] - prev[m][1]));
      prev = copy(rig.motion.markers);
    });
    expect(laterTransitions(p)).toEqual(['AIRBORNE->LANDING_IMPACT:physics.landed', 'LANDING_IMPACT->GROUNDED:physics.landingFinished']);
    const landed = p.machineEvents(TM, 'physics.landed').at(-1)!.event;
    expect(landed.fallDistance).toBeCloseTo(height, 6);
    expect(maxJump).toBeLessThan(25);
    if (height >= 450) expect(flail).toBeGreaterThan(0.2);
    p.dispose();
  });

  it.each([
    ['a ramp rising right', { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'right' }, 1300],
    ['a ramp rising left', { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1300], size: [600, 200], rise: 'left' }, 1300],
    ['a stair edge', { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' }, 1200],
  ])('lands hard on %s: each foot on its own ground, unequal heights, root upright, torso compressed', (label, terrain, x) => {
    const p = TestStage.load(sceneWithQueues([ground(), terrain as Obj, stickman('stick', [x, 800])])).play();
    const rig = p.rig('stick');
    stepToPhase(p, 'LANDING_IMPACT');
    const l = rig.motion.landing!;
    expect(l.contactFromFan).toEqual({ left: true, right: true });
    for (const side of ['left', 'right'] as const) {
      expect(p.terrain.probeDown(l.contacts[side][0], l.contacts[side][1] - 45, 120)!.point[1], `${label}: ${side}`).toBeCloseTo(l.contacts[side][1], 6);
    }
    expect(Math.abs(l.contacts.left[1] - l.contacts.right[1]), label).toBeGreaterThan(5);
    const root = [...rig.motion.root];
    p.step(5);
    // The solved legs reach both contacts while the torso is down: knees absorb the difference.
    for (const side of ['left', 'right'] as const) {
      const foot = rig.worldPose[`${side}_lower_leg`].end;
      expect(Math.hypot(foot[0] - l.contacts[side][0], foot[1] - l.contacts[side][1]), `${label}: ${side} solved foot`).toBeLessThan(0.01);
    }
    expect(rig.motion.root).toEqual(root);
    expect(rig.worldPose.torso.start[0]).toBeCloseTo(markerToWorld(l.torsoBase, rig.motion.root, rig.motion.facing)[0], 9); // upright: straight down
    expect(rig.motion.markers.Torso[1] - l.torsoBase[1]).toBeGreaterThan(0.9 * l.compression);
    p.dispose();
  });

  it('queue walk → wait → speak with a fall during the walk: strict order after the recovery', () => {
    const { p, rig } = ledge(1, [wait('wt', 0.5), speak('s1', 'Hello', 0.5)]);
    p.stepUntil(() => !!p.finished('s1'), 60 * 15);
    const [takeoff, landing, recovered] = p.transitions(TM).slice(2);
    expect([takeoff.to, landing.to, recovered.to]).toEqual(['AIRBORNE', 'LANDING_IMPACT', 'GROUNDED']);
    expect(p.actionLog('stick')).toEqual(['w1 started', 'w1 finished completed', 'wt started', 'wt finished completed', 's1 started', 's1 finished completed']);
    expect(p.eventLog('stick')).toEqual(p.actionLog('stick'));
    expect(p.tickOf('w1', 'finished')).toBeGreaterThan(recovered.tick);
    expect(p.tickOf('wt', 'finished') - p.tickOf('wt', 'started')).toBe(30);
    expect(p.tickOf('s1', 'finished') - p.tickOf('s1', 'started')).toBe(30);
    expect(Math.abs(rig.motion.root[0] - 1600)).toBeLessThanOrEqual(4);
    p.dispose();
  });

  it('a sequential reaction injected during compression waits for the landing, then runs before the authored rest', () => {
    const { p, rig } = ledge(1, [wait('wt', 0.25)]);
    stepToPhase(p, 'LANDING_IMPACT');
    p.step(3);
    const r = rig.enqueueReactive('sequential', { type: 'speak', text: 'Ow', seconds: 0.25 }, 'rule');
    expect('id' in r).toBe(true);
    const id = (r as { id: string }).id;
    p.stepUntil(() => !!p.finished('wt'), 60 * 10);
    const recovered = p.transitions(TM).at(-1)!;
    expect(recovered.to).toBe('GROUNDED');
    expect(p.tickOf(id, 'started')).toBeGreaterThan(recovered.tick);
    expect(p.actionLog('stick')).toEqual(['w1 started', 'w1 finished completed', `${id} started`, `${id} finished completed`, 'wt started', 'wt finished completed']);
    p.dispose();
  });

  it('an overlay speech injected during compression shows and counts down at once; the primary speech is frozen', () => {
    const { p, rig } = drop(300, [speak('s1', 'Hello', 1.0)]);
    stepToPhase(p, 'LANDING_IMPACT');
    const frozen = p.rigView('stick').queue!.progress;
    const r = rig.enqueueReactive('overlay', { type: 'speak', text: 'Whoa', seconds: 0.1 }, 'rule');
    const id = (r as { id: string }).id;
    p.step(2);
    expect(p.rigView('stick').speech).toEqual([{ text: 'Hello', overlay: false }, { text: 'Whoa', overlay: true }]);
    // The overlay's clock runs behind the barrier: 0.1 s later it is done, the landing is not.
    p.stepUntil(() => !!p.finished(id), 20);
    expect(p.finished(id)!.outcome).toBe('completed');
    expect(rig.terrainPhase).toBe('LANDING_IMPACT');
    expect(p.rigView('stick').queue!.progress).toBe(frozen);
    expect(p.rigView('stick').speech).toEqual([{ text: 'Hello', overlay: false }]);
    p.stepUntil(() => !!p.finished('s1'), 120);
    expect(p.tickOf('s1', 'finished') - p.tickOf('s1', 'started')).toBe(60 + IMPACT_STEPS);
    p.dispose();
  });

  it('a takeover during compression cancels the walk at once and runs after the landing', () => {
    const { p, rig } = ledge(1, [wait('wt', 0.25)]);
    stepToPhase(p, 'LANDING_IMPACT');
    const landing = copy(rig.motion.landing!);
    const r = rig.enqueueReactive('takeover', { type: 'wait', seconds: 0.1 }, 'rule');
    const id = (r as { id: string }).id;
    p.step(2);
    expect(p.finished('w1')!.outcome).toBe('cancelled');
    // The landing solver still owns the markers: the torso goes on down its timeline.
    expect(rig.motion.markers.Torso[1]).toBeCloseTo(landing.torsoBase[1] + landing.compression * impactDepth(2 * DT), 9);
    p.stepUntil(() => !!p.finished('wt'), 120);
    const recovered = p.transitions(TM).at(-1)!;
    // The runner runs after the terrain controller in the step (seed 6a §4): it starts in the
    // very step the landing ends, never before.
    expect(p.tickOf(id, 'started')).toBe(recovered.tick);
    expect(p.actionLog('stick')).toEqual(['w1 started', 'w1 finished cancelled', `${id} started`, `${id} finished completed`, 'wt started', 'wt finished completed']);
    p.dispose();
  });

  it('a direct walk_to during the landing is refused with a warning; stop_queue does not cancel the landing', () => {
    const { p, rig } = ledge(1, [wait('wt', 0.25)]);
    stepToPhase(p, 'LANDING_IMPACT');
    const landingTick = p.tick;
    p.walkTo('stick', 400).step(1);
    expect(p.warnings().map((w) => w.message)).toContain('direct walk_to rejected during landing impact');
    p.controller.stopQueue('stick');
    p.step(1);
    expect(p.finished('w1')!.outcome).toBe('cancelled');
    p.stepUntil(() => rig.terrainPhase !== 'LANDING_IMPACT', 40);
    expect(p.transitions(TM).at(-1)).toMatchObject({ from: 'LANDING_IMPACT', to: 'GROUNDED', event: 'physics.landingFinished', tick: landingTick + IMPACT_STEPS });
    p.step(60);
    expect(p.actionLog('stick')).toEqual(['w1 started', 'w1 finished cancelled']);
    expect(p.events('queue_finished')).toEqual([]);
    const x = rig.motion.root[0];
    p.step(30);
    expect(rig.motion.root[0]).toBe(x);
    p.dispose();
  });

  it('PLAY → EDIT during compression: the stage is back at the authored pose, nothing procedural survives', () => {
    const { p } = drop(400);
    stepToPhase(p, 'LANDING_IMPACT');
    p.step(4);
    p.send({ type: 'ui.edit' });
    const view = p.rigView('stick');
    expect(view.root).toEqual([900, GROUND_TOP - 400]);
    expect(view.markers).toEqual(BASE);
    // And a new PLAY starts from scratch.
    p.play().step(1);
    expect(p.rig('stick').motion.landing).toBeNull();
    expect(p.rig('stick').motion.airPoseBase).toEqual(BASE);
    p.dispose();
  });

  it('a direct ragdoll during compression cancels the impact without restoring, and the barrier goes with it', () => {
    const { p, rig } = drop(400, [wait('wt', 0.5)]);
    stepToPhase(p, 'LANDING_IMPACT');
    p.step(4);
    const landing = copy(rig.motion.landing!);
    const compressed = rig.worldPose.torso.start[1];
    const base = markerToWorld(landing.torsoBase, rig.motion.root, rig.motion.facing)[1];
    expect(compressed - base).toBeGreaterThan(0.5 * landing.compression);
    p.command({ type: 'rig.ragdoll', id: 'stick' }).step(1);
    expect(p.rigView('stick').state).toBe('RAGDOLL');
    // The ragdoll starts from the compressed pose, not the restored one.
    expect(rig.worldPose.torso.start[1] - base).toBeGreaterThan(0.4 * landing.compression);
    expect(rig.connection.queueBlocked).toBe(false);
    p.step(60);
    expect(p.machineEvents(TM, 'physics.landingFinished')).toEqual([]);
    expect(p.finished('wt')).toBeDefined();
    p.dispose();
  });
});

describe('npm run sim --frames shows the air pose and the landing', () => {
  it('markers lift the hands in the air, compress the torso in LANDING_IMPACT, and come back', async () => {
    const doc = scene([ground(), PLATFORM, stickman('stick', [1000, 1100])], { queues: { stick: [walk('w1', 1600)] } });
    const lines: string[] = [];
    const io: CliIo = {
      readFile: () => JSON.stringify(doc),
      openOutput: (target) => ({ write: (l) => target === 'frames' && lines.push(l), close: async () => {} }),
      stderr: () => undefined,
    };
    expect(await runCli(['ledge.json', '--seconds', '4', '--frames', 'frames'], io)).toBe(0);
    const frames = lines.map((l) => JSON.parse(l) as FrameRecord);
    const stick = frames.map((f) => ({ t: f.t, r: f.rigs[0] }));
    const air = stick.filter((f) => f.r.terrain === 'AIRBORNE' && f.t > 0.5);
    const impactFrames = stick.filter((f) => f.r.terrain === 'LANDING_IMPACT');
    expect(air.length).toBeGreaterThan(20);
    expect(impactFrames.length).toBe(IMPACT_STEPS);
    // In the air the hands reach forward and rise far above their grounded height.
    const handUp = Math.min(...air.map((f) => f.r.markers.Right_Hand[1]));
    expect(handUp).toBeLessThan(BASE.Right_Hand[1] - 150);
    expect(Math.max(...air.map((f) => f.r.markers.Right_Hand[0]))).toBeGreaterThan(BASE.Right_Hand[0] + 150);
    // In the impact the pelvis marker sinks by the 300 px reaction and the hands drop.
    const deepest = Math.max(...impactFrames.map((f) => f.r.markers.Torso[1]));
    const torsoBase = impactFrames[0].r.markers.Torso[1];
    expect(deepest - torsoBase).toBeGreaterThan(0.95 * landingReaction(300).compression);
    const torsoPart = impactFrames.map((f) => f.r.parts.find((x) => x.name === 'torso')!.start[1]);
    expect(Math.max(...torsoPart) - torsoPart[0]).toBeGreaterThan(0.95 * landingReaction(300).compression - 0.02);
    // The first grounded frame after it is back at the base, to the frame's 0.01 rounding.
    const after = stick[stick.indexOf(impactFrames.at(-1)!) + 1];
    expect(after.r.terrain).toBe('GROUNDED');
    expect(Math.abs(after.r.markers.Torso[1] - torsoBase)).toBeLessThanOrEqual(0.01);
  });
});
