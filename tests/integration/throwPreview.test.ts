/**
 * Issue 11 "Previews" (seed phase 11 §1.2, §1.3) on real documents and a real headless stage:
 * the preview predicts what PLAY does (same release, same solve, same step integration), marks
 * the raw point, the capped target and an earlier contact separately, reports unreachable,
 * no-op and unavailable honestly, and never touches the document or a running stage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_THROW_RANGE } from '../../core/props/throwTarget';
import type { SceneDocument } from '../../core/scene/schema';
import { liveWorldCount } from '../../streams/physics/world';
import { releasePreviewWorld } from '../../streams/preview/previewWorld';
import { previewThrow, type LiveThrower, type ThrowPreview } from '../../streams/preview/throwPreview';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});
afterAll(() => releasePreviewWorld());

type Obj = Record<string, unknown>;
type Vec2 = [number, number];
const GROUND = 1400;
const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, GROUND], facing: 'RIGHT', ...extra });
const pick = (prop = 'ball'): Obj => ({ id: 'pick', type: 'pick_up_prop', target_prop_id: prop, hand: 'auto' });
const throwAt = (p: Vec2, id = 'th'): Obj => ({ id, type: 'throw_prop', target_position: p });
const dist = (a: Readonly<Vec2>, b: Readonly<Vec2>) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function doc(queue: Obj[], extra: Obj[] = [], width = 4000, ball: Vec2 = [950, 1300]): SceneDocument {
  return scene([ground(GROUND, width), stickman('bo', 800), prop('ball', 'ball', ball), ...extra], { queues: { bo: queue }, stage: { width, height: 2000, gravity: [0, 980] } });
}

/** Plays `d` to the release and records the ball's centre for `steps` steps from the release step on. */
function flight(d: SceneDocument, steps: number): { stage: TestStage; positions: Vec2[]; release: Vec2 } {
  const s = TestStage.load(d).play();
  s.stepUntil(() => s.events('prop_thrown').length > 0, 60 * 6);
  const thrown = s.events('prop_thrown');
  expect(thrown).toHaveLength(1);
  const positions: Vec2[] = [];
  for (let i = 0; i < steps; i += 1) {
    positions.push(s.runtime.propState('ball')!.position);
    s.step(1);
  }
  return { stage: s, positions, release: thrown[0].position as Vec2 };
}

/**
 * The largest gap between the runtime's centre and the preview's, step by step. The state read
 * at the prop_thrown step is one step of flight after the release (the release is placed before
 * that step's world.step), so runtime step k is preview point k + 1.
 */
function worstGap(preview: ThrowPreview, positions: readonly Vec2[]): number {
  const arc = preview.arc!;
  let worst = 0;
  for (let k = 0; k + 1 < arc.length && k < positions.length; k += 1) worst = Math.max(worst, dist(arc[k + 1], positions[k]));
  return worst;
}

/** The rig as the runtime has it now, as a preview's live state. */
function liveOf(s: TestStage): LiveThrower {
  const rig = s.rig('bo');
  const held = rig.hands.heldPropId;
  return {
    root: [rig.motion.root[0], rig.motion.root[1]],
    facing: rig.motion.facing,
    markers: structuredClone(rig.motion.markers),
    held: held ? { propId: held, hand: rig.hands.heldHand!, grip: rig.hands.heldGrip! } : null,
  };
}

