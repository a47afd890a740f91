/**
 * The chart model of every machine the stage runs: every state node and every transition of the
 * definition is in the model (read here from xstate's own state node tree, independently of the
 * model's walker), with the right nesting, initial children, parallel regions, guard names and
 * event labels; and trace-record state values resolve to the right configuration.
 */
import { describe, expect, it } from 'vitest';
import { and, createMachine, not, or, setup, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  ALWAYS_EVENT, ancestorsOf, chartModel, edgeId, guardName, isWithin, recordConfiguration, valueConfiguration,
} from '../../../ui/statecharts/chartModel';
import { machineDefinitions, machineForActorId, plannedActorIds } from '../../../ui/statecharts/actorCatalog';
import { stageMachine } from '../../../machines/stageMachine';
import { rigMachine } from '../../../machines/rigMachine';
import { terrainMotionMachine } from '../../../machines/terrainMotionMachine';
import { actionRunnerMachine } from '../../../machines/actionRunnerMachine';
import { stateName } from '../../../streams/trace/records';

interface NodeLike {
  path: string[];
  type: string;
  states: Record<string, NodeLike>;
  transitions: Map<string, Array<{ target?: NodeLike[]; guard?: unknown; source: NodeLike }>>;
  always?: Array<{ target?: NodeLike[]; guard?: unknown; source: NodeLike }>;
}

/** Every state node of a machine as [dotted path, type], straight from xstate. */
function xstateNodes(machine: AnyStateMachine): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const visit = (n: NodeLike) => {
    out.push([n.path.join('.'), n.type]);
    for (const c of Object.values(n.states)) visit(c);
  };
  visit(machine.root as unknown as NodeLike);
  return out;
}

/** Every transition definition as [source, event, targets]. */
function xstateTransitions(machine: AnyStateMachine): Array<{ source: string; event: string; targets: string[]; guard: unknown }> {
  const out: Array<{ source: string; event: string; targets: string[]; guard: unknown }> = [];
  const visit = (n: NodeLike) => {
    for (const [event, list] of n.transitions) for (const t of list) out.push({ source: n.path.join('.'), event, targets: (t.target ?? []).map((s) => s.path.join('.')), guard: t.guard });
    for (const t of n.always ?? []) out.push({ source: n.path.join('.'), event: ALWAYS_EVENT, targets: (t.target ?? []).map((s) => s.path.join('.')), guard: t.guard });
    for (const c of Object.values(n.states)) visit(c);
  };
  visit(machine.root as unknown as NodeLike);
  return out;
}

/** Every machine the stage system runs (a machine added to a rig later is covered too). */
const MACHINES: AnyStateMachine[] = machineDefinitions();

