/**
 * Prop hands (issue 10, seed phase 11): the prop interactor's clock — the reach blend and the
 * throw's release boundary — for a rig that is up and posed this step. What the interactor then
 * decides (attach, release, done) is made physical by ./interactorEffects.
 */
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import type { RigStep } from './systems';

export function propHands(rig: RigRuntime, step: RigStep): void {
  if (step.posed && rig.connection.interactorNeedsStep) rig.send({ type: 'prop.step', dt: STEP_DT });
}
