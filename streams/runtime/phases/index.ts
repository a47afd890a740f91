/**
 * The fixed step as a visible list of named phases, in DESIGN.md §6 order. Post-physics read-back
 * of ragdoll bodies and impact reactions join this list (after dispatchRules) with the ragdoll work.
 */
import type { StepState } from '../stepState';
import { applyCommands } from './applyCommands';
import { dispatchRules } from './dispatchRules';
import { drainContacts } from './drainContacts';
import { leaveStage } from './leaveStage';
import { publishFrame } from './publishFrame';
import { stepPhysics } from './stepPhysics';
import { stepRigs } from './stepRigs';
import { writeKinematicTargets } from './writeKinematicTargets';

export interface StepPhase {
  name: string;
  run(s: StepState): void;
}

export const STEP_PHASES: readonly StepPhase[] = [
  { name: 'applyCommands', run: applyCommands },
  { name: 'stepRigs', run: stepRigs },
  { name: 'writeKinematicTargets', run: writeKinematicTargets },
  { name: 'stepPhysics', run: stepPhysics },
  { name: 'drainContacts', run: drainContacts },
  { name: 'leaveStage', run: leaveStage },
  { name: 'dispatchRules', run: dispatchRules },
  { name: 'publishFrame', run: publishFrame },
];
