/**
 * ActionRunner, model-based (DESIGN.md §5, §7; seed phase 6a §8).
 *
 * The graph comes from the machine itself (`createTestModel` from xstate/graph), keyed on the
 * state value plus a coarse context digest so it stays finite. Every generated path (shortest
 * path to each key, then every accepted event from there) is replayed on a real actor, which
 * must agree with the model step by step, and an independent observer checks the emitted
 * `runner.*` stream against the queue semantics: lane order (sequential after the current item
 * and earlier reactions, takeover first), one finish per start, clock-accurate waits and
 * speech, the landing barrier, and queue_finished once per exhaustion; and the rig's state
 * (issue 8): walks and turns never start while the rig is down, a walk interrupted by a fall is
 * stopped and resumed, `ragdoll`/`recover` ask the rig only when it is not already there and
 * finish when it says it is; and prop actions (issue 10): they start only while the rig is up,
 * are handed to the prop interactor as they start, finish with the interactor's answer for the
 * current item (stale answers change nothing, the landing barrier does not hold them back),
 * are taken back from it when a takeover, stop or abandon cancels them; unknown kinds finish
 * skipped at once; and gestures (issue 23): on the lane one starts only while the rig is up and
 * one naming no gesture is skipped as it starts; as an overlay an arms gesture plays beside the
 * lane (one at a time, a newer one replacing it), a whole-body one or one while the rig is down is
 * skipped; both finish when their time is up and a fall cancels them.
 *
 * The runner is the rig machine's child, so the model sends only what the rig can send: its
 * `queue.rigState` follows the rig machine's own edges, the landing barrier exists only in
 * ANIMATED (and the rig lifts it before it goes down), and locomotion reports a walk's end only
 * while the rig is up (a fall stops the walk first); the interactor answers only for the prop
 * item it was handed (or late, for one already cancelled).
 */
import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot, type AnyTransitionDefinition, type Snapshot, type SnapshotFrom, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  actionRunnerMachine,
  type ActionRunnerEmitted,
  type ActionRunnerEvent,
  type Outcome,
  type RigStateName,
} from '../../machines/actionRunnerMachine';
import { rigMachine } from '../../machines/rigMachine';
import { peekNext, pendingItems, reactiveAhead, type LaneItem, type ReactiveMode } from '../../core/actions/lane';
import type { ActionPayload } from '../../core/scene/schema';
import { defaultSpeechSeconds } from '../../core/actions/registry';
import { findGesture, gesturePlaySeconds } from '../../core/gestures';

type Snap = SnapshotFrom<typeof actionRunnerMachine>;
type StateNodeLike = typeof actionRunnerMachine.root;

// ---------------------------------------------------------------------------------------------
// Input and events
// ---------------------------------------------------------------------------------------------

const AUTHORED: LaneItem[] = [
  { id: 'a-walk', origin: 'authored', action: { type: 'walk_to', target_position: [800, 1400] } },
  { id: 'a-wait', origin: 'authored', action: { type: 'wait', seconds: 0.5 } },
  { id: 'a-speak', origin: 'authored', action: { type: 'speak', text: 'Hello', seconds: 0.5 } },
  { id: 'a-face', origin: 'authored', action: { type: 'face', direction: 'LEFT' } },
  { id: 'a-ragdoll', origin: 'authored', action: { type: 'ragdoll' } },
  { id: 'a-recover', origin: 'authored', action: { type: 'recover' } },
  { id: 'a-pick', origin: 'authored', action: { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'auto' } },
  // A gesture naming nothing (a scene gesture since deleted): skipped as it starts.
  { id: 'a-nowhere', origin: 'authored', action: { type: 'gesture', gesture_id: 'nowhere' } },
  // A kind this runner has no state for (a file from a newer build): skipped, never stalls.
  { id: 'a-mystery', origin: 'authored', action: { type: 'juggle' } as unknown as ActionPayload },
];
const INPUT = { rigId: 'stick', items: AUTHORED };

const REACTIVE_ACTIONS: ActionPayload[] = [
  { type: 'walk_to', target_position: [200, 1400] },
  { type: 'wait', seconds: 0.5 },
  // No explicit duration: the registry default (1.5 s for short text) applies.
  { type: 'speak', text: 'Hey' },
  { type: 'face', direction: 'RIGHT' },
  { type: 'ragdoll' },
  { type: 'recover' },
  { type: 'drop_prop' },
  // On the lane it is a timed item; as an overlay it plays beside the lane.
  { type: 'gesture', gesture_id: 'builtin:wave', seconds: 0.5 },
];
/** The prop interactor runs these; the runner hands them over and waits for `queue.propDone`. */
const PROP_KINDS: ReadonlySet<string> = new Set(['pick_up_prop', 'drop_prop', 'throw_prop']);
const isPropKind = (item: LaneItem | null | undefined): boolean => PROP_KINDS.has(item?.action.type ?? '');
/** Kinds the runner knows; any other finishes skipped at once. */
const KNOWN_KINDS: ReadonlySet<string> = new Set(['walk_to', 'wait', 'speak', 'face', 'gesture', 'ragdoll', 'recover', ...PROP_KINDS]);
/** Would this gesture item play (on the lane, or as an overlay)? The model's own check: a built-in, and only an arms one beside the lane. */
const gesturePlays = (item: LaneItem, overlay: boolean): boolean => {
  const g = item.action.type === 'gesture' ? findGesture(item.action.gesture_id) : undefined;
  return !!g && (!overlay || g.body === 'arms');
};
const OUTCOMES: Outcome[] = ['completed', 'skipped', 'cancelled', 'blocked'];
/** A done for an item the runner is not running (one it already cancelled): ignored. */
const STALE_PROP_DONE: Extract<ActionRunnerEvent, { type: 'queue.propDone' }> = { type: 'queue.propDone', itemId: 'long-gone', outcome: 'completed' };
const MODES: ReactiveMode[] = ['sequential', 'takeover', 'overlay'];
const SMALL_DT = 1 / 60;
const BIG_DT = 5;
const RIG_STATES: RigStateName[] = ['ANIMATED', 'RAGDOLL', 'RECOVERING'];

// A reactive prop item has one id whatever its mode: the graph key names the current prop item
// (the interactor's answers carry its id), so one id per kind keeps that key no finer than the kind.
const ENQUEUES: ActionRunnerEvent[] = MODES.flatMap((mode) =>
  REACTIVE_ACTIONS.map((action) => ({
    type: 'queue.enqueue' as const,
    mode,
    item: { id: PROP_KINDS.has(action.type) ? `reactive-${action.type}` : `${mode}-${action.type}`, origin: 'reactive' as const, action },
  })),
).concat([
  // A whole-body gesture cannot run beside the lane: as an overlay it is skipped.
  { type: 'queue.enqueue', mode: 'overlay', item: { id: 'overlay-bow', origin: 'reactive', action: { type: 'gesture', gesture_id: 'builtin:bow' } } },
  // An overlay gesture outlasting the overlay speech (1.5 s): the speech ends while it plays on.
  { type: 'queue.enqueue', mode: 'overlay', item: { id: 'overlay-long-wave', origin: 'reactive', action: { type: 'gesture', gesture_id: 'builtin:wave', seconds: 8 } } },
]);

const EVENTS: ActionRunnerEvent[] = [
  { type: 'queue.start' },
  { type: 'queue.stop' },
  { type: 'queue.abandon' },
  { type: 'queue.block' },
  { type: 'queue.unblock' },
  { type: 'step', dt: SMALL_DT },
  { type: 'step', dt: BIG_DT },
  { type: 'rig.arrived' },
  { type: 'rig.walkBlocked' },
  ...RIG_STATES.map((state) => ({ type: 'queue.rigState' as const, state })),
  ...ENQUEUES,
];

/**
 * The events of a state: the fixed ones, and the interactor's answer for the current prop item
 * (each outcome) besides a stale one. The current item's id is part of the graph key (see
 * `digest`), so every state of a key gets the same answers.
 */
function eventsFor(s: Snap): ActionRunnerEvent[] {
  const cur = s.context.current;
  const answers = isPropKind(cur) ? OUTCOMES.map((outcome) => ({ type: 'queue.propDone' as const, itemId: cur!.id, outcome })) : [];
  return [...EVENTS, STALE_PROP_DONE, ...answers];
}

function eventLabel(e: ActionRunnerEvent): string {
  if (e.type === 'step') return `step(${e.dt === BIG_DT ? '5' : '1/60'})`;
  if (e.type === 'queue.propDone') return e.itemId === STALE_PROP_DONE.itemId ? 'propDone(stale)' : `propDone(${e.outcome})`;
  if (e.type === 'queue.enqueue') return `enqueue(${e.mode} ${e.item.action.type})`;
  if (e.type === 'queue.rigState') return `rig ${e.state}`;
  return e.type;
}

