import { beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { stageMachine, type RunCause, type StageEvent } from '../../machines/stageMachine';
import { StageController, type StageKeyframe } from '../../streams/stage/stageController';
import { initPhysics } from '../../streams/physics/rapier';
import { stateName } from '../../streams/trace/records';
import { ground, prop, scene } from '../helpers/scenes';

type AnySnapshot = SnapshotFrom<typeof stageMachine>;

const doc = scene([ground(1400), prop('ball', 'ball', [500, 800]), { kind: 'stickman', id: 'stick', position: [900, 1400] }]);

/** Every (state, event) edge the machine declares, from the machine definition itself. */
function declaredEdges(): Set<string> {
  const edges = new Set<string>();
  const walk = (node: typeof stageMachine.root, path: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const childPath = path ? `${path}.${key}` : key;
      walk(child as typeof stageMachine.root, childPath);
    }
    for (const eventType of node.ownEvents) {
      // xstate's own events are internal, except the run's error: that edge is the stage's to take.
      if (!eventType.startsWith('xstate.') || (eventType as string) === 'xstate.error.actor.run') edges.add(`${path || '(root)'}:${eventType}`);
    }
  };
  walk(stageMachine.root, '');
  return edges;
}

/** The cause a run started by `event` in state `from` has (null: the event starts no run). */
function causeOf(from: string, event: { type: string }): RunCause | null {
  if (event.type === 'ui.play' && (from === 'EDIT' || from === 'PLAY_FAILED')) return 'play_from_edit';
  if (event.type === 'ui.play' && from === 'DIRECT') return 'play_from_direct';
  if (event.type === 'ui.reset' && from === 'PLAY.RUNNING') return 'reset_running';
  if (event.type === 'ui.reset' && from === 'PLAY.PAUSED') return 'reset_paused';
  if (event.type === 'stage.restore') return 'restore';
  return null;
}

/** A keyframe the runtime refuses to load (it names fewer stickmen than the stage has). */
const unloadable = (kf: StageKeyframe): StageKeyframe => ({ ...kf, runtime: { ...kf.runtime, data: { ...kf.runtime.data, rigs: [] } } });

