/**
 * Collision proxies (seed phase 4.5 "Nodes and metadata", "SandboxStage wiring"): ten kinematic
 * bodies per stickman with the seed's shapes and radii, tagged with the rig and the part name;
 * a prop touching several parts fires ONE stickman→prop `collided` and ONE `separated`; areas see a
 * stickman as one object.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { StageEvent } from '../../core/events';
import { PART_NAMES, type PartName } from '../../core/rig/skeleton';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { WALK_SPEED, walkCycle } from '../../core/locomotion';
import type { ContactEvent } from '../../streams/physics/entities';
import type { RigRuntime } from '../../streams/runtime/rigRuntime';
import { ground, prop } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk, type Vec2 } from './rigScenes';

beforeAll(async () => {
  await TestStage.init();
});

/** Seed phase 4.5 COLLISION_PARTS: shape family and radius per part. */
const SEED_PARTS: Record<PartName, { shape: 'circle' | 'capsule'; radius: number }> = {
  head: { shape: 'circle', radius: 90 },
  torso: { shape: 'capsule', radius: 20 },
  left_upper_arm: { shape: 'capsule', radius: 12 },
  left_lower_arm: { shape: 'capsule', radius: 12 },
  right_upper_arm: { shape: 'capsule', radius: 12 },
  right_lower_arm: { shape: 'capsule', radius: 12 },
  left_upper_leg: { shape: 'capsule', radius: 14 },
  left_lower_leg: { shape: 'capsule', radius: 14 },
  right_upper_leg: { shape: 'capsule', radius: 14 },
  right_lower_leg: { shape: 'capsule', radius: 14 },
};

/** Arms out and feet apart, so every one of the ten parts can be hit by a ray from outside. */
const T_POSE = {
  Torso: [0, -256.77],
  Left_Leg: [70, 0],
  Right_Leg: [-70, 0],
  Left_Hand: [-235, -445],
  Right_Hand: [235, -445],
};

interface ExpectedShape {
  part: PartName;
  /** Core segment (a circle is a zero-length segment) and radius. */
  a: Vec2;
  b: Vec2;
  radius: number;
}

/**
 * The seed's proxy geometry, built from the rig's solved WORLD pose (not from the proxy code):
 * a capsule spans attachment..far end with its caps included (Godot height = fitted length), so its
 * core runs from start + r to start + length − r along the part; the head is a 90 px circle on
 * the drawn head centre (the neck + 72 px up).
 */
function expectedShapes(rig: RigRuntime): ExpectedShape[] {
  return PART_NAMES.map((part) => {
    const w = rig.worldPose[part];
    const { radius, shape } = SEED_PARTS[part];
    if (shape === 'circle') {
      const c: Vec2 = [w.start[0], w.start[1] - DEFAULT_PROPORTIONS.neckToHead];
      return { part, a: c, b: c, radius };
    }
    const len = Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1]);
    const axis: Vec2 = [(w.end[0] - w.start[0]) / len, (w.end[1] - w.start[1]) / len];
    const at = (d: number): Vec2 => [w.start[0] + axis[0] * d, w.start[1] + axis[1] * d];
    return { part, a: at(radius), b: at(w.length - radius), radius };
  });
}

/** First entry distance of a ray into a capsule: the union of circles along its core. */
function rayCapsule(o: Vec2, d: Vec2, s: ExpectedShape): number {
  let best = Infinity;
  const n = 4000;
  for (let i = 0; i <= n; i++) {
    const f = i / n;
    const p: Vec2 = [s.a[0] + (s.b[0] - s.a[0]) * f, s.a[1] + (s.b[1] - s.a[1]) * f];
    const rel: Vec2 = [p[0] - o[0], p[1] - o[1]];
    const along = rel[0] * d[0] + rel[1] * d[1];
    const perp2 = rel[0] * rel[0] + rel[1] * rel[1] - along * along;
    if (perp2 > s.radius * s.radius) continue;
    best = Math.min(best, along - Math.sqrt(s.radius * s.radius - perp2));
  }
  return best;
}

interface RayCheck {
  origin: Vec2;
  dir: Vec2;
  expectedPart: PartName;
  expectedDistance: number;
  runnerUp: number;
}