describe('previewThrow agrees with PLAY', () => {
  // Breathing moves the idle torso up to 2.5 px, and the thrower's sweeping forearm nudges the
  // ball as it leaves the hand (the runtime does not exclude it there); the rest is exact.
  const AGREEMENT_PX = 10;
  /** The carry pose has settled (0.3 s) by the time the throw starts. */
  const settle = { id: 'w', type: 'wait', seconds: 0.5 };

  const cases: Array<[string, Obj[], Vec2]> = [
    ['then a wait and a throw', [settle], [1900, 1000]],
    ['then a wait and a throw', [settle], [300, 900]],
    ['then a wait and a throw', [settle], [2600, 1200]],
    // The throw starts while the pickup's crouch is still settling: the guide starts from the reach.
    ['then at once a throw', [], [1900, 1000]],
    ['then at once a throw', [], [300, 900]],
    ['then at once a throw', [], [2600, 1200]],
  ];
  for (const [what, between, target] of cases) {
    it(`a queued pickup ${what} at ${target}: the t = 0 guide is the flight PLAY makes`, () => {
      const d = doc([pick(), ...between, throwAt(target)]);
      const preview = previewThrow(d, 'bo', target, { actionId: 'th' });
      expect(preview.status).toBe('planned');
      expect(preview.assumes).toBe('Assumes step 1 pickup succeeds');
      expect(preview.collision).toBeUndefined();
      // Unobstructed, the guide ends on the target: its last point is the solve's landing step.
      expect(dist(preview.arc!.at(-1)!, target)).toBeLessThan(0.5);
      expect(preview.arc).toHaveLength(preview.steps! + 1);

      const { stage, positions, release } = flight(d, preview.steps!);
      expect(dist(release, preview.release!)).toBeLessThan(3);
      expect(worstGap(preview, positions)).toBeLessThan(AGREEMENT_PX);
      stage.dispose();
    });
  }

  for (const target of [[1900, 1000], [300, 900]] as Vec2[]) {
    it(`[pickup, throw at ${target}]: right after the pickup, the live preview is the flight PLAY makes`, () => {
      const d = doc([pick(), throwAt(target)]);
      const s = TestStage.load(d).play();
      s.stepUntil(() => s.actionLog('bo').includes('pick finished completed'), 60 * 5);
      const rig = s.rig('bo');
      expect(rig.hands.heldPropId).toBe('ball');
      // The rig as it stands now, its pickup crouch still settling; the throw starts next step.
      const preview = previewThrow(d, 'bo', target, { actionId: 'th', live: liveOf(s) });
      expect(preview.status).toBe('live');
      expect(preview.assumes).toBeUndefined();
      s.stepUntil(() => s.events('prop_thrown').length > 0, 60 * 5);
      expect(dist(s.events('prop_thrown')[0].position as Vec2, preview.release!)).toBeLessThan(3);
      const positions: Vec2[] = [];
      for (let i = 0; i < preview.steps!; i += 1) {
        positions.push(s.runtime.propState('ball')!.position);
        s.step(1);
      }
      expect(worstGap(preview, positions)).toBeLessThan(AGREEMENT_PX);
      s.dispose();
    });
  }

  it('a rule throw previews from the live held prop', () => {
    const d = doc([pick(), settle]);
    const s = TestStage.load(d).play();
    s.stepUntil(() => s.actionLog('bo').includes('w started'), 60 * 5);
    const preview = previewThrow(d, 'bo', [1900, 1000], { rule: true, live: liveOf(s) });
    expect(preview.status).toBe('live');
    expect(preview.propId).toBe('ball');
    expect(dist(preview.arc!.at(-1)!, [1900, 1000])).toBeLessThan(0.5);
    s.dispose();
  });

  for (const between of [[settle], []]) it(`the predicted pickup approach moves the guide origin to where PLAY throws from${between.length ? ' (after a wait)' : ''}`, () => {
    const target: Vec2 = [2600, 1000];
    const near = previewThrow(doc([pick(), ...between, throwAt(target)]), 'bo', target, { actionId: 'th' });
    // Resting on the ground, so it is where it was authored when the rig gets there.
    const farDoc = doc([pick(), ...between, throwAt(target)], [], 4000, [1500, GROUND - 30]);
    const far = previewThrow(farDoc, 'bo', target, { actionId: 'th' });
    expect(far.status).toBe('planned');
    // The approach stands the rig APPROACH_GAP short of the grip, on its own side.
    expect(far.root![0]).toBeGreaterThan(1300);
    expect(far.root![0]).toBeLessThan(1500);
    expect(far.release![0] - near.release![0]).toBeCloseTo(far.root![0] - near.root![0], 0);

    const s = TestStage.load(farDoc).play();
    s.stepUntil(() => s.actionLog('bo').includes('th started'), 60 * 8);
    // The walk stops within its arrival tolerance of the stand point.
    expect(Math.abs(s.rig('bo').motion.root[0] - far.root![0])).toBeLessThan(5);
    s.stepUntil(() => s.events('prop_thrown').length > 0, 60 * 5);
    // That stop and the idle breathing, nothing more.
    expect(dist(s.events('prop_thrown')[0].position as Vec2, far.release!)).toBeLessThan(8);
    s.dispose();
  });
});

