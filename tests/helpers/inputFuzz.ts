/**
 * Property suites over what a user can hand the app (issue 24): generated scenes, takes and prop
 * assets — valid ones and ones with a hostile value dropped in. Each is refused with issues that
 * name JSON paths, or it plays 120 steps with no exception and no non-finite number in its frame.
 * Run briefly in `npm test` (tests/integration/inputFuzz.test.ts) and longer in the slow suite,
 * both from a fixed seed (tests/helpers/fuzzSeed.ts: FUZZ_SEED / FUZZ_RUNS override it).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { loadSceneValue } from '../../core/scene/io';
import { loadPropAssetValue } from '../../core/scene/propFile';
import { loadTakeValue } from '../../core/take/io';
import type { SceneIssue } from '../../core/scene/errors';
import type { SceneDocument } from '../../core/scene/schema';
import { StageController } from '../../streams/stage/stageController';
import { replayTake } from '../../streams/take/replay';

export const PLAY_STEPS = 120;

type Json = Record<string, unknown>;

/** Paths of the non-finite numbers in `value` (a frame snapshot), for the failure message. */
export function nonFinitePaths(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path} = ${value}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => nonFinitePaths(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) nonFinitePaths(v, `${path}.${k}`, out);
  return out;
}

function expectRefusal(issues: readonly SceneIssue[]): 'refused' {
  expect(issues.length).toBeGreaterThan(0);
  for (const i of issues) {
    expect(i.path).toMatch(/^\$/);
    expect(i.message.length).toBeGreaterThan(0);
  }
  return 'refused';
}

/** Plays an accepted scene PLAY_STEPS steps: no throw, every step runs, nothing non-finite. */
export function playScene(scene: SceneDocument): 'played' {
  const controller = new StageController(scene);
  try {
    controller.send({ type: 'ui.play' });
    expect(controller.step(PLAY_STEPS), 'steps run').toBe(PLAY_STEPS);
    expect(nonFinitePaths(controller.frame$.value), 'non-finite values in the frame').toEqual([]);
    return 'played';
  } finally {
    controller.dispose();
  }
}

// --- Generators -------------------------------------------------------------------------------

const coord = (max: number) => fc.double({ min: 0, max, noNaN: true });
/** A hostile value to drop somewhere: what a broken or malicious file may hold. */
export const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(null, NaN, Infinity, -Infinity, -0, 1e308, -1e308, '', 'x'.repeat(600), [], {}, true, '__proto__'),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
);

const ACTIONS = (props: string[]) => [
  fc.record({ type: fc.constant('walk_to'), target_position: fc.tuple(coord(6000), coord(2400)) }),
  fc.record({ type: fc.constant('wait'), seconds: fc.double({ min: 0, max: 3, noNaN: true }) }),
  fc.record({ type: fc.constant('speak'), text: fc.string({ maxLength: 30 }) }),
  fc.record({ type: fc.constant('face'), direction: fc.constantFrom('LEFT', 'RIGHT') }),
  fc.record({ type: fc.constant('ragdoll') }),
  fc.record({ type: fc.constant('recover') }),
  fc.record({ type: fc.constant('pick_up_prop'), target_prop_id: props.length ? fc.constantFrom(...props, 'ghost') : fc.constant('ghost') }),
  fc.record({ type: fc.constant('drop_prop') }),
  fc.record({ type: fc.constant('throw_prop'), target_position: fc.tuple(coord(6000), coord(2400)) }),
];

