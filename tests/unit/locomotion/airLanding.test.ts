/**
 * The pure airborne and landing solvers of seed phase 6a (§5 momentum and swept landing, §6 air
 * pose, §7 landing absorption), with the seed's numbers. The stepping tests drive the core with
 * the real TerrainMotion machine deciding the phase (RigSim), no Rapier: a sweep is injected.
 */
import { describe, expect, it } from 'vitest';
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import {
  AIR_DRAG_X, AIR_FLAIL_HZ, AIR_FOOT_FLAIL_AMPLITUDE, AIR_HAND_FLAIL_AMPLITUDE, AIR_HAND_FORWARD, AIR_HAND_FORWARD_FULL_SPEED,
  AIR_HAND_FORWARD_START_SPEED, AIR_HAND_LIFT, AIR_POSE_FULL_SPEED, AIR_POSE_RESPONSE, AIR_POSE_START_SPEED,
  HARD_LANDING_MAX_FALL_HEIGHT, HARD_LANDING_MIN_FALL_HEIGHT, LANDING_COMPRESSION_MAX, LANDING_COMPRESSION_MIN,
  LANDING_COMPRESS_DURATION, LANDING_HAND_DROP_MAX, LANDING_HAND_DROP_MIN, LANDING_RECOVER_DURATION, LANDING_TOTAL_DURATION,
  accelerateAirVelocityY, airPoseOffsets, airPoseTargetWeight, cancelTerrainMotion, dampAirVelocityX, filterAirPoseWeight,
  handForwardWeight, handReturn, impactDepth, isHardLanding, landingContacts, landingReaction, smoothstep, WALK_SPEED,
} from '../../../core/locomotion';
import { markerToWorld } from '../../../core/rig/facing';
import type { MarkerPose } from '../../../core/rig/markers';
import { TERRAIN_GRAVITY, TERRAIN_MAX_FALL_SPEED, TERRAIN_SUPPORT_RANGE } from '../../../core/terrain/constants';
import { createTerrainIndex } from '../../../core/terrain/terrainIndex';
import { DT, GROUND_TOP, RigSim, groundBlock, propBetween } from './sim';

const PLATFORM: TerrainInput = { id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] }; // top 1100, x 700..1300
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/** A rig standing on the platform, then walking off its right (dir 1) or left (−1) edge. */
function walkOff(dir: 1 | -1, facing: 'RIGHT' | 'LEFT' = dir > 0 ? 'RIGHT' : 'LEFT', sweep?: (m: Readonly<Vec2>) => number) {
  const sim = new RigSim([groundBlock(), PLATFORM], [1000, 1100], facing);
  if (sweep) sim.env.sweep = sweep;
  sim.run(2);
  sim.walkTo(1000 + dir * 800);
  let takeoff = -1;
  for (let i = 0; i < 600 && takeoff < 0; i++) if (sim.step().events.some((e) => e.type === 'supportLost')) takeoff = sim.log.length - 1;
  expect(takeoff).toBeGreaterThan(0);
  return { sim, takeoff, takeoffMarkers: copy(sim.s.markers) };
}

describe('seed 6a §3: the constants are the contract', () => {
  it('has the seed values', () => {
    expect([AIR_DRAG_X, AIR_POSE_START_SPEED, AIR_POSE_FULL_SPEED, AIR_POSE_RESPONSE]).toEqual([0.75, 240, 1200, 10]);
    expect([AIR_HAND_FORWARD, AIR_HAND_FORWARD_START_SPEED, AIR_HAND_FORWARD_FULL_SPEED, AIR_HAND_LIFT]).toEqual([220, 80, 520, 680]);
    expect([AIR_HAND_FLAIL_AMPLITUDE, AIR_FOOT_FLAIL_AMPLITUDE, AIR_FLAIL_HZ]).toEqual([[20, 16], [14, 10], 12]);
    expect([HARD_LANDING_MIN_FALL_HEIGHT, HARD_LANDING_MAX_FALL_HEIGHT]).toEqual([80, 900]);
    expect([LANDING_COMPRESSION_MIN, LANDING_COMPRESSION_MAX, LANDING_HAND_DROP_MIN, LANDING_HAND_DROP_MAX]).toEqual([32, 160, 270, 520]);
    expect([LANDING_COMPRESS_DURATION, LANDING_RECOVER_DURATION]).toEqual([0.08, 0.22]);
    expect(LANDING_TOTAL_DURATION).toBeCloseTo(0.3, 12);
  });
});

