/** What the rigs report during a step, gathered for the stage's trace and rules (drained by the runtime). */
import type { StageEvent } from '../../../core/events';

export interface ActionNote {
  rig: string;
  id: string;
  action: string;
  phase: 'started' | 'finished';
  outcome?: 'completed' | 'skipped' | 'cancelled' | 'blocked';
}

export interface RigStepOutput {
  events: StageEvent[];
  actions: ActionNote[];
  warnings: Array<{ message: string; object: string }>;
  /** Stickmen whose contact pairs must be forgotten (ragdoll entry: seed 4.5 purge). */
  purged: string[];
}
