import { describe, expect, it } from 'vitest';
import {
  planQueuedThrow,
  planRuleThrow,
  type LiveThrowState,
  type PickupPrediction,
  type ThrowPlanInput,
} from '../../../core/props/throwPlan';
import type { QueueItem } from '../../../core/scene/schema';
import type { Vec2 } from '../../../core/geometry/vec';

const ROOT: Vec2 = [600, 2000];
const emptyHanded: LiveThrowState = { root: ROOT, held: null };
const PROPS: Record<string, Vec2> = { ball: [700, 1980], crate: [2400, 1960] };

/** The pickup model used here: a prop within 150 px of the root is reached in place; farther, the rig walks to stand 110 px before it. */
function predictPickup(request: { propId: string; hand: 'auto' | 'left' | 'right' }, root: Vec2): PickupPrediction {
  const at = PROPS[request.propId];
  if (!at) return { ok: false, reason: `prop "${request.propId}" is not on the stage` };
  const hand = request.hand === 'auto' ? 'right' : request.hand;
  if (Math.abs(at[0] - root[0]) <= 150) return { ok: true, hand };
  return { ok: true, hand, approachRoot: [at[0] - 110 * Math.sign(at[0] - root[0]), root[1]] };
}

function plan(queue: QueueItem[], throwId: string | undefined, extra: Partial<ThrowPlanInput> = {}) {
  return planQueuedThrow({ queue, throwId, live: emptyHanded, predictPickup, ...extra });
}

const pickup = (id: string, prop: string, hand: 'auto' | 'left' | 'right' = 'auto'): QueueItem => ({ id, type: 'pick_up_prop', target_prop_id: prop, hand });
const toss = (id: string, at: Vec2 = [2000, 1800]): QueueItem => ({ id, type: 'throw_prop', target_position: at });
const walk = (id: string, x: number): QueueItem => ({ id, type: 'walk_to', target_position: [x, 2000] });

