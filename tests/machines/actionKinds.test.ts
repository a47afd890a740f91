/**
 * Each action kind's runtime part (machines/actionKinds, issue 18): the runner has a state for
 * every kind's `runsIn` and no lane state no kind runs in; the camera's kinds are never a
 * stickman's; a kind runs beside the queue only if core allows it as an overlay; and a real
 * runner, handed one item of each kind, starts it where its kind says and tells what it says.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ACTION_RUNTIME, actionRuntime, type ActionType } from '../../machines/actionKinds';
import { actionRunnerMachine, type ActionRunnerEmitted } from '../../machines/actionRunnerMachine';
import { ACTION_REGISTRY, CAMERA_ACTIONS, STICKMAN_ACTIONS } from '../../core/actions/registry';
import type { ActionPayload } from '../../core/scene/schema';

const laneStates = Object.keys(actionRunnerMachine.root.states.running.states.lane.states);
const types = Object.keys(ACTION_RUNTIME) as ActionType[];

/** One item of each kind, as a scene would hold it. */
const SAMPLES: Record<ActionType, ActionPayload> = {
  walk_to: { type: 'walk_to', target_position: [900, 1400] },
  wait: { type: 'wait', seconds: 0.5 },
  speak: { type: 'speak', text: 'Hi', seconds: 0.5 },
  face: { type: 'face', direction: 'LEFT' },
  gesture: { type: 'gesture', gesture_id: 'builtin:wave' },
  ragdoll: { type: 'ragdoll' },
  recover: { type: 'recover' },
  pick_up_prop: { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'auto' },
  drop_prop: { type: 'drop_prop' },
  throw_prop: { type: 'throw_prop', target_position: [1200, 1300] },
  camera_follow: { type: 'camera_follow', target_id: 'stick', width: 1600, ease_seconds: 0.5 },
  camera_frame: { type: 'camera_frame', rect: [0, 0, 1000, 600], ease_seconds: 0.5 },
} as Record<ActionType, ActionPayload>;

describe('action kinds: runtime parts', () => {
  it('every kind core defines has a runtime part entry, and no other', () => {
    expect([...types].sort()).toEqual(ACTION_REGISTRY.map((d) => d.type).sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...types].sort());
  });

  it("the runner has a lane state for every kind's runsIn, and none that no kind runs in", () => {
    const runsIn = new Set(types.map((t) => actionRuntime(t)?.runsIn).filter((s) => s !== undefined && s !== 'atOnce'));
    for (const s of runsIn) expect(laneStates, `a lane state for ${String(s)}`).toContain(s);
    expect(laneStates.filter((s) => s !== 'idle' && s !== 'blocked').sort()).toEqual([...runsIn].sort());
  });

  it("the camera's kinds are never a stickman's; a kind that runs beside the queue is an overlay kind in core", () => {
    for (const d of CAMERA_ACTIONS) if (!STICKMAN_ACTIONS.includes(d)) expect(actionRuntime(d.type), d.type).toBeNull();
    for (const d of ACTION_REGISTRY) if (actionRuntime(d.type)?.overlay) expect(d.overlay, `${d.type} runs as an overlay`).toBe(true);
    expect(actionRuntime('juggle')).toBeNull();
    expect(actionRuntime('toString')).toBeNull();
  });

  for (const type of types) {
    it(`${type}: a runner starts it where its kind says`, () => {
      const kind = actionRuntime(type);
      const runner = createActor(actionRunnerMachine, { input: { rigId: 'solo', items: [{ id: 'it', origin: 'authored', action: SAMPLES[type] }] } });
      const said: ActionRunnerEmitted[] = [];
      runner.on('*', (e) => said.push(e));
      runner.start();
      runner.send({ type: 'queue.start' });
      runner.send({ type: 'step', dt: 1 / 60 });
      const lane = (runner.getSnapshot().value as { running: { lane: string } }).running.lane;
      const finished = said.find((e) => e.type === 'runner.finished');
      expect(said[0]).toMatchObject({ type: 'runner.started', item: { id: 'it' } });
      if (!kind) {
        expect(finished).toMatchObject({ outcome: 'skipped' });
      } else if (kind.alreadyThere?.('ANIMATED')) {
        expect(finished, 'the rig is already there').toMatchObject({ outcome: 'skipped' });
      } else if (kind.runsIn === 'atOnce') {
        expect(finished).toMatchObject({ outcome: 'completed' });
        expect(lane).toBe('idle');
      } else {
        expect(lane).toBe(kind.runsIn);
        expect(finished).toBeUndefined();
        expect(runner.getSnapshot().context.duration).toBe(kind.seconds?.(SAMPLES[type] as never, []) ?? 0);
      }
      // What starting it told, in order after `started`: the kind's own words, nothing else.
      const told = said.slice(1).filter((e) => e.type !== 'runner.finished' && e.type !== 'runner.queueFinished').map((e) => e.type);
      const expected: Partial<Record<ActionType, string[]>> = {
        walk_to: ['runner.walk'], face: ['runner.face'], ragdoll: ['rig.setRagdoll'],
        pick_up_prop: ['runner.propAction'], drop_prop: ['runner.propAction'], throw_prop: ['runner.propAction'],
      };
      expect(told).toEqual(expected[type] ?? []);
      runner.stop();
    });
  }
});
