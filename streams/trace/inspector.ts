/**
 * Turns xstate inspection records into `transition` trace records. One observer on the root
 * actor sees every actor of the system (DESIGN.md §5). High-frequency `step` events return early
 * unless the snapshot actually changed.
 */
import type { InspectionEvent } from 'xstate';
import { stateName, type TransitionRecord } from './records';

/**
 * An actor's path in the trace: its system id (the stage root is `stage`, a rig `rig:<id>`, its
 * children `rig:<id>/<machine>`), else its id.
 */
export function actorPath(ref: { id: string; options?: { systemId?: string } }): string {
  return ref.options?.systemId ?? ref.id;
}

export function createTransitionInspector(now: () => { t: number; tick: number }, emit: (r: TransitionRecord) => void) {
  return createInspector(now, emit).observe;
}

/** The observer plus how many actors it is tracking (a leak check for tests). */
export function createInspector(now: () => { t: number; tick: number }, emit: (r: TransitionRecord) => void) {
  const lastValue = new Map<string, string>();
  const lastSnapshot = new Map<string, unknown>();
  const observe = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.snapshot') return;
    const ref = ev.actorRef as unknown as { id: string; sessionId: string };
    const snapshot = ev.snapshot as { value?: unknown; status?: string };
    if (lastSnapshot.get(ref.sessionId) === snapshot) return;
    if (snapshot.status === 'stopped') {
      // A stopped actor never transitions again: forget it so PLAY/RESET cycles do not accumulate.
      lastSnapshot.delete(ref.sessionId);
      lastValue.delete(ref.sessionId);
      return;
    }
    lastSnapshot.set(ref.sessionId, snapshot);
    if (snapshot.value === undefined) return;
    const to = stateName(snapshot.value);
    const from = lastValue.get(ref.sessionId);
    lastValue.set(ref.sessionId, to);
    // The first snapshot only records where the actor starts; a transition needs a change.
    if (from === undefined || from === to) return;
    const { t, tick } = now();
    emit({ t, tick, type: 'transition', actor: actorPath(ev.actorRef as never), from, to, event: ev.event.type });
  };
  return { observe, tracked: () => lastValue.size };
}