describe('planQueuedThrow (seed §1.3)', () => {
  it('uses the live held prop and root when nothing pending changes them', () => {
    const live: LiveThrowState = { root: ROOT, held: { propId: 'ball', hand: 'left' } };
    const result = plan([{ id: 'a1', type: 'wait', seconds: 1 }, toss('t1')], 't1', { live });
    expect(result).toEqual({ status: 'live', propId: 'ball', hand: 'left', root: ROOT });
  });

  it('a pending pickup before the throw gives a planned prop, its hand and "Assumes step N pickup succeeds"', () => {
    const result = plan([{ id: 'a1', type: 'wait', seconds: 1 }, pickup('p1', 'ball', 'left'), toss('t1')], 't1');
    expect(result).toEqual({ status: 'planned', propId: 'ball', hand: 'left', root: ROOT, assumes: 'Assumes step 2 pickup succeeds' });
  });

  it('an out-of-reach pickup moves the predicted root to its stand point (the guide origin moves)', () => {
    const result = plan([pickup('p1', 'crate'), toss('t1')], 't1');
    expect(result.status).toBe('planned');
    expect(result.root).toEqual([2290, 2000]);
  });

  it('preceding walk_to targets move the root x before the pickup is predicted from there', () => {
    // From x 2300 the crate (x 2400) is within reach: no approach, the walk target is the root.
    const result = plan([walk('w1', 2300), pickup('p1', 'crate'), toss('t1')], 't1');
    expect(result).toMatchObject({ status: 'planned', propId: 'crate', root: [2300, 2000] });
    // A walk after the pickup moves it again; a walk after the throw does not count.
    expect(plan([pickup('p1', 'ball'), walk('w1', 1200), toss('t1'), walk('w2', 3000)], 't1').root).toEqual([1200, 2000]);
  });

  it('a preceding drop or throw clears the inferred prop: a neutral explanation, not an arc', () => {
    const dropped = plan([pickup('p1', 'ball'), { id: 'd1', type: 'drop_prop' }, toss('t1')], 't1');
    expect(dropped).toMatchObject({ status: 'unavailable', reason: 'Step 2 drops the prop first' });
    expect(dropped.propId).toBeUndefined();
    const thrown = plan([pickup('p1', 'ball'), toss('t0'), toss('t1')], 't1');
    expect(thrown).toMatchObject({ status: 'unavailable', reason: 'Step 2 throws the prop first' });
  });

  it('no held and no pending pickup: unavailable with a neutral reason', () => {
    expect(plan([toss('t1')], 't1')).toMatchObject({ status: 'unavailable', reason: 'No prop is held' });
  });

  it('a missing prop in the pickup leaves the preview unavailable, naming the step', () => {
    const result = plan([pickup('p1', 'ghost'), toss('t1')], 't1');
    expect(result.status).toBe('unavailable');
    expect(result.reason).toBe('Step 1 pickup would be skipped: prop "ghost" is not on the stage');
  });

  it('a pickup while already holding is refused as at runtime: the held prop stays', () => {
    const live: LiveThrowState = { root: ROOT, held: { propId: 'ball', hand: 'right' } };
    const result = plan([pickup('p1', 'crate'), toss('t1')], 't1', { live });
    expect(result).toEqual({ status: 'live', propId: 'ball', hand: 'right', root: ROOT });
  });

  it('a pickup after a drop selects the new prop', () => {
    const live: LiveThrowState = { root: ROOT, held: { propId: 'ball', hand: 'right' } };
    const result = plan([{ id: 'd1', type: 'drop_prop' }, pickup('p1', 'crate', 'left'), toss('t1')], 't1', { live });
    expect(result).toMatchObject({ status: 'planned', propId: 'crate', hand: 'left', assumes: 'Assumes step 2 pickup succeeds' });
  });

  it('only pending items are folded: a completed pickup is already the live state', () => {
    const queue = [pickup('p1', 'crate'), { id: 'd1', type: 'drop_prop' } as QueueItem, pickup('p2', 'ball'), toss('t1')];
    const live: LiveThrowState = { root: [2290, 2000], held: null }; // p1 and d1 ran
    const done = new Set(['p1', 'd1']);
    const result = plan(queue, 't1', { live, isPending: (id) => !done.has(id) });
    expect(result).toMatchObject({ status: 'planned', propId: 'ball', assumes: 'Assumes step 3 pickup succeeds' });
  });

  it('a ragdoll or an earlier throw in the prefix makes the plan uncertain', () => {
    const ragdolled = plan([{ id: 'r1', type: 'ragdoll' }, { id: 'r2', type: 'recover' }, pickup('p1', 'ball'), toss('t1')], 't1');
    expect(ragdolled).toMatchObject({ status: 'planned', propId: 'ball' });
    expect(ragdolled.uncertainty).toMatch(/Step 1 ragdolls/);
    const afterThrow = plan([pickup('p1', 'ball'), toss('t0'), pickup('p2', 'ball'), toss('t1')], 't1');
    expect(afterThrow).toMatchObject({ status: 'planned', propId: 'ball', assumes: 'Assumes step 3 pickup succeeds' });
    expect(afterThrow.uncertainty).toMatch(/Step 2 throws a prop/);
    // A ragdoll disarms the rig: the live held prop does not survive it.
    const live: LiveThrowState = { root: ROOT, held: { propId: 'ball', hand: 'right' } };
    expect(plan([{ id: 'r1', type: 'ragdoll' }, toss('t1')], 't1', { live })).toMatchObject({ status: 'unavailable', reason: 'Step 1 ragdoll drops the prop' });
  });

  it('a rig ragdolled now plans with an uncertainty note', () => {
    const live: LiveThrowState = { root: ROOT, held: null, ragdoll: true };
    const result = plan([pickup('p1', 'ball'), toss('t1')], 't1', { live });
    expect(result.status).toBe('planned');
    expect(result.uncertainty).toMatch(/ragdolled/);
  });

  it('with no throw id (a throw being appended) the whole queue is the prefix', () => {
    expect(plan([pickup('p1', 'ball')], undefined)).toMatchObject({ status: 'planned', propId: 'ball', assumes: 'Assumes step 1 pickup succeeds' });
    expect(plan([pickup('p1', 'ball'), { id: 'd1', type: 'drop_prop' }], undefined).status).toBe('unavailable');
  });

  it('an edited throw that is no longer in the queue is unavailable, not an arc', () => {
    expect(plan([pickup('p1', 'ball')], 'gone')).toMatchObject({ status: 'unavailable' });
  });

  it('changes as the prefix changes', () => {
    const queue = [pickup('p1', 'ball'), toss('t1'), { id: 'd1', type: 'drop_prop' } as QueueItem, toss('t2')];
    expect(plan(queue, 't1').status).toBe('planned');
    expect(plan(queue, 't2').status).toBe('unavailable');
  });

  it('mutates nothing it is given', () => {
    const queue = [walk('w1', 1000), pickup('p1', 'crate'), toss('t1')];
    const live: LiveThrowState = { root: [600, 2000], held: null };
    const before = JSON.stringify({ queue, live });
    const result = plan(queue, 't1', { live });
    expect(JSON.stringify({ queue, live })).toBe(before);
    expect(result.root).not.toBe(live.root);
  });

  it('uses a custom walk prediction when given one (terrain height at the target)', () => {
    const result = plan([walk('w1', 1500), pickup('p1', 'ball'), toss('t1')], 't1', { predictWalk: (_root, target) => [target[0], 1900] });
    expect(result.root).toEqual([810, 1900]); // walked to 1500 at y 1900, then approached the ball (x 700) from the right
  });
});

describe('planRuleThrow', () => {
  it('uses only the live held prop', () => {
    expect(planRuleThrow({ root: ROOT, held: { propId: 'ball', hand: 'left' } })).toEqual({ status: 'live', propId: 'ball', hand: 'left', root: ROOT });
    expect(planRuleThrow(emptyHanded)).toMatchObject({ status: 'unavailable' });
    expect(planRuleThrow(emptyHanded).reason).toMatch(/No prop is held/);
  });
});
