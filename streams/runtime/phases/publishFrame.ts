/**
 * Phase 7 (DESIGN.md §6): this step's frame replaces the last one. It is built when first asked
 * for (StageRuntime.frame), so a headless run that never draws never builds one.
 */
import type { StepState } from '../stepState';

export function publishFrame(s: StepState): void {
  s.frame = null;
}