describe('stage machine (model-based, xstate/graph)', () => {
  beforeAll(async () => {
    await initPhysics();
  });

  // The graph is about states and transitions; spawning rig actors and the run during a pure
  // traversal would register duplicate system ids, so the model uses the machine without its
  // spawning actions. The SUT (the real controller) does spawn them, and the path tests check that below.
  const modelMachine = stageMachine.provide({ actions: { spawnRigs: () => {}, spawnRestoredRigs: () => {}, stopRigs: () => {}, startRun: () => {}, stopRun: () => {} } });
  // A state is its value and how many stickmen it knows (the failure always goes with PLAY_FAILED).
  const model = createTestModel(modelMachine, {
    events: [{ type: 'stage.setRigs', rigs: [{ id: 'stick', items: [] }] }],
    serializeState: (s) => JSON.stringify([s.value, s.context.rigInputs.length]),
  });
  const UI_EVENTS = ['ui.play', 'ui.pause', 'ui.resume', 'ui.reset', 'ui.edit', 'ui.direct'] as const;
  const EVENTS: StageEvent[] = [
    ...UI_EVENTS.map((type) => ({ type })),
    { type: 'stage.setRigs', rigs: [{ id: 'stick', items: [] }] },
    { type: 'stage.restore', rigs: {}, runtime: null },
    { type: 'run.started', cause: 'play_from_edit' },
    { type: 'xstate.error.actor.run', error: new Error('the run could not be built') } as never,
  ];
  // Shortest path to every state, then each event from there that changes something: covers
  // every transition once without the combinatorial blow-up of all simple paths. The model's
  // paths leave out those that are the start of a longer one, so every prefix is a start too.
  const starts = new Map<string, Array<{ state: AnySnapshot; event: EventObject }>>();
  for (const toState of model.getShortestPaths()) {
    for (let n = 1; n <= toState.steps.length; n += 1) {
      const steps = toState.steps.slice(0, n);
      const key = JSON.stringify([steps[n - 1].state.value, steps[n - 1].state.context.rigInputs.length]);
      if (!starts.has(key) || starts.get(key)!.length > n) starts.set(key, steps);
    }
  }
  const paths = [...starts.values()].flatMap((steps) => {
    const last = steps[steps.length - 1].state;
    return EVENTS.flatMap((event) => {
      if (!last.can(event)) return [];
      const next = getNextSnapshot(modelMachine, last, event);
      return [{
        description: `${steps.map((s) => s.event.type).join(' → ')} → ${event.type}`,
        steps: [...steps, { state: next, event }],
      }];
    });
  });

  it('the generated paths reach every state and take every declared transition', () => {
    const reached = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      let prev = 'EDIT';
      for (const step of path.steps) {
        const to = stateName(step.state.value);
        reached.add(to);
        if ((step.event.type as string) !== 'xstate.init') {
          // Attribute the event to the state node that declares it (leaf, or PLAY for its shared edges).
          const leafKey = `${prev}:${step.event.type}`;
          const parentKey = `${prev.split('.')[0]}:${step.event.type}`;
          taken.add(declaredEdges().has(leafKey) ? leafKey : parentKey);
        }
        prev = to;
      }
    }
    expect([...reached].sort()).toEqual(['DIRECT', 'EDIT', 'PLAY.PAUSED', 'PLAY.RUNNING', 'PLAY_FAILED']);
    expect([...taken].sort()).toEqual([...declaredEdges()].sort());
  });

  it('the failed state holds the run error until the stage moves on', () => {
    const failed = getNextSnapshot(modelMachine, getNextSnapshot(modelMachine, modelMachine.resolveState({ value: 'EDIT', context: { rigInputs: [], rigs: {}, failure: null } }), { type: 'ui.play' }), EVENTS[EVENTS.length - 1]);
    expect(failed.value).toBe('PLAY_FAILED');
    expect((failed.context.failure as Error).message).toBe('the run could not be built');
    expect(getNextSnapshot(modelMachine, failed, { type: 'ui.edit' }).context.failure).toBeNull();
  });

  for (const path of paths) {
    it(`controller follows: ${path.description}`, () => {
      const controller = new StageController(doc);
      const heard: RunCause[] = [];
      controller.actor.on('run.started', (e) => heard.push(e.cause));
      const expectedCauses: RunCause[] = [];
      try {
        let prev = 'EDIT';
        for (const step of path.steps) {
          const type = step.event.type as string;
          if (type === 'stage.setRigs') controller.setDocument(doc);
          // A keyframe of the stage as it is, restored: the rigs come back from their snapshots.
          else if (type === 'stage.restore') controller.restoreKeyframe(controller.captureKeyframe());
          // A keyframe the runtime cannot load: the run errors, PLAY could not go on.
          else if (type === 'xstate.error.actor.run') expect(() => controller.restoreKeyframe(unloadable(controller.captureKeyframe()))).toThrow(/cannot load into a stage of 1/);
          // The run says so itself when it starts (checked below): nothing for the director to send.
          else if (type !== 'xstate.init' && type !== 'run.started') controller.send(step.event as never);
          const expected = stateName(step.state.value);
          const cause = causeOf(prev, step.event);
          if (cause) expectedCauses.push(cause);
          prev = expected;
          expect(stateName(controller.actor.getSnapshot().value)).toBe(expected);
          // Every run that was built announced itself once, with its cause.
          expect(heard).toEqual(expectedCauses);
          const { mode, paused } = controller.mode;
          // The runtime exists exactly in PLAY, and steps only while RUNNING.
          if (mode === 'PLAY') {
            expect(controller.currentRuntime).not.toBeNull();
            expect(controller.actor.system.get('rig:stick')?.getSnapshot().status).toBe('active');
            expect(controller.actor.system.get('rig:stick/terrainMotion')).toBeDefined();
            const before = controller.tick;
            expect(controller.step(3)).toBe(paused ? 0 : 3);
            expect(controller.tick).toBe(paused ? before : before + 3);
          } else {
            // EDIT, DIRECT and PLAY_FAILED (edited like EDIT): no runtime, no rigs, the document shown.
            expect(mode).toBe(expected === 'PLAY_FAILED' ? 'EDIT' : expected);
            expect(controller.runFailure?.message ?? null).toBe(expected === 'PLAY_FAILED' ? 'a keyframe of 0 stickmen cannot load into a stage of 1' : null);
            expect(controller.currentRuntime).toBeNull();
            expect(controller.actor.system.get('rig:stick')).toBeUndefined();
            expect(controller.frame$.value.props[0].position).toEqual([500, 800]);
            expect(controller.step(1)).toBe(0);
          }
        }
      } finally {
        controller.dispose();
      }
    });
  }
});
