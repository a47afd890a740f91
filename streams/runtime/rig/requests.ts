/**
 * What the stage asks of one stickman — runtime commands, rule reactions, the director's grab, a
 * prop or the stickman itself leaving the stage — as events for its rig machine, which decides.
 * Once it has left the stage (the rig's final LEFT_STAGE) nothing is sent: a done actor takes no
 * event, and a reaction is refused with the reason.
 */
import type { ReactiveMode } from '../../../core/actions/lane';
import type { ActionPayload } from '../../../core/scene/schema';
import type { RagdollCause } from '../../../machines/rigMachine';
import type { ChainId } from '../eventChains';
import type { RigRuntime } from '../rigRuntime';
import type { PendingReaction } from './reactiveWork';

/**
 * A reactive action (a rule's reaction or a direct call), in the given mode. Rule reactions
 * start on the next step (DESIGN.md §6 step 5): they wait until `deliverReactions`. `now`
 * hands it to the runner at once (commands, applied at the start of a step). Refused, with the
 * reason, when the runner would drop it.
 */
export function enqueueReactive(rig: RigRuntime, mode: ReactiveMode, action: ActionPayload, origin: string, chain: ChainId = 0, now = false): { id: string } | { skipped: string } {
  const refusal = rig.connection.refusal(mode);
  if (refusal) return { skipped: refusal };
  const reaction = rig.work.accept(mode, action, origin, chain);
  if (now) deliver(rig, reaction);
  else rig.work.pending.push(reaction);
  return { id: reaction.id };
}

/** Step start: the reactions accepted during the last dispatch reach the runner, in order. */
export function deliverReactions(rig: RigRuntime): void {
  if (rig.work.pending.length === 0) return;
  for (const r of rig.work.take()) deliver(rig, r);
}

function deliver(rig: RigRuntime, r: PendingReaction): void {
  rig.send({ type: 'queue.enqueue', mode: r.mode, item: { id: r.id, origin: 'reactive', action: r.action } });
}

/** A direct walk request: refused during the landing barrier (seed 6a §8), else a takeover walk now. */
export function walkTo(rig: RigRuntime, x: number, y: number): void {
  if (rig.connection.queueBlocked) {
    rig.sink.warnings.push({ message: 'direct walk_to rejected during landing impact', object: rig.id });
    return;
  }
  const r = enqueueReactive(rig, 'takeover', { type: 'walk_to', target_position: [x, y] }, 'direct', 0, true);
  if ('skipped' in r) rig.sink.warnings.push({ message: `direct walk_to skipped: ${r.skipped}`, object: rig.id });
}

/** stop_queue: cancels the running item and drops the rest; no queue_finished (seed 6a §8). */
export function stopQueue(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'queue.stop' });
}

/** start_queue: the runner runs again (work enqueued from now on). */
export function startQueue(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'queue.start' });
}

/** Goes ragdoll now (a direct call); a no-op if already down. */
export function setRagdoll(rig: RigRuntime, cause: RagdollCause = 'call'): void {
  if (!rig.hasLeftStage) rig.send({ type: 'rig.setRagdoll', cause });
}

/** Starts standing up now if it is a ragdoll (a direct call). */
export function recover(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'rig.recover' });
}

/** The director takes hold: a ragdoll hanging from the cursor (RAGDOLL.HELD) until `letGo`. */
export function grab(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'rig.grab' });
}

/** The director lets go: it lies free again, or stands up if a recover waited for this. */
export function letGo(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'rig.letGo' });
}

/** The prop it holds or reaches for left the stage: let go of it, quietly. */
export function propLost(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'prop.lost' });
}

/**
 * The stickman fell below the stage: the rig machine ends in LEFT_STAGE (its current action
 * finishes `blocked`, its queue stops, it lets go), then its bodies leave physics (./leftStage).
 */
export function leaveStage(rig: RigRuntime): void {
  if (!rig.hasLeftStage) rig.send({ type: 'rig.leaveStage' });
}
