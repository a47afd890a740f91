/**
 * Phase 6 (DESIGN.md §6): post-physics — each ragdoll's bodies are read back (its pose and root
 * follow them) and its rest is checked. Impact reactions are not applied here but at the end of
 * each rig's own pose solve (phase 2), so the proxies the next physics step sees are the flinched
 * pose (seed 4.5: "applied last in the step after the head pin").
 */
import type { StepState } from '../stepState';

export function postPhysics(s: StepState): void {
  for (const r of s.rigs) r.postPhysics();
}
