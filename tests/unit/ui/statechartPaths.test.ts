/**
 * "Paths to a state": for every state of every machine the shortest paths found by xstate/graph
 * really reach it when replayed on a real actor, shortest first; the Vitest skeleton it copies
 * runs (here, with vitest's own expect) and passes; the context tree the panel shows.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyStateMachine } from 'xstate';
import * as vitest from 'vitest';
import { chartModel } from '../../../ui/statecharts/chartModel';
import { declaredEventTypes, KNOWN_MACHINES, pathSpecFor } from '../../../ui/statecharts/pathCatalog';
import { eventText, pathsToState, vitestSkeleton, type EventPath } from '../../../ui/statecharts/shortestPaths';
import { contextTree, MAX_TREE_ENTRIES } from '../../../ui/statecharts/contextTree';

/** Replays a path on a fresh actor; returns the flattened value after each event. */
function replay(machine: AnyStateMachine, input: unknown, path: EventPath): { values: unknown[]; matches: (p: string) => boolean } {
  const actor = createActor(machine, input === undefined ? {} : { input }).start();
  const values: unknown[] = [];
  for (const e of path.events) {
    actor.send(e);
    values.push(actor.getSnapshot().value);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { values, matches: (p) => snapshot.matches(p as never) };
}

describe('shortest paths to every state', () => {
  for (const machine of Object.values(KNOWN_MACHINES)) {
    it(`${machine.id}: every state is reached, and replaying each path on a real actor ends there`, () => {
      const spec = pathSpecFor(machine);
      for (const state of chartModel(machine).states) {
        const result = pathsToState(machine, spec, state.path);
        expect(result.error, state.path).toBeNull();
        expect(result.paths.length, `paths to ${state.path}`).toBeGreaterThan(0);
        const lengths = result.paths.map((p) => p.events.length);
        expect(lengths, state.path).toEqual([...lengths].sort((a, b) => a - b));
        for (const p of result.paths) {
          const run = replay(machine, spec.input, p);
          expect(run.values, `${state.path} via ${p.events.map(eventText).join(' → ')}`).toEqual(p.values);
          if (state.path) expect(run.matches(state.path), state.path).toBe(true);
        }
      }
    });
  }

  it('the paths are the shortest: the runner reaches `walking` with start and one step', () => {
    const m = KNOWN_MACHINES.actionRunner;
    const [first] = pathsToState(m, pathSpecFor(m), 'running.lane.walking').paths;
    expect(first.events.map((e) => e.type)).toEqual(['queue.start', 'step']);
    const t = KNOWN_MACHINES.terrainMotion;
    const hard = pathsToState(t, pathSpecFor(t), 'LANDING_IMPACT').paths[0];
    expect(hard.events).toEqual([{ type: 'rig.beginTerrainFall' }, { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 }]);
  });

  it('a state active from the start has the empty path first', () => {
    const m = KNOWN_MACHINES.stage;
    expect(pathsToState(m, pathSpecFor(m), 'EDIT').paths[0].events).toEqual([]);
  });

  it('a machine the catalog does not know gets its declared events without payloads', () => {
    const door = setup({}).createMachine({ id: 'door', initial: 'closed', states: { closed: { on: { open: 'opened' } }, opened: { on: { close: 'closed', lock: 'locked' } }, locked: {} } });
    expect(declaredEventTypes(door).sort()).toEqual(['close', 'lock', 'open']);
    const spec = pathSpecFor(door);
    expect(spec.module).toBeNull();
    expect(pathsToState(door, spec, 'locked').paths[0].events).toEqual([{ type: 'open' }, { type: 'lock' }]);
  });
});

describe('the copied Vitest skeleton', () => {
  /** Runs the generated test file body with the real machine and vitest's expect. */
  function runSkeleton(code: string, machine: AnyStateMachine, exportName: string): number {
    let passed = 0;
    const body = code
      .split('\n')
      .filter((l) => !l.startsWith('import '))
      .join('\n');
    const fn = new Function('describe', 'it', 'expect', 'createActor', exportName, body);
    fn(
      (_name: string, f: () => void) => f(),
      (_name: string, f: () => void) => {
        f();
        passed += 1;
      },
      vitest.expect,
      createActor,
      machine,
    );
    return passed;
  }

  it('imports the machine from its module and replays the path, checking the state after every event', () => {
    const m = KNOWN_MACHINES.terrainMotion;
    const spec = pathSpecFor(m);
    const path = pathsToState(m, spec, 'LANDING_IMPACT').paths[0];
    const code = vitestSkeleton(spec, 'LANDING_IMPACT', path);
    expect(code).toContain("import { terrainMotionMachine } from '../../machines/terrainMotionMachine';");
    expect(code).toContain("import { describe, expect, it } from 'vitest';");
    expect(code).toContain('actor.send({"type":"physics.landed","fallDistance":300,"impactSpeed":1200});');
    expect(code).toContain('expect(actor.getSnapshot().matches("LANDING_IMPACT")).toBe(true);');
    expect(runSkeleton(code, m, 'terrainMotionMachine')).toBe(1);
  });

  it('passes for a parallel state of the runner (with its input) and fails when the path is wrong', () => {
    const m = KNOWN_MACHINES.actionRunner;
    const spec = pathSpecFor(m);
    const path = pathsToState(m, spec, 'running.overlay.talking').paths[0];
    const code = vitestSkeleton(spec, 'running.overlay.talking', path);
    expect(code).toContain('createActor(actionRunnerMachine, { input: {"rigId":"stick"');
    expect(runSkeleton(code, m, 'actionRunnerMachine')).toBe(1);
    const wrong = vitestSkeleton(spec, 'running.overlay.talking', { events: path.events.slice(0, -1), values: path.values.slice(0, -1) });
    expect(() => runSkeleton(wrong, m, 'actionRunnerMachine')).toThrow();
  });

  it('names the placeholder import for a machine without a known module', () => {
    const door = setup({}).createMachine({ id: 'front door', initial: 'closed', states: { closed: { on: { open: 'opened' } }, opened: {} } });
    const spec = pathSpecFor(door);
    const code = vitestSkeleton(spec, 'opened', pathsToState(door, spec, 'opened').paths[0]);
    expect(code).toContain("import { frontDoorMachine } from '../../machines/frontDoorMachine'; // adjust");
    expect(runSkeleton(code, door, 'frontDoorMachine')).toBe(1);
  });
});

describe('context tree', () => {
  it('shows actor references by their system id without walking into them', () => {
    const actor = createActor(KNOWN_MACHINES.terrainMotion, { systemId: 'rig:a/terrainMotion' }).start();
    const tree = contextTree({ id: 'a', terrainMotion: actor, lane: { items: [1, 2, 3], cursor: 1 }, fn: () => 1 }, new Set());
    const byKey = Object.fromEntries(tree.children!.map((c) => [c.key, c]));
    expect(byKey.id.preview).toBe('"a"');
    expect(byKey.terrainMotion).toMatchObject({ kind: 'actor', preview: 'actor rig:a/terrainMotion', children: null });
    expect(byKey.fn.preview).toBe('ƒ');
    // Closed containers are summarised, not built.
    expect(byKey.lane).toMatchObject({ kind: 'object', children: null, size: 2, preview: '{ items, cursor }' });
    actor.stop();
  });

  it('builds open levels only, and caps each level', () => {
    const big = { list: Array.from({ length: MAX_TREE_ENTRIES + 5 }, (_, i) => ({ i })) };
    const open = contextTree(big, new Set(['list']));
    const list = open.children![0];
    expect(list.kind).toBe('array');
    expect(list.children).toHaveLength(MAX_TREE_ENTRIES + 1);
    expect(list.children![MAX_TREE_ENTRIES].preview).toBe('5 more');
    expect(list.children![0].children).toBeNull();
    const deeper = contextTree(big, new Set(['list', 'list.0']));
    expect(deeper.children![0].children![0].children![0]).toMatchObject({ key: 'i', preview: '0' });
  });

  it('a cyclic context is safe: only what is opened is walked', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const tree = contextTree(a, new Set(['self', 'self.self']));
    expect(tree.children![1].children![1].children![0]).toMatchObject({ key: 'name', preview: '"a"' });
    expect(tree.children![1].children![1].children![1].children).toBeNull();
  });
});