const terrainArb = fc.oneof(
  fc.record({ kind: fc.constant('terrain'), shape: fc.constant('block'), position: fc.tuple(coord(6000), coord(2400)), size: fc.tuple(fc.double({ min: 1, max: 3000, noNaN: true }), fc.double({ min: 1, max: 800, noNaN: true })), rotation: fc.double({ min: -3.2, max: 3.2, noNaN: true }) }),
  fc.record({ kind: fc.constant('terrain'), shape: fc.constant('ramp'), position: fc.tuple(coord(6000), coord(2400)), size: fc.tuple(fc.double({ min: 1, max: 3000, noNaN: true }), fc.double({ min: 1, max: 800, noNaN: true })), rise: fc.constantFrom('left', 'right') }),
  fc.record({ kind: fc.constant('terrain'), shape: fc.constant('stairs'), position: fc.tuple(coord(6000), coord(2400)), size: fc.tuple(fc.double({ min: 10, max: 2000, noNaN: true }), fc.double({ min: 10, max: 800, noNaN: true })), steps: fc.integer({ min: 1, max: 30 }), rise: fc.constantFrom('left', 'right') }),
  fc.record({
    kind: fc.constant('terrain'), shape: fc.constant('polygon'), position: fc.tuple(coord(6000), coord(2400)),
    points: fc.record({ n: fc.integer({ min: 3, max: 10 }), rx: fc.double({ min: 1, max: 2000, noNaN: true }), aspect: fc.double({ min: 0.001, max: 1, noNaN: true }) })
      .map(({ n, rx, aspect }) => Array.from({ length: n }, (_, i) => [rx * Math.cos((2 * Math.PI * i) / n), rx * aspect * Math.sin((2 * Math.PI * i) / n)])),
  }),
);

/** A generated scene (as plain JSON): ground, terrain, stickmen with queues, props, areas, rules. */
export const sceneArb = fc
  .record({
    width: fc.integer({ min: 1000, max: 8000 }),
    gravity: fc.double({ min: 1, max: 5000, noNaN: true }),
    terrain: fc.array(terrainArb, { maxLength: 3 }),
    men: fc.array(fc.record({ x: coord(8000), y: coord(2000), facing: fc.constantFrom('LEFT', 'RIGHT'), walk: fc.option(fc.double({ min: 20, max: 800, noNaN: true }), { nil: undefined }) }), { maxLength: 3 }),
    props: fc.array(fc.record({ spawn: fc.constantFrom('box', 'ball', 'plank', 'bottle'), x: coord(8000), y: coord(2000), rotation: fc.double({ min: -7, max: 7, noNaN: true }), sx: fc.double({ min: 0.2, max: 4, noNaN: true }), sy: fc.double({ min: 0.2, max: 4, noNaN: true }) }), { maxLength: 6 }),
    areas: fc.array(fc.record({ x: coord(8000), y: coord(2000), w: fc.double({ min: 1, max: 1000, noNaN: true }), h: fc.double({ min: 1, max: 1000, noNaN: true }) }), { maxLength: 2 }),
  })
  .chain((s) => {
    const propIds = s.props.map((_, i) => `p${i}`);
    const menIds = s.men.map((_, i) => `s${i}`);
    const action = fc.oneof(...ACTIONS(propIds));
    const queue = fc.array(action, { maxLength: 5 });
    const rule = menIds.length
      ? fc.record({
          type: fc.constantFrom('collided', 'separated', 'entered_area', 'action_finished', 'speech_finished', 'arrived', 'queue_finished'),
          actor: fc.constantFrom(...menIds),
          mode: fc.constantFrom('sequential', 'takeover', 'overlay'),
          action,
        })
      : fc.constant(null);
    return fc.record({ s: fc.constant(s), queues: fc.tuple(...menIds.map(() => queue)), rules: fc.array(rule, { maxLength: 3 }) });
  })
  .map(({ s, queues, rules }): Json => {
    let fileId = 0;
    const objects: Json[] = [{ kind: 'terrain', id: 'ground', file_id: ++fileId, shape: 'block', position: [s.width / 2, 2300], size: [s.width, 200] }];
    s.terrain.forEach((t, i) => objects.push({ ...t, id: `t${i}`, file_id: ++fileId }));
    s.men.forEach((m, i) => objects.push({ kind: 'stickman', id: `s${i}`, file_id: ++fileId, position: [m.x, m.y], facing: m.facing, ...(m.walk ? { walk_speed: m.walk } : {}) }));
    s.props.forEach((p, i) => objects.push({ kind: 'prop', id: `p${i}`, file_id: ++fileId, stage_object_id: `p${i}`, spawn_id: `builtin:${p.spawn}`, position: [p.x, p.y], rotation: p.rotation, scale: [p.sx, p.sy] }));
    s.areas.forEach((a, i) => objects.push({ kind: 'area', id: `a${i}`, file_id: ++fileId, position: [a.x, a.y], size: [a.w, a.h] }));
    let itemId = 0;
    const queueMap: Record<string, Json[]> = {};
    queues.forEach((q, i) => (queueMap[`s${i}`] = q.map((a) => ({ id: `q${++itemId}`, ...a }))));
    const ruleList = rules.filter((r) => r !== null).map((r, i) => ({ id: `r${i}`, when: { type: r!.type, source: 'any', target: 'any' }, then: [{ actor: r!.actor, mode: r!.mode, action: r!.action }] }));
    return { format: 'stickman-stage/scene', version: '1.1', stage: { width: s.width, height: 2400, gravity: [0, s.gravity] }, objects, queues: queueMap, rules: ruleList };
  });

