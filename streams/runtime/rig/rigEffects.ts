/**
 * What the rig machine asks of the runtime: the physical work of entering a state
 * (./ragdollBody), a plan for the prop action its runner started (./pickupPlan: only the runtime
 * knows where the prop is), the end of a prop action (the pickup is over; a skip is warned) and
 * leaving the stage (./leftStage).
 */
import type { RigRuntime } from '../rigRuntime';
import { startPropAction } from './pickupPlan';
import { enterRigState } from './ragdollBody';
import { leaveStageBody } from './leftStage';

type Subscription = { unsubscribe(): void };

export function listenToRig(rig: RigRuntime, subscriptions: Subscription[]): void {
  const a = rig.rigActor;
  subscriptions.push(
    a.on('rig.stateChanged', (e) => enterRigState(rig, e)),
    a.on('rig.planPropAction', (e) => startPropAction(rig, e.item)),
    a.on('rig.propActionDone', (e) => {
      if (rig.hands.pickup?.itemId === e.itemId) rig.hands.pickup = null;
      if (e.reason && e.outcome === 'skipped') rig.sink.warnings.push({ message: `${e.itemId}: skipped (${e.reason})`, object: rig.id });
    }),
    a.on('rig.leftStage', () => leaveStageBody(rig)),
  );
}
