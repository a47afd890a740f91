/**
 * The prop interactor's decisions made physical (issue 10): reservations, the approach walk, the
 * hold, the release (drop, throw, disarm, lost) and the prop stage events, once per committed
 * transition. How a prop action ends goes to the rig machine, not here (machines/toRig).
 */
import type { PropInteractorEmitted } from '../../../machines/propInteractorMachine';
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import { letGo, releaseThrow } from './throwing';

type Subscription = { unsubscribe(): void };

export function listenToInteractor(rig: RigRuntime, subscriptions: Subscription[]): void {
  const it = rig.rigActor.getSnapshot().context.propInteractor;
  const on = <T extends PropInteractorEmitted['type']>(type: T, fn: (e: Extract<PropInteractorEmitted, { type: T }>) => void) =>
    subscriptions.push(it.on(type, fn as never));
  const hands = rig.hands;
  on('interactor.reserve', (e) => hands.props.claim(e.propId, rig.id));
  on('interactor.unreserve', (e) => {
    hands.props.unclaim(e.propId, rig.id);
    hands.abandonReach();
    // A prop frozen for a reach that never held goes back to physics where it is.
    if (hands.frozen === e.propId) {
      letGo(rig, e.propId, [0, 0], 0);
      hands.frozen = null;
    }
  });
  on('interactor.approach', (e) => {
    rig.motion.walkTargetX = e.standX;
  });
  on('interactor.stopApproach', () => {
    rig.motion.walkTargetX = null;
  });
  on('interactor.attach', (e) => {
    if (hands.attach(e.propId, e.grip, e.hand, (id) => rig.physics.holdProp(id), rig.worldPose, rig.motion.facing)) {
      rig.sink.events.push({ type: 'prop_picked_up', source: rig.id, target: e.propId });
    }
  });
  on('interactor.release', (e) => {
    if (e.reason === 'throw') {
      releaseThrow(rig, e.propId);
      return;
    }
    const r = hands.release(STEP_DT);
    hands.props.unclaim(e.propId, rig.id);
    if (!r) return;
    letGo(rig, r.propId, r.velocity, r.angularVelocity);
    if (e.reason === 'manual' || e.reason === 'ragdoll') rig.sink.events.push({ type: 'prop_dropped', source: rig.id, target: e.propId, reason: e.reason });
  });
}