describe('airborne momentum (seed 6a §5.1)', () => {
  it('damps vx exponentially, exactly for any step size', () => {
    expect(dampAirVelocityX(160, DT)).toBe(160 * Math.exp(-0.75 / 60));
    let a = -160;
    let b = -160;
    for (let i = 0; i < 60; i++) a = dampAirVelocityX(a, 1 / 60);
    for (let i = 0; i < 30; i++) b = dampAirVelocityX(b, 1 / 30);
    expect(a).toBeCloseTo(-160 * Math.exp(-0.75), 9);
    expect(b).toBeCloseTo(a, 9);
  });

  it('adds TERRAIN_GRAVITY per second to vy up to TERRAIN_MAX_FALL_SPEED', () => {
    expect(accelerateAirVelocityY(0, DT)).toBeCloseTo(TERRAIN_GRAVITY / 60, 12);
    let vy = 0;
    let steps = 0;
    while (vy < TERRAIN_MAX_FALL_SPEED && steps < 1000) {
      vy = accelerateAirVelocityY(vy, DT);
      steps++;
    }
    expect(vy).toBe(TERRAIN_MAX_FALL_SPEED);
    expect(steps).toBe(Math.ceil(TERRAIN_MAX_FALL_SPEED / (TERRAIN_GRAVITY / 60) - 1e-9));
    expect(accelerateAirVelocityY(TERRAIN_MAX_FALL_SPEED, DT)).toBe(TERRAIN_MAX_FALL_SPEED);
  });

  it.each([[1], [-1]] as const)('walking off (dir %i): the takeoff inherits the signed walk velocity and the arc decays by e^(−0.75·dt) per step', (dir) => {
    const { sim, takeoff } = walkOff(dir);
    expect(sim.s.airVelocityX).toBeCloseTo(dir * WALK_SPEED, 9);
    let v = sim.s.airVelocityX;
    let x = sim.s.root[0];
    for (let i = 0; i < 20; i++) {
      const r = sim.step();
      expect(r.phase).toBe('AIRBORNE');
      v *= Math.exp(-AIR_DRAG_X * DT);
      expect(r.root[0] - x).toBeCloseTo(v * DT, 9);
      x = r.root[0];
    }
    expect(sim.log[takeoff].after).toBe('AIRBORNE');
  });

  it('a PLAY-start fall drops vertically (zero air velocity) and never asks for a sweep', () => {
    let sweeps = 0;
    const sim = new RigSim([groundBlock()], [900, GROUND_TOP - 400], 'RIGHT');
    sim.env.sweep = () => (sweeps++, 1);
    expect([sim.s.airVelocityX, sim.s.airVelocityY]).toEqual([0, 0]);
    const log = sim.run(40);
    for (const r of log) expect(r.root[0]).toBe(900);
    expect(log.some((r) => r.events.some((e) => e.type === 'landed'))).toBe(true);
    expect(sweeps).toBe(0);
  });

  it('moves X by the swept safe fraction first, and any contact zeroes vx (no bounce, no slide)', () => {
    const asked: Vec2[] = [];
    let fraction = 1;
    const { sim } = walkOff(1, 'RIGHT', (m) => (asked.push([m[0], m[1]]), fraction));
    const before = asked.length;
    const x0 = sim.s.root[0];
    const vx = sim.s.airVelocityX;
    fraction = 0.25;
    sim.step();
    expect(asked.length).toBe(before + 1);
    const dx = dampAirVelocityX(vx, DT) * DT;
    expect(asked.at(-1)).toEqual([dx, 0]);
    expect(sim.s.root[0] - x0).toBeCloseTo(dx * 0.25, 12);
    expect(sim.s.airVelocityX).toBe(0);
    // Stopped: no more horizontal motion, no more sweeps; the fall goes on.
    const x1 = sim.s.root[0];
    const y1 = sim.s.root[1];
    sim.run(5);
    expect(sim.s.root[0]).toBe(x1);
    expect(sim.s.root[1]).toBeGreaterThan(y1);
    expect(asked.length).toBe(before + 1);
  });
});

