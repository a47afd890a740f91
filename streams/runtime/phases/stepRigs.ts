/** Phase 2 (DESIGN.md §6): each rig, one after the other, runs its step systems (../rig/systems `RIG_STEP`). */
import { NonFiniteStateError, type StepState } from '../stepState';

export function stepRigs(s: StepState): void {
  for (const r of s.rigs) {
    const root = r.motion.root;
    // Checked before the rig writes its proxies, so the error names the stickman, not a collider.
    if (!Number.isFinite(root[0]) || !Number.isFinite(root[1])) throw new NonFiniteStateError(r.id, 'root');
    r.step();
  }
}