describe('markers', () => {
  it(`a point beyond ${MAX_THROW_RANGE} px keeps its raw marker and gets a separate capped target on the radius`, () => {
    const raw: Vec2 = [8800, 600];
    const d = doc([pick(), throwAt(raw)], [], 12000);
    const p = previewThrow(d, 'bo', raw, { actionId: 'th' });
    expect(p.raw).toEqual(raw);
    expect(p.clamped).toBe(true);
    expect(dist(p.effective!, p.root!)).toBeCloseTo(MAX_THROW_RANGE, 6);
    // On the root → raw line, and far from the raw point.
    const along = ((p.effective![0] - p.root![0]) * (raw[1] - p.root![1]) - (p.effective![1] - p.root![1]) * (raw[0] - p.root![0])) / dist(raw, p.root!);
    expect(Math.abs(along)).toBeLessThan(1e-6);
    expect(dist(p.effective!, raw)).toBeGreaterThan(1000);
    expect(dist(p.arc!.at(-1)!, p.effective!)).toBeLessThan(0.5);
  });

  it('within range the effective target is the raw point itself, not clamped', () => {
    const p = previewThrow(doc([pick(), throwAt([1900, 1000])]), 'bo', [1900, 1000], { actionId: 'th' });
    expect(p.clamped).toBe(false);
    expect(p.effective).toEqual([1900, 1000]);
  });

  it('a wall before the target truncates the guide at the first contact, with a collision point', () => {
    const target: Vec2 = [2200, 1000];
    const wall = { kind: 'terrain', id: 'wall', shape: 'block', position: [1600, 1000], size: [60, 800] };
    const open = previewThrow(doc([pick(), throwAt(target)]), 'bo', target, { actionId: 'th' });
    const blocked = previewThrow(doc([pick(), throwAt(target)], [wall]), 'bo', target, { actionId: 'th' });
    expect(open.collision).toBeUndefined();
    expect(blocked.status).toBe('planned');
    expect(blocked.collisionWith).toBe('wall');
    expect(blocked.collision).toBeDefined();
    // The ball (radius 30) touches the wall's left face (x 1570): its centre stops one radius short.
    expect(blocked.collision![0]).toBeGreaterThan(1530);
    expect(blocked.collision![0]).toBeLessThan(1571);
    expect(blocked.arc!.at(-1)).toEqual(blocked.collision);
    expect(blocked.arc!.length).toBeLessThan(open.arc!.length);
    // Up to the contact it is the same arc: only truncated, never re-solved.
    blocked.arc!.slice(0, -1).forEach((q, i) => expect(q).toEqual(open.arc![i]));
    // The target marker stays where it was asked for.
    expect(blocked.effective).toEqual(target);
  });

  it('another stickman in the way stops the guide; the thrower and the prop itself never do', () => {
    const target: Vec2 = [1900, 1300];
    const p = previewThrow(doc([pick(), throwAt(target)], [stickman('cy', 1500)]), 'bo', target, { actionId: 'th' });
    expect(p.collisionWith).toBe('cy');
    const alone = previewThrow(doc([pick(), throwAt(target)]), 'bo', target, { actionId: 'th' });
    expect(alone.collision).toBeUndefined();
  });

  it('a target no arc reaches is unreachable (the only red status), with the capped target and no arc', () => {
    // A new throw appended after the pickup: the whole queue is the prefix.
    const p = previewThrow(doc([pick()]), 'bo', [900, -1400]);
    expect(p.status).toBe('unreachable');
    expect(p.arc).toBeUndefined();
    expect(p.effective).toEqual([900, -1400]);
    expect(p.reason).toMatch(/unreachable/i);
  });

  it('a point within 4 px of the predicted root is a no-op', () => {
    const p = previewThrow(doc([pick()]), 'bo', [802, 1400]);
    expect(p.status).toBe('noop');
    expect(p.arc).toBeUndefined();
  });
});

