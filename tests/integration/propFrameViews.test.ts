/**
 * Props in the frames, built from what moved (issue 20): the pose read after each step lists the
 * props whose pose changed (readPropPoses `movedProps`); a frame carries the poses packed (its own
 * array, the last frame's when nothing moved since) and makes its view list when read, giving a new
 * view only to the props whose pose differs from the last list made — however many steps ran since.
 * A prop that did not move keeps its view object; with none moved, the frame has the last list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexList } from '../../core/data/indexList';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { StageRuntime } from '../../streams/runtime/stageRuntime';

beforeAll(() => TestStage.init());

/** A crate resting on the ground (asleep soon) and a ball dropped from high up beside it. */
const doc = () => scene([ground(1400), prop('crate', 'box', [600, 1300]), prop('ball', 'ball', [1200, 400])]);
function stage() {
  return TestStage.load(doc()).play();
}

type Moved = { movedProps: IndexList; propIds: readonly string[] };
const stepState = (s: TestStage): Moved => (s.runtime as unknown as { s: Moved }).s;
const movedIds = (s: TestStage): string[] => stepState(s).movedProps.toArray().map((i) => stepState(s).propIds[i]);
const poseOf = (s: TestStage, id: string) => {
  const b = s.runtime.propState(id)!;
  return { position: b.position, rotation: b.rotation };
};
const asleep = (s: TestStage, id: string) => s.runtime.physics.queryWorld.bodies.getAll().some((b) => s.runtime.physics.entityOf(b.collider(0))?.id === id && b.isSleeping());

describe('prop views in frames', () => {
  it('a step lists the props it moved, in stage order, and no resting one', () => {
    const s = stage();
    s.stepUntil(() => asleep(s, 'crate'), 600);
    expect(asleep(s, 'crate')).toBe(true);
    // The ball is still falling: it alone moved.
    s.step(1);
    expect(movedIds(s)).toEqual(['ball']);
    s.dispose();
  });

  it('a frame shows every prop where it is, also one that moved only in steps no frame was built for', () => {
    // Where the ball comes to rest: the same run (deterministic) is then stepped past it in one go.
    const first = stage();
    first.stepUntil(() => asleep(first, 'ball'), 900);
    const restTick = first.tick;
    first.dispose();
    expect(restTick).toBeGreaterThan(60);

    const s = stage();
    s.step(restTick - 40);
    const before = s.frame().props.find((p) => p.id === 'ball')!;
    // Forty-five steps, one frame built at the end: the ball moved in the first of them and lies
    // still in the last ones, so only the steps no frame was built for say it moved.
    s.step(45);
    expect(movedIds(s)).not.toContain('ball');
    const ball = s.frame().props.find((p) => p.id === 'ball')!;
    expect(ball).not.toBe(before);
    expect(ball.position).not.toEqual(before.position);
    expect(ball.position).toEqual(poseOf(s, 'ball').position);
    expect(ball.rotation).toBe(poseOf(s, 'ball').rotation);
    // Same fields, same order as the view it replaces: only the pose differs.
    expect(Object.keys(JSON.parse(JSON.stringify(ball)))).toEqual(Object.keys(JSON.parse(JSON.stringify(before))));
    expect(Object.keys(JSON.parse(JSON.stringify(ball)))).toEqual(['id', 'spawn_id', 'shape', 'position', 'rotation', 'fill', 'stroke']);
    s.dispose();
  });

  it('a prop that did not move keeps its view object; with none moved the frame keeps the list', () => {
    const s = stage();
    s.stepUntil(() => asleep(s, 'crate'), 600);
    s.step(1);
    const a = s.frame();
    s.step(1);
    const b = s.frame();
    expect(b.props.find((p) => p.id === 'crate')).toBe(a.props.find((p) => p.id === 'crate'));
    expect(b.props.find((p) => p.id === 'ball')).not.toBe(a.props.find((p) => p.id === 'ball'));
    // Let the ball land and sleep too: nothing moves, and the frame has the same list.
    s.stepUntil(() => asleep(s, 'ball'), 900);
    expect(asleep(s, 'ball')).toBe(true);
    s.step(1);
    const c = s.frame();
    s.step(1);
    expect(movedIds(s)).toEqual([]);
    expect(s.frame().props).toBe(c.props);
    expect(s.frame().props.map((p) => p.position)).toEqual(['crate', 'ball'].map((id) => poseOf(s, id).position));
    s.dispose();
  });
});

describe('packed props in frames', () => {
  it('a frame carries its own pose array, shared with the last frame only while nothing moved, and makes its list only when read', () => {
    const s = stage();
    s.step(2);
    const falling = s.frame();
    s.step(1);
    const next = s.frame();
    // The ball falls: a new array, and the old frame's numbers stay as they were.
    expect(next.packedProps!.poses).not.toBe(falling.packedProps!.poses);
    const before = [...falling.packedProps!.poses];
    s.step(5);
    expect([...falling.packedProps!.poses]).toEqual(before);
    // Nothing moves any more: the frames share one array, and their lists are one list.
    s.stepUntil(() => asleep(s, 'ball') && asleep(s, 'crate'), 900);
    s.step(1);
    const a = s.frame();
    s.step(1);
    const b = s.frame();
    expect(b.packedProps!.poses).toBe(a.packedProps!.poses);
    expect(b.props).toBe(a.props);
    s.dispose();
  });

  it('a keyframe loaded into a fresh runtime whose first frame was already built (the debug overlay on, as a seek opens it): the next frame shows the restored poses', () => {
    const s = stage();
    s.step(30);
    const state = s.runtime.saveState();
    const expected = s.frame().props.map((p) => p.position);
    const fresh = new StageRuntime(s.runtime.doc, () => undefined);
    fresh.setDebug(true);
    const authored = fresh.frame();
    expect(authored.packedProps).toBeDefined();
    fresh.loadState(state);
    const restored = fresh.frame();
    expect(restored.packedProps!.poses).not.toBe(authored.packedProps!.poses);
    expect(restored.props.map((p) => p.position)).toEqual(expected);
    expect(restored.props.map((p) => p.position)).not.toEqual(authored.props.map((p) => p.position));
    fresh.dispose();
    s.dispose();
  });

  it('a spread or JSON of a frame carries its props, and the packed numbers stay out of them', () => {
    const s = stage();
    s.step(10);
    const f = s.frame();
    const props = f.props.map((p) => JSON.parse(JSON.stringify(p)));
    expect(JSON.parse(JSON.stringify(f)).props).toEqual(props);
    expect('packedProps' in JSON.parse(JSON.stringify(f))).toBe(false);
    expect({ ...f }.props).toBe(f.props);
    expect(Object.keys(JSON.parse(JSON.stringify(f)))).toEqual(['tick', 'time', 'mode', 'paused', 'stage', 'terrain', 'props', 'areas', 'rigs', 'camera']);
    s.dispose();
  });
});