describe('swept landing (seed 6a §5.2)', () => {
  /** A rig falling at `vy` with its root `gap` px above flat ground. */
  function falling(gap: number, vy: number) {
    const sim = new RigSim([groundBlock()], [900, GROUND_TOP - gap], 'RIGHT');
    sim.s.airVelocityY = vy;
    return sim;
  }

  it('lands on a centre surface no farther than the support range plus this step\'s fall, with the full correction', () => {
    const vy = TERRAIN_MAX_FALL_SPEED - TERRAIN_GRAVITY * DT; // reaches the cap this step: 30 px
    const reach = TERRAIN_SUPPORT_RANGE + TERRAIN_MAX_FALL_SPEED * DT;
    const inside = falling(reach - 0.01, vy);
    const r = inside.step();
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ type: 'landed', impactSpeed: TERRAIN_MAX_FALL_SPEED });
    expect((r.events[0] as { fallDistance: number }).fallDistance).toBeCloseTo(reach - 0.01, 9);
    expect(r.root[1]).toBe(GROUND_TOP);
    expect([inside.s.airVelocityX, inside.s.airVelocityY]).toEqual([0, 0]);

    const outside = falling(reach + 0.5, vy);
    const o = outside.step();
    expect(o.events).toEqual([]);
    expect(o.root[1]).toBeCloseTo(GROUND_TOP - reach - 0.5 + 30, 9);
  });

  it('a fast fall cannot cross a thin ramp between two steps', () => {
    // A 4 px thick slab: at 30 px per step the root would jump over it without the swept band.
    const slab: TerrainInput = { id: 'slab', shape: 'block', position: [900, 1002], size: [300, 4] };
    const sim = new RigSim([groundBlock(), slab], [900, 1000 - 75], 'RIGHT');
    sim.s.airVelocityY = TERRAIN_MAX_FALL_SPEED;
    const log = sim.run(10);
    const landed = log.find((r) => r.events.some((e) => e.type === 'landed'))!;
    expect(landed.root[1]).toBe(1000);
  });

  it('upward motion does not land, nor does a surface above the root', () => {
    const up = falling(10, -600);
    expect(up.step().events).toEqual([]);
    expect(up.s.root[1]).toBeCloseTo(GROUND_TOP - 10 + (-600 + TERRAIN_GRAVITY * DT) * DT, 9);

    // The root 3 px below a block's top (inside it): that surface is above the band.
    const shelf: TerrainInput = { id: 'shelf', shape: 'block', position: [900, 1050], size: [200, 100] }; // top 1000
    const sim = new RigSim([groundBlock(), shelf], [900, 1003], 'RIGHT');
    const r = sim.step();
    expect(r.events.filter((e) => e.type === 'landed')).toEqual([]);
    expect(r.root[1]).toBeGreaterThan(1003);
  });
});