/** Which rig states the rig machine can go to from each one, read from its definition. */
function rigSuccessors(): Record<RigStateName, RigStateName[]> {
  const out = { ANIMATED: [], RAGDOLL: [], RECOVERING: [] } as Record<RigStateName, RigStateName[]>;
  type Node = (typeof rigMachine.root.states)[string];
  // A lifecycle state's transitions and its substates' (RAGDOLL lies FREE or is HELD), by the lifecycle state they reach.
  const visit = (name: RigStateName, node: Node) => {
    for (const list of node.transitions.values()) {
      for (const t of list) {
        const to = t.target?.[0]?.path[0] as RigStateName | undefined;
        if (to && to !== name && !out[name].includes(to)) out[name].push(to);
      }
    }
    for (const child of Object.values(node.states)) visit(name, child);
  };
  for (const [name, node] of Object.entries(rigMachine.root.states)) visit(name as RigStateName, node);
  return out;
}
const RIG_NEXT = rigSuccessors();

/**
 * What the runner's parent can send in this state. The rig announces only its own transitions;
 * TerrainMotion (the landing barrier's owner) lives only in ANIMATED and leaving ANIMATED lifts
 * the barrier before the new state is announced; a fall stops the walk, so locomotion reports
 * arrivals and blocked walks only while the rig is up.
 */
function rigCanSend(s: Snap, e: ActionRunnerEvent): boolean {
  const rig = s.context.rigState;
  switch (e.type) {
    case 'queue.rigState':
      return RIG_NEXT[rig].includes(e.state) && !(rig === 'ANIMATED' && s.context.barrier);
    case 'queue.block':
    case 'rig.arrived':
    case 'rig.walkBlocked':
      return rig === 'ANIMATED';
    case 'queue.propDone':
      // The interactor answers only for what it was handed; a stale answer may come any time.
      return e.itemId === STALE_PROP_DONE.itemId || (isPropKind(s.context.current) && s.context.current!.id === e.itemId);
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Graph key and model
// ---------------------------------------------------------------------------------------------

/** A coarse digest of the context: enough to separate the guards' outcomes, finite. */
function digest(s: Snap) {
  const c = s.context;
  const next = peekNext(c.lane);
  return {
    cur: c.current?.action.type ?? null,
    // The interactor's answers name the current prop item: its id separates keys.
    curId: isPropKind(c.current) ? c.current!.id : null,
    next: next ? `${next.origin}:${next.action.type}` : null,
    had: c.laneHadWork,
    ov: Math.min(c.overlays.length, 2),
    // Which overlay gesture plays (the events hold two lengths): a long one outlasts the speech.
    og: c.overlayGesture?.duration ?? null,
    run: c.elapsed > 0,
    // Any other flag or enum-like field the context carries (boolean, string or null: finite by
    // nature) separates states too, so guards on such fields get their own graph nodes.
    flags: Object.entries(c)
      .filter(([k, v]) => !['laneHadWork', 'current', 'rigId'].includes(k) && (typeof v === 'boolean' || typeof v === 'string' || v === null))
      .map(([k, v]) => `${k}=${String(v)}`)
      .sort(),
  };
}
const serializeState = (s: Snap): string => JSON.stringify({ v: s.value, ...digest(s) });

const model = createTestModel(actionRunnerMachine, {
  input: INPUT,
  events: (s) => eventsFor(s as Snap),
  serializeState: (s) => serializeState(s as Snap),
  filterEvents: (s, e) => rigCanSend(s as Snap, e),
  limit: 200_000,
});

/** One more event after a base path: the state it starts from and the one it must reach. */
interface Extension {
  description: string;
  event: ActionRunnerEvent;
  states: [Snap, Snap];
}

// Shortest path to every key (allowDuplicatePaths keeps paths that are prefixes of others, so
// every key gets its own extensions), then every event the last state accepts.
//
// With a coarse key the traversal stores one representative snapshot per key, so a path's
// `steps[i].state` is that representative, not necessarily what its events produce from the
// initial state. The expected states are therefore recomputed from the events with the pure
// transition function (getNextSnapshot); the real actor must then agree with them exactly.
const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
const initial = shortest[0].steps[0].state as Snap;

function statesOf(events: ActionRunnerEvent[]): Snap[] {
  const out = [initial];
  for (const e of events) out.push(getNextSnapshot(actionRunnerMachine, out[out.length - 1], e));
  return out;
}

const groups = shortest.map((p) => {
  const baseEvents = p.steps.slice(1).map((s) => s.event as ActionRunnerEvent); // drop xstate.init
  const baseStates = statesOf(baseEvents);
  const last = baseStates[baseStates.length - 1];
  // The interactor answers whenever it is done, whatever the runner declares in its state: its
  // answers are tried everywhere the rig can send them, not only where the machine listens.
  const tried = (e: ActionRunnerEvent) => (e.type === 'queue.propDone' || acceptsType(last, e.type)) && rigCanSend(last, e);
  const extensions: Extension[] = eventsFor(last).filter(tried).map((e) => ({
    description: [...baseEvents, e].map(eventLabel).join(' → '),
    event: e,
    states: [last, getNextSnapshot(actionRunnerMachine, last, e)],
  }));
  return {
    /** The key the model meant this path to reach. */
    key: serializeState(p.state as Snap),
    base: { description: baseEvents.map(eventLabel).join(' → ') || '(initial)', events: baseEvents, states: baseStates },
    extensions,
  };
});

/** True when an active state node (or an ancestor) declares a transition for this event type. */
function acceptsType(s: Snap, type: string): boolean {
  return (s as unknown as { _nodes: StateNodeLike[] })._nodes.some((n) => n.transitions.has(type));
}

// ---------------------------------------------------------------------------------------------
// What the machine declares
// ---------------------------------------------------------------------------------------------

function guardLabel(t: AnyTransitionDefinition): string {
  const g = t.guard as unknown;
  if (!g) return '';
  if (typeof g === 'string') return `[${g}]`;
  if (typeof g === 'function') return '[inline]';
  return `[${(g as { type?: string }).type ?? '?'}]`;
}

/** Every transition the machine declares (each guarded candidate separately), by identity. */
function declaredTransitions(): Map<AnyTransitionDefinition, string> {
  const out = new Map<AnyTransitionDefinition, string>();
  const walk = (node: StateNodeLike) => {
    const path = node.path.join('.') || '(root)';
    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => out.set(t, `${path} ${eventType}#${i}${guardLabel(t)}`));
    }
    (node.always ?? []).forEach((t, i) => out.set(t, `${path} always#${i}${guardLabel(t)}`));
    for (const child of Object.values(node.states)) walk(child as StateNodeLike);
  };
  walk(actionRunnerMachine.root);
  return out;
}

/** Every state value the machine can be in (products of parallel regions), from its definition. */
function declaredValues(node: StateNodeLike = actionRunnerMachine.root): StateValue[] {
  const children = Object.entries(node.states) as Array<[string, StateNodeLike]>;
  const inner = (child: StateNodeLike, key: string): StateValue[] =>
    Object.keys(child.states).length === 0 ? [key] : declaredValues(child).map((v) => ({ [key]: v }));
  if (node.type === 'parallel') {
    let acc: Array<Record<string, StateValue>> = [{}];
    for (const [key, child] of children) {
      const vals = Object.keys(child.states).length === 0 ? [{}] : declaredValues(child);
      acc = acc.flatMap((a) => vals.map((v) => ({ ...a, [key]: v })));
    }
    return acc;
  }
  return children.flatMap(([key, child]) => inner(child, key));
}

// ---------------------------------------------------------------------------------------------
// Replay on a real actor, with an independent observer of the emitted stream
// ---------------------------------------------------------------------------------------------

const VALID_OUTCOMES: Outcome[] = ['completed', 'skipped', 'cancelled', 'blocked'];

function durationOf(a: ActionPayload): number {
  if (a.type === 'wait') return a.seconds;
  if (a.type === 'speak') return a.seconds ?? defaultSpeechSeconds(a.text);
  if (a.type === 'gesture') {
    const g = findGesture(a.gesture_id);
    return g ? gesturePlaySeconds(g, a.seconds) : 0;
  }
  return 0;
}

/** Context without item ids (the replay renames reactive items so every id is unique). */
function contextDigest(s: Snap) {
  const c = s.context;
  const item = (i: LaneItem | null) => (i ? { origin: i.origin, action: i.action } : null);
  return {
    lane: { pending: pendingItems(c.lane).map(item), taken: c.lane.taken, reactiveAhead: reactiveAhead(c.lane) },
    current: item(c.current),
    elapsed: c.elapsed,
    duration: c.duration,
    overlays: c.overlays.map((o) => ({ item: item(o.item), text: o.text, remaining: o.remaining })),
    laneHadWork: c.laneHadWork,
    rigState: c.rigState,
  };
}

/** The actor is where the pure transition function says (value and context digest). */
function expectSame(actual: Snap, expected: Snap, where: string): void {
  const a = JSON.stringify({ value: actual.value, context: contextDigest(actual) });
  const b = JSON.stringify({ value: expected.value, context: contextDigest(expected) });
  // Compared as strings (fast); on a mismatch, as objects (a readable diff).
  if (a !== b) expect(JSON.parse(a), where).toEqual(JSON.parse(b));
}

