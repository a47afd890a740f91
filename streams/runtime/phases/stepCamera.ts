/**
 * The directed camera's step (issue 23): after the bodies have moved and left the stage, before
 * the rules, so a shot follows where its target is now and the camera's own events are dispatched
 * in the step they happen.
 */
import { STEP_DT } from '../stepDt';
import type { StepState } from '../stepState';

export function stepCamera(s: StepState): void {
  s.camera.step(STEP_DT);
}
