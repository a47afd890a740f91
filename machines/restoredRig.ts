/**
 * The rig machine, started from a persisted snapshot instead of its initial state: how a keyframe
 * (issue 14) brings back a stickman's actors — the rig and its TerrainMotion, ActionRunner and
 * PropInteractor children, each in the state and context it was saved in, with their system ids.
 * xstate spawns children from input only, so this logic's initial snapshot is the restored one;
 * everything else (transitions, persistence, children's logic) is the rig machine's own.
 */
import type { ActorScope, Snapshot } from 'xstate';
import { rigMachine } from './rigMachine';

export interface RestoredRigInput {
  /** `rigActor.getPersistedSnapshot()`, as saved (copied here: restoring revives it in place). */
  snapshot: Snapshot<unknown>;
}

type RigLogic = typeof rigMachine;

export const restoredRigMachine: RigLogic = Object.create(rigMachine, {
  getInitialSnapshot: {
    value: (scope: ActorScope<never, never, never, never>, input: RestoredRigInput) =>
      rigMachine.restoreSnapshot(structuredClone(input.snapshot) as never, scope as never),
  },
}) as RigLogic;
