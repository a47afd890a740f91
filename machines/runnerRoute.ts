/**
 * The runner's clock and its walk outcomes (`step`, `rig.arrived`, `rig.walkBlocked`: most of a
 * crowd's machine events) are the runner's alone: the rig machine passes them on unchanged from
 * every state (its root `forwardToRunner`) and does nothing else with them. Handing one to the
 * runner directly gives the very same transitions, emitted events and trace records in the same
 * order — the rig's part is a macrostep that leaves its snapshot as it was — as long as the runner
 * tells the rig nothing while it handles it: a message for the rig is queued behind the rig's own
 * event on the way through the rig, and would be taken at once on the direct way. So the direct
 * way is taken only when the runner cannot tell the rig anything: a walk outcome never does; a
 * `step` does only when it may start the next item and that item's kind tells the rig
 * (`tellsRig`: a queued ragdoll or recover, a prop action). Everything else goes to the rig.
 */
import { peekNext } from '../core/actions/lane';
import { actionRuntime } from './actionKinds';
import type { actionRunnerMachine } from './actionRunnerMachine';
import type { RigActor, RunnerBoundEvent } from './rigMachine';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';

/** The events the rig machine only passes on to its runner (tests/machines/runnerRoute checks the machine). */
export const RUNNER_ONLY_EVENTS = ['step', 'rig.arrived', 'rig.walkBlocked'] as const;

export type RunnerOnlyEvent = Extract<RunnerBoundEvent, { type: (typeof RUNNER_ONLY_EVENTS)[number] }>;

type RunnerSnapshot = SnapshotFrom<typeof actionRunnerMachine>;
type RunningValue = { running: { lane: string; overlay: string } };

/**
 * Whether the runner may tell its rig something while it handles `event` in `snapshot`: only as an
 * item starts, which a `step` does in an idle lane (one item at most: the idle lane's step starts
 * the next one or none).
 */
export function mayTellRig(snapshot: RunnerSnapshot, event: RunnerOnlyEvent): boolean {
  if (event.type !== 'step' || snapshot.value === 'stopped') return false;
  if ((snapshot.value as RunningValue).running.lane !== 'idle') return false;
  return actionRuntime(peekNext(snapshot.context.lane)?.action.type)?.tellsRig ?? false;
}

/** Sends a runner-only event for the stickman of `rig`: to its runner when that changes nothing but the cost, else to the rig. */
export function sendRunnerEvent(rig: RigActor, event: RunnerOnlyEvent): void {
  const snapshot = rig.getSnapshot();
  const runner = snapshot.context.actionRunner as ActorRefFrom<typeof actionRunnerMachine>;
  if (snapshot.status === 'active' && !mayTellRig(runner.getSnapshot(), event)) runner.send(event);
  else rig.send(event);
}
