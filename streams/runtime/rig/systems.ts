/**
 * What one stickman does in a fixed step, as named systems in their true order. The stage's step
 * (../phases) runs `RIG_STEP` for each rig in `stepRigs` — rig after rig, each one start to end,
 * so one stickman's records never interleave with another's — and `RIG_AFTER_PHYSICS` in
 * `postPhysics`. Each system is one file of this folder and works on the rig's shared state; it
 * decides nothing a machine decides, it only does the physical work and reports what it saw.
 */
import type { MarkerPose } from '../../../core/rig/markers';
import type { RigStateName } from '../../../machines/connectRig';
import type { RigRuntime } from '../rigRuntime';
import { armPose } from './armPose';
import { flinch } from './flinch';
import { heldProp } from './heldProp';
import { locomotion } from './locomotion';
import { propHands } from './propHands';
import { queueStep } from './queueStep';
import { ragdollBody, standUp } from './ragdollBody';
import { turning } from './turning';

/** What the systems of one rig's step hand on to each other (the rig's state lives on the rig). */
export interface RigStep {
  /** The rig's state when the step began: it decides which systems work (a down rig only counts time). */
  began: RigStateName;
  /** How this step's walk ended, if it did; the queue hears it after its clock. */
  walkOutcome: 'rig.arrived' | 'rig.walkBlocked' | null;
  /** Still ANIMATED after the queue's step (a queued ragdoll puts it down): it has a pose to solve. */
  posed: boolean;
  /** The markers the arm pose solved from, when the interactor posed the arm this step. */
  armMarkers: MarkerPose | null;
}

export interface RigSystem {
  readonly name: string;
  run(rig: RigRuntime, step: RigStep): void;
}

/** Before the physics step: a stickman moves, its queue runs, its hands, arm and flinches pose it. */
export const RIG_STEP: readonly RigSystem[] = [
  /** Walks, terrain motion, landings; an approach walk's end goes to the hands (./locomotion). */
  { name: 'locomotion', run: locomotion },
  /** The runner's clock, then this step's walk outcome (./queueStep). */
  { name: 'queueStep', run: queueStep },
  /** A down rig standing up blends towards the standing pose (./ragdollBody). */
  { name: 'standUp', run: standUp },
  /** The prop interactor's clock: the reach blend and the throw's release (./propHands). */
  { name: 'propHands', run: propHands },
  /** The interactor's arm (reach, carry, throw) over the locomotion pose, solved (./armPose). */
  { name: 'armPose', run: armPose },
  /** Flinches go on last, over the solved pose, so the proxies follow them; frames get the hands it put (./flinch). */
  { name: 'flinch', run: flinch },
  /** A throw that turned the stickman round fades out of the pose it turned from, over all of it (./turning). */
  { name: 'turning', run: turning },
  /** The held prop follows the solved wrist (./heldProp). */
  { name: 'heldProp', run: heldProp },
];

/** After the physics step: a ragdoll's bodies are read back and its rest is checked (./ragdollBody). */
export const RIG_AFTER_PHYSICS: readonly RigSystem[] = [{ name: 'ragdollBody', run: ragdollBody }];

/** One step's hand-over, reused rig after rig (rigs step one at a time). */
const scratch: RigStep = { began: 'ANIMATED', walkOutcome: null, posed: false, armMarkers: null };

export function runRigSystems(rig: RigRuntime, systems: readonly RigSystem[]): void {
  scratch.began = rig.connection.state;
  scratch.walkOutcome = null;
  scratch.posed = false;
  scratch.armMarkers = null;
  for (let i = 0; i < systems.length; i += 1) systems[i].run(rig, scratch);
}
