/**
 * The take session machine (issue 18), model-based with xstate/graph: every state is reached and
 * every declared transition (each guarded alternative on its own) is taken by the generated
 * paths, checked against the machine's definition. The system under test is the real TakeSession
 * on a real stage, driven as a director does (PLAY, steps, seeks, a command behind the end, an
 * undo, RESET, leaving PLAY, opening a take file): its state follows the machine at every point,
 * a seek's own restart never begins a new take, and a branch cuts the take where it was made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { takeSessionMachine, type TakeSessionEvent } from '../../machines/takeSessionMachine';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession, type TakeSessionState } from '../../streams/take/session';
import { stateName } from '../../streams/trace/records';
import { ground, prop, scene } from '../helpers/scenes';

type Snap = SnapshotFrom<typeof takeSessionMachine>;
type Node = typeof takeSessionMachine.root;

/** The events the model may send, with the facts their guards decide on (both sides of each guard). */
const EVENTS: TakeSessionEvent[] = [
  { type: 'run.started', cause: 'play_from_edit', replays: false },
  { type: 'run.started', cause: 'play_from_direct', replays: true },
  { type: 'run.started', cause: 'reset_running', replays: false },
  { type: 'run.started', cause: 'restore', replays: false },
  { type: 'run.ended' },
  { type: 'take.ranOut', tick: 5 },
  { type: 'take.command', tick: 3, length: 4 },
  { type: 'take.command', tick: 4, length: 4 },
  { type: 'take.commandRecord', tick: 5, command: { type: 'grab.end' } },
  { type: 'take.controlRecord', tick: 4, length: 4, control: 'ui.pause' },
  { type: 'take.controlRecord', tick: 2, length: 4, control: 'ui.resume' },
  { type: 'take.seek' },
  { type: 'take.seekDone', tick: 3, length: 4 },
  { type: 'take.seekDone', tick: 4, length: 4 },
  { type: 'take.undoBranch', branches: 1 },
  { type: 'take.undoBranch', branches: 0 },
];

const guardName = (g: unknown): string => (g === undefined ? '' : typeof g === 'string' ? g : JSON.stringify(g, (_k, v) => (typeof v === 'function' ? v.name : v)));
const pathOf = (n: { path: readonly string[] }) => n.path.join('.') || '(root)';
const keyOf = (t: { source: { path: readonly string[] }; eventType: string; target?: ReadonlyArray<{ path: readonly string[] }>; guard?: unknown }) =>
  `${pathOf(t.source)}:${t.eventType}→${t.target?.map(pathOf).join(',') ?? '(stay)'}[${guardName(t.guard)}]`;

/** Every transition the machine declares (each guarded alternative separately), from its definition. */
function declaredTransitions(): Set<string> {
  const out = new Set<string>();
  const walk = (node: Node) => {
    for (const child of Object.values(node.states)) walk(child as Node);
    for (const [, list] of node.transitions) for (const t of list) out.add(keyOf(t));
  };
  walk(takeSessionMachine.root);
  return out;
}

const STATES = ['FINISHED', 'NO_TAKE', 'ON_STAGE.RECORDING', 'ON_STAGE.REPLAYING', 'ON_STAGE.SEEKING'];

describe('take session machine (model-based, xstate/graph)', () => {
  const model = createTestModel(takeSessionMachine, { events: EVENTS, serializeState: (s) => JSON.stringify(s.value) });
  // The shortest way to every state (every prefix of the model's paths is one), then every event from there.
  const starts = new Map<string, Array<{ state: Snap; event: { type: string } }>>();
  for (const p of model.getShortestPaths()) {
    for (let n = 1; n <= p.steps.length; n += 1) {
      const key = stateName(p.steps[n - 1].state.value);
      if (!starts.has(key) || starts.get(key)!.length > n) starts.set(key, p.steps.slice(0, n));
    }
  }
  const steps = [...starts.values()].flatMap((path) => {
    const last = path[path.length - 1].state;
    return EVENTS.filter((e) => last.can(e)).map((event) => ({ from: last, event, to: getNextSnapshot(takeSessionMachine, last, event) }));
  });

  it('the paths reach every state and take every declared transition, each guarded alternative included', () => {
    expect([...starts.keys()].sort()).toEqual(STATES);
    const taken = new Set<string>();
    for (const { from, event } of steps) for (const t of takeSessionMachine.getTransitionData(from, event)) taken.add(keyOf(t));
    expect([...taken].sort()).toEqual([...declaredTransitions()].sort());
  });

  it('says by its tags what each state does every step; only replaying watches for the take running out', () => {
    const tags = Object.fromEntries([...starts].map(([name, path]) => [name, [...path.at(-1)!.state.tags].sort()]));
    expect(tags).toEqual({
      NO_TAKE: [], FINISHED: [],
      'ON_STAGE.RECORDING': ['grows', 'keyframes'],
      'ON_STAGE.REPLAYING': ['feeds', 'keyframes'],
      'ON_STAGE.SEEKING': ['feeds', 'keyframes'],
    });
    for (const [name, path] of starts) {
      const state = path.at(-1)!.state;
      expect(state.can({ type: 'take.ranOut', tick: 5 }), name).toBe(name === 'ON_STAGE.REPLAYING');
    }
  });

  it('decides as a director expects', () => {
    const to = (fromValue: string, event: TakeSessionEvent) => stateName(getNextSnapshot(takeSessionMachine, starts.get(fromValue)!.at(-1)!.state, event).value);
    // A restored keyframe is the same run: no new take, wherever the session is.
    expect(to('NO_TAKE', { type: 'run.started', cause: 'restore', replays: false })).toBe('NO_TAKE');
    expect(to('ON_STAGE.REPLAYING', { type: 'run.started', cause: 'restore', replays: false })).toBe('ON_STAGE.REPLAYING');
    // A seek's own RESET begins nothing either.
    expect(to('ON_STAGE.SEEKING', { type: 'run.started', cause: 'reset_paused', replays: false })).toBe('ON_STAGE.SEEKING');
    // Behind the end a command branches into recording; at the end it is just recorded.
    expect(to('ON_STAGE.REPLAYING', { type: 'take.command', tick: 3, length: 4 })).toBe('ON_STAGE.RECORDING');
    expect(to('ON_STAGE.REPLAYING', { type: 'take.command', tick: 4, length: 4 })).toBe('ON_STAGE.REPLAYING');
    // Nothing to undo: no seek.
    expect(to('ON_STAGE.RECORDING', { type: 'take.undoBranch', branches: 0 })).toBe('ON_STAGE.RECORDING');
    expect(to('ON_STAGE.SEEKING', { type: 'run.ended' })).toBe('FINISHED');
  });
});