interface ReplayResult {
  taken: Set<AnyTransitionDefinition>;
  values: string[];
  /** Where the replay ended, to continue from: the actor's persisted snapshot and the observer. */
  fork: ReplayFork;
}

/** A replay's end state. A path's extensions continue from its base's fork, not from scratch. */
interface ReplayFork {
  snapshot: Snapshot<unknown>;
  observer: Observer;
  /** How many events were sent before (enqueued item ids are numbered by event index). */
  sent: number;
}

function uniqueIds(raw: ActionRunnerEvent, index: number, now: Snap): ActionRunnerEvent {
  if (raw.type === 'queue.enqueue') return { ...raw, item: { ...raw.item, id: `${raw.item.id}@${index}` } };
  const cur = now.context.current;
  if (raw.type === 'queue.propDone' && cur && cur.id.replace(/@\d+$/, '') === raw.itemId) return { ...raw, itemId: cur.id };
  return raw;
}

/**
 * Replays `events` on a real actor, from the start or from a fork of an earlier replay. If
 * `expected` states are given (the first one is the starting state), the actor must match each
 * (state value and the context digest). Throws (via expect) on any broken invariant.
 */
function replay(events: ActionRunnerEvent[], expected?: Snap[], from?: ReplayFork): ReplayResult {
  const taken = new Set<AnyTransitionDefinition>();
  const actor = createActor(actionRunnerMachine, {
    input: INPUT,
    ...(from ? { snapshot: from.snapshot } : {}),
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') for (const t of ev._transitions) taken.add(t);
    },
  });
  const obs = from ? from.observer.clone() : new Observer();
  const offset = from?.sent ?? 0;
  // Listeners must not throw inside the actor: buffer, then check after each send.
  const buffer: ActionRunnerEmitted[] = [];
  actor.on('*', (e) => buffer.push(e));
  actor.start();
  const values = [JSON.stringify(actor.getSnapshot().value)];
  if (expected) expectSame(actor.getSnapshot(), expected[0], 'at the start');
  events.forEach((raw, j) => {
    const i = offset + j;
    // Unique ids per enqueued item, so "one finish per start" is checked per item; the
    // interactor's answer for the current item names it by its unique id.
    const event = uniqueIds(raw, i, actor.getSnapshot());
    obs.before(event, actor.getSnapshot());
    actor.send(event);
    const batch = buffer.splice(0, buffer.length);
    for (const e of batch) obs.onEmitted(e);
    obs.after(event, actor.getSnapshot());
    const snap = actor.getSnapshot();
    values.push(JSON.stringify(snap.value));
    if (expected) expectSame(snap, expected[j + 1], `after ${eventLabel(raw)} (#${i + 1})`);
  });
  obs.end(actor.getSnapshot());
  const fork = { snapshot: actor.getPersistedSnapshot(), observer: obs, sent: offset + events.length };
  actor.stop();
  return { taken, values, fork };
}

/**
 * The observer keeps its own picture of the queue from the events it sends (not from the
 * machine's context) and checks every emission against it.
 */
class Observer {
  running = false;
  /** The physical landing barrier: from queue.block until queue.unblock. */
  barrier = false;
  /** Pending reactive primary items (front) and the authored future. */
  refR: LaneItem[] = [];
  refA: LaneItem[] = [...AUTHORED];
  /**
   * `ended`: how a walk ended behind the landing barrier (it may only finish once released).
   * `paused`: the walk was stopped by a fall and must resume when the rig is up again.
   */
  inFlight: { item: LaneItem; acc: number; ended: 'arrived' | 'walkBlocked' | null; paused: boolean } | null = null;
  overlays = new Map<string, { item: LaneItem; acc: number }>();
  /** The overlay gesture playing (one at a time). */
  overlayGesture: { item: LaneItem; acc: number } | null = null;
  /** The overlay gesture a fall, a stop or a newer one ends on the current event. */
  gestureEndedOnThisEvent: string | null = null;
  starts = new Map<string, number>();
  finishes = new Map<string, number>();
  workSinceQueueFinished = false;
  lastEmitted: ActionRunnerEmitted | null = null;
  /** What the event being processed may legally cause. */
  current: ActionRunnerEvent | null = null;
  cancelledOnThisEvent: string | null = null;
  timeUpOnThisEvent = new Set<string>();
  /** The rig's state as this observer told the runner, before and after the current event. */
  rigBefore: RigStateName = 'ANIMATED';
  rig: RigStateName = 'ANIMATED';
  /** The primary item in flight when the current event arrived, and the one it started. */
  flightBefore: LaneItem | null = null;
  startedNow: LaneItem | null = null;
  walksNow = 0;
  stopWalksNow = 0;
  requestsNow: Array<'ragdoll' | 'recover'> = [];
  /** Prop items handed to the interactor, and taken back from it, on the current event. */
  propActionsNow: string[] = [];
  propCancelsNow: string[] = [];
  emittedNow = 0;

  before(event: ActionRunnerEvent, snap: Snap): void {
    this.current = event;
    this.cancelledOnThisEvent = null;
    this.timeUpOnThisEvent.clear();
    this.rigBefore = this.rig;
    if (event.type === 'queue.rigState') this.rig = event.state;
    this.flightBefore = this.inFlight?.item ?? null;
    this.startedNow = null;
    this.walksNow = 0;
    this.stopWalksNow = 0;
    this.requestsNow = [];
    this.propActionsNow = [];
    this.propCancelsNow = [];
    this.emittedNow = 0;
    this.gestureEndedOnThisEvent = null;
    const laneBlocked = snap.matches({ running: { lane: 'blocked' } });
    if (event.type === 'step' && this.running) {
      const dt = event.dt;
      // The primary clock runs only while the lane is not blocked (it counts in waiting/speaking).
      if (this.inFlight && !laneBlocked && ['wait', 'speak', 'gesture'].includes(this.inFlight.item.action.type)) {
        this.inFlight.acc += dt;
        if (this.inFlight.acc >= durationOf(this.inFlight.item.action) - 1e-9) this.timeUpOnThisEvent.add(this.inFlight.item.id);
      }
      // Overlay speech counts every step, blocked or not.
      for (const o of this.overlays.values()) {
        o.acc += dt;
        if (o.acc >= durationOf(o.item.action) - 1e-9) this.timeUpOnThisEvent.add(o.item.id);
      }
      // So does an overlay gesture.
      const g = this.overlayGesture;
      if (g) {
        g.acc += dt;
        if (g.acc >= durationOf(g.item.action) - 1e-9) this.timeUpOnThisEvent.add(g.item.id);
      }
    }
    // A fall interrupts a gesture, on the lane or beside it: it ends cancelled.
    if (event.type === 'queue.rigState' && this.running && this.rigBefore === 'ANIMATED' && event.state !== 'ANIMATED') {
      if (this.inFlight?.item.action.type === 'gesture') this.cancelledOnThisEvent = this.inFlight.item.id;
      if (this.overlayGesture) this.gestureEndedOnThisEvent = this.overlayGesture.item.id;
    }
    // A newer overlay gesture that plays replaces the one playing; stopping the queue ends it.
    if (this.overlayGesture && this.running && event.type === 'queue.enqueue' && event.mode === 'overlay' && this.rig === 'ANIMATED' && gesturePlays(event.item, true)) {
      this.gestureEndedOnThisEvent = this.overlayGesture.item.id;
    }
    if ((event.type === 'queue.stop' || event.type === 'queue.abandon') && this.running && this.overlayGesture) this.gestureEndedOnThisEvent = this.overlayGesture.item.id;
    if (event.type === 'queue.enqueue' && event.mode !== 'overlay') {
      // Primary work is accepted in every state (it waits in the lane while stopped or blocked).
      if (event.mode === 'takeover') {
        if (this.running && this.inFlight) this.cancelledOnThisEvent = this.inFlight.item.id;
        this.refR = [event.item, ...this.refR];
      } else {
        this.refR = [...this.refR, event.item];
      }
    }
    if ((event.type === 'queue.stop' || event.type === 'queue.abandon') && this.running) {
      if (this.inFlight) this.cancelledOnThisEvent = this.inFlight.item.id;
    }
    if ((event.type === 'rig.arrived' || event.type === 'rig.walkBlocked') && this.running && this.barrier && this.inFlight?.item.action.type === 'walk_to' && !this.inFlight.ended) {
      this.inFlight.ended = event.type === 'rig.arrived' ? 'arrived' : 'walkBlocked';
    }
    if (event.type === 'queue.block') this.barrier = true;
    if (event.type === 'queue.unblock') this.barrier = false;
  }

