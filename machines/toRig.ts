/**
 * How a rig's children talk to their rig: by the rig's system id (`rig:<id>`), which the stage
 * gives every rig actor and which a keyframe restores with it (an actor reference in a child's
 * context would not survive persistence; a rig id does). Children never talk to the runtime
 * about the rig's business: they tell the rig, and the rig decides and passes on.
 *
 * A child run on its own (model tests) has no rig in its system: what it would tell the rig is
 * emitted instead, so whoever runs it alone hears the very same message.
 */
import type { AnyActorRef, EventObject } from 'xstate';

export const rigSystemId = (rigId: string): string => `rig:${rigId}`;

interface Enqueue<E extends EventObject> {
  sendTo(to: AnyActorRef, event: E): void;
  emit(event: E): void;
}

/** Inside `enqueueActions`: `event` goes to the rig `rigId`, or is emitted when the child runs alone. */
export function tellRig<E extends EventObject>(system: { get(id: string): AnyActorRef | undefined }, enqueue: Enqueue<E>, rigId: string | null | undefined, event: E): void {
  const rig = rigId ? system.get(rigSystemId(rigId)) : undefined;
  if (rig) enqueue.sendTo(rig, event);
  else enqueue.emit(event);
}