describe('chart model: every machine of the stage system', () => {
  it('the catalog reaches every machine the stage runs, from the stage machine down', () => {
    const ids = machineDefinitions().map((m) => m.id);
    expect(ids[0]).toBe('stage');
    expect(ids).toEqual(expect.arrayContaining(['rig', 'terrainMotion', 'actionRunner']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const machine of MACHINES) {
    describe(machine.id, () => {
      const model = chartModel(machine);

      it('has every state node, with its type, parent and depth', () => {
        expect(model.states.map((s) => [s.path, s.type])).toEqual(xstateNodes(machine));
        for (const s of model.states) {
          if (s.path === '') {
            expect(s.parent).toBeNull();
            expect(s.key).toBe(machine.id);
            continue;
          }
          const parent = model.byPath.get(s.parent!)!;
          expect(parent.children, s.path).toContain(s.path);
          expect(s.depth).toBe(parent.depth + 1);
          expect(isWithin(s.path, parent.path)).toBe(true);
        }
      });

      it('has an edge for every transition, with its guard, and no edge the machine lacks', () => {
        const declared = xstateTransitions(machine);
        for (const t of declared) {
          const edge = model.byEdgeId.get(edgeId(t.source, t.event, t.targets));
          expect(edge, `${t.source} ${t.event} → ${t.targets}`).toBeDefined();
          expect(edge!.guards).toContain(guardName(t.guard));
          expect(edge!.internal).toBe(t.targets.length === 0);
        }
        const distinct = new Set(declared.map((t) => edgeId(t.source, t.event, t.targets)));
        expect(model.edges.map((e) => e.id).sort()).toEqual([...distinct].sort());
        // Merged branches: as many guards as transitions behind each edge.
        expect(model.edges.reduce((n, e) => n + e.guards.length, 0)).toBe(declared.length);
      });

      it('marks the initial child of every compound state', () => {
        for (const s of model.states) {
          if (s.type === 'compound') expect(s.children, s.path).toContain(s.initial);
          else expect(s.initial).toBeNull();
        }
      });
    });
  }

  it('terrainMotion: the four seed states, DISABLED initial, the hard-landing guard named on its edge', () => {
    const model = chartModel(terrainMotionMachine);
    expect(model.states.slice(1).map((s) => s.path)).toEqual(['DISABLED', 'AIRBORNE', 'GROUNDED', 'LANDING_IMPACT']);
    expect(model.states[0].initial).toBe('DISABLED');
    expect(model.edges.map((e) => `${e.id}  ${e.label}`).sort()).toEqual([
      'AIRBORNE|physics.landed|GROUNDED  physics.landed',
      'AIRBORNE|physics.landed|LANDING_IMPACT  physics.landed [hardLanding]',
      'AIRBORNE|rig.disableTerrain|DISABLED  rig.disableTerrain',
      'DISABLED|rig.beginTerrainFall|AIRBORNE  rig.beginTerrainFall',
      'GROUNDED|physics.supportLost|AIRBORNE  physics.supportLost',
      'GROUNDED|rig.disableTerrain|DISABLED  rig.disableTerrain',
      'LANDING_IMPACT|physics.landingFinished|GROUNDED  physics.landingFinished',
      'LANDING_IMPACT|rig.disableTerrain|DISABLED  rig.disableTerrain',
    ]);
    const impact = model.byPath.get('LANDING_IMPACT')!;
    expect(impact.entry).toEqual(['raiseLandingBarrier']);
    expect(impact.exit).toEqual(['lowerLandingBarrier']);
  });

  it('actionRunner: a parallel state with two regions, combinator guards, eventless and internal edges', () => {
    const model = chartModel(actionRunnerMachine);
    const running = model.byPath.get('running')!;
    expect(running.type).toBe('parallel');
    expect(running.children).toEqual(['running.lane', 'running.overlay']);
    expect(model.byPath.get('running.lane')!.initial).toBe('running.lane.idle');
    expect(model.byPath.get('running.overlay')!.initial).toBe('running.overlay.quiet');
    // The next item starts in the state its kind runs in (machines/actionKinds): one parameterised guard.
    expect(model.byEdgeId.get('running.lane.idle|step|running.lane.walking')!.label).toBe('step [nextStartsIn]');
    expect(model.byEdgeId.get('running.lane.walking|queue.rigState|running.lane.walking')!.label).toBe('queue.rigState [goesDown | becomesAnimated && !rigUp | else]');
    const always = model.byEdgeId.get('running.lane.idle|always|running.lane.blocked')!;
    expect(always.eventless).toBe(true);
    expect(always.label).toBe('always [barrierUp]');
    // The machine-wide `queue.rigState` handler runs an action and changes nothing.
    const rootHandler = model.byEdgeId.get('|queue.rigState|')!;
    expect(rootHandler.internal).toBe(true);
    expect(rootHandler.actions).toEqual([['noteRigState']]);
    // Four guarded branches of `step` in idle stay put: one internal edge listing each guard.
    expect(model.byEdgeId.get('running.lane.idle|step|running.lane.idle')!.guards).toEqual(expect.arrayContaining([
      'nextAlreadyThere', 'nextDoneAtOnce', 'nextIsUnrunnable', 'laneExhaustedAfterWork',
    ]));
  });

  it('stage: PLAY holds RUNNING and PAUSED; RESET is an edge from each into PAUSED, a restore one from PLAY into its own child', () => {
    const model = chartModel(stageMachine);
    expect(model.byPath.get('PLAY')!.children).toEqual(['PLAY.RUNNING', 'PLAY.PAUSED']);
    expect(model.byPath.get('PLAY')!.exit).toEqual(['stopRun', 'stopRigs']);
    const reset = model.byEdgeId.get('PLAY.RUNNING|ui.reset|PLAY.PAUSED')!;
    expect(reset.targets).toEqual(['PLAY.PAUSED']);
    expect(reset.actions).toEqual([['stopRun', 'stopRigs', 'spawnRigs', 'startRun']]);
    expect(model.byEdgeId.get('PLAY|stage.restore|PLAY.PAUSED')!.targets).toEqual(['PLAY.PAUSED']);
    expect(model.byEdgeId.get('PLAY|xstate.error.actor.run|PLAY_FAILED')!.targets).toEqual(['PLAY_FAILED']);
  });
});

describe('guard and event names', () => {
  it('names string, parameterised, combined and inline guards', () => {
    expect(guardName(undefined)).toBeNull();
    expect(guardName('ready')).toBe('ready');
    expect(guardName({ type: 'isAbove', params: { h: 80 } })).toBe('isAbove');
    expect(guardName(and(['a', not('b')]))).toBe('a && !b');
    expect(guardName(or(['a', and(['b', 'c'])]))).toBe('a || (b && c)');
    expect(guardName(not(or(['a', 'b'])))).toBe('!(a || b)');
    expect(guardName(function tooFar() { return true; })).toBe('tooFar');
    expect(guardName(() => true)).toBe('inline');
  });

  it('labels delayed and done events readably, keeps their raw types in ids', () => {
    const m = setup({}).createMachine({
      id: 'timers',
      initial: 'a',
      states: {
        a: { after: { 500: 'b' } },
        b: { initial: 'x', states: { x: { on: { go: 'y' } }, y: { type: 'final' } }, onDone: 'a' },
      },
    });
    const model = chartModel(m);
    const labels = model.edges.map((e) => e.label).sort();
    expect(labels).toEqual(['after 500ms', 'done: timers.b', 'go']);
    expect(model.byPath.get('b.y')!.type).toBe('final');
    expect(model.edges.find((e) => e.label === 'after 500ms')!.id).toMatch(/^a\|xstate\.after\.500\.timers\.a\|b$/);
  });

  it('a transition into two regions at once is one edge with both targets', () => {
    const m = createMachine({
      id: 'split',
      initial: 'off',
      states: {
        off: { on: { on: { target: ['#split.on.left.b', '#split.on.right.d'] } } },
        on: { type: 'parallel', states: { left: { initial: 'a', states: { a: {}, b: {} } }, right: { initial: 'c', states: { c: {}, d: {} } } } },
      },
    });
    const edge = chartModel(m).byEdgeId.get('off|on|on.left.b,on.right.d')!;
    expect(edge.targets).toEqual(['on.left.b', 'on.right.d']);
  });
});

describe('configurations', () => {
  const runner = chartModel(actionRunnerMachine);

  it('resolves the trace format, where later parallel regions are written relative to the parallel state', () => {
    expect(stateName({ running: { lane: 'idle', overlay: 'quiet' } })).toBe('running.lane.idle,overlay.quiet');
    expect([...recordConfiguration(runner, 'running.lane.idle,overlay.quiet')].sort()).toEqual(
      ['', 'running', 'running.lane', 'running.lane.idle', 'running.overlay', 'running.overlay.quiet'],
    );
    expect([...recordConfiguration(runner, 'stopped')].sort()).toEqual(['', 'stopped']);
    expect(ancestorsOf('a.b.c')).toEqual(['', 'a', 'a.b', 'a.b.c']);
  });

  it('the trace text and the state value give the same configuration for every reachable runner state', () => {
    const paths = getShortestPaths(actionRunnerMachine, {
      input: { rigId: 's', items: [{ id: 'w', origin: 'authored', action: { type: 'wait', seconds: 1 } }] },
      events: [{ type: 'queue.start' }, { type: 'step', dt: 2 }, { type: 'queue.block' }, { type: 'queue.unblock' }, { type: 'queue.stop' },
        { type: 'queue.enqueue', mode: 'overlay', item: { id: 'o', origin: 'reactive', action: { type: 'speak', text: 'hi', seconds: 1 } } }],
      serializeState: (s) => JSON.stringify(s.value),
    });
    expect(paths.length).toBeGreaterThanOrEqual(5);
    for (const p of paths) {
      const value = p.state.value;
      expect([...recordConfiguration(runner, stateName(value))].sort()).toEqual([...valueConfiguration(value)].sort());
    }
  });
});

describe('actor catalog', () => {
  it('maps every trace actor path to its machine, stickman ids with slashes included', () => {
    expect(machineForActorId('stage')).toBe(stageMachine);
    expect(machineForActorId('rig:stick-1')).toBe(rigMachine);
    expect(machineForActorId('rig:stick-1/terrainMotion')).toBe(terrainMotionMachine);
    expect(machineForActorId('rig:stick-1/actionRunner')).toBe(actionRunnerMachine);
    expect(machineForActorId('rig:a/b')).toBe(rigMachine);
    expect(machineForActorId('rig:a/b/terrainMotion')).toBe(terrainMotionMachine);
    expect(machineForActorId('machine:actionRunner')).toBe(actionRunnerMachine);
    expect(machineForActorId('ball-1')).toBeNull();
  });

  it('plans the actors PLAY starts: the stage, then each rig with the children its machine declares', () => {
    const planned = plannedActorIds(['a', 'b']);
    const children = planned.filter((id) => id.startsWith('rig:a/'));
    expect(children).toEqual(expect.arrayContaining(['rig:a/terrainMotion', 'rig:a/actionRunner']));
    expect(planned).toEqual(['stage', 'rig:a', ...children, 'rig:b', ...children.map((c) => c.replace('rig:a/', 'rig:b/'))]);
    // Each planned child maps back to the machine its rig declares.
    for (const id of planned) expect(machineForActorId(id), id).not.toBeNull();
    expect(machineForActorId('rig:a/terrainMotion')).toBe(terrainMotionMachine);
  });
});