  onEmitted(e: ActionRunnerEmitted): void {
    const ev = this.current!;
    this.emittedNow += 1;
    switch (e.type) {
      case 'runner.started': {
        expect(this.running, 'nothing starts while the queue is stopped').toBe(true);
        this.starts.set(e.item.id, (this.starts.get(e.item.id) ?? 0) + 1);
        expect(this.starts.get(e.item.id), `${e.item.id} started twice`).toBe(1);
        if (e.overlay) {
          expect(ev.type === 'queue.enqueue' && ev.mode === 'overlay' && ev.item.id === e.item.id, 'an overlay starts when it is enqueued').toBe(true);
          if (e.item.action.type === 'speak') this.overlays.set(e.item.id, { item: e.item, acc: 0 });
          if (e.item.action.type === 'gesture' && this.rig === 'ANIMATED' && gesturePlays(e.item, true)) {
            expect(this.overlayGesture, 'the overlay gesture it replaces has finished first').toBeNull();
            this.overlayGesture = { item: e.item, acc: 0 };
          }
        } else {
          expect(this.barrier, `primary ${e.item.id} started behind the landing barrier`).toBe(false);
          expect(this.inFlight, 'one primary item at a time').toBeNull();
          expect(ev.type, 'primary items start on a step').toBe('step');
          const startKind = e.item.action.type;
          // The rig cannot walk, turn or handle a prop on the floor: those wait until it is ANIMATED again.
          if (startKind === 'walk_to' || startKind === 'face' || PROP_KINDS.has(startKind) || (startKind === 'gesture' && gesturePlays(e.item, false))) expect(this.rig, `${startKind} started while the rig is ${this.rig}`).toBe('ANIMATED');
          const expectedNext = this.refR[0] ?? this.refA[0];
          expect(e.item.id, 'the lane order: reactive (takeover first, then sequential in arrival order), then the authored future').toBe(expectedNext?.id);
          if (this.refR.length) this.refR.shift();
          else this.refA.shift();
          this.inFlight = { item: e.item, acc: 0, ended: null, paused: false };
          this.startedNow = e.item;
          this.workSinceQueueFinished = true;
        }
        break;
      }
      case 'runner.finished': {
        expect(VALID_OUTCOMES).toContain(e.outcome);
        expect(this.starts.get(e.item.id), `${e.item.id} finished without starting`).toBe(1);
        this.finishes.set(e.item.id, (this.finishes.get(e.item.id) ?? 0) + 1);
        expect(this.finishes.get(e.item.id), `${e.item.id} finished twice`).toBe(1);
        const kind = e.item.action.type;
        if (e.overlay && kind === 'gesture') {
          if (this.overlayGesture?.item.id === e.item.id) {
            // It played: it ends when its time is up, or cancelled by a fall, a stop or a newer one.
            if (e.outcome === 'completed') expect(this.timeUpOnThisEvent.has(e.item.id), `overlay ${e.item.id} finished before its time`).toBe(true);
            else expect(e.outcome === 'cancelled' && this.gestureEndedOnThisEvent === e.item.id, `overlay gesture ${e.outcome} on ${eventLabel(ev)}`).toBe(true);
            this.overlayGesture = null;
          } else {
            // It never played: a whole-body one, one naming nothing, or the rig down.
            expect(e.outcome).toBe('skipped');
            expect(this.rig !== 'ANIMATED' || !gesturePlays(e.item, true), `${e.item.id} could have played`).toBe(true);
            expect(this.lastEmitted).toEqual({ type: 'runner.started', item: e.item, overlay: true });
          }
        } else if (e.overlay) {
          if (e.outcome === 'cancelled') expect(['queue.stop', 'queue.abandon']).toContain(ev.type);
          else if (kind === 'speak') {
            expect(e.outcome).toBe('completed');
            expect(this.timeUpOnThisEvent.has(e.item.id), `overlay ${e.item.id} finished before its time`).toBe(true);
            expect(this.lastEmitted).toEqual({ type: 'runner.speechFinished', text: (e.item.action as { text: string }).text, overlay: true });
          } else if (kind === 'face') expect(e.outcome).toBe('completed');
          else expect(e.outcome, `a ${kind} overlay is skipped`).toBe('skipped');
          this.overlays.delete(e.item.id);
        } else {
          expect(this.inFlight?.item.id, 'only the current primary item finishes').toBe(e.item.id);
          if (PROP_KINDS.has(kind) && ev.type === 'queue.propDone' && ev.itemId === e.item.id) {
            // The interactor's answer for the running prop item ends it with its outcome, whatever
            // the outcome and even behind the landing barrier (the interactor keeps its own clock).
            expect(e.outcome, 'a prop item finishes with the interactor\'s outcome').toBe(ev.outcome);
            expect(this.flightBefore?.id, 'the answer comes after the start').toBe(e.item.id);
          } else if (e.outcome === 'cancelled') {
            expect(this.cancelledOnThisEvent, 'cancelled only by a takeover or stop (or a fall, for a gesture)').toBe(e.item.id);
            if (kind === 'walk_to') expect(this.lastEmitted).toEqual({ type: 'runner.stopWalk' });
            // The interactor is told first, so it lets go of its claim before the queue moves on.
            if (PROP_KINDS.has(kind)) expect(this.lastEmitted).toEqual({ type: 'runner.propCancel', item: e.item });
          } else if (e.outcome === 'blocked' && ev.type === 'queue.abandon') {
            // The stickman left the stage: whatever ran can never finish.
            expect(this.cancelledOnThisEvent, 'abandoned only by queue.abandon').toBe(e.item.id);
            if (kind === 'walk_to') expect(this.lastEmitted).toEqual({ type: 'runner.stopWalk' });
            if (PROP_KINDS.has(kind)) expect(this.lastEmitted).toEqual({ type: 'runner.propCancel', item: e.item });
          } else if (e.outcome === 'skipped' && kind === 'gesture') {
            // A gesture naming nothing is skipped as it starts, rig up or down.
            expect(gesturePlays(e.item, false), `${e.item.id} names a gesture`).toBe(false);
            expect(this.startedNow?.id, `${e.item.id} is skipped on the step it starts`).toBe(e.item.id);
          } else if (e.outcome === 'skipped' && !KNOWN_KINDS.has(kind)) {
            // A kind this runner cannot run is skipped as it starts, rig up or down.
            expect(this.startedNow?.id, `${e.item.id} is skipped on the step it starts`).toBe(e.item.id);
            expect(this.lastEmitted).toEqual({ type: 'runner.started', item: e.item, overlay: false });
          } else if (e.outcome === 'skipped') {
            // ragdoll/recover are skipped at once when the rig is already where they would take it.
            expect(['ragdoll', 'recover'], `a primary ${kind} is never skipped`).toContain(kind);
            expect(this.startedNow?.id, `${e.item.id} is skipped on the step it starts`).toBe(e.item.id);
            expect(this.rig, `${kind} skipped while the rig is ${this.rig}`).toBe(kind === 'ragdoll' ? 'RAGDOLL' : 'ANIMATED');
          } else if (e.outcome === 'blocked') {
            expect(kind).toBe('walk_to');
            expect(this.rig, 'a walk never ends while the rig is down').toBe('ANIMATED');
            expect(this.barrier, `${e.item.id} finished behind the landing barrier`).toBe(false);
            expect(ev.type === 'rig.walkBlocked' || (ev.type === 'queue.unblock' && this.inFlight?.ended === 'walkBlocked'), `walk blocked on ${ev.type}`).toBe(true);
          } else {
            expect(e.outcome).toBe('completed');
            // Seed 6a §8: while blocked, WAITING does not decrement and WALKING cannot finish.
            expect(this.barrier, `${e.item.id} completed behind the landing barrier`).toBe(false);
            // A walk completes on its arrival, or when the barrier lifts after arriving behind it.
            if (kind === 'walk_to') {
              expect(ev.type === 'rig.arrived' || (ev.type === 'queue.unblock' && this.inFlight?.ended === 'arrived'), `walk completed on ${ev.type}`).toBe(true);
              expect(this.rig, 'a walk never ends while the rig is down').toBe('ANIMATED');
            } else if (kind === 'ragdoll' || kind === 'recover') {
              // It asked the rig when it started; it completes when the rig says it is there.
              const target: RigStateName = kind === 'ragdoll' ? 'RAGDOLL' : 'ANIMATED';
              expect(ev.type === 'queue.rigState' && ev.state === target, `${kind} completed on ${eventLabel(ev)}`).toBe(true);
              expect(this.flightBefore?.id, `${kind} completes after it started`).toBe(e.item.id);
            } else if (kind === 'face') {
              expect(ev.type).toBe('step');
              expect(this.lastEmitted).toEqual({ type: 'runner.face', direction: (e.item.action as { direction: string }).direction });
            } else {
              expect(this.timeUpOnThisEvent.has(e.item.id), `${e.item.id} finished before its time`).toBe(true);
              if (kind === 'speak') expect(this.lastEmitted).toEqual({ type: 'runner.speechFinished', text: (e.item.action as { text: string }).text, overlay: false });
            }
          }
          this.inFlight = null;
        }
        break;
      }
      case 'runner.queueFinished':
        expect(ev.type).toBe('step');
        expect(this.inFlight, 'queue_finished only when nothing runs').toBeNull();
        expect(this.refR.length + this.refA.length, 'queue_finished only when the lane is exhausted').toBe(0);
        expect(this.workSinceQueueFinished, 'queue_finished twice without new work').toBe(true);
        this.workSinceQueueFinished = false;
        break;
      case 'runner.walk':
        expect(this.inFlight?.item.action.type).toBe('walk_to');
        expect(e.item.id).toBe(this.inFlight?.item.id);
        expect(this.rig, 'a walk is sent only while the rig is up').toBe('ANIMATED');
        if (this.startedNow?.id === e.item.id) {
          expect(this.lastEmitted).toEqual({ type: 'runner.started', item: e.item, overlay: false });
        } else {
          // A resume: the fall stopped this walk, and the rig is up again now.
          expect(ev.type === 'queue.rigState' && this.rigBefore !== 'ANIMATED', `a walk resumes only as the rig stands up (on ${eventLabel(ev)})`).toBe(true);
          expect(this.inFlight?.paused, 'only a paused walk resumes').toBe(true);
          this.inFlight!.paused = false;
        }
        this.walksNow += 1;
        break;
      case 'runner.stopWalk':
        expect(this.inFlight?.item.action.type).toBe('walk_to');
        if (ev.type === 'queue.rigState') {
          // A fall pauses the walk (it is not finished: it resumes when the rig is up).
          expect(this.rigBefore === 'ANIMATED' && this.rig !== 'ANIMATED', `stop walk on ${this.rigBefore} → ${this.rig}`).toBe(true);
          this.inFlight!.paused = true;
        } else {
          expect(this.cancelledOnThisEvent).toBe(this.inFlight?.item.id);
        }
        this.stopWalksNow += 1;
        break;
      // What the runner asks of its rig (on its own here, it emits what it would tell the rig).
      case 'rig.setRagdoll':
      case 'rig.recover': {
        const kind = e.type === 'rig.setRagdoll' ? 'ragdoll' : 'recover';
        if (e.type === 'rig.setRagdoll') expect(e.cause, 'a queued ragdoll is the action\'s').toBe('action');
        // Asked exactly as the item starts, and only when the rig is not there already.
        expect(this.startedNow?.action.type, `${e.type} comes with the start of a ${kind} item`).toBe(kind);
        expect(this.lastEmitted).toEqual({ type: 'runner.started', item: this.startedNow, overlay: false });
        expect(this.rig, `${e.type} while the rig is ${this.rig}`).not.toBe(kind === 'ragdoll' ? 'RAGDOLL' : 'ANIMATED');
        this.requestsNow.push(kind);
        break;
      }
      case 'runner.face':
        expect(this.lastEmitted?.type).toBe('runner.started');
        break;
      case 'runner.propAction':
        // Handed to the interactor exactly as it starts (the rig is up: checked at the start).
        expect(PROP_KINDS.has(e.item.action.type), `${e.item.action.type} is not a prop action`).toBe(true);
        expect(this.startedNow?.id, 'a prop item is handed over as it starts').toBe(e.item.id);
        expect(this.lastEmitted).toEqual({ type: 'runner.started', item: e.item, overlay: false });
        this.propActionsNow.push(e.item.id);
        break;
      case 'runner.propCancel':
        expect(PROP_KINDS.has(e.item.action.type), `${e.item.action.type} is not a prop action`).toBe(true);
        expect(this.inFlight?.item.id, 'only the running prop item is taken back').toBe(e.item.id);
        expect(this.cancelledOnThisEvent, 'taken back only by a takeover, stop or abandon').toBe(e.item.id);
        this.propCancelsNow.push(e.item.id);
        break;
      case 'runner.speechFinished':
        break;
    }
    this.lastEmitted = e;
  }

