/**
 * The camera's queue runner (issue 23), model-based with xstate/graph: every state and every
 * declared transition is reached, and on every path the actions it says started and finished
 * pair up in order, a takeover cancels the running action, a cut finishes in the step after it
 * started, and queue_finished comes once per time the queue runs dry.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CameraQueueItem } from '../../core/camera/actions';
import { cameraMachine, type CameraEmitted, type CameraEvent } from '../../machines/cameraMachine';

const follow: CameraQueueItem = { id: 'f', type: 'camera_follow', target_id: 'bo', width: 1600, ease_seconds: 0.05 };
const cut: CameraQueueItem = { id: 'c', type: 'camera_frame', rect: [0, 0, 1600, 900], ease_seconds: 0 };
const wait: CameraQueueItem = { id: 'w', type: 'wait', seconds: 0.02 };
const DT = 1 / 60;

const EVENTS: CameraEvent[] = [
  { type: 'queue.start' },
  { type: 'step', dt: DT },
  { type: 'camera.skip' },
  { type: 'queue.enqueue', item: { ...cut, id: 'r1' }, mode: 'sequential' },
  { type: 'queue.enqueue', item: { ...wait, id: 'r2' }, mode: 'takeover' },
];

function run(events: readonly CameraEvent[], items: readonly CameraQueueItem[] = [follow, wait]) {
  const actor = createActor(cameraMachine, { input: { items } });
  const out: CameraEmitted[] = [];
  for (const type of ['camera.started', 'camera.finished', 'camera.shot', 'camera.queueFinished'] as const) actor.on(type, (e) => out.push(e));
  actor.start();
  for (const e of events) actor.send(e);
  return { actor, out };
}

describe('camera machine (model-based, xstate/graph)', () => {
  const model = createTestModel(cameraMachine, {
    events: EVENTS,
    input: { items: [follow, wait] },
    // Context grows with every enqueue: key on the state and how much is queued (bounded).
    serializeState: (s) => JSON.stringify([s.value, Math.min(s.context.pending.length, 2), s.context.current?.type ?? null]),
  });
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('reaches every state and takes every declared transition', () => {
    // Breadth-first over the machine itself, keyed like the model (the queue's length capped).
    const key = (snap: ReturnType<typeof getInitialSnapshot<typeof cameraMachine>>) => JSON.stringify([snap.value, Math.min(snap.context.pending.length, 2), snap.context.current?.type ?? null]);
    const initial = getInitialSnapshot(cameraMachine, { items: [follow, wait] });
    const seen = new Map([[key(initial), initial]]);
    const queue = [initial];
    const taken = new Set<string>();
    while (queue.length) {
      const from = queue.shift()!;
      for (const e of EVENTS) {
        const to = getNextSnapshot(cameraMachine, from, e);
        if (to.value !== from.value || to.context !== from.context) taken.add(`${String(from.value)}:${e.type}->${String(to.value)}`);
        if (!seen.has(key(to))) {
          seen.set(key(to), to);
          queue.push(to);
        }
      }
    }
    expect([...new Set([...seen.values()].map((v) => String(v.value)))].sort()).toEqual(['IDLE', 'RUNNING', 'STOPPED']);
    for (const edge of ['STOPPED:queue.start->RUNNING', 'STOPPED:queue.enqueue->STOPPED', 'RUNNING:step->RUNNING', 'RUNNING:step->IDLE', 'RUNNING:camera.skip->RUNNING', 'RUNNING:camera.skip->IDLE', 'RUNNING:queue.enqueue->RUNNING', 'IDLE:queue.enqueue->RUNNING']) {
      expect(taken, edge).toContain(edge);
    }
  });

  it('on every path each action finishes once, after it started, in order', () => {
    for (const p of paths) {
      const { out } = run(p.steps.slice(1).map((s) => s.event as CameraEvent));
      const open: string[] = [];
      for (const e of out) {
        if (e.type === 'camera.started') open.push(e.item.id);
        if (e.type === 'camera.finished') expect(open.pop(), p.description).toBe(e.item.id);
      }
      expect(open.length, p.description).toBeLessThanOrEqual(1);
    }
  });
});

describe('camera queue semantics', () => {
  it('runs a shot for its ease, then the next; rests with queue_finished once', () => {
    const steps = Array.from({ length: 6 }, () => ({ type: 'step', dt: DT }) as const);
    const { out, actor } = run([{ type: 'queue.start' }, ...steps]);
    expect(out.map((e) => (e.type === 'camera.finished' ? `${e.item.id}:${e.outcome}` : e.type === 'camera.queueFinished' ? 'dry' : `${e.type.slice(7)}:${'item' in e ? e.item.id : ''}`))).toEqual([
      'started:f', 'shot:f', 'f:completed', 'started:w', 'w:completed', 'dry',
    ]);
    expect(actor.getSnapshot().value).toBe('IDLE');
  });

  it('a cut (0 s) finishes in the step after it starts', () => {
    const { out } = run([{ type: 'queue.start' }, { type: 'step', dt: DT }], [cut]);
    expect(out.filter((e) => e.type === 'camera.finished').map((e) => e.type === 'camera.finished' && e.outcome)).toEqual(['completed']);
  });

  it('a takeover cancels the running action and runs first; a sequential one waits for it', () => {
    const { out } = run([
      { type: 'queue.start' },
      { type: 'queue.enqueue', item: { ...cut, id: 's1' }, mode: 'sequential' },
      { type: 'queue.enqueue', item: { ...cut, id: 't1' }, mode: 'takeover' },
    ]);
    const said = out.filter((e) => e.type !== 'camera.shot').map((e) => (e.type === 'camera.finished' ? `${e.item.id}:${e.outcome}` : e.type === 'camera.started' ? `start ${e.item.id}` : e.type));
    expect(said).toEqual(['start f', 'f:cancelled', 'start t1']);
    const { actor } = run([]);
    expect(actor.getSnapshot().value).toBe('STOPPED');
  });

  it('a skipped shot (its target gone) finishes skipped and the queue goes on', () => {
    const { out } = run([{ type: 'queue.start' }, { type: 'camera.skip' }]);
    expect(out.filter((e) => e.type === 'camera.finished').map((e) => e.type === 'camera.finished' && `${e.item.id}:${e.outcome}`)).toEqual(['f:skipped']);
    expect(out.some((e) => e.type === 'camera.started' && e.item.id === 'w')).toBe(true);
  });
});
