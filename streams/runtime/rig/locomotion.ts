/**
 * Locomotion (DESIGN.md §6 step 2): the walk, terrain motion and landing solver for one step of
 * an ANIMATED rig. What it saw goes to the rig machine as `physics.*` events; the end of a walk is
 * handed to whoever walks: the prop interactor's approach (no `arrived`, seed 11 §3.1) or the
 * queue, which hears it after its clock (./queueStep).
 */
import { enterAirborne, stepLocomotion } from '../../../core/locomotion';
import { roundVec } from '../../trace/records';
import { tagChain } from '../eventChains';
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import { planPickupNow } from './pickupPlan';
import type { RigStep } from './systems';

export function locomotion(rig: RigRuntime, step: RigStep): void {
  if (step.began !== 'ANIMATED') return;
  const events = stepLocomotion(rig.motion, rig.terrainPhase, rig.env, STEP_DT);
  for (const e of events) {
    // The walk is the interactor's own approach while it is APPROACHING (the one place that says so).
    const approaching = (e.type === 'arrived' || e.type === 'blocked') && rig.connection.interactor.state === 'APPROACHING';
    if (e.type === 'supportLost') {
      enterAirborne(rig.motion);
      rig.send({ type: 'physics.supportLost', walkVelocityX: e.walkVelocityX });
    } else if (e.type === 'landed') {
      rig.send({ type: 'physics.landed', fallDistance: e.fallDistance, impactSpeed: e.impactSpeed });
    } else if (e.type === 'landingFinished') {
      rig.send({ type: 'physics.landingFinished' });
    } else if (e.type === 'arrived' && approaching) {
      // The pickup's own approach: no `arrived`, no walk_to completion (seed 11 §3.1).
      rig.send({ type: 'prop.approachArrived', plan: planPickupNow(rig) });
    } else if (e.type === 'blocked' && approaching) {
      rig.send({ type: 'prop.approachBlocked' });
    } else if (e.type === 'arrived') {
      rig.sink.events.push(tagChain({ type: 'arrived', source: rig.id, target: null, position: roundVec(e.position) }, rig.work.walkChain));
      step.walkOutcome = 'rig.arrived';
    } else if (e.type === 'blocked') {
      rig.sink.warnings.push({ message: `walk blocked (${e.reason}) at x=${Math.round(e.position[0])}`, object: rig.id });
      step.walkOutcome = 'rig.walkBlocked';
    }
  }
}