  after(event: ActionRunnerEvent, snap: Snap): void {
    this.running = snap.value !== 'stopped';
    // A ragdoll/recover item that started now asked the rig (once) unless it was already there.
    const startedKind = this.startedNow?.action.type;
    if (startedKind === 'ragdoll' || startedKind === 'recover') {
      const there = this.rig === (startedKind === 'ragdoll' ? 'RAGDOLL' : 'ANIMATED');
      expect(this.requestsNow, `${startedKind} started with the rig ${this.rig}`).toEqual(there ? [] : [startedKind]);
      expect(this.finishes.get(this.startedNow!.id) ?? 0, `${startedKind} with the rig ${this.rig} finishes ${there ? 'at once' : 'later'}`).toBe(there ? 1 : 0);
    } else {
      expect(this.requestsNow, 'requests only when a ragdoll/recover item starts').toEqual([]);
    }
    // A prop item is handed over once as it starts and runs until the interactor answers; an
    // unknown kind is never handed over and is already finished.
    const started = this.startedNow;
    expect(this.propActionsNow, 'prop actions only as a prop item starts').toEqual(started && isPropKind(started) ? [started.id] : []);
    if (started && isPropKind(started)) expect(this.finishes.get(started.id) ?? 0, `${started.id} waits for the interactor`).toBe(0);
    if (started && !KNOWN_KINDS.has(started.action.type)) expect(this.finishes.get(started.id) ?? 0, `${started.id} is skipped at once`).toBe(1);
    // A prop item cancelled or abandoned is taken back from the interactor, once.
    const takenBack = this.cancelledOnThisEvent !== null && isPropKind(this.flightBefore) && this.flightBefore!.id === this.cancelledOnThisEvent;
    expect(this.propCancelsNow, 'prop cancels only for a cancelled prop item').toEqual(takenBack ? [this.flightBefore!.id] : []);
    if (event.type === 'queue.propDone') {
      if (isPropKind(this.flightBefore) && this.flightBefore!.id === event.itemId) {
        expect(this.finishes.get(event.itemId) ?? 0, `the answer for ${event.itemId} finishes it`).toBe(1);
      } else {
        expect(this.emittedNow, 'an answer for an item not running changes nothing').toBe(0);
      }
    }
    // The landing barrier lifted with a prop item still running: it waits for the interactor again.
    if (event.type === 'queue.unblock' && this.running && isPropKind(this.inFlight?.item)) {
      expect(snap.matches({ running: { lane: 'propWorking' } }), 'unblock returns to propWorking').toBe(true);
    }
    if (event.type === 'queue.rigState' && this.flightBefore) {
      const kind = this.flightBefore.action.type;
      // A fall ends a gesture in flight (cancelled).
      if (kind === 'gesture' && this.rigBefore === 'ANIMATED' && event.state !== 'ANIMATED') {
        expect(this.finishes.get(this.flightBefore.id) ?? 0, `a fall ends gesture ${this.flightBefore.id}`).toBe(1);
      }
      // The rig got where a waiting ragdoll/recover asked: it is done now.
      if ((kind === 'ragdoll' && event.state === 'RAGDOLL') || (kind === 'recover' && event.state === 'ANIMATED')) {
        expect(this.finishes.get(this.flightBefore.id) ?? 0, `${kind} must complete when the rig is ${event.state}`).toBe(1);
      }
      // A walk in flight pauses when the rig goes down and resumes (once) when it is up again.
      const down = (r: RigStateName) => r !== 'ANIMATED';
      if (kind === 'walk_to') {
        expect(this.stopWalksNow, `walk on rig ${this.rigBefore} → ${this.rig}: stop`).toBe(!down(this.rigBefore) && down(this.rig) ? 1 : 0);
        expect(this.walksNow, `walk on rig ${this.rigBefore} → ${this.rig}: resume`).toBe(down(this.rigBefore) && !down(this.rig) ? 1 : 0);
        expect(this.inFlight?.item.id, 'the rig changing state does not end a walk').toBe(this.flightBefore.id);
      }
      // A fall does not end a prop item here: the interactor's disarm answers for it.
      if (PROP_KINDS.has(kind)) expect(this.inFlight?.item.id, 'the rig changing state does not end a prop item').toBe(this.flightBefore.id);
    }
    // A walk runs only while the rig is up; while it is down, it is paused.
    if (this.inFlight?.item.action.type === 'walk_to') expect(this.inFlight.paused, `walk paused with the rig ${this.rig}`).toBe(this.rig !== 'ANIMATED');
    expect(snap.context.rigState, 'the runner keeps the rig state it was told').toBe(this.rig);
    if (event.type === 'queue.stop' || event.type === 'queue.abandon') {
      // stop_queue (and leaving the stage) drops the authored future and pending reactions.
      this.refR = [];
      this.refA = [];
      expect(this.inFlight, 'stop ends the current item').toBeNull();
      expect(this.overlays.size, 'stop cancels overlay speech').toBe(0);
      expect(this.overlayGesture, 'stop cancels the overlay gesture').toBeNull();
      this.workSinceQueueFinished = false;
    }
    if (event.type === 'queue.enqueue' && event.mode === 'takeover' && this.cancelledOnThisEvent) {
      expect(this.inFlight, 'a takeover cancels the current primary item at once').toBeNull();
    }
    // Anything whose clock ran out on this step must have finished on it (unless blocked/stopped).
    for (const id of this.timeUpOnThisEvent) {
      expect(this.finishes.get(id) ?? 0, `${id}: its time was up on this step`).toBe(1);
    }
    // The machine's current item is the one the observer thinks is running.
    expect(snap.context.current?.id ?? null).toBe(this.inFlight?.item.id ?? null);
    expect(snap.context.overlays.map((o) => o.item.id).sort()).toEqual([...this.overlays.keys()].sort());
    expect(snap.context.overlayGesture?.item.id ?? null, 'the overlay gesture playing').toBe(this.overlayGesture?.item.id ?? null);
    if (this.gestureEndedOnThisEvent) expect(this.finishes.get(this.gestureEndedOnThisEvent) ?? 0, `${this.gestureEndedOnThisEvent} ended on ${eventLabel(event)}`).toBe(1);
    // The overlay region says what plays beside the lane: speech (talking), a gesture alone (gesturing), or nothing.
    if (this.running) {
      const region = this.overlays.size > 0 ? 'talking' : this.overlayGesture ? 'gesturing' : 'quiet';
      expect(snap.matches({ running: { overlay: region } }), `overlay region ${region}`).toBe(true);
    }
  }