/** Rays aimed at points along every part from 16 directions, with the expected first hit. */
function rayChecks(shapes: ExpectedShape[]): RayCheck[] {
  const out: RayCheck[] = [];
  for (const s of shapes) {
    for (const f of [0.2, 0.5, 0.8]) {
      const aim: Vec2 = [s.a[0] + (s.b[0] - s.a[0]) * f, s.a[1] + (s.b[1] - s.a[1]) * f];
      for (let k = 0; k < 16; k++) {
        const ang = (k * Math.PI) / 8 + 0.05;
        const dir: Vec2 = [Math.cos(ang), Math.sin(ang)];
        const origin: Vec2 = [aim[0] - dir[0] * 500, aim[1] - dir[1] * 500];
        const hits = shapes.map((x) => ({ part: x.part, t: rayCapsule(origin, dir, x) })).sort((p, q) => p.t - q.t);
        if (!(hits[0].t > 0) || !Number.isFinite(hits[0].t)) continue;
        out.push({ origin, dir, expectedPart: hits[0].part, expectedDistance: hits[0].t, runnerUp: hits[1].t });
      }
    }
  }
  return out;
}

function checkProxyGeometry(p: TestStage, label: string): Set<PartName> {
  const rig = p.rig('stick');
  const shapes = expectedShapes(rig);
  const checks = rayChecks(shapes);
  const physics = p.runtime.physics;
  const firstHits = new Set<PartName>();
  for (const c of checks) {
    const hit = physics.castRay(c.origin, c.dir, 1000, [], ['proxy']);
    expect(hit, `${label}: ray toward ${c.expectedPart}`).not.toBeNull();
    expect(hit!.entity.kind).toBe('proxy');
    expect(hit!.entity.id).toBe('stick');
    expect(hit!.distance, `${label}: ray toward ${c.expectedPart} from ${c.origin.map((v) => v.toFixed(0))}`).toBeCloseTo(c.expectedDistance, 0);
    expect(Math.abs(hit!.distance - c.expectedDistance)).toBeLessThan(0.3);
    // Near-ties between two parts may go either way; everything else must name the exact part.
    if (c.runnerUp - c.expectedDistance > 0.5) {
      expect(hit!.entity.part, label).toBe(c.expectedPart);
      firstHits.add(c.expectedPart);
    }
  }
  return firstHits;
}