/** Drops a hostile value at a random place of a JSON value (or leaves it whole). */
export function withHostile<T>(base: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(base, fc.option(fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), hostileValue), { freq: 2 })).map(([value, hit]) => {
    if (!hit) return value;
    const [choices, bad] = hit;
    const copy = structuredClone(value) as unknown;
    let node = copy as Record<string, unknown> | unknown[];
    for (let d = 0; d < choices.length; d += 1) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[choices[d] % keys.length];
      const child = (node as Record<string, unknown>)[key];
      if (d === choices.length - 1 || child === null || typeof child !== 'object') {
        (node as Record<string, unknown>)[key] = bad;
        break;
      }
      node = child as Record<string, unknown>;
    }
    return copy as T;
  });
}

/** A `.prop.json` value: any of the four shapes, grips, physics values. */
export const propAssetArb = fc.record({
  format: fc.constant('stickman-stage/prop'),
  version: fc.constant('1.0'),
  spawn_id: fc.constantFrom('my:thing', 'my:other'),
  name: fc.string({ maxLength: 20 }),
  shape: fc.oneof(
    fc.record({ kind: fc.constant('box'), size: fc.tuple(fc.double({ min: 0.1, max: 600, noNaN: true }), fc.double({ min: 0.1, max: 600, noNaN: true })) }),
    fc.record({ kind: fc.constant('circle'), radius: fc.double({ min: 0.1, max: 300, noNaN: true }) }),
    fc.record({ kind: fc.constant('capsule'), length: fc.double({ min: 0.1, max: 600, noNaN: true }), radius: fc.double({ min: 0.1, max: 200, noNaN: true }) }),
    fc.record({ kind: fc.constant('polygon'), points: fc.array(fc.tuple(fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true })), { minLength: 3, maxLength: 8 }) }),
  ),
  mass: fc.double({ min: 0.01, max: 500, noNaN: true }),
  gravity_scale: fc.double({ min: -3, max: 3, noNaN: true }),
  friction: fc.double({ min: 0, max: 2, noNaN: true }),
  restitution: fc.double({ min: 0, max: 1, noNaN: true }),
  anchors: fc.array(fc.record({ id: fc.constantFrom('g1', 'g2', 'g3'), role: fc.constantFrom('handle', 'grip'), hands: fc.constantFrom(['left'], ['right'], ['left', 'right']), primary_grip: fc.boolean(), position: fc.tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true })), rotation: fc.double({ min: -3, max: 3, noNaN: true }) }), { maxLength: 3 }),
});

