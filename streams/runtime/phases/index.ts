/**
 * The fixed step as a visible list of named phases, in DESIGN.md §6 order, except that the
 * post-physics read-back of ragdolls comes right after the physics step rather than after the
 * rules: a ragdoll's root must be current before the floor check (leaveStage) and the rules.
 * The two phases that run the stickmen show what each one does there, in order (`rig`: the
 * systems of ../rig/systems, run rig after rig).
 */
import { RIG_AFTER_PHYSICS, RIG_STEP, type RigSystem } from '../rig/systems';
import type { StepState } from '../stepState';
import { applyCommands } from './applyCommands';
import { applyGrab } from '../grabbing';
import { dispatchRules } from './dispatchRules';
import { drainContacts } from './drainContacts';
import { leaveStage } from './leaveStage';
import { postPhysics } from './postPhysics';
import { publishFrame } from './publishFrame';
import { stepPhysics } from './stepPhysics';
import { stepRigs } from './stepRigs';
import { stepCamera } from './stepCamera';
import { writeKinematicTargets } from './writeKinematicTargets';

export interface StepPhase {
  name: string;
  run(s: StepState): void;
  /** What each stickman does in this phase, in order (only the phases that run the rigs). */
  rig?: readonly RigSystem[];
}

export const STEP_PHASES: readonly StepPhase[] = [
  { name: 'applyCommands', run: applyCommands },
  { name: 'stepRigs', run: stepRigs, rig: RIG_STEP },
  { name: 'writeKinematicTargets', run: writeKinematicTargets },
  { name: 'applyGrab', run: applyGrab },
  { name: 'stepPhysics', run: stepPhysics },
  { name: 'postPhysics', run: postPhysics, rig: RIG_AFTER_PHYSICS },
  { name: 'drainContacts', run: drainContacts },
  { name: 'leaveStage', run: leaveStage },
  { name: 'stepCamera', run: stepCamera },
  { name: 'dispatchRules', run: dispatchRules },
  { name: 'publishFrame', run: publishFrame },
];
