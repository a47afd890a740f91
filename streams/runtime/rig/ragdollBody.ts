/**
 * Ragdoll body (issue 8): the stickman's physical life outside ANIMATED, done by ./rigBody when
 * the rig machine says so — the ragdoll built on RAGDOLL entry and read back after each physics
 * step, the stand-up captured on RECOVERING entry and blended step by step, and a fresh
 * locomotion state when it stands again.
 */
import { beginTerrainFall, cancelTerrainMotion, createLocomotion } from '../../../core/locomotion';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { solvePose } from '../../../core/rig/skeleton';
import { clearProxyFlinch } from '../../../core/rig/reactions';
import type { RigEmitted } from '../../../machines/rigMachine';
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import type { RigStep } from './systems';

/** Before physics: a rig that began the step standing up blends towards standing. */
export function standUp(rig: RigRuntime, step: RigStep): void {
  if (step.began !== 'RECOVERING') return;
  const s = rig.body.stepStandUp(rig.env.basePose, STEP_DT);
  if (!s) return;
  rig.motion.markers = s.key.markers;
  rig.setPose(rig.body.solveStandUp(s.key));
  if (s.done) rig.send({ type: 'rig.standUpFinished' });
}

/**
 * After physics (DESIGN.md §6 step 6): a ragdoll's bodies are read back, its root follows the
 * pelvis, and rest is reported once. A ragdoll the director holds never rests.
 */
export function ragdollBody(rig: RigRuntime): void {
  if (!rig.body.isRagdoll || rig.hasLeftStage) return;
  const atRest = rig.body.stepRagdoll(STEP_DT, rig.connection.held);
  const root = rig.body.ragdollRoot()!;
  rig.motion.root[0] = root[0];
  rig.motion.root[1] = root[1];
  rig.forgetPose();
  if (atRest) rig.send({ type: 'physics.ragdollAtRest' });
}

/** The rig machine entered a state: the physical work it implies (seed 4.5 state order). */
export function enterRigState(rig: RigRuntime, e: Extract<RigEmitted, { type: 'rig.stateChanged' }>): void {
  rig.sink.events.push({ type: 'state_changed', source: rig.id, target: null, state: e.state, previous: e.previous });
  const m = rig.motion;
  if (e.state === 'RAGDOLL') {
    // Clear reactions, proxies off, build from the pose it has now (a stand-up is cancelled).
    rig.reactions.clear();
    clearProxyFlinch(rig.proxyFlinch);
    rig.body.endStandUp();
    m.walkTargetX = null;
    rig.sink.purged.push(rig.id);
    // Built from the pose it has now (air pose, landing crouch included); the terrain pose is
    // then dropped without restoring it first (seed 6a §4/§8).
    rig.body.becomeRagdoll(rig.worldPose, m.facing, STEP_DT);
    cancelTerrainMotion(m, false);
  } else if (e.state === 'RECOVERING') {
    const { root, key } = rig.body.startRecovery(m.facing, [m.root[0], m.root[1]]);
    m.root[0] = root[0];
    m.root[1] = root[1];
    m.markers = key.markers;
    // Solved with the entry correction: it starts exactly where the ragdoll lies.
    rig.setPose(rig.body.solveStandUp(key));
    rig.writeKinematicTargets(true);
  } else if (e.previous === 'RECOVERING') {
    // Standing again: a fresh locomotion state on the new root, then a terrain fall so it
    // settles on whatever is under it. A walk the runner resumed keeps its target.
    rig.body.endStandUp();
    const walkTargetX = m.walkTargetX;
    Object.assign(m, createLocomotion(m.root, m.facing, rig.env.basePose));
    m.walkTargetX = walkTargetX;
    rig.setPose(solvePose(m.markers, DEFAULT_PROPORTIONS));
    beginTerrainFall(m);
    rig.send({ type: 'rig.beginTerrainFall' });
  }
}