/** A take of a generated scene: controls and commands at ticks up to its length. */
export const takeArb = fc
  .record({
    scene: sceneArb,
    length: fc.integer({ min: 1, max: PLAY_STEPS }),
    commands: fc.array(
      fc.record({
        tick: fc.integer({ min: 1, max: PLAY_STEPS }),
        command: fc.oneof(
          fc.record({ type: fc.constant('prop.setVelocity'), id: fc.constantFrom('p0', 'p1', 's0', 'ghost'), velocity: fc.tuple(fc.double({ min: -5000, max: 5000, noNaN: true }), fc.double({ min: -5000, max: 5000, noNaN: true })) }),
          fc.record({ type: fc.constant('rig.walkTo'), id: fc.constantFrom('s0', 's1', 'p0', 'ghost'), x: coord(8000) }),
          fc.record({ type: fc.constantFrom('rig.stopQueue', 'rig.startQueue', 'rig.ragdoll', 'rig.recover'), id: fc.constantFrom('s0', 's1', 'ghost') }),
          fc.record({ type: fc.constant('grab.start'), id: fc.constantFrom('s0', 'p0', 'ghost'), point: fc.tuple(coord(8000), coord(2400)) }),
          fc.record({ type: fc.constant('grab.move'), point: fc.tuple(coord(8000), coord(2400)) }),
          fc.record({ type: fc.constant('grab.end') }),
        ),
      }),
      { maxLength: 12 },
    ),
    controls: fc.array(fc.record({ tick: fc.integer({ min: 0, max: PLAY_STEPS }), event: fc.constantFrom('ui.pause', 'ui.resume') }), { maxLength: 3 }),
  })
  .map(({ scene, length, commands, controls }): Json => ({
    format: 'stickman-stage/take',
    version: '1.0',
    metadata: { name: 'fuzz', created: null, steps_per_second: 60 },
    started_by: 'play_from_edit',
    length,
    scene,
    controls: [...controls].sort((a, b) => a.tick - b.tick).filter((c) => c.tick <= length),
    commands: [...commands].sort((a, b) => a.tick - b.tick).filter((c) => c.tick <= length),
  }));

// --- Properties -------------------------------------------------------------------------------

export function sceneProperty() {
  return fc.property(withHostile(sceneArb), (doc) => {
    const loaded = loadSceneValue(doc);
    return loaded.ok ? playScene(loaded.scene) === 'played' : expectRefusal(loaded.issues) === 'refused';
  });
}

export function propAssetProperty() {
  return fc.property(withHostile(propAssetArb), (file) => {
    const loaded = loadPropAssetValue(file);
    if (!loaded.ok) return expectRefusal(loaded.issues) === 'refused';
    const scene = loadSceneValue({
      format: 'stickman-stage/scene', version: '1.1', stage: { width: 4000, height: 2400, gravity: [0, 980] },
      objects: [
        { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [2000, 2300], size: [4000, 200] },
        { kind: 'prop', id: 'thing', file_id: 2, stage_object_id: 'thing', spawn_id: loaded.asset.spawn_id, position: [2000, 1500] },
        { kind: 'stickman', id: 's0', file_id: 3, position: [1700, 2200] },
      ],
      queues: { s0: [{ id: 'q1', type: 'pick_up_prop', target_prop_id: 'thing' }, { id: 'q2', type: 'throw_prop', target_position: [3000, 2000] }] },
      prop_assets: [loaded.asset],
    });
    // An accepted asset always makes a scene that loads (the asset's checks are the scene's).
    expect(scene.ok ? [] : scene.issues).toEqual([]);
    return scene.ok && playScene(scene.scene) === 'played';
  });
}

export function takeProperty() {
  return fc.asyncProperty(withHostile(takeArb), async (raw) => {
    const loaded = loadTakeValue(raw);
    if (!loaded.ok) return expectRefusal(loaded.issues) === 'refused';
    const run = await replayTake(loaded.take, { keepRecords: false });
    try {
      expect(run.controller.tick).toBe(loaded.take.length);
      expect(nonFinitePaths(run.controller.frame$.value)).toEqual([]);
    } finally {
      run.controller.dispose();
    }
    return true;
  });
}
