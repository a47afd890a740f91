/**
 * Phase 1 (DESIGN.md §6): PLAY start on the first step (every rig begins with a terrain fall,
 * then its queue), the reactions accepted by the last dispatch, then the commands queued since
 * the last step — each checked, traced as a `command` record with the tick it took effect and
 * applied (../commands).
 */
import { applyCommand } from '../commands';
import { deliverReactions } from '../rig/requests';
import type { StepState } from '../stepState';

export function applyCommands(s: StepState): void {
  if (!s.started) {
    s.started = true;
    for (const r of s.rigs) r.start();
    s.camera.start();
  }
  for (const r of s.rigs) deliverReactions(r);
  const commands = s.commands;
  s.commands = [];
  for (const c of commands) applyCommand(s, c);
}