  /** An independent copy, so each extension of a base path continues from the same picture. */
  clone(): Observer {
    const o = new Observer();
    Object.assign(o, this);
    o.refR = [...this.refR];
    o.refA = [...this.refA];
    o.inFlight = this.inFlight && { ...this.inFlight };
    o.overlays = new Map([...this.overlays].map(([id, v]) => [id, { ...v }]));
    o.overlayGesture = this.overlayGesture && { ...this.overlayGesture };
    o.starts = new Map(this.starts);
    o.finishes = new Map(this.finishes);
    o.timeUpOnThisEvent = new Set(this.timeUpOnThisEvent);
    o.requestsNow = [...this.requestsNow];
    o.propActionsNow = [...this.propActionsNow];
    o.propCancelsNow = [...this.propCancelsNow];
    return o;
  }

  end(snap: Snap): void {
    // Every start is matched by exactly one finish, or is still current / still speaking.
    const live = new Set([snap.context.current?.id, ...snap.context.overlays.map((o) => o.item.id), snap.context.overlayGesture?.item.id].filter(Boolean));
    for (const [id, n] of this.starts) {
      expect(n).toBe(1);
      const f = this.finishes.get(id) ?? 0;
      if (live.has(id)) expect(f, `${id} is still running but already finished`).toBe(0);
      else expect(f, `${id} started but never finished`).toBe(1);
    }
    for (const id of this.finishes.keys()) expect(this.starts.has(id), `${id} finished without a start`).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('actionRunner machine (model-based, xstate/graph)', () => {
  it('the graph is finite and small enough to replay', () => {
    expect(groups.length).toBeGreaterThan(20);
    expect(groups.length).toBeLessThan(4000);
    // Keys are distinct, and replaying each path's events from the start reaches the key the
    // model meant (the coarse key does not make the paths lie).
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
    for (const g of groups) expect(serializeState(g.base.states.at(-1)!), g.base.description).toBe(g.key);
  });

  // What the replays below took and reached (collected as they run, asserted after them: one
  // replay of every path serves both the invariants and the coverage).
  const taken = new Set<AnyTransitionDefinition>();
  const reached = new Set<string>();
  const replayed = new Set<string>();

  describe('every generated path replays on a real actor with the queue invariants', () => {
    for (const g of groups) {
      it(`${g.base.description}  [${g.key}]`, () => {
        const base = replay(g.base.events, g.base.states);
        const runs = [base];
        for (const p of g.extensions) {
          try {
            runs.push(replay([p.event], p.states, base.fork));
          } catch (err) {
            (err as Error).message = `${p.description}: ${(err as Error).message}`;
            throw err;
          }
        }
        for (const r of runs) {
          for (const t of r.taken) taken.add(t);
          for (const v of r.values) reached.add(v);
        }
        replayed.add(g.key);
      });
    }
  });

  it('the generated paths reach every declared state and take every declared transition', () => {
    expect(replayed.size, 'every path was replayed above (run the whole file)').toBe(groups.length);
    const declared = declaredTransitions();
    const labels = new Set([...taken].map((t) => declared.get(t)).filter((l): l is string => l !== undefined));
    const allValues = declaredValues().map((v) => JSON.stringify(v)).sort();
    expect(allValues).toHaveLength(28); // stopped + 9 lane states × 3 overlay states
    // A recover runs only while the rig is down; a fall ends the overlay gesture and none starts
    // while the rig is down: the two never meet.
    const never = [JSON.stringify({ running: { lane: 'recovering', overlay: 'gesturing' } })];
    expect([...reached].sort()).toEqual(allValues.filter((v) => !never.includes(v)));
    expect([...labels].sort()).toEqual([...declared.values()].sort());
  });
});

// ---------------------------------------------------------------------------------------------
// Focused scenarios
// ---------------------------------------------------------------------------------------------

const step = (dt = SMALL_DT): ActionRunnerEvent => ({ type: 'step', dt });
const enqueue = (id: string, mode: ReactiveMode, action: ActionPayload): ActionRunnerEvent => ({
  type: 'queue.enqueue', mode, item: { id, origin: 'reactive', action },
});

function run(items: LaneItem[], events: ActionRunnerEvent[]) {
  const actor = createActor(actionRunnerMachine, { input: { rigId: 'stick', items } });
  const out: ActionRunnerEmitted[] = [];
  actor.on('*', (e) => out.push(e));
  actor.start();
  for (const e of events) actor.send(e);
  return { actor, out, brief: out.map(brief) };
}

const brief = (e: ActionRunnerEmitted): string => {
  switch (e.type) {
    case 'runner.started': return `start ${e.item.id}${e.overlay ? ' (overlay)' : ''}`;
    case 'runner.finished': return `finish ${e.item.id} ${e.outcome}`;
    case 'runner.queueFinished': return 'queue finished';
    case 'runner.speechFinished': return `speech ${e.text}`;
    case 'runner.walk': return 'walk';
    case 'runner.stopWalk': return 'stop walk';
    case 'runner.face': return `face ${e.direction}`;
    case 'rig.setRagdoll': return 'request ragdoll';
    case 'rig.recover': return 'request recover';
    case 'runner.propAction': return `prop ${e.item.id}`;
    case 'runner.propCancel': return `prop cancel ${e.item.id}`;
  }
};

const wait = (id: string, seconds: number): LaneItem => ({ id, origin: 'authored', action: { type: 'wait', seconds } });
const steps = (n: number, dt = SMALL_DT) => Array.from({ length: n }, () => step(dt));

describe('actionRunner: focused scenarios', () => {
  it('a wait of 1 s completes on the 60th step after the one that starts it', () => {
    const { out, actor } = run([wait('w', 1)], [{ type: 'queue.start' }, step(), ...steps(59)]);
    expect(out.map(brief)).toEqual(['start w']);
    actor.send(step());
    expect(out.map(brief)).toEqual(['start w', 'finish w completed']);
    actor.send(step());
    expect(out.map(brief).at(-1)).toBe('queue finished');
    for (let i = 0; i < 10; i += 1) actor.send(step());
    expect(out.filter((e) => e.type === 'runner.queueFinished')).toHaveLength(1);
  });

  it('an empty queue never reports queue_finished; new work after exhaustion reports it again, once', () => {
    const { out, actor } = run([], [{ type: 'queue.start' }, ...steps(5)]);
    expect(out).toEqual([]);
    actor.send(enqueue('s', 'sequential', { type: 'wait', seconds: 0 }));
    for (let i = 0; i < 5; i += 1) actor.send(step());
    expect(out.map(brief)).toEqual(['start s', 'finish s completed', 'queue finished']);
  });

  it('overlay work sent while stopped is dropped; primary work waits for the start', () => {
    const { brief: b } = run([], [
      enqueue('o', 'overlay', { type: 'speak', text: 'o', seconds: 1 }),
      enqueue('p', 'sequential', { type: 'wait', seconds: 0 }),
      { type: 'queue.start' }, step(), step(), step(),
    ]);
    expect(b).toEqual(['start p', 'finish p completed', 'queue finished']);
  });

  it('landing barrier: the wait clock freezes, nothing new starts, overlay speech keeps counting', () => {
    const { out, actor } = run([wait('w', 1), wait('w2', 0)], [
      { type: 'queue.start' }, step(), ...steps(30),
      enqueue('o', 'overlay', { type: 'speak', text: 'side', seconds: 0.5 }),
      { type: 'queue.block' }, ...steps(45),
    ]);
    expect(actor.getSnapshot().context.elapsed).toBeCloseTo(30 / 60, 9);
    // The overlay (0.5 s = 30 steps) finished behind the barrier.
    expect(out.map(brief)).toContain('finish o completed');
    expect(out.map(brief)).not.toContain('finish w completed');
    actor.send({ type: 'queue.unblock' });
    for (let i = 0; i < 29; i += 1) actor.send(step());
    expect(out.map(brief)).not.toContain('finish w completed');
    actor.send(step());
    expect(out.map(brief)).toContain('finish w completed');
  });

  it('landing barrier: whatever arrives while blocked, no primary item starts or completes until unblock', () => {
    // From every generated state inside `blocked`, every event but unblock/stop, then long steps.
    const blockedGroups = groups.filter((g) => g.base.states.at(-1)!.matches({ running: { lane: 'blocked' } }));
    expect(blockedGroups.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const g of blockedGroups) {
      const before = run(AUTHORED, g.base.events).out.length;
      for (const e of EVENTS) {
        if (e.type === 'queue.unblock' || e.type === 'queue.stop' || e.type === 'queue.block') continue;
        const r = run(AUTHORED, [...g.base.events, e, step(BIG_DT), step(BIG_DT), step(SMALL_DT)]);
        const during = r.out.slice(before);
        const bad = during.filter((x) => (x.type === 'runner.started' && !x.overlay) || (x.type === 'runner.finished' && !x.overlay && x.outcome === 'completed'));
        if (bad.length) failures.push(`${g.base.description} → ${eventLabel(e)} → steps: ${bad.map(brief).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('rig.arrived during the landing barrier neither releases the barrier nor completes the walk before unblock', () => {
    const walk: LaneItem = { id: 'walk', origin: 'authored', action: { type: 'walk_to', target_position: [500, 0] } };
    const { out, actor } = run([walk, wait('w', 0.5)], [{ type: 'queue.start' }, step(), { type: 'queue.block' }, { type: 'rig.arrived' }, step(), step()]);
    expect(actor.getSnapshot().matches({ running: { lane: 'blocked' } })).toBe(true);
    expect(out.map(brief)).toEqual(['start walk', 'walk']);
    actor.send({ type: 'queue.unblock' });
    actor.send(step());
    actor.send(step());
    expect(out.map(brief)).toEqual(['start walk', 'walk', 'finish walk completed', 'start w']);
  });

  it('stop_queue does not lift the landing barrier: work started again behind it waits for unblock', () => {
    // Seed 6a §8: stop_queue() cancels queue work but not the physical landing; the barrier is
    // the landing's, so a restarted queue still starts nothing until the landing completes.
    const { out, actor } = run([wait('w', 0.5)], [
      { type: 'queue.start' }, step(), { type: 'queue.block' }, { type: 'queue.stop' },
      enqueue('later', 'sequential', { type: 'wait', seconds: 0 }),
      { type: 'queue.start' }, step(), step(),
    ]);
    expect(out.map(brief)).toEqual(['start w', 'finish w cancelled']);
    actor.send({ type: 'queue.unblock' });
    actor.send(step());
    actor.send(step());
    expect(out.map(brief)).toEqual(['start w', 'finish w cancelled', 'start later', 'finish later completed']);
  });

  it('a takeover during a walk stops the walk, cancels it and runs first; the authored future is kept', () => {
    const walk: LaneItem = { id: 'walk', origin: 'authored', action: { type: 'walk_to', target_position: [500, 0] } };
    const { brief: b } = run([walk, wait('after', 0)], [
      { type: 'queue.start' }, step(),
      enqueue('seq', 'sequential', { type: 'wait', seconds: 0 }),
      enqueue('take', 'takeover', { type: 'face', direction: 'LEFT' }),
      ...steps(6),
    ]);
    expect(b).toEqual([
      'start walk', 'walk',
      'stop walk', 'finish walk cancelled',
      'start take', 'face LEFT', 'finish take completed',
      'start seq', 'finish seq completed',
      'start after', 'finish after completed',
      'queue finished',
    ]);
  });

  it('a walk that cannot continue finishes with outcome blocked and the queue goes on', () => {
    const walk: LaneItem = { id: 'walk', origin: 'authored', action: { type: 'walk_to', target_position: [500, 0] } };
    const { brief: b } = run([walk, wait('after', 0)], [{ type: 'queue.start' }, step(), { type: 'rig.walkBlocked' }, step(), step(), step()]);
    expect(b).toEqual(['start walk', 'walk', 'finish walk blocked', 'start after', 'finish after completed', 'queue finished']);
  });

  it('stop cancels the current item and overlay speech, drops the rest, and never reports queue_finished', () => {
    const { out, actor } = run([wait('w', 1), wait('w2', 1)], [
      { type: 'queue.start' }, step(),
      enqueue('o', 'overlay', { type: 'speak', text: 'side', seconds: 5 }),
      step(), { type: 'queue.stop' },
    ]);
    expect(out.map(brief)).toEqual(['start w', 'start o (overlay)', 'finish w cancelled', 'finish o cancelled']);
    actor.send({ type: 'queue.start' });
    for (let i = 0; i < 200; i += 1) actor.send(step());
    expect(actor.getSnapshot().context.current).toBeNull();
    expect(out.map(brief)).toHaveLength(4); // nothing more ran, and no queue_finished
  });

  it('overlay speech and face run beside the queue; walk/wait overlays are skipped', () => {
    const { brief: b } = run([wait('w', 0.5)], [
      { type: 'queue.start' }, step(),
      enqueue('o1', 'overlay', { type: 'speak', text: 'one', seconds: 0.25 }),
      enqueue('o2', 'overlay', { type: 'speak', text: 'two', seconds: 0.25 }),
      enqueue('of', 'overlay', { type: 'face', direction: 'LEFT' }),
      enqueue('ow', 'overlay', { type: 'wait', seconds: 1 }),
      ...steps(15),
    ]);
    expect(b).toEqual([
      'start w',
      'start o1 (overlay)', 'start o2 (overlay)',
      'start of (overlay)', 'face LEFT', 'finish of completed',
      'start ow (overlay)', 'finish ow skipped',
      'speech one', 'finish o1 completed', 'speech two', 'finish o2 completed',
    ]);
  });
});

describe('actionRunner: the queue while the rig is down (issue 8)', () => {
  const rigState = (state: RigStateName): ActionRunnerEvent => ({ type: 'queue.rigState', state });
  const item = (id: string, action: ActionPayload): LaneItem => ({ id, origin: 'authored', action });
  const walk = item('walk', { type: 'walk_to', target_position: [500, 0] });
  const laneOf = (actor: ReturnType<typeof run>['actor']) => (actor.getSnapshot().value as { running?: { lane: string } }).running?.lane;

  it('a walk interrupted by a fall stops, waits while the rig is down, resumes once it is up and completes on arrival', () => {
    const { out, actor } = run([walk, wait('after', 0)], [{ type: 'queue.start' }, step(), rigState('RAGDOLL'), ...steps(3), rigState('RECOVERING'), ...steps(3)]);
    expect(out.map(brief)).toEqual(['start walk', 'walk', 'stop walk']);
    expect(laneOf(actor)).toBe('walking');
    actor.send(rigState('ANIMATED'));
    expect(out.map(brief)).toEqual(['start walk', 'walk', 'stop walk', 'walk']);
    actor.send(step());
    actor.send({ type: 'rig.arrived' });
    for (let i = 0; i < 3; i += 1) actor.send(step());
    expect(out.map(brief)).toEqual(['start walk', 'walk', 'stop walk', 'walk', 'finish walk completed', 'start after', 'finish after completed', 'queue finished']);
  });

  it('a walk knocked down twice (RECOVERING → RAGDOLL mid stand-up) resumes once, when the rig is finally up', () => {
    const { brief: b } = run([walk], [
      { type: 'queue.start' }, step(),
      rigState('RAGDOLL'), rigState('RECOVERING'), rigState('RAGDOLL'), rigState('RECOVERING'), rigState('ANIMATED'),
    ]);
    expect(b).toEqual(['start walk', 'walk', 'stop walk', 'walk']);
  });

  it('while the rig is down a wait counts down and speech talks, but a turn and a walk wait for it to be up', () => {
    const { out, actor } = run(
      [wait('w', 0.1), item('ouch', { type: 'speak', text: 'Ouch', seconds: 0.1 }), item('turn', { type: 'face', direction: 'LEFT' }), walk],
      [rigState('RAGDOLL'), { type: 'queue.start' }, ...steps(30)],
    );
    expect(out.map(brief)).toEqual(['start w', 'finish w completed', 'start ouch', 'speech Ouch', 'finish ouch completed']);
    expect(actor.getSnapshot().context.current).toBeNull();
    actor.send(rigState('RECOVERING'));
    actor.send(step());
    expect(out).toHaveLength(5);
    actor.send(rigState('ANIMATED'));
    actor.send(step());
    actor.send(step());
    expect(out.map(brief).slice(5)).toEqual(['start turn', 'face LEFT', 'finish turn completed', 'start walk', 'walk']);
  });

  it('ragdoll asks the rig and completes when the rig is RAGDOLL; a ragdoll when it already is one is skipped', () => {
    const { out, actor } = run([item('r1', { type: 'ragdoll' }), item('r2', { type: 'ragdoll' })], [{ type: 'queue.start' }, step(), ...steps(5)]);
    expect(out.map(brief)).toEqual(['start r1', 'request ragdoll']);
    expect(laneOf(actor)).toBe('ragdolling');
    actor.send(rigState('ANIMATED'));
    expect(out).toHaveLength(2);
    actor.send(rigState('RAGDOLL'));
    actor.send(step());
    actor.send(step());
    expect(out.map(brief)).toEqual(['start r1', 'request ragdoll', 'finish r1 completed', 'start r2', 'finish r2 skipped', 'queue finished']);
  });

  it('recover is skipped while the rig is up; when down it asks and completes only when the rig is ANIMATED again', () => {
    const { out, actor } = run([item('c1', { type: 'recover' })], [{ type: 'queue.start' }, step(), step(), rigState('RAGDOLL')]);
    expect(out.map(brief)).toEqual(['start c1', 'finish c1 skipped', 'queue finished']);
    actor.send(enqueue('c2', 'sequential', { type: 'recover' }));
    actor.send(step());
    expect(out.map(brief).slice(3)).toEqual(['start c2', 'request recover']);
    // Knocked down again mid stand-up: still not up, so still not done.
    for (const s of ['RECOVERING', 'RAGDOLL', 'RECOVERING'] as const) actor.send(rigState(s));
    actor.send(step());
    expect(out).toHaveLength(5);
    expect(laneOf(actor)).toBe('recovering');
    actor.send(rigState('ANIMATED'));
    expect(out.map(brief).slice(5)).toEqual(['finish c2 completed']);
  });

  it('a recover started while the rig is already standing up (RECOVERING) still asks and waits for ANIMATED', () => {
    const { brief: b } = run([item('c', { type: 'recover' })], [rigState('RAGDOLL'), rigState('RECOVERING'), { type: 'queue.start' }, step(), step(), rigState('ANIMATED')]);
    expect(b).toEqual(['start c', 'request recover', 'finish c completed']);
  });

  it('a ragdoll asked for just before a landing waits behind the barrier and is still a ragdoll after it (no speech)', () => {
    // Regression: the barrier's release used to resume any item that was not a walk or a wait as speech.
    const { out, actor } = run([item('r', { type: 'ragdoll' }), wait('w', 0)], [
      { type: 'queue.start' }, step(), { type: 'queue.block' }, ...steps(3), { type: 'queue.unblock' }, ...steps(3),
    ]);
    expect(laneOf(actor)).toBe('ragdolling');
    expect(out.map(brief)).toEqual(['start r', 'request ragdoll']);
    actor.send(rigState('RAGDOLL'));
    for (let i = 0; i < 3; i += 1) actor.send(step());
    expect(out.map(brief)).toEqual(['start r', 'request ragdoll', 'finish r completed', 'start w', 'finish w completed', 'queue finished']);
  });

  it('a takeover while a ragdoll waits for the rig cancels it; the rig going down later finishes nothing', () => {
    const { brief: b } = run([item('r', { type: 'ragdoll' })], [
      { type: 'queue.start' }, step(), enqueue('t', 'takeover', { type: 'wait', seconds: 0 }), rigState('RAGDOLL'), ...steps(3),
    ]);
    expect(b).toEqual(['start r', 'request ragdoll', 'finish r cancelled', 'start t', 'finish t completed', 'queue finished']);
  });

  it('queue.abandon: the current item finishes blocked, overlay speech is cancelled, the rest is dropped, the queue stops', () => {
    const { out, actor } = run([walk, wait('later', 0)], [
      { type: 'queue.start' }, step(), enqueue('o', 'overlay', { type: 'speak', text: 'Bye', seconds: 5 }), { type: 'queue.abandon' },
    ]);
    expect(out.map(brief)).toEqual(['start walk', 'walk', 'start o (overlay)', 'stop walk', 'finish walk blocked', 'finish o cancelled']);
    expect(actor.getSnapshot().value).toBe('stopped');
    actor.send({ type: 'queue.start' });
    for (let i = 0; i < 10; i += 1) actor.send(step());
    expect(out).toHaveLength(6);
  });
});

describe('actionRunner: prop actions (issue 10)', () => {
  const rigState = (state: RigStateName): ActionRunnerEvent => ({ type: 'queue.rigState', state });
  const item = (id: string, action: ActionPayload): LaneItem => ({ id, origin: 'authored', action });
  const pick = item('pick', { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'left' });
  const drop = item('drop', { type: 'drop_prop' });
  const toss = item('toss', { type: 'throw_prop', target_position: [900, 1400] });
  const propDone = (itemId: string, outcome: Outcome): ActionRunnerEvent => ({ type: 'queue.propDone', itemId, outcome });
  const laneOf = (actor: ReturnType<typeof run>['actor']) => (actor.getSnapshot().value as { running?: { lane: string } }).running?.lane;

  it('each prop kind is handed to the interactor as it starts and finishes with its answer, whatever the outcome', () => {
    const { out, actor } = run([pick, drop, toss], [{ type: 'queue.start' }, step()]);
    expect(out.map(brief)).toEqual(['start pick', 'prop pick']);
    expect(out[1]).toEqual({ type: 'runner.propAction', item: pick });
    // Steps do not finish it: only the interactor does.
    for (let i = 0; i < 120; i += 1) actor.send(step(BIG_DT));
    expect(laneOf(actor)).toBe('propWorking');
    actor.send(propDone('pick', 'blocked'));
    actor.send(step());
    actor.send(propDone('drop', 'skipped'));
    actor.send(step());
    actor.send(propDone('toss', 'cancelled'));
    actor.send(step());
    expect(out.map(brief)).toEqual([
      'start pick', 'prop pick', 'finish pick blocked',
      'start drop', 'prop drop', 'finish drop skipped',
      'start toss', 'prop toss', 'finish toss cancelled',
      'queue finished',
    ]);
  });

  it('an answer for another item (one already cancelled) changes nothing', () => {
    const { out, actor } = run([pick], [{ type: 'queue.start' }, step(), propDone('drop', 'completed'), propDone('pick@old', 'completed'), step()]);
    expect(out.map(brief)).toEqual(['start pick', 'prop pick']);
    expect(laneOf(actor)).toBe('propWorking');
    actor.send(propDone('pick', 'completed'));
    expect(out.map(brief).at(-1)).toBe('finish pick completed');
  });

  it('prop actions wait while the rig is down (like walks); waits do not', () => {
    const { out, actor } = run([drop, wait('w', 0)], [rigState('RAGDOLL'), { type: 'queue.start' }, ...steps(5), rigState('RECOVERING'), ...steps(5)]);
    expect(out).toEqual([]);
    actor.send(rigState('ANIMATED'));
    actor.send(step());
    expect(out.map(brief)).toEqual(['start drop', 'prop drop']);
    // The rig going down mid-action does not end it: the interactor's disarm answers for it.
    actor.send(rigState('RAGDOLL'));
    expect(laneOf(actor)).toBe('propWorking');
    actor.send(propDone('drop', 'cancelled'));
    actor.send(step());
    actor.send(step());
    expect(out.map(brief)).toEqual(['start drop', 'prop drop', 'finish drop cancelled', 'start w', 'finish w completed']);
  });

  it('a takeover, stop or abandon takes a running prop item back from the interactor before it finishes', () => {
    const takeover = run([pick], [{ type: 'queue.start' }, step(), enqueue('t', 'takeover', { type: 'wait', seconds: 0 }), step(), step()]);
    expect(takeover.brief).toEqual(['start pick', 'prop pick', 'prop cancel pick', 'finish pick cancelled', 'start t', 'finish t completed']);
    const stop = run([pick], [{ type: 'queue.start' }, step(), { type: 'queue.stop' }]);
    expect(stop.brief).toEqual(['start pick', 'prop pick', 'prop cancel pick', 'finish pick cancelled']);
    const abandon = run([pick], [{ type: 'queue.start' }, step(), { type: 'queue.abandon' }]);
    expect(abandon.brief).toEqual(['start pick', 'prop pick', 'prop cancel pick', 'finish pick blocked']);
    // The interactor's late answer for the cancelled item is ignored.
    takeover.actor.send(propDone('pick', 'cancelled'));
    expect(takeover.out.map(brief)).toHaveLength(6);
  });

  it('behind the landing barrier the answer still finishes the prop item, but nothing starts until unblock', () => {
    const { out, actor } = run([pick, wait('w', 0)], [{ type: 'queue.start' }, step(), { type: 'queue.block' }, propDone('pick', 'completed'), ...steps(3)]);
    expect(out.map(brief)).toEqual(['start pick', 'prop pick', 'finish pick completed']);
    expect(laneOf(actor)).toBe('blocked');
    actor.send({ type: 'queue.unblock' });
    actor.send(step());
    actor.send(step());
    expect(out.map(brief).slice(3)).toEqual(['start w', 'finish w completed']);
  });

  it('a prop item still running when the landing barrier lifts goes back to waiting for the interactor', () => {
    const { out, actor } = run([pick], [{ type: 'queue.start' }, step(), { type: 'queue.block' }, ...steps(3), { type: 'queue.unblock' }]);
    expect(laneOf(actor)).toBe('propWorking');
    expect(out.map(brief)).toEqual(['start pick', 'prop pick']);
    actor.send(propDone('pick', 'skipped'));
    expect(out.map(brief).at(-1)).toBe('finish pick skipped');
  });

  it('a kind the runner does not know finishes skipped as it starts, rig up or down, and the queue goes on', () => {
    const mystery = item('m', { type: 'juggle' } as unknown as ActionPayload);
    const { brief: b } = run([mystery, wait('w', 0)], [rigState('RAGDOLL'), { type: 'queue.start' }, ...steps(4)]);
    expect(b).toEqual(['start m', 'finish m skipped', 'start w', 'finish w completed', 'queue finished']);
  });
});
