/**
 * Turns xstate inspection records into `transition` trace records. One observer on the stage's
 * actor system sees every actor of it (DESIGN.md §5), attached by `attachTrace`. High-frequency
 * `step` events return early unless the snapshot actually changed.
 */
import type { ActorSystem, InspectionEvent } from 'xstate';
import { stateName, type TransitionRecord } from './records';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any system: the trace hears every actor's events.
type AnyActorSystem = ActorSystem<any>;

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

/** What the observer remembers of an actor: its last snapshot and the state it was in (undefined: not a machine). */
interface Tracked {
  snapshot: unknown;
  /** The state nodes `state` was named from: a snapshot with the same ones is in the same state. */
  nodes: unknown;
  state: string | undefined;
}

/**
 * The observer plus how many actors it is tracking (a leak check for tests). It hears every
 * inspection event of the system (a few per machine event): all but snapshots return at once,
 * and a snapshot costs one map lookup unless it is new.
 */
export function createInspector(now: () => { t: number; tick: number }, emit: (r: TransitionRecord) => void) {
  const tracked = new Map<unknown, Tracked>();
  const observe = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.snapshot') return;
    const ref = ev.actorRef;
    const snapshot = ev.snapshot as { value?: unknown; status?: string; _nodes?: unknown };
    let entry = tracked.get(ref);
    if (entry !== undefined && entry.snapshot === snapshot) return;
    // Only the context changed (xstate keeps the state node list of an unchanged state): no transition.
    if (entry !== undefined && entry.state !== undefined && snapshot._nodes !== undefined && snapshot._nodes === entry.nodes && snapshot.status !== 'stopped') {
      entry.snapshot = snapshot;
      return;
    }
    if (snapshot.status === 'stopped') {
      // A stopped actor never transitions again: forget it so PLAY/RESET cycles do not accumulate.
      tracked.delete(ref);
      return;
    }
    if (entry === undefined) {
      entry = { snapshot, nodes: undefined, state: undefined };
      tracked.set(ref, entry);
    } else entry.snapshot = snapshot;
    if (snapshot.value === undefined) return;
    entry.nodes = snapshot._nodes;
    const to = stateName(snapshot.value);
    const from = entry.state;
    entry.state = to;
    // The first snapshot only records where the actor starts; a transition needs a change.
    if (from === undefined || from === to) return;
    const { t, tick } = now();
    emit({ t, tick, type: 'transition', actor: actorPath(ev.actorRef as never), from, to, event: ev.event.type });
  };
  const trackedMachines = (): number => {
    let n = 0;
    for (const e of tracked.values()) if (e.state !== undefined) n += 1;
    return n;
  };
  return { observe, tracked: trackedMachines };
}

/**
 * Hands `observe` every inspection event of `system` before xstate spreads it for its observers,
 * and reports whether it could (false: nothing was attached). xstate 5 copies each inspection
 * event (`{ ...event, rootId }`) whenever anyone observes, and a crowd sends ~120 of them a step
 * (an event, a microstep, a snapshot for each actor an event reaches, one more per action), of
 * which the trace reads only snapshots: through the system's own dispatch (`_sendInspectionEvent`,
 * which every actor calls by name) the copies are made only for the observers that ask for them
 * (the timeline, the Stately inspector), and the trace sees the same events in the same order.
 * The dispatch is xstate's internal (5.33, pinned in package.json); `attachTrace` falls back to
 * `system.inspect` if it is not there, and a test says which one a stage got.
 */
export function tapInspection(system: AnyActorSystem, observe: (ev: InspectionEvent) => void): boolean {
  const internal = system as AnyActorSystem & { _sendInspectionEvent?: (ev: InspectionEvent) => void };
  const dispatch = internal._sendInspectionEvent;
  if (typeof dispatch !== 'function') return false;
  internal._sendInspectionEvent = (ev: InspectionEvent) => {
    observe(ev);
    dispatch(ev);
  };
  return true;
}

/** How the trace hears a system: 'tap' (`tapInspection`) or 'inspect' (the public observer). */
export type TraceAttachment = 'tap' | 'inspect';

/** Attaches the trace's observer to `system`, the cheap way when xstate allows it. */
export function attachTrace(system: AnyActorSystem, observe: (ev: InspectionEvent) => void): TraceAttachment {
  if (tapInspection(system, observe)) return 'tap';
  system.inspect(observe);
  return 'inspect';
}