describe('ten collision proxies per stickman', () => {
  it('adds exactly ten kinematic bodies and colliders per stickman', () => {
    const base = TestStage.load(sceneWithQueues([ground()])).play();
    const empty = base.runtime.physics.counts();
    base.dispose();
    const two = TestStage.load(sceneWithQueues([ground(), stickman('a', [800, GROUND_TOP]), stickman('b', [1600, GROUND_TOP], { facing: 'LEFT' })])).play();
    expect(two.runtime.physics.counts()).toEqual({ bodies: empty.bodies + 20, colliders: empty.colliders + 20, joints: 0 });
    two.dispose();
  });

  it('uses the seed table for every part: shape family, radius and fitted length', () => {
    const p = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1000, GROUND_TOP])])).play();
    const proxies = p.rig('stick').proxies;
    expect(Object.keys(proxies).sort()).toEqual([...PART_NAMES].sort());
    const fitted: Record<string, number> = {
      torso: 170, left_upper_arm: 110, left_lower_arm: 110, right_upper_arm: 110, right_lower_arm: 110,
      left_upper_leg: 130, left_lower_leg: 130, right_upper_leg: 130, right_lower_leg: 130,
    };
    for (const part of PART_NAMES) {
      const px = proxies[part];
      expect(px.shape, part).toBe(SEED_PARTS[part].shape);
      expect(px.radius, part).toBe(SEED_PARTS[part].radius);
      if (px.shape === 'capsule') {
        expect(px.length, part).toBe(fitted[part]);
        expect(px.halfHeight, part).toBeCloseTo(fitted[part] / 2 - px.radius, 9);
      }
    }
    p.dispose();
  });

  it.each([['RIGHT'], ['LEFT']] as const)(
    'the Rapier colliders match the seed shapes on the solved pose, facing %s (ray casts, every part)',
    (facing) => {
      const p = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1500, GROUND_TOP], { facing, pose: T_POSE })])).play();
      p.step(45);
      expect(p.rig('stick').terrainPhase).toBe('GROUNDED');
      const covered = checkProxyGeometry(p, facing);
      // Every part was the first thing some ray hit, with its own radius.
      expect([...covered].sort()).toEqual([...PART_NAMES].sort());
      // The head circle: straight down onto its top, the distance is exactly the 90 px radius.
      const head = p.rig('stick').worldPose.head.start;
      const centre: Vec2 = [head[0], head[1] - 72];
      const down = p.runtime.physics.castRay([centre[0], centre[1] - 500], [0, 1], 1000, [], ['proxy'])!;
      expect(down.entity.part).toBe('head');
      expect(centre[1] - (centre[1] - 500 + down.distance)).toBeCloseTo(90, 2);
      p.dispose();
    },
  );

  it('LEFT facing mirrors the proxies and keeps every size', () => {
    const right = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1500, GROUND_TOP], { facing: 'RIGHT', pose: T_POSE })])).play();
    const left = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1500, GROUND_TOP], { facing: 'LEFT', pose: T_POSE })])).play();
    right.step(30);
    left.step(30);
    const r = right.rig('stick').proxies;
    const l = left.rig('stick').proxies;
    for (const part of PART_NAMES) {
      expect(l[part].radius).toBe(r[part].radius);
      expect(l[part].shape).toBe(r[part].shape);
      if (l[part].shape === 'capsule' && r[part].shape === 'capsule') expect(l[part].halfHeight).toBe(r[part].halfHeight);
      // Mirrored about the root x (1500), same height.
      expect(l[part].center[0] - 1500).toBeCloseTo(-(r[part].center[0] - 1500), 6);
      expect(l[part].center[1]).toBeCloseTo(r[part].center[1], 6);
    }
    // And Rapier agrees: a ray from the left at one side equals a ray from the right at the other.
    for (const y of [GROUND_TOP - 60, GROUND_TOP - 200, GROUND_TOP - 330, GROUND_TOP - 440, GROUND_TOP - 520]) {
      const a = right.runtime.physics.castRay([1000, y], [1, 0], 1000, [], ['proxy']);
      const b = left.runtime.physics.castRay([2000, y], [-1, 0], 1000, [], ['proxy']);
      expect(a, `y=${y}`).not.toBeNull();
      expect(b!.distance).toBeCloseTo(a!.distance, 3);
      expect(b!.entity.part).toBe(a!.entity.part);
    }
    right.dispose();
    left.dispose();
  });
});

/** Is point p inside any proxy of the rig (box-centre test with margin)? */
function insideStickman(shapes: ExpectedShape[], p: Vec2, margin: number): PartName | null {
  for (const s of shapes) {
    const ab: Vec2 = [s.b[0] - s.a[0], s.b[1] - s.a[1]];
    const l2 = ab[0] * ab[0] + ab[1] * ab[1];
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((p[0] - s.a[0]) * ab[0] + (p[1] - s.a[1]) * ab[1]) / l2)) : 0;
    const q: Vec2 = [s.a[0] + ab[0] * t, s.a[1] + ab[1] * t];
    if (Math.hypot(p[0] - q[0], p[1] - q[1]) < s.radius + margin) return s.part;
  }
  return null;
}

