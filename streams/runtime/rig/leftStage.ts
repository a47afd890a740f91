/**
 * Leaving the stage made physical: the rig machine reached LEFT_STAGE (its queue abandoned, its
 * hold lost), and the stickman's bodies leave physics. It is never stepped again.
 */
import type { RigRuntime } from '../rigRuntime';

export function leaveStageBody(rig: RigRuntime): void {
  rig.work.pending = [];
  rig.motion.walkTargetX = null;
  rig.body.release();
  rig.physics.removeParts(rig.id);
}