describe('air pose (seed 6a §6)', () => {
  it('weights: main 240..1200 px/s, hands forward 80..520 px/s, so they reach forward before they lift', () => {
    expect(smoothstep(0, 1, -1)).toBe(0);
    expect(smoothstep(0, 1, 2)).toBe(1);
    expect(airPoseTargetWeight(AIR_POSE_START_SPEED)).toBe(0);
    expect(airPoseTargetWeight((AIR_POSE_START_SPEED + AIR_POSE_FULL_SPEED) / 2)).toBeCloseTo(0.5, 12);
    expect(airPoseTargetWeight(AIR_POSE_FULL_SPEED)).toBe(1);
    expect(airPoseTargetWeight(-500)).toBe(0);
    expect(handForwardWeight(AIR_HAND_FORWARD_START_SPEED)).toBe(0);
    expect(handForwardWeight(AIR_HAND_FORWARD_FULL_SPEED)).toBe(1);
    // Where the lift only begins the reach is well under way, and it is complete while the lift
    // is still under a quarter.
    expect(handForwardWeight(AIR_POSE_START_SPEED)).toBeGreaterThan(0.25);
    expect(airPoseTargetWeight(AIR_HAND_FORWARD_FULL_SPEED)).toBeLessThan(0.25);
  });

  it('the weight follows its target through 1 − e^(−10·dt) per step', () => {
    expect(filterAirPoseWeight(0, 5000, DT)).toBeCloseTo(1 - Math.exp(-AIR_POSE_RESPONSE * DT), 12);
    let w = 0;
    for (let i = 0; i < 30; i++) w = filterAirPoseWeight(w, 5000, DT);
    expect(w).toBeCloseTo(1 - Math.exp(-AIR_POSE_RESPONSE * 0.5), 12);
    expect(filterAirPoseWeight(0.8, 0, DT)).toBeCloseTo(0.8 * Math.exp(-AIR_POSE_RESPONSE * DT), 12);
  });

  it('full-speed offsets: hands forward 220 and up 680 with a 12 Hz (20, 16) flutter, feet (14, 10), the sides anti-phased', () => {
    for (const t of [0, 0.01, 0.0237, 0.05]) {
      const o = airPoseOffsets(1, 2000, t);
      const p = 2 * Math.PI * AIR_FLAIL_HZ * t;
      expect(o.Left_Hand[0]).toBeCloseTo(220 + 20 * Math.sin(p), 9);
      expect(o.Left_Hand[1]).toBeCloseTo(-680 + 16 * Math.cos(p), 9);
      expect(o.Right_Hand[0]).toBeCloseTo(220 + 20 * Math.sin(p + Math.PI), 9);
      expect(o.Right_Hand[1]).toBeCloseTo(-680 + 16 * Math.cos(p + Math.PI), 9);
      expect(o.Left_Leg).toEqual([14 * Math.sin(p), 10 * Math.cos(p)]);
      // Anti-phase: the two sides' flutter cancels.
      expect(o.Left_Hand[0] + o.Right_Hand[0]).toBeCloseTo(2 * 220, 9);
      expect(o.Left_Hand[1] + o.Right_Hand[1]).toBeCloseTo(2 * -680, 9);
      expect(o.Left_Leg[0] + o.Right_Leg[0]).toBeCloseTo(0, 9);
      expect(o.Left_Leg[1] + o.Right_Leg[1]).toBeCloseTo(0, 9);
    }
    // 12 Hz: the pattern repeats every 1/12 s.
    const a = airPoseOffsets(1, 2000, 0.013);
    const b = airPoseOffsets(1, 2000, 0.013 + 1 / 12);
    for (const k of ['Left_Hand', 'Right_Hand', 'Left_Leg', 'Right_Leg'] as const) {
      expect(b[k][0]).toBeCloseTo(a[k][0], 9);
      expect(b[k][1]).toBeCloseTo(a[k][1], 9);
    }
    // Zero weight and no downward speed: nothing at all.
    const none = airPoseOffsets(0, 0, 0.3);
    for (const k of ['Left_Hand', 'Right_Hand', 'Left_Leg', 'Right_Leg'] as const) expect(none[k].map(Math.abs)).toEqual([0, 0]);
  });

  it('is added to the pose captured once at takeoff, assigned (never accumulated) each step', () => {
    const { sim, takeoffMarkers } = walkOff(1);
    const base = copy(sim.s.airPoseBase!);
    expect(base).toEqual(takeoffMarkers);
    for (let i = 0; i < 15; i++) {
      sim.step();
      expect(sim.s.airPoseBase).toEqual(base); // never recaptured
      const vy = Math.max(sim.s.airVelocityY, 0);
      const o = airPoseOffsets(sim.s.airPoseWeight, vy, sim.s.airTime);
      for (const k of ['Left_Hand', 'Right_Hand', 'Left_Leg', 'Right_Leg'] as const) {
        expect(sim.s.markers[k][0]).toBeCloseTo(base[k][0] + o[k][0], 9);
        expect(sim.s.markers[k][1]).toBeCloseTo(base[k][1] + o[k][1], 9);
      }
      expect(sim.s.markers.Torso).toEqual(base.Torso);
    }
  });

  it('is rig-local: facing LEFT mirrors it about the root in stage space', () => {
    const right = walkOff(1, 'RIGHT').sim;
    const left = walkOff(-1, 'LEFT').sim;
    right.run(12);
    left.run(12);
    for (const k of ['Left_Hand', 'Right_Hand'] as const) {
      const r = markerToWorld(right.s.markers[k], right.s.root, 'RIGHT');
      const l = markerToWorld(left.s.markers[k], left.s.root, 'LEFT');
      // The hands reach forward: +X for RIGHT, −X for LEFT, by the same amount.
      expect(r[0] - right.s.root[0]).toBeGreaterThan(100);
      expect(l[0] - left.s.root[0]).toBeCloseTo(-(r[0] - right.s.root[0]), 6);
      expect(l[1] - left.s.root[1]).toBeCloseTo(r[1] - right.s.root[1], 6);
    }
  });
});