describe('props against stickman proxies', () => {
  function dropBox(boxX: number, extraStick: Record<string, unknown> = {}) {
    const p = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1000, GROUND_TOP], extraStick), prop('box', 'box', [boxX, 500])])).play();
    const contacts: ContactEvent[] = [];
    p.runtime.contact$.subscribe((c) => contacts.push(c));
    const rig = p.rig('stick');
    const track: Array<{ box: Vec2; inside: PartName | null; headCentre: Vec2 }> = [];
    for (let i = 0; i < 60 * 6; i++) {
      p.step(1);
      const box = p.runtime.propState('box')!.position;
      const shapes = expectedShapes(rig);
      // The box centre must stay out of every proxy by (almost) its half size: 40 px.
      const neck = rig.worldPose.head.start;
      track.push({ box, inside: insideStickman(shapes, box, 40 - 6), headCentre: [neck[0], neck[1] - 72] });
    }
    const mine = (e: StageEvent) => (e.type === 'collided' || e.type === 'separated') && (e.source === 'stick' || e.target === 'stick');
    return { p, contacts, track, events: p.events().filter(mine), rig };
  }

  it('a box dropped on a standing stickman bounces off its head: each touch is ONE collided (stickman → box, with part) and ONE separated', () => {
    const { p, track, events, contacts } = dropBox(1045);
    // The head flinches from the hit (seed 4.5 reactions) and may meet the falling box once more
    // on its way back: every touch is its own pair edge, collided then separated.
    expect(events.length % 2).toBe(0);
    expect(events.length).toBeLessThanOrEqual(4);
    events.forEach((e, i) => expect(e).toMatchObject({ type: i % 2 === 0 ? 'collided' : 'separated', source: 'stick', target: 'box' }));
    expect(events[0]).toMatchObject({ type: 'collided', part: 'head' });
    for (const e of events.filter((x) => x.type === 'collided')) expect(PART_NAMES).toContain(e.part);
    // The raw contacts carry the proxy metadata: kind 'proxy', the stickman id, a part name.
    const proxyContacts = contacts.filter((c) => c.a.kind === 'proxy' || c.b.kind === 'proxy');
    expect(proxyContacts.length).toBeGreaterThanOrEqual(2);
    for (const c of proxyContacts) {
      const proxy = c.a.kind === 'proxy' ? c.a : c.b;
      expect(proxy.id).toBe('stick');
      expect(PART_NAMES).toContain(proxy.part);
    }
    // Never inside the stickman, and never through the head: while the box is over the head it
    // stays above the head's centre (it starts 45 px off-centre, well inside the 90 px radius).
    for (const t of track) {
      expect(t.inside).toBeNull();
      if (Math.abs(t.box[0] - t.headCentre[0]) < 90) expect(t.box[1]).toBeLessThan(t.headCentre[1]);
    }
    // It ends on the ground beside the stickman, not in it.
    const end = track.at(-1)!.box;
    expect(end[1]).toBeCloseTo(GROUND_TOP - 40, 0);
    expect(Math.abs(end[0] - 1000)).toBeGreaterThan(90 + 40);
    p.dispose();
  });

  it('touching several parts at once still fires exactly one collided and, after the last part lets go, one separated', () => {
    // Arms raised beside the head: the box lands on the head and slides onto the right forearm
    // (where it lands depends on how far the head flinches, which grows with the impact speed).
    const ARMS_UP = { Torso: [0, -256.77], Left_Leg: [18, 0], Right_Leg: [-18, 0], Left_Hand: [-90, -600], Right_Hand: [90, -600] };
    const { p, track, events, contacts } = dropBox(1040, { pose: ARMS_UP });
    const pairContacts = contacts.filter((c) => (c.a.kind === 'proxy' && c.b.id === 'box') || (c.b.kind === 'proxy' && c.a.id === 'box'));
    const partOf = (c: ContactEvent) => (c.a.kind === 'proxy' ? c.a.part : c.b.part)!;
    // Several distinct parts touched the box, overlapping in time.
    const touched = new Set(pairContacts.filter((c) => c.type === 'started').map(partOf));
    expect(touched.size).toBeGreaterThanOrEqual(2);
    let active = 0;
    let maxActive = 0;
    for (const c of pairContacts) {
      active += c.type === 'started' ? 1 : -1;
      maxActive = Math.max(maxActive, active);
    }
    // The first episode (head, then the forearm, overlapping) ends with every part let go…
    const firstStop = pairContacts.findIndex((c, i) => i > 0 && pairContacts.slice(0, i + 1).reduce((n, x) => n + (x.type === 'started' ? 1 : -1), 0) === 0);
    expect(firstStop).toBeGreaterThan(0);
    expect(new Set(pairContacts.slice(0, firstStop + 1).filter((c) => c.type === 'started').map(partOf)).size).toBeGreaterThanOrEqual(2);
    expect(maxActive).toBeGreaterThanOrEqual(2);
    // …yet the stage heard one pair edge each way for it.
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['collided', 'separated']);
    expect(events[0]).toMatchObject({ source: 'stick', target: 'box', part: partOf(pairContacts[0]) });
    // Any later touch (the box may come to rest against a shin) is a new pair edge: events
    // alternate collided/separated, and the last says whether a part still touches.
    events.forEach((e, i) => expect(e.type, `event ${i}`).toBe(i % 2 === 0 ? 'collided' : 'separated'));
    expect(events.at(-1)!.type).toBe(active > 0 ? 'collided' : 'separated');
    for (const t of track) expect(t.inside).toBeNull();
    // It comes to rest on the ground (perhaps tilted against a shin) off the stickman's centre line.
    expect(Math.abs(track.at(-1)!.box[1] - (GROUND_TOP - 40))).toBeLessThan(5);
    expect(Math.abs(track.at(-1)!.box[0] - 1000)).toBeGreaterThan(40);
    p.dispose();
  });
});

