/**
 * The queue's step (DESIGN.md §6 step 2): the ActionRunner's clock, then this step's walk outcome.
 * The clock runs before the outcome is delivered, so an item that ends now is followed by the
 * next one on the next step, after this step's rules had their say (a sequential reaction to
 * `arrived` runs before the rest of the authored queue). A down rig's runner still gets its step:
 * waits count and speech talks while walks and turns wait.
 */
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import type { RigStep } from './systems';

export function queueStep(rig: RigRuntime, step: RigStep): void {
  if (rig.connection.runnerNeedsStep) rig.send({ type: 'step', dt: STEP_DT });
  if (step.walkOutcome) rig.send({ type: step.walkOutcome });
  // The runner may have put the rig down this step (a queued ragdoll): then it has no pose to solve.
  step.posed = step.began === 'ANIMATED' && rig.connection.state === 'ANIMATED';
}
