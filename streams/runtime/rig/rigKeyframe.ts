/**
 * A rig in a keyframe (issue 14): its state between two steps — its own fields, its body's and
 * its hands' — without the wiring it was built with. Not copied here: the keyframe copies the
 * whole runtime's state at once (aliasing between rigs and the dispatcher survives).
 */
import { dataFields, restoreInto } from '../../../core/data/cloneData';
import type { LocomotionState, ProbeDebug } from '../../../core/locomotion';

export interface RigRuntimeState {
  rig: Record<string, unknown>;
  body: Record<string, unknown>;
  hands: Record<string, unknown>;
  debug: ProbeDebug | null;
}

/** What a rig, its body and its hands were built with (kept by the rebuilt runtime, never saved). */
const RIG_WIRING = ['id', 'object', 'env', 'rigActor', 'physics', 'sink', 'connector', 'hands', 'body', 'subscriptions', 'debug', 'cachedWorld', 'cachedProxies', 'solved', 'collisionBuffer'];
const BODY_WIRING = ['id', 'physics', 'terrain', 'proportions', 'order', 'cachedPose'];
const HANDS_WIRING = ['rigId', 'props', 'proportions'];

interface SavedRig {
  readonly motion: LocomotionState;
  readonly body: object;
  readonly hands: object;
  readonly debug: ProbeDebug | undefined;
}

export function saveRigState(rig: SavedRig): RigRuntimeState {
  return {
    rig: dataFields(rig, RIG_WIRING),
    body: dataFields(rig.body, BODY_WIRING),
    hands: dataFields(rig.hands, HANDS_WIRING),
    // The overlay's probes of the last step, so a restored frame shows them as the live one did.
    debug: rig.debug ?? null,
  };
}

/** `rig` becomes the one `state` was saved from (a fresh copy: it is used, not copied). */
export function loadRigState(rig: SavedRig, state: RigRuntimeState): void {
  const { motion, ...rest } = state.rig as { motion: LocomotionState } & Record<string, unknown>;
  Object.assign(rig.motion, motion);
  restoreInto(rig, rest);
  restoreInto(rig.body, { ...state.body, cachedPose: null });
  restoreInto(rig.hands, state.hands);
  // Only if the overlay is on now (its object is shared with the locomotion env: filled in place).
  if (rig.debug && state.debug) restoreInto(rig.debug, state.debug);
}
