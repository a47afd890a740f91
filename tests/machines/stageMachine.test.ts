import { beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { stageMachine } from '../../machines/stageMachine';
import { StageController } from '../../streams/stage/stageController';
import { initPhysics } from '../../streams/physics/rapier';
import { stateName } from '../../streams/trace/records';
import { ground, prop, scene } from '../helpers/scenes';

const doc = scene([ground(), prop('ball', 'ball', [500, 800]), { kind: 'stickman', id: 'stick', position: [900, 1400] }]);

/** Every (state, event) edge the machine declares, from the machine definition itself. */
function declaredEdges(): Set<string> {
  const edges = new Set<string>();
  const walk = (node: typeof stageMachine.root, path: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const childPath = path ? `${path}.${key}` : key;
      walk(child as typeof stageMachine.root, childPath);
    }
    for (const eventType of node.ownEvents) {
      if (!eventType.startsWith('xstate.')) edges.add(`${path || '(root)'}:${eventType}`);
    }
  };
  walk(stageMachine.root, '');
  return edges;
}

describe('stage machine (model-based, xstate/graph)', () => {
  beforeAll(async () => {
    await initPhysics();
  });

  // The graph is about states and transitions; spawning rig actors during a pure traversal would
  // register duplicate system ids, so the model uses the machine without its spawning actions.
  // The SUT (the real controller) does spawn them, and the path tests check that below.
  const modelMachine = stageMachine.provide({ actions: { spawnRigs: () => {}, spawnRestoredRigs: () => {}, stopRigs: () => {} } });
  const model = createTestModel(modelMachine, { events: [{ type: 'stage.setRigs', rigs: [{ id: 'stick', items: [] }] }] });
  const UI_EVENTS = ['ui.play', 'ui.pause', 'ui.resume', 'ui.reset', 'ui.edit', 'ui.direct'] as const;
  const EVENTS = [...UI_EVENTS.map((type) => ({ type })), { type: 'stage.setRigs' as const, rigs: [{ id: 'stick', items: [] }] }, { type: 'stage.restore' as const, rigs: {} }];
  // Shortest path to every state, then each event from there that changes something: covers
  // every transition once without the combinatorial blow-up of all simple paths.
  const paths = model.getShortestPaths().flatMap((toState) => {
    const last = toState.steps[toState.steps.length - 1].state;
    return EVENTS.flatMap((event) => {
      if (!last.can(event)) return [];
      const next = getNextSnapshot(modelMachine, last, event);
      return [{
        description: `${toState.description} → ${event.type}`,
        steps: [...toState.steps, { state: next, event }],
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
    expect([...reached].sort()).toEqual(['DIRECT', 'EDIT', 'PLAY.PAUSED', 'PLAY.RUNNING']);
    expect([...taken].sort()).toEqual([...declaredEdges()].sort());
  });

  for (const path of paths) {
    it(`controller follows: ${path.description}`, () => {
      const controller = new StageController(doc);
      try {
        for (const step of path.steps) {
          if (step.event.type === 'stage.setRigs') controller.setDocument(doc);
          // A keyframe of the stage as it is, restored: the rigs come back from their snapshots.
          else if (step.event.type === 'stage.restore') controller.restoreKeyframe(controller.captureKeyframe());
          else if ((step.event.type as string) !== 'xstate.init') controller.send(step.event as never);
          const expected = stateName(step.state.value);
          const { mode, paused } = controller.mode;
          expect(paused ? `${mode}.PAUSED` : mode === 'PLAY' ? 'PLAY.RUNNING' : mode).toBe(expected);
          // The runtime exists exactly in PLAY, and steps only while RUNNING.
          if (mode === 'PLAY') {
            expect(controller.currentRuntime).not.toBeNull();
            expect(controller.actor.system.get('rig:stick')?.getSnapshot().status).toBe('active');
            expect(controller.actor.system.get('rig:stick/terrainMotion')).toBeDefined();
            const before = controller.tick;
            expect(controller.step(3)).toBe(paused ? 0 : 3);
            expect(controller.tick).toBe(paused ? before : before + 3);
          } else {
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