describe('landing absorption (seed 6a §7)', () => {
  it('soft below 80 px, hard from 80 px; depth mapped linearly from fall height and clamped at 900', () => {
    expect(isHardLanding(79.99)).toBe(false);
    expect(isHardLanding(80)).toBe(true);
    expect(landingReaction(80)).toEqual({ compression: 32, handDrop: 270 });
    expect(landingReaction(490)).toEqual({ compression: 96, handDrop: 395 });
    expect(landingReaction(900)).toEqual({ compression: 160, handDrop: 520 });
    expect(landingReaction(2500)).toEqual({ compression: 160, handDrop: 520 });
    expect(landingReaction(0)).toEqual({ compression: 32, handDrop: 270 });
  });

  it('timeline: 0.08 s quadratic ease-out to the deepest point, 0.22 s sine-out back; hands return over all 0.30 s', () => {
    expect(impactDepth(0)).toBe(0);
    expect(impactDepth(0.04)).toBeCloseTo(0.75, 12); // 1 − (1 − ½)²
    expect(impactDepth(0.08)).toBe(1);
    expect(impactDepth(0.08 + 0.11)).toBeCloseTo(1 - Math.sin(Math.PI / 4), 12);
    expect(impactDepth(0.3)).toBeCloseTo(0, 12);
    expect(impactDepth(0.5)).toBeCloseTo(0, 12);
    for (let t = 0; t < 0.3; t += 0.005) {
      if (t + 0.005 <= 0.08) expect(impactDepth(t + 0.005)).toBeGreaterThan(impactDepth(t));
      if (t >= 0.08) expect(impactDepth(t + 0.005)).toBeLessThanOrEqual(impactDepth(t));
      expect(impactDepth(t)).toBeLessThanOrEqual(1);
    }
    expect(handReturn(0)).toBe(0);
    expect(handReturn(0.15)).toBeCloseTo(Math.sin(Math.PI / 4), 12);
    expect(handReturn(0.3)).toBe(1);
  });

  it('contacts: each foot its own sample; a missing or far-off sample falls back to its X on the centre surface', () => {
    // Stairs rising right: 100 px treads, 40 px risers over x 1000..1500 (top 1200 at the right).
    const stairs = createTerrainIndex([groundBlock(), { id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' }]);
    const edge = landingContacts(stairs, { left: 1110, right: 1090 }, 1360);
    expect(edge.contacts).toEqual({ left: [1110, 1320], right: [1090, 1360] });
    expect(edge.fromFan).toEqual({ left: true, right: true });

    // A pit under one foot: no sample there, so that foot stands on the centre surface height.
    const pit = createTerrainIndex([
      { id: 'a', shape: 'block', position: [450, 1500], size: [900, 200] },
      { id: 'b', shape: 'block', position: [1500, 1500], size: [1000, 200] },
    ]);
    const overPit = landingContacts(pit, { left: 920, right: 880 }, 1400);
    expect(overPit.contacts).toEqual({ left: [920, 1400], right: [880, 1400] });
    expect(overPit.fromFan).toEqual({ left: false, right: true });

    // A shelf top 100 px above the centre surface is inside the probe but not a contact for a
    // foot standing on the ground: that stale sample is rejected.
    const shelf = createTerrainIndex([groundBlock(), { id: 'shelf', shape: 'block', position: [1100, 1350], size: [100, 100] }]);
    const high = landingContacts(shelf, { left: 1060, right: 1020 }, 1400);
    expect(high.contacts).toEqual({ left: [1060, 1400], right: [1020, 1400] });
    expect(high.fromFan).toEqual({ left: false, right: true });
  });

  it('contacts clear of props: a foot in one moves under the body first, else outwards; a clear foot stays', () => {
    const flat = createTerrainIndex([groundBlock()]);
    // The trailing foot (980) is in a prop over 900..990: under the body, past the root (1000), it is clear at 1004.
    const trailing = landingContacts(flat, { left: 1020, right: 980 }, GROUND_TOP, undefined, { of: propBetween(900, 990), rootX: 1000 });
    expect(trailing.contacts).toEqual({ left: [1020, GROUND_TOP], right: [1004, GROUND_TOP] });
    // The prop reaches to the root: under the body it is no better, so the foot steps out beyond it.
    const atRoot = landingContacts(flat, { left: 1011, right: 989 }, GROUND_TOP, undefined, { of: propBetween(900, 1000), rootX: 1000 });
    expect(atRoot.contacts.left).toEqual([1014, GROUND_TOP]);
    // The other foot, left of the root, clears it under the body: the feet stand together.
    expect(atRoot.contacts.right).toEqual([1014, GROUND_TOP]);
    // Nowhere clear within reach either way (a prop from 900 to 1100): the foot stays where it was.
    const over = landingContacts(flat, { left: 1011, right: 989 }, GROUND_TOP, undefined, { of: propBetween(900, 1100), rootX: 1000 });
    expect(over.contacts).toEqual({ left: [1011, GROUND_TOP], right: [989, GROUND_TOP] });
    // No prop in the way: the same contacts as without a clearance.
    const none = landingContacts(flat, { left: 1024, right: 976 }, GROUND_TOP, undefined, { of: propBetween(200, 300), rootX: 1000 });
    expect(none).toEqual(landingContacts(flat, { left: 1024, right: 976 }, GROUND_TOP));
    // A moved foot is sampled anew where it ends: off a stair's tread onto the one below.
    const stairs = createTerrainIndex([groundBlock(), { id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' }]);
    const down = landingContacts(stairs, { left: 1110, right: 1090 }, 1360, undefined, { of: propBetween(1105, 1130), rootX: 1100 });
    expect(down.contacts).toEqual({ left: [1091, 1360], right: [1090, 1360] });
    expect(down.fromFan).toEqual({ left: true, right: true });
  });

  it('a 300 px hard landing: feet locked, root still, torso and hands on the timeline, exact bases after 18 steps', () => {
    const { sim, takeoffMarkers } = walkOff(1);
    let touchdown = null;
    for (let i = 0; i < 120 && !touchdown; i++) {
      const r = sim.step();
      if (r.events.some((e) => e.type === 'landed')) touchdown = r;
    }
    expect(touchdown!.after).toBe('LANDING_IMPACT');
    const l = copy(sim.s.landing!);
    expect(l.fallHeight).toBeCloseTo(300, 9);
    expect([l.compression, l.handDrop]).toEqual([landingReaction(300).compression, landingReaction(300).handDrop]);
    expect(l.handBase).toEqual({ Left_Hand: takeoffMarkers.Left_Hand, Right_Hand: takeoffMarkers.Right_Hand });
    const root = [...sim.s.root];
    const feetWorld = (m: MarkerPose) => [markerToWorld(m.Left_Leg, sim.s.root, sim.s.facing), markerToWorld(m.Right_Leg, sim.s.root, sim.s.facing)];
    expect(feetWorld(sim.s.markers)).toEqual([l.contacts.left, l.contacts.right].map((c) => [c[0], c[1]]));
    for (let k = 1; k <= 17; k++) {
      const r = sim.step();
      expect(r.phase).toBe('LANDING_IMPACT');
      expect(r.events).toEqual([]);
      expect(sim.s.root).toEqual(root);
      const t = k * DT;
      expect(sim.s.markers.Torso[1]).toBeCloseTo(l.torsoBase[1] + l.compression * impactDepth(t), 9);
      expect(sim.s.markers.Torso[0]).toBe(l.torsoBase[0]);
      const hand = sim.s.markers.Right_Hand;
      const back = handReturn(t);
      expect(hand[1]).toBeCloseTo(l.handStart.Right_Hand[1] + (l.handBase.Right_Hand[1] - l.handStart.Right_Hand[1]) * back + l.handDrop * impactDepth(t), 9);
      const [lf, rf] = feetWorld(sim.s.markers);
      expect(lf[0]).toBeCloseTo(l.contacts.left[0], 9);
      expect(lf[1]).toBeCloseTo(l.contacts.left[1], 9);
      expect(rf[1]).toBeCloseTo(l.contacts.right[1], 9);
    }
    const last = sim.step();
    expect(last.events).toEqual([{ type: 'landingFinished' }]);
    expect(last.after).toBe('GROUNDED');
    expect(sim.s.markers.Torso).toEqual(l.torsoBase);
    expect(sim.s.markers.Left_Hand).toEqual(l.handBase.Left_Hand);
    expect(sim.s.markers.Right_Hand).toEqual(l.handBase.Right_Hand);
    expect(sim.s.landing).toBeNull();
    // The walk resumes from the actual landing X.
    const next = sim.step();
    expect(next.root[0]).toBeCloseTo(root[0] + WALK_SPEED * DT, 9);
  });

  it('a soft landing restores the takeoff pose exactly and never enters LANDING_IMPACT', () => {
    // A shelf 70 px below the platform's right edge: support is lost, the fall is soft.
    const shelf: TerrainInput = { id: 'shelf', shape: 'block', position: [1500, 1185], size: [400, 30] }; // top 1170
    const sim = new RigSim([groundBlock(), PLATFORM, shelf], [1000, 1100], 'RIGHT');
    sim.run(2);
    sim.walkTo(1600);
    let takeoff: MarkerPose | null = null;
    for (let i = 0; i < 600; i++) {
      const r = sim.step();
      if (r.events.some((e) => e.type === 'supportLost')) takeoff = copy(sim.s.markers);
      if (r.events.some((e) => e.type === 'landed')) {
        const landed = r.events.find((e) => e.type === 'landed') as { fallDistance: number };
        expect(landed.fallDistance).toBeCloseTo(70, 9);
        expect(r.after).toBe('GROUNDED');
        expect(sim.s.markers).toEqual(takeoff);
        break;
      }
    }
    expect(takeoff).not.toBeNull();
    expect(sim.log.some((r) => r.after === 'LANDING_IMPACT')).toBe(false);
  });

  it('cancel: with restore the bases come back exactly, without it the solved pose stays; both clear all procedural state', () => {
    const land = () => {
      const { sim } = walkOff(1);
      while (sim.phase !== 'LANDING_IMPACT') sim.step();
      sim.run(4);
      return sim;
    };
    const a = land();
    const bases = copy(a.s.landing!);
    cancelTerrainMotion(a.s, true);
    expect(a.s.markers.Torso).toEqual(bases.torsoBase);
    expect(a.s.markers.Left_Hand).toEqual(bases.handBase.Left_Hand);
    expect(a.s.markers.Right_Hand).toEqual(bases.handBase.Right_Hand);
    expect([a.s.landing, a.s.airPoseBase, a.s.airVelocityX, a.s.airVelocityY]).toEqual([null, null, 0, 0]);

    const b = land();
    const solved = copy(b.s.markers);
    cancelTerrainMotion(b.s, false); // a direct ragdoll takes over from the impact pose
    expect(b.s.markers).toEqual(solved);
    expect([b.s.landing, b.s.airPoseBase]).toEqual([null, null]);

    // Mid-air, without restore: the air pose stays, the velocity goes.
    const { sim: c } = walkOff(1);
    c.run(10);
    const air = copy(c.s.markers);
    cancelTerrainMotion(c.s, false);
    expect(c.s.markers).toEqual(air);
    expect([c.s.airPoseBase, c.s.airVelocityX, c.s.airVelocityY, c.s.airPoseWeight]).toEqual([null, 0, 0, 0]);
  });

  it('terrain disabled mid-landing or mid-air: the next step writes the bases back and nothing procedural survives', () => {
    const { sim, takeoffMarkers } = walkOff(1);
    sim.run(10);
    sim.machine.send({ type: 'rig.disableTerrain' });
    sim.step();
    expect(sim.s.markers).toEqual(takeoffMarkers);
    expect(sim.s.airPoseBase).toBeNull();

    const { sim: s2 } = walkOff(-1);
    while (s2.phase !== 'LANDING_IMPACT') s2.step();
    s2.run(3);
    const l = copy(s2.s.landing!);
    s2.machine.send({ type: 'rig.disableTerrain' });
    const after = s2.step();
    expect(after.events).toEqual([]);
    expect(s2.s.markers.Torso).toEqual(l.torsoBase);
    expect(s2.s.markers.Right_Hand).toEqual(l.handBase.Right_Hand);
    expect(s2.s.landing).toBeNull();
    s2.run(30);
    expect(s2.phase).toBe('DISABLED');
    expect(s2.s.markers.Torso).toEqual(l.torsoBase);
  });
});
