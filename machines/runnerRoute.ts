/**
 * The runner's clock and its walk outcomes (`step`, `rig.arrived`, `rig.walkBlocked`: most of a
 * crowd's machine events) are the runner's alone: the rig machine passes them on unchanged from
 * every state (its root `forwardToRunner`) and does nothing else with them. Handing one to the
 * runner directly gives the very same transitions, emitted events and trace records in the same
 * order — the rig's part is a macrostep that leaves its snapshot as it was — as long as the runner
 * tells the rig nothing while it handles it: a message for the rig is queued behind the rig's own
 * event on the way through the rig, and would be taken at once on the direct way. So the direct
 * way is taken only when the runner cannot tell the rig anything.
 *
 * The runner tells the rig only through an item's kind, as the item starts or is taken back (the
 * runner's kind actions below), and only a kind that says `tellsRig` does (the runner refuses
 * any other). Which states run a kind action on which of these events is read from the runner
 * machine itself, so a new state or transition is covered without touching this file: in such a
 * state the event goes through the rig unless neither the next item's kind nor the current one's
 * tells the rig (a walk's step goes straight, a queued ragdoll's through the rig).
 */
import { peekNext, type LaneItem } from '../core/actions/lane';
import { actionRuntime } from './actionKinds';
import { actionRunnerMachine } from './actionRunnerMachine';
import type { RigActor, RunnerBoundEvent } from './rigMachine';
import type { ActorRefFrom, AnyStateNode, SnapshotFrom } from 'xstate';

/** The events the rig machine only passes on to its runner (tests/machines/runnerRoute checks the machine). */
export const RUNNER_ONLY_EVENTS = ['step', 'rig.arrived', 'rig.walkBlocked'] as const;

export type RunnerOnlyEvent = Extract<RunnerBoundEvent, { type: (typeof RUNNER_ONLY_EVENTS)[number] }>;

/** The runner's actions that hand an item to its kind or take it back: the only ones that may tell the rig. */
export const KIND_ACTIONS: ReadonlySet<string> = new Set(['startKind', 'resumeWalk', 'cancelCurrent', 'abandonCurrent', 'startOverlay']);

type RunnerSnapshot = SnapshotFrom<typeof actionRunnerMachine>;
type RunningValue = { running: { lane: string; overlay: string } };

/** The action names of a transition config (a target string, one transition, or a list of them). */
function actionNamesOf(config: unknown): string[] {
  if (config === undefined || typeof config === 'string') return [];
  if (Array.isArray(config)) return config.flatMap(actionNamesOf);
  const actions = (config as { actions?: unknown }).actions;
  const list = actions === undefined ? [] : Array.isArray(actions) ? actions : [actions];
  return list.map((a) => (typeof a === 'string' ? a : String((a as { type?: unknown }).type)));
}

const runsKindAction = (config: unknown): boolean => actionNamesOf(config).some((a) => KIND_ACTIONS.has(a));

/** Every state node of `node`, itself included. */
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];

/**
 * A kind action on entering or leaving a state or on an eventless transition could follow any
 * event: then every event goes through the rig. (The runner has none: its items start and are
 * taken back on events.)
 */
const EVENTLESS_KIND = nodesOf(actionRunnerMachine.root).some((n) => {
  const c = n.config as { entry?: unknown; exit?: unknown; always?: unknown };
  return runsKindAction({ actions: c.entry }) || runsKindAction({ actions: c.exit }) || runsKindAction(c.always);
});

const handlesWithKind = (node: AnyStateNode, event: string): boolean => runsKindAction((node.config as { on?: Record<string, unknown> }).on?.[event]);

/** For each runner-only event: where a handler of it may run a kind action (`always`: whatever the state). */
export const MAY_RUN_KIND: Readonly<Record<string, { always: boolean; stopped: boolean; lane: ReadonlySet<string>; overlay: ReadonlySet<string> }>> = (() => {
  const root = actionRunnerMachine.root;
  const running = root.states.running;
  const out: Record<string, { always: boolean; stopped: boolean; lane: Set<string>; overlay: Set<string> }> = {};
  for (const event of RUNNER_ONLY_EVENTS) {
    const region = (name: 'lane' | 'overlay') => {
      const states = running.states[name].states;
      return new Set(Object.keys(states).filter((s) => nodesOf(states[s]).some((n) => handlesWithKind(n, event))));
    };
    const always = EVENTLESS_KIND || [root, running, running.states.lane, running.states.overlay].some((n) => handlesWithKind(n, event));
    out[event] = { always, stopped: nodesOf(root.states.stopped).some((n) => handlesWithKind(n, event)), lane: region('lane'), overlay: region('overlay') };
  }
  return out;
})();

const tellsRig = (item: LaneItem | null | undefined): boolean => (item ? actionRuntime(item.action.type)?.tellsRig ?? false : false);

/**
 * Whether the runner may tell its rig something while it handles `event` in `snapshot`: when a
 * state it is in may start or take back an item on that event (one item at most: a state's
 * handler runs once per event), and the next or the current item's kind tells the rig.
 */
export function mayTellRig(snapshot: RunnerSnapshot, event: RunnerOnlyEvent): boolean {
  const at = MAY_RUN_KIND[event.type];
  let may: boolean;
  if (snapshot.value === 'stopped') may = at.stopped;
  else {
    const { lane, overlay } = (snapshot.value as RunningValue).running;
    may = at.always || at.lane.has(lane) || at.overlay.has(overlay);
  }
  if (!may) return false;
  // What such an event hands to a kind or takes back: the next item or the current one.
  return tellsRig(peekNext(snapshot.context.lane)) || tellsRig(snapshot.context.current);
}

/** Sends a runner-only event for the stickman of `rig`: to its runner when that changes nothing but the cost, else to the rig. */
export function sendRunnerEvent(rig: RigActor, event: RunnerOnlyEvent): void {
  const snapshot = rig.getSnapshot();
  const runner = snapshot.context.actionRunner as ActorRefFrom<typeof actionRunnerMachine>;
  if (snapshot.status === 'active' && !mayTellRig(runner.getSnapshot(), event)) runner.send(event);
  else rig.send(event);
}
