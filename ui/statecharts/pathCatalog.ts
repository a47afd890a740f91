/**
 * What the "paths to a state" traversal sends to each machine: its input and the events it may
 * take, with payloads (a guard such as `hardLanding` needs a `fallDistance`), and a finite graph
 * key (contexts that count time would explode the search). This is the model-based tests' recipe
 * (tests/machines/*), restated for the app: the same machines, the same kind of events.
 *
 * A machine the catalog does not know still gets paths: every event type it declares, sent
 * without a payload, keyed on the state value.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { pendingCount, pendingItems, type Lane, type LaneItem } from '../../core/actions/lane';
import { stageMachine } from '../../machines/stageMachine';
import { rigMachine } from '../../machines/rigMachine';
import { terrainMotionMachine } from '../../machines/terrainMotionMachine';
import { actionRunnerMachine } from '../../machines/actionRunnerMachine';
import { stateName } from '../../streams/trace/records';

export interface PathSpec {
  machineId: string;
  /** Where a test imports the machine from (repository-relative, no extension) and its export. */
  module: string | null;
  exportName: string | null;
  input?: unknown;
  events: EventObject[];
  serializeState: (snapshot: { value: unknown; context: unknown }) => string;
  filterEvents?: (snapshot: { value: unknown; context: unknown }, event: EventObject) => boolean;
  /** States the traversal may visit before giving up. */
  limit: number;
}

const byValue = (s: { value: unknown }) => stateName(s.value);

const STEP = 1 / 60;
const LONG_STEP = 5;

const RUNNER_ITEMS: LaneItem[] = [
  { id: 'walk', origin: 'authored', action: { type: 'walk_to', target_position: [800, 1400] } },
  { id: 'wait', origin: 'authored', action: { type: 'wait', seconds: 0.5 } },
  { id: 'speak', origin: 'authored', action: { type: 'speak', text: 'Hello', seconds: 0.5 } },
  { id: 'ragdoll', origin: 'authored', action: { type: 'ragdoll' } },
  { id: 'recover', origin: 'authored', action: { type: 'recover' } },
  // A prop action: the runner hands it to the prop interactor and waits for `queue.propDone`.
  { id: 'pick', origin: 'authored', action: { type: 'pick_up_prop', target_prop_id: 'box' } as unknown as LaneItem['action'] },
];

const reactive = (mode: 'sequential' | 'takeover' | 'overlay', action: LaneItem['action']) => ({
  type: 'queue.enqueue' as const,
  mode,
  item: { id: `${mode}-${action.type}`, origin: 'reactive' as const, action },
});

const TERRAIN_EVENTS: EventObject[] = [
  { type: 'rig.beginTerrainFall' },
  { type: 'physics.landed', fallDistance: 40, impactSpeed: 440 } as EventObject,
  { type: 'physics.landed', fallDistance: 300, impactSpeed: 1200 } as EventObject,
  { type: 'physics.landingFinished' },
  { type: 'physics.supportLost', walkVelocityX: 160 } as EventObject,
  { type: 'rig.disableTerrain' },
];

interface RunnerContext {
  lane: Lane;
  current: LaneItem | null;
  barrier: boolean;
  rigState: string;
  overlays: unknown[];
  overlayGesture: unknown;
  laneHadWork: boolean;
}

/** The runner's context reduced to what its guards read (what is left to run, not how it got there). */
function runnerKey(s: { value: unknown; context: unknown }): string {
  const c = s.context as RunnerContext;
  const pending = pendingItems(c.lane).map((i) => i.action.type);
  return JSON.stringify([stateName(s.value), pending, c.current?.action.type ?? null, c.barrier, c.rigState, c.overlays.length > 0, c.overlayGesture !== null, c.laneHadWork]);
}

/** At most two reactive insertions, so the lane (and the search) stays finite. */
const MAX_RUNNER_ITEMS = RUNNER_ITEMS.length + 2;
const runnerFilter = (s: { context: unknown }, e: EventObject) => {
  const lane = (s.context as RunnerContext).lane;
  // Items ever in the lane (started and dropped ones leave it, so count them too).
  return e.type !== 'queue.enqueue' || lane.taken + lane.dropped + pendingCount(lane) < MAX_RUNNER_ITEMS;
};