describe('the real session follows it', () => {
  beforeAll(async () => {
    await initPhysics();
  });

  const doc = scene([ground(1400), prop('ball', 'ball', [900, 1200]), { kind: 'stickman', id: 's', position: [600, 1400] }]);

  it('through PLAY, steps, seeks, a branch, its undo, RESET, leaving PLAY and an opened take', () => {
    const controller = new StageController(doc);
    const during: TakeSessionState[] = [];
    // The seek's restart is the stage's RESET, seen from inside the session.
    const session: TakeSession = new TakeSession(controller, {
      restart: () => {
        during.push(session.state);
        controller.send({ type: 'ui.reset' });
      },
      keyframes: false,
    });
    try {
      expect(session.state).toBe('NO_TAKE');
      controller.send({ type: 'ui.play' });
      expect(session.state).toBe('RECORDING');
      controller.step(40);
      controller.walkTo('s', 1200);
      controller.step(40);
      expect(session.length).toBe(80);
      const recorded = session.take()!;
      expect(recorded.started_by).toBe('play_from_edit');
      expect(recorded.commands.map((c) => c.tick)).toEqual([41]);

      // Back to tick 20: re-simulated from a restart (no keyframes), which begins no new take.
      expect(session.seek(20)).toBe(20);
      expect(during).toEqual(['SEEKING']);
      expect(session.state).toBe('REPLAYING');
      expect(session.take()).toEqual(recorded);
      // Replaying: the take's command comes back at its tick and is not recorded twice.
      controller.advance(30);
      expect(session.state).toBe('REPLAYING');
      expect(session.take()!.commands).toEqual(recorded.commands);

      // A command behind the end branches: the take is cut at tick 50 and records on.
      controller.ragdoll('s');
      expect(session.state).toBe('RECORDING');
      expect(session.length).toBe(50);
      expect(session.branchHistory.map((b) => b.tick)).toEqual([50]);
      controller.advance(10);
      expect(session.take()!.commands.map((c) => [c.tick, c.command.type])).toEqual([[41, 'rig.walkTo'], [51, 'rig.ragdoll']]);

      // Undo: the old future comes back, the stage goes back to where it branched.
      expect(session.undoBranch()).toBe(50);
      expect(during).toEqual(['SEEKING', 'SEEKING']);
      expect(session.state).toBe('REPLAYING');
      expect(session.take()).toEqual(recorded);
      expect(session.branchHistory).toEqual([]);

      // Playing on past the end records again.
      controller.advance(40);
      expect(session.state).toBe('RECORDING');
      expect(session.length).toBe(90);

      // The director's RESET (running): a new take.
      controller.send({ type: 'ui.resume' });
      controller.send({ type: 'ui.reset' });
      expect(session.state).toBe('RECORDING');
      expect(session.take()!.started_by).toBe('reset_running');
      expect(session.length).toBe(0);

      // Leaving PLAY finishes the take, kept to save; PLAY again begins a new one.
      controller.step(5);
      controller.send({ type: 'ui.edit' });
      expect(session.state).toBe('FINISHED');
      expect(session.active).toBe(false);
      expect(session.length).toBe(0);
      controller.send({ type: 'ui.direct' });
      controller.send({ type: 'ui.play' });
      expect(session.state).toBe('RECORDING');
      expect(session.take()!.started_by).toBe('play_from_direct');

      // An opened take file replays from t = 0.
      controller.send({ type: 'ui.edit' });
      session.playNext(recorded);
      controller.send({ type: 'ui.play' });
      expect(session.state).toBe('REPLAYING');
      expect(session.take()).toEqual(recorded);
    } finally {
      session.dispose();
      controller.dispose();
    }
  });
});