describe('no prop to throw: neutral, never red', () => {
  const cases: Array<[string, Obj[], RegExp, { actionId?: string; rule?: boolean }]> = [
    ['an empty queue', [], /No prop is held/, {}],
    ['a drop before the throw', [pick(), { id: 'dr', type: 'drop_prop' }], /Step 2 drops the prop first/, {}],
    ['an earlier throw', [pick(), throwAt([1500, 1200], 't1')], /Step 2 throws the prop first/, {}],
    ['a pickup of a missing prop', [pick('ghost')], /Step 1 pickup would be skipped: prop "ghost" is not on stage/, {}],
    ['an edited throw before the pickup', [throwAt([1500, 1200], 't0'), pick(), throwAt([1900, 1000])], /No prop is held/, { actionId: 't0' }],
    ['a rule throw (live held prop only)', [pick()], /a rule's throw uses the prop held when it runs/, { rule: true }],
  ];
  for (const [what, queue, reason, opts] of cases) {
    it(`${what} → unavailable with a reason`, () => {
      const p = previewThrow(doc(queue), 'bo', [1900, 1000], opts);
      expect(p.status).toBe('unavailable');
      expect(p.reason).toMatch(reason);
      expect(p.arc).toBeUndefined();
      expect(p.effective).toBeUndefined();
    });
  }

  it('a placeholder prop cannot be picked up, so nothing is thrown', () => {
    const d = scene([ground(GROUND), stickman('bo', 800), prop('gone', 'x', [950, 1300], { spawn_id: 'custom:gone' })], { queues: { bo: [pick('gone'), throwAt([1900, 1000])] } });
    const p = previewThrow(d, 'bo', [1900, 1000]);
    expect(p.status).toBe('unavailable');
    expect(p.reason).toMatch(/placeholder/);
  });

  it('the throw after the prefix is planned; the same queue up to an earlier throw is not', () => {
    const d = doc([throwAt([1500, 1200], 't0'), pick(), throwAt([1900, 1000], 't2')]);
    expect(previewThrow(d, 'bo', [1900, 1000], { actionId: 't2' }).status).toBe('planned');
    expect(previewThrow(d, 'bo', [1900, 1000], { actionId: 't0' }).status).toBe('unavailable');
    // A new throw appended after t2 (the whole queue): t2 throws the prop first.
    expect(previewThrow(d, 'bo', [1900, 1000]).reason).toMatch(/Step 3 throws the prop first/);
  });
});

describe('the preview mutates nothing', () => {
  it('the document is untouched', () => {
    const d = doc([pick(), throwAt([1900, 1000])], [{ kind: 'terrain', id: 'wall', shape: 'block', position: [1600, 1000], size: [60, 800] }]);
    const before = structuredClone(d);
    for (const x of [300, 1200, 2200, 9000]) previewThrow(d, 'bo', [x, 900], { actionId: 'th' });
    previewThrow(d, 'bo', [1900, 1000], { rule: true });
    expect(d).toEqual(before);
  });

  it('a running stage previewed every step runs exactly as one left alone', () => {
    const d = doc([pick(), throwAt([1900, 1000])]);
    const run = (previewing: boolean) => {
      const s = TestStage.load(d).play();
      for (let i = 0; i < 150; i += 1) {
        if (previewing) {
          const rig = s.rig('bo');
          const held = rig.hands.heldPropId;
          previewThrow(d, 'bo', [1900 + i, 1000], { actionId: 'th' });
          // The live objects themselves, not copies: the preview must only read them.
          previewThrow(d, 'bo', [1900, 1000], {
            rule: true,
            live: { root: rig.motion.root, facing: rig.motion.facing, markers: rig.motion.markers, held: held ? { propId: held, hand: rig.hands.heldHand!, grip: rig.hands.heldGrip! } : null },
          });
        }
        s.step(1);
      }
      const trace = s.records().map((r) => JSON.stringify(r));
      s.dispose();
      return trace;
    };
    const quiet = run(false);
    expect(quiet.some((line) => line.includes('prop_thrown'))).toBe(true);
    expect(run(true)).toEqual(quiet);
  });
});

describe('the preview world', () => {
  it('is built once per document and freed when another document asks', () => {
    releasePreviewWorld();
    const base = liveWorldCount();
    const a = doc([pick(), throwAt([1900, 1000])]);
    for (let i = 0; i < 20; i += 1) previewThrow(a, 'bo', [1800 + i * 10, 1000], { actionId: 'th' });
    expect(liveWorldCount()).toBe(base + 1);
    // A queue edit keeps the objects: the same world serves it.
    const edited = { ...a, queues: { bo: [...a.queues.bo, { id: 'x', type: 'wait', seconds: 1 }] } } as SceneDocument;
    previewThrow(edited, 'bo', [1900, 1000], { actionId: 'th' });
    expect(liveWorldCount()).toBe(base + 1);
    previewThrow(doc([pick(), throwAt([1900, 1000])]), 'bo', [1900, 1000], { actionId: 'th' });
    expect(liveWorldCount()).toBe(base + 1);
    releasePreviewWorld();
    expect(liveWorldCount()).toBe(base);
  });
});