const SPECS: Record<string, PathSpec> = {
  stage: {
    machineId: 'stage',
    module: 'machines/stageMachine',
    exportName: 'stageMachine',
    input: { rigs: [] },
    events: [
      { type: 'ui.play' }, { type: 'ui.pause' }, { type: 'ui.resume' }, { type: 'ui.reset' }, { type: 'ui.edit' }, { type: 'ui.direct' },
      // The run failing to build (or to load a keyframe) is how the stage reaches PLAY_FAILED.
      { type: 'xstate.error.actor.run' },
    ],
    serializeState: byValue,
    limit: 1000,
  },
  rig: {
    machineId: 'rig',
    module: 'machines/rigMachine',
    exportName: 'rigMachine',
    input: { id: 'stick', items: [], autoRecover: true },
    events: [
      { type: 'rig.setRagdoll' }, { type: 'rig.grab' }, { type: 'rig.letGo' }, { type: 'rig.recover' }, { type: 'physics.ragdollAtRest' }, { type: 'rig.standUpFinished' },
      { type: 'rig.leaveStage' },
      ...TERRAIN_EVENTS,
    ],
    serializeState: byValue,
    limit: 1000,
  },
  terrainMotion: {
    machineId: 'terrainMotion',
    module: 'machines/terrainMotionMachine',
    exportName: 'terrainMotionMachine',
    events: TERRAIN_EVENTS,
    serializeState: byValue,
    limit: 1000,
  },
  actionRunner: {
    machineId: 'actionRunner',
    module: 'machines/actionRunnerMachine',
    exportName: 'actionRunnerMachine',
    input: { rigId: 'stick', items: RUNNER_ITEMS },
    events: [
      { type: 'queue.start' }, { type: 'queue.stop' }, { type: 'queue.block' }, { type: 'queue.unblock' },
      { type: 'step', dt: STEP } as EventObject, { type: 'step', dt: LONG_STEP } as EventObject,
      { type: 'rig.arrived' }, { type: 'rig.walkBlocked' },
      { type: 'queue.rigState', state: 'RAGDOLL' } as EventObject, { type: 'queue.rigState', state: 'ANIMATED' } as EventObject,
      reactive('overlay', { type: 'speak', text: 'Hey', seconds: 0.5 }),
      reactive('overlay', { type: 'gesture', gesture_id: 'builtin:wave', seconds: 0.5 }),
      // Gestures (issue 23): one on the lane (a takeover, as a wait would be), one beside it.
      reactive('takeover', { type: 'gesture', gesture_id: 'builtin:bow', seconds: 0.5 }),
      reactive('takeover', { type: 'ragdoll' }),
      reactive('takeover', { type: 'pick_up_prop', target_prop_id: 'box' } as unknown as LaneItem['action']),
      { type: 'queue.propDone', itemId: 'pick', outcome: 'completed' } as EventObject,
      { type: 'queue.propDone', itemId: 'takeover-pick_up_prop', outcome: 'completed' } as EventObject,
    ],
    serializeState: runnerKey,
    filterEvents: runnerFilter,
    limit: 50_000,
  },
};

/** Every event type a machine declares anywhere in its state tree (xstate's own excluded). */
export function declaredEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const visit = (node: { transitions: Map<string, unknown>; states: Record<string, unknown> }) => {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.') && type !== '*') types.add(type);
    for (const child of Object.values(node.states)) visit(child as typeof node);
  };
  visit(machine.root as unknown as { transitions: Map<string, unknown>; states: Record<string, unknown> });
  return [...types];
}

export function pathSpecFor(machine: AnyStateMachine): PathSpec {
  const known = SPECS[machine.id];
  if (known) return known;
  return {
    machineId: machine.id,
    module: null,
    exportName: null,
    events: declaredEventTypes(machine).map((type) => ({ type })),
    serializeState: byValue,
    limit: 2000,
  };
}

/** The machines the catalog knows, by id (for tests: each has a spec). */
export const KNOWN_MACHINES: Record<string, AnyStateMachine> = {
  stage: stageMachine,
  rig: rigMachine,
  terrainMotion: terrainMotionMachine,
  actionRunner: actionRunnerMachine,
};
