/** End of phase 2 (DESIGN.md §6): each rig's ten collision proxies (and later a held prop) get their kinematic targets. */
import type { StepState } from '../stepState';

export function writeKinematicTargets(s: StepState): void {
  for (const r of s.rigs) r.writeKinematicTargets();
}