describe('areas see stickmen', () => {
  // Ground-level areas (120 px above to 120 px below the ground) placed at offsets covering one
  // stride, walked through in both directions: the director sees ONE entry and ONE exit each time.
  const placements = [0, 7, 14, 21, 28, 35, 42, 49].flatMap((off) => [1, -1].map((dir) => [off, dir] as const));
  // How far from the root a foot may be along the walk: a swing lands it plantLead ahead of
  // where the root will be, a whole swing's travel from where the root was (and a planted foot is
  // left that far behind before it lifts), plus the lower leg's proxy on both sides and a margin.
  const gait = walkCycle(WALK_SPEED, DEFAULT_PROPORTIONS);
  const footReach = gait.plantLead + gait.speed * gait.swingDuration + 2 * SEED_PARTS.left_lower_leg.radius + 10;
  it.each(placements)('walking through a ground area (offset %i, dir %i) fires exactly one entered_area and one exited_area', (off, dir) => {
    // The stickman's start and goal stay fixed, so the area edge meets the gait at every phase.
    const areaX = 1100 + dir * off;
    const p = TestStage.load(sceneWithQueues(
      [ground(), stickman('stick', [1100 - dir * 450, GROUND_TOP]), { kind: 'area', id: 'zone', position: [areaX, GROUND_TOP], size: [200, 240] }],
      { stick: [walk('w1', 1100 + dir * 500)] },
    )).play();
    p.stepUntil(() => p.events().some((e) => e.type === 'arrived'), 60 * 15);
    p.step(60);
    const zone = p.events().filter((e) => e.target === 'zone');
    expect(zone.map((e) => e.type)).toEqual(['entered_area', 'exited_area']);
    for (const e of zone) expect(e.source).toBe('stick');
    // Reported at the stickman's root: entering around the near edge (a leading foot may cross it
    // up to footReach ahead of the root), leaving around the far edge (a trailing foot up to
    // footReach behind).
    expect(dir * (zone[0].position![0] - areaX)).toBeGreaterThan(-100 - footReach);
    expect(dir * (zone[0].position![0] - areaX)).toBeLessThan(-100 + 60);
    expect(dir * (zone[1].position![0] - areaX)).toBeGreaterThan(100 - 60);
    expect(dir * (zone[1].position![0] - areaX)).toBeLessThan(100 + footReach);
    p.dispose();
  });

  it('a whole-body area walked through fires one entered_area and one exited_area', () => {
    const p = TestStage.load(sceneWithQueues(
      [ground(), stickman('stick', [900, GROUND_TOP]), { kind: 'area', id: 'tall', position: [1400, GROUND_TOP - 380], size: [150, 800] }],
      { stick: [walk('w1', 1900)] },
    )).play();
    p.stepUntil(() => p.events().some((e) => e.type === 'arrived'), 60 * 15);
    const tall = p.events().filter((e) => e.target === 'tall');
    expect(tall.map((e) => e.type)).toEqual(['entered_area', 'exited_area']);
    expect(tall.every((e) => e.source === 'stick')).toBe(true);
    p.dispose();
  });

  it('a stickman that stops inside an area has entered it once and not exited', () => {
    const p = TestStage.load(sceneWithQueues(
      [ground(), stickman('stick', [700, GROUND_TOP]), { kind: 'area', id: 'zone', position: [1200, GROUND_TOP - 250], size: [400, 600] }],
      { stick: [walk('w1', 1200)] },
    )).play();
    p.stepUntil(() => p.events().some((e) => e.type === 'arrived'), 60 * 15);
    p.step(180); // idle breathing and settle steps inside the area
    const zone = p.events().filter((e) => e.target === 'zone');
    expect(zone.map((e) => e.type)).toEqual(['entered_area']);
    expect(zone[0].source).toBe('stick');
    expect(p.frame().areas.find((a) => a.id === 'zone')!.occupants).toBe(1);
    p.dispose();
  });
});
