/**
 * RigState — ANIMATED · RAGDOLL · RECOVERING (issue 8, seed 4.5 state order) — model-based with
 * xstate/graph. The rig machine is the model (keyed on its state value only: its context holds
 * actor refs); the system under test is a real rig actor with its real children, checked at every
 * state against an independent reference of the lifecycle: the runner is told the rig's state,
 * TerrainMotion lives exactly as long as ANIMATED (and the landing barrier goes with it),
 * `rig.stateChanged` names the new state, the previous one and the cause, and every transition
 * appears as a trace record under `rig:<id>`. Both `auto_recover` settings are modelled. The
 * prop interactor (issue 10) lives as long as the rig: every `prop.*` event reaches it from the
 * rig, once (`prop.step` as its `step`), `queue.propDone` reaches the runner, and entering
 * RAGDOLL disarms the interactor (which lets go of what it holds) before the state is announced.
 * Leaving the stage (issue 18) is the final state LEFT_STAGE, from any state: the runner abandons
 * its queue and the interactor loses its prop before the runtime hears `rig.leftStage`; then the
 * rig is done, its children stopped, and nothing is announced as a RigState.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type Actor, type ActorRefFrom, type AnyActorRef, type AnyTransitionDefinition, type EventObject, type InspectionEvent } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { rigMachine, type RigEmitted, type RigEvent, type RigStateName } from '../../machines/rigMachine';
import type { PropInteractorEmitted, PropInteractorEvent, propInteractorMachine } from '../../machines/propInteractorMachine';
import { createTransitionInspector } from '../../streams/trace/inspector';
import { stateName, type TransitionRecord } from '../../streams/trace/records';
import { connectRig } from '../../machines/connectRig';
import type { LaneItem } from '../../core/actions/lane';

const RIG_ID = 'stick';
const RIG_PATH = `rig:${RIG_ID}`;
const TERRAIN_PATH = `${RIG_PATH}/terrainMotion`;
const RUNNER_PATH = `${RIG_PATH}/actionRunner`;
const INTERACTOR_PATH = `${RIG_PATH}/propInteractor`;
/** Every state the rig can be in, as the trace names it: RAGDOLL lies FREE or is HELD by the director. */
const STATES = ['ANIMATED', 'RAGDOLL.FREE', 'RAGDOLL.HELD.HANGING', 'RAGDOLL.HELD.RECOVER_ON_LET_GO', 'RECOVERING', 'LEFT_STAGE'] as const;
type RigPath = (typeof STATES)[number];
/** The states a stickman on stage can be in (LEFT_STAGE is final: it takes nothing). */
type OnStagePath = Exclude<RigPath, 'LEFT_STAGE'>;
const ON_STAGE = STATES.filter((s): s is OnStagePath => s !== 'LEFT_STAGE');
/** The lifecycle state a path is in (what the runner, the runtime and `rig.stateChanged` hear). */
const top = (p: string): RigStateName => p.split('.')[0] as RigStateName;
/** A path or just its lifecycle state: `RAGDOLL` matches any ragdoll substate. */
const matchesState = (path: string, want: string): boolean => (want.includes('.') ? path === want : top(path) === want);

// A queue with a walk in it, so the runner really has something to pause and resume.
const ITEMS: LaneItem[] = [
  { id: 'walk', origin: 'authored', action: { type: 'walk_to', target_position: [900, 1400] } },
  { id: 'wait', origin: 'authored', action: { type: 'wait', seconds: 0.5 } },
];

/** Every event the rig takes, with payloads (the ragdoll causes; a soft landing; a reaction). */
const TERRAIN_EVENTS: RigEvent[] = [
  { type: 'rig.beginTerrainFall' },
  { type: 'physics.landed', fallDistance: 20, impactSpeed: 300 },
  { type: 'physics.supportLost', walkVelocityX: 160 },
  { type: 'physics.landingFinished' },
  { type: 'rig.disableTerrain' },
];

/** The interactor's events as the runtime sends them to the rig (a pickup that reaches at once). */
const PROP_EVENTS: RigEvent[] = [
  { type: 'prop.pickUp', itemId: 'pick', propId: 'crate', plan: { kind: 'reach', grip: 'handle', hand: 'right' } },
  { type: 'prop.approachArrived', plan: { kind: 'reach', grip: 'handle', hand: 'left' } },
  { type: 'prop.approachBlocked' },
  { type: 'prop.drop', itemId: 'drop' },
  { type: 'prop.throw', itemId: 'throw', plan: { kind: 'throw', releaseT: 0.1, duration: 0.4 } },
  { type: 'prop.cancel' },
  { type: 'prop.lost' },
  // Long enough to finish the reach in one step.
  { type: 'prop.step', dt: 0.5 },
];
const PROP_TYPES = new Set(PROP_EVENTS.map((e) => e.type));
/** The interactor's answer (it tells the rig), which the rig passes to the runner as `queue.propDone`. */
const PROP_DONE: RigEvent = { type: 'interactor.done', itemId: 'pick', outcome: 'completed' };
const PICK: LaneItem = { id: 'pick', origin: 'authored', action: { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'auto' } };
/** What the runner tells the rig about a prop action: it started (the runtime plans it), it is taken back. */
const RUNNER_PROP_EVENTS: RigEvent[] = [
  { type: 'runner.propAction', item: PICK },
  { type: 'runner.propCancel', item: PICK },
];
/** What the interactor receives for a prop event: its clock is `step`, the rest unchanged. */
const asInteractorEvent = (e: RigEvent): PropInteractorEvent | RigEvent => (e.type === 'prop.step' ? { type: 'step', dt: e.dt } : e);

const MODEL_EVENTS: RigEvent[] = [
  { type: 'rig.setRagdoll' },
  { type: 'rig.setRagdoll', cause: 'action' },
  { type: 'rig.grab' },
  { type: 'rig.letGo' },
  { type: 'rig.recover' },
  { type: 'physics.ragdollAtRest' },
  { type: 'rig.standUpFinished' },
  ...TERRAIN_EVENTS,
  { type: 'terrain.landingStarted' },
  { type: 'terrain.landingEnded' },
  { type: 'queue.start' },
  { type: 'queue.stop' },
  { type: 'queue.abandon' },
  { type: 'queue.enqueue', mode: 'sequential', item: { id: 'react', origin: 'reactive', action: { type: 'wait', seconds: 0.1 } } },
  { type: 'step', dt: 1 / 60 },
  { type: 'rig.arrived' },
  { type: 'rig.walkBlocked' },
  ...PROP_EVENTS,
  PROP_DONE,
  ...RUNNER_PROP_EVENTS,
  { type: 'rig.leaveStage' },
];
const TERRAIN_TYPES = new Set(TERRAIN_EVENTS.map((e) => e.type));


/**
 * The lifecycle as issue 8 states it, written out independently of the machine: what the rig
 * goes to from `state` on `event`, or `state` itself when the event means nothing there.
 */
function referenceNext(state: RigPath, event: RigEvent, autoRecover: boolean): RigPath {
  // Off the stage for good, from wherever it was.
  if (state === 'LEFT_STAGE' || event.type === 'rig.leaveStage') return 'LEFT_STAGE';
  switch (state) {
    case 'ANIMATED':
      if (event.type === 'rig.grab') return 'RAGDOLL.HELD.HANGING';
      return event.type === 'rig.setRagdoll' ? 'RAGDOLL.FREE' : state;
    case 'RAGDOLL.FREE':
      if (event.type === 'rig.recover') return 'RECOVERING';
      if (event.type === 'rig.grab') return 'RAGDOLL.HELD.HANGING';
      return event.type === 'physics.ragdollAtRest' && autoRecover ? 'RECOVERING' : state;
    // Held by the director: it never rests, and a recover waits for the let-go.
    case 'RAGDOLL.HELD.HANGING':
      if (event.type === 'rig.recover') return 'RAGDOLL.HELD.RECOVER_ON_LET_GO';
      return event.type === 'rig.letGo' ? 'RAGDOLL.FREE' : state;
    case 'RAGDOLL.HELD.RECOVER_ON_LET_GO':
      return event.type === 'rig.letGo' ? 'RECOVERING' : state;
    case 'RECOVERING':
      if (event.type === 'rig.standUpFinished') return 'ANIMATED';
      if (event.type === 'rig.grab') return 'RAGDOLL.HELD.HANGING';
      return event.type === 'rig.setRagdoll' ? 'RAGDOLL.FREE' : state;
  }
}

const causeOf = (e: RigEvent): string => (e.type === 'rig.setRagdoll' ? (e.cause ?? 'call') : e.type);
const label = (e: RigEvent): string => (e.type === 'rig.setRagdoll' ? `rig.setRagdoll(${e.cause ?? '-'})` : e.type);

// ---------------------------------------------------------------------------------------------
// What the machine declares
// ---------------------------------------------------------------------------------------------

type StateNodeLike = typeof rigMachine.root;

function transitionLabel(node: StateNodeLike, t: AnyTransitionDefinition): string {
  const source = node.path.join('.') || '(root)';
  const target = t.target?.[0]?.path.join('.') ?? source;
  const guard = typeof t.guard === 'string' ? `[${t.guard}]` : t.guard ? `[${(t.guard as { type?: string }).type ?? 'inline'}]` : '';
  return `${source}:${t.eventType}${guard}->${target}`;
}

/** Every transition the rig declares (the root's forwards and each state's), by identity. */
function declaredEdges(): Map<AnyTransitionDefinition, string> {
  const edges = new Map<AnyTransitionDefinition, string>();
  const walk = (node: StateNodeLike) => {
    for (const list of node.transitions.values()) for (const t of list) edges.set(t, transitionLabel(node, t));
    for (const child of Object.values(node.states) as StateNodeLike[]) walk(child);
  };
  walk(rigMachine.root);
  return edges;
}

/** The event types a state declares: the root's, and each state's on its path (a final state: none). */
function declaredTypes(path: RigPath): Set<string> {
  if (path === 'LEFT_STAGE') return new Set();
  const out = new Set<string>(rigMachine.root.transitions.keys());
  let node: StateNodeLike = rigMachine.root;
  for (const key of path.split('.')) {
    node = node.states[key] as StateNodeLike;
    for (const type of node.transitions.keys()) out.add(type);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The system under test: a real rig actor, watched from outside
// ---------------------------------------------------------------------------------------------

class RigSut {
  readonly rig: Actor<typeof rigMachine>;
  readonly records: TransitionRecord[] = [];
  readonly changes: RigEmitted[] = [];
  /** What the rig emitted for the runtime besides state changes (prop action plans and ends). */
  readonly asked: RigEmitted[] = [];
  /** How often the rig told the runtime it left the stage. */
  leftStageHeard = 0;
  /** The lifecycle state it was in when it left the stage. */
  leftFrom: RigStateName | null = null;
  /** Every event the rig received (from the model or from its children), not yet checked. */
  readonly toRig: RigEvent[] = [];
  /** Rig transitions taken, by definition (coverage). */
  readonly taken = new Set<AnyTransitionDefinition>();
  /** Every TerrainMotion child ever seen, in order. */
  readonly terrainChildren: AnyActorRef[] = [];
  /** Events delivered to TerrainMotion children (type, who sent it). */
  readonly toTerrain: Array<{ type: string; from: string | undefined }> = [];
  /** Events delivered to the runner and the interactor (whole event, who sent it). */
  readonly toChildren: Array<{ to: string; event: EventObject; from: string | undefined }> = [];
  /**
   * One ordered log of what the interactor was sent and said, and what the rig announced: the
   * order of the ragdoll entry (disarm, the release, then `rig.stateChanged`) is read from it.
   */
  readonly timeline: string[] = [];
  readonly interactor: ActorRefFrom<typeof propInteractorMachine>;
  /** The lifecycle according to the reference, and what it expects the machine to have said. */
  state: RigPath = 'ANIMATED';
  readonly expectedChanges: RigEmitted[] = [];
  readonly expectedRecords: string[] = [];

  constructor(readonly autoRecover: boolean) {
    const transitions = createTransitionInspector(() => ({ t: 0, tick: 0 }), (r) => this.records.push(r));
    const inspect = (ev: InspectionEvent) => {
      transitions(ev);
      if (ev.type === '@xstate.microstep' && ev.actorRef === (this.rig as unknown as AnyActorRef)) for (const t of ev._transitions) this.taken.add(t);
      if (ev.type === '@xstate.event' && systemIdOf(ev.actorRef) === TERRAIN_PATH && ev.event.type !== 'xstate.init') {
        this.toTerrain.push({ type: ev.event.type, from: ev.sourceRef ? systemIdOf(ev.sourceRef) : undefined });
      }
      const to = ev.type === '@xstate.event' ? systemIdOf(ev.actorRef) : undefined;
      if (ev.type === '@xstate.event' && to === RIG_PATH) {
        this.toRig.push(ev.event as RigEvent);
        // The interactor's answer goes to the rig: on the timeline it is what the interactor said.
        if (ev.sourceRef && systemIdOf(ev.sourceRef) === INTERACTOR_PATH) this.timeline.push(`interactor → ${ev.event.type}`);
      }
      if (ev.type === '@xstate.event' && (to === RUNNER_PATH || to === INTERACTOR_PATH) && ev.event.type !== 'xstate.init') {
        this.toChildren.push({ to, event: ev.event, from: ev.sourceRef ? systemIdOf(ev.sourceRef) : undefined });
        if (to === INTERACTOR_PATH) this.timeline.push(`interactor ← ${ev.event.type}`);
      }
    };
    this.rig = createActor(rigMachine, { input: { id: RIG_ID, items: ITEMS, autoRecover }, systemId: RIG_PATH, inspect });
    this.rig.on('rig.stateChanged', (e) => {
      this.changes.push(e);
      this.timeline.push(`stateChanged ${e.state}`);
    });
    this.rig.on('rig.planPropAction', (e) => this.asked.push(e));
    this.rig.on('rig.propActionDone', (e) => this.asked.push(e));
    this.rig.on('rig.leftStage', () => {
      this.leftStageHeard += 1;
      this.timeline.push('leftStage');
    });
    this.interactor = this.rig.getSnapshot().context.propInteractor;
    this.interactor.on('*', (e: PropInteractorEmitted) => this.timeline.push(`interactor → ${e.type}${e.type === 'interactor.release' ? ` ${e.reason}` : ''}`));
    this.rig.start();
    this.noteTerrainChild();
  }

  /** Sends one event and checks the rig did what the reference says, and said so. */
  send(event: RigEvent): void {
    const before = this.state;
    const next = referenceNext(before, event, this.autoRecover);
    if (before === 'LEFT_STAGE') {
      // Done: xstate takes no event (and warns of it); there is nothing to send to.
      expect(this.rig.getSnapshot().status, `LEFT_STAGE + ${label(event)}`).toBe('done');
      return;
    }
    if (next === 'LEFT_STAGE') this.leftFrom = top(before);
    const delivered = this.toTerrain.length;
    const toChildren = this.toChildren.length;
    const said = this.timeline.length;
    this.rig.send(event);
    this.state = next;
    // The lifecycle announces a new state only (leaving the stage is not one); the trace records every change of path.
    if (top(next) !== top(before) && next !== 'LEFT_STAGE') this.expectedChanges.push({ type: 'rig.stateChanged', state: top(next), previous: top(before), cause: causeOf(event) });
    if (next !== before) this.expectedRecords.push(`${before}->${next}:${event.type}`);
    expect(stateName(this.rig.getSnapshot().value), `${before} + ${label(event)}`).toBe(next);
    expect(this.changes, `rig.stateChanged after ${before} + ${label(event)}`).toEqual(this.expectedChanges);
    expect(this.rigRecords(), `rig:${RIG_ID} records after ${before} + ${label(event)}`).toEqual(this.expectedRecords);
    // Terrain events go to TerrainMotion, from the rig, only while it is ANIMATED (it has one).
    const forwarded = this.toTerrain.slice(delivered);
    if (TERRAIN_TYPES.has(event.type) && before === 'ANIMATED') expect(forwarded).toEqual([{ type: event.type, from: RIG_PATH }]);
    else if (next === before) expect(forwarded, `${before} + ${label(event)} reached TerrainMotion`).toEqual([]);
    this.checkPropForwarding(event, before, next, this.toChildren.slice(toChildren), this.timeline.slice(said));
    this.noteTerrainChild();
  }

  /**
   * Prop events reach the interactor from the rig, once, in any state; the interactor's answer
   * reaches the runner; entering RAGDOLL disarms the interactor, and it has let go (and said so)
   * before the rig announces RAGDOLL.
   */
  private checkPropForwarding(event: RigEvent, before: RigPath, next: RigPath, delivered: SentToChild[], timeline: string[]): void {
    const where = `${before} + ${label(event)}`;
    const entersRagdoll = top(next) === 'RAGDOLL' && top(before) !== 'RAGDOLL';
    if (next === 'LEFT_STAGE') {
      this.checkLeaving(where, delivered, timeline);
      return;
    }
    const toInteractor = delivered.filter((d) => d.to === INTERACTOR_PATH).map(({ event: e, from }) => ({ event: e, from }));
    expect(toInteractor, `${where}: what the interactor got`).toEqual([
      ...(PROP_TYPES.has(event.type) ? [{ event: asInteractorEvent(event), from: RIG_PATH }] : []),
      // The runner took its prop action back: the rig has the interactor let it go.
      ...(event.type === 'runner.propCancel' ? [{ event: { type: 'prop.cancel' }, from: RIG_PATH }] : []),
      ...(entersRagdoll ? [{ event: { type: 'rig.disarm' }, from: RIG_PATH }] : []),
    ]);
    // Every answer the rig got (from its interactor, or sent by the model) reaches the runner from
    // the rig as `queue.propDone`, and the runtime hears of it: nothing else reaches the runner about props.
    const answers = this.toRig.splice(0, this.toRig.length).filter((e): e is Extract<RigEvent, { type: 'interactor.done' }> => e.type === 'interactor.done');
    const propToRunner = delivered.filter((d) => d.to === RUNNER_PATH && (d.event.type === 'queue.propDone' || d.event.type.startsWith('prop.')));
    expect(propToRunner, `${where}: prop events at the runner`).toEqual(answers.map((a) => ({ to: RUNNER_PATH, event: { type: 'queue.propDone', itemId: a.itemId, outcome: a.outcome }, from: RIG_PATH })));
    // What the rig asks of the runtime about prop actions: a plan when one starts, the end when it is done.
    const asked = this.asked.splice(0, this.asked.length);
    expect(asked, `${where}: what the rig asked of the runtime`).toEqual([
      ...(event.type === 'runner.propAction' ? [{ type: 'rig.planPropAction', item: event.item }] : []),
      ...answers.map((a) => ({ type: 'rig.propActionDone', itemId: a.itemId, outcome: a.outcome, reason: a.reason })),
    ]);
    if (!entersRagdoll) return;
    const disarm = timeline.indexOf('interactor ← rig.disarm');
    const announced = timeline.indexOf('stateChanged RAGDOLL');
    expect(disarm, `${where}: disarmed`).toBeGreaterThanOrEqual(0);
    expect(announced, `${where}: the disarm comes before the announcement`).toBeGreaterThan(disarm);
    expect(timeline.slice(announced).filter((t) => t.startsWith('interactor')), `${where}: the interactor let go before the announcement`).toEqual([]);
    expect((this.interactor.getSnapshot() as { value: string }).value, `${where}: nothing held or claimed on the floor`).toBe('IDLE');
  }

  /**
   * Leaving the stage: the runner is told to abandon its queue and the interactor loses its prop,
   * both by the rig and before the runtime hears `rig.leftStage`, once. Whatever the children
   * answer reaches a rig that is done: nothing more reaches the runner, nothing more is asked.
   */
  private checkLeaving(where: string, delivered: SentToChild[], timeline: string[]): void {
    const from = (to: string) => delivered.filter((d) => d.to === to).map(({ event: e, from: f }) => ({ type: e.type, from: f }));
    expect(from(RUNNER_PATH), `${where}: what the runner got`).toEqual([{ type: 'queue.abandon', from: RIG_PATH }]);
    expect(from(INTERACTOR_PATH), `${where}: what the interactor got`).toEqual([{ type: 'prop.lost', from: RIG_PATH }]);
    expect(this.leftStageHeard, `${where}: rig.leftStage once`).toBe(1);
    expect(timeline.at(-1), `${where}: the runtime hears it last`).toBe('leftStage');
    expect(timeline.indexOf('interactor ← prop.lost'), `${where}: the prop was lost before`).toBeGreaterThanOrEqual(0);
    this.toRig.length = 0;
    expect(this.asked.splice(0, this.asked.length), `${where}: what the rig asked of the runtime`).toEqual([]);
  }

  rigRecords(): string[] {
    return this.records.filter((r) => r.actor === RIG_PATH).map((r) => `${r.from}->${r.to}:${r.event}`);
  }

  runner() {
    return this.rig.getSnapshot().context.actionRunner.getSnapshot();
  }

  terrainChild(): AnyActorRef | undefined {
    return this.rig.getSnapshot().children.terrainMotion as AnyActorRef | undefined;
  }

  private noteTerrainChild(): void {
    const child = this.terrainChild();
    if (child && !this.terrainChildren.includes(child)) {
      // A fresh TerrainMotion on every entry to ANIMATED: it starts DISABLED (the runtime's
      // terrain fall is what sets it going).
      expect((child.getSnapshot() as { value: string }).value).toBe('DISABLED');
      this.terrainChildren.push(child);
    }
  }

  /** Everything that must hold in the rig's current state. */
  checkState(want: string): void {
    const path = stateName(this.rig.getSnapshot().value);
    expect(matchesState(path, want), `${path} is ${want}`).toBe(true);
    expect(this.state, 'the model and the reference agree').toBe(path);
    if (path === 'LEFT_STAGE') {
      this.checkLeftStage();
      return;
    }
    expect(this.rig.getSnapshot().status).toBe('active');
    expect(connectRig(this.rig.getSnapshot()).leftStage).toBe(false);
    const value = top(path);
    expect(this.rig.getSnapshot().context.state).toBe(value);
    // The queue runner hears the rig's state on every entry (walks and turns wait while down).
    expect(this.runner().context.rigState, 'the runner knows the rig state').toBe(value);
    // Held exactly in RAGDOLL.HELD (connectRig's `held`: no rest check while held).
    expect(connectRig(this.rig.getSnapshot()).held).toBe(path.startsWith('RAGDOLL.HELD'));
    const child = this.terrainChild();
    const registered = this.rig.system.get(TERRAIN_PATH) as AnyActorRef | undefined;
    if (value === 'ANIMATED') {
      expect(child, 'ANIMATED has a TerrainMotion child').toBeDefined();
      expect(child!.getSnapshot().status).toBe('active');
      expect(registered, `${TERRAIN_PATH} is registered`).toBe(child);
      expect(this.rig.getSnapshot().context.terrainMotion).toBe(child);
    } else {
      expect(child, `${value} has no TerrainMotion child`).toBeUndefined();
      expect(registered, `${TERRAIN_PATH} is gone in ${value}`).toBeUndefined();
      expect(this.rig.getSnapshot().context.terrainMotion).toBeNull();
      // Leaving ANIMATED lifted the landing barrier with the terrain motion that raised it.
      expect(this.runner().context.barrier, `the landing barrier is down in ${value}`).toBe(false);
    }
    // Every TerrainMotion but the live one was stopped when its ANIMATED ended.
    for (const old of this.terrainChildren) if (old !== child) expect(old.getSnapshot().status).toBe('stopped');
    // The interactor lives as long as the rig, in every state: one actor, registered, running.
    expect(this.rig.system.get(INTERACTOR_PATH), `${INTERACTOR_PATH} is registered in ${value}`).toBe(this.interactor);
    expect(this.rig.getSnapshot().context.propInteractor).toBe(this.interactor);
    expect(this.interactor.getSnapshot().status).toBe('active');
  }

  /**
   * Off the stage: the actor is done, every child stopped and unregistered, the queue stopped and
   * nothing held; what connectRig says keeps the RigState it left from, and it takes no work.
   */
  private checkLeftStage(): void {
    const snapshot = this.rig.getSnapshot();
    expect(snapshot.status, 'LEFT_STAGE is final').toBe('done');
    expect(snapshot.context.state, 'it remembers the state it left from').toBe(this.leftFrom);
    const c = connectRig(snapshot);
    expect(c.leftStage).toBe(true);
    expect(c.state).toBe(this.leftFrom);
    expect(c.held).toBe(false);
    expect(c.heldProp).toBeNull();
    expect(c.terrain).toBe('DISABLED');
    expect(c.refusal('sequential')).toBe('the stickman has left the stage');
    expect(c.refusal('overlay')).toBe('the stickman has left the stage');
    expect(this.runner().status).toBe('stopped');
    expect(this.runner().value, 'the queue stopped').toBe('stopped');
    expect(this.interactor.getSnapshot().status).toBe('stopped');
    expect((this.interactor.getSnapshot() as { value: string }).value, 'nothing held or claimed').toBe('IDLE');
    for (const child of this.terrainChildren) expect(child.getSnapshot().status).toBe('stopped');
    for (const id of [RIG_PATH, TERRAIN_PATH, RUNNER_PATH, INTERACTOR_PATH]) expect(this.rig.system.get(id), `${id} unregistered`).toBeUndefined();
  }

  stop(): void {
    this.rig.stop();
  }
}

type SentToChild = RigSut['toChildren'][number];

const systemIdOf = (ref: unknown): string | undefined => (ref as { options?: { systemId?: string } }).options?.systemId;

// ---------------------------------------------------------------------------------------------
// Model-based: every state and transition, both auto_recover settings
// ---------------------------------------------------------------------------------------------

const takenByVariant = new Map<boolean, Set<AnyTransitionDefinition>>();
const reachedByVariant = new Map<boolean, Set<string>>();

for (const autoRecover of [true, false]) {
  describe(`rig state machine, auto_recover ${autoRecover} (model-based, xstate/graph)`, () => {
    const options = {
      input: { id: RIG_ID, items: ITEMS, autoRecover },
      events: MODEL_EVENTS,
      serializeState: (s: { value: unknown }) => JSON.stringify(s.value),
    };
    const model = createTestModel(rigMachine, options);
    const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
    const eventsOf = (p: (typeof shortest)[number]) => p.steps.slice(1).map((s) => s.event as RigEvent);
    // getPathsFromEvents does not reuse the model's options, and starts from a snapshot made
    // without the input unless told: pass them again, with the model's own initial snapshot.
    const fromState = shortest[0].steps[0].state;
    const along = (events: RigEvent[]) => model.getPathsFromEvents(events, { ...options, fromState });
    // From the shortest path to each state, every model event once more (each declared
    // transition is taken, each undeclared event is ignored), and one long life: a landing
    // barrier cut short by a grab, a RECOVERING → RAGDOLL re-entry, and back to ANIMATED.
    // (A pure traversal stops no children, so a path may re-enter ANIMATED only once: the
    // respawned TerrainMotion's systemId would clash. The real actor is tested for many cycles below.)
    const toRecovering: RigEvent = autoRecover ? { type: 'physics.ragdollAtRest' } : { type: 'rig.recover' };
    const paths = [
      ...shortest.flatMap((p) => MODEL_EVENTS.flatMap((e) => along([...eventsOf(p), e]))),
      ...along([
        // Holding a prop when the grab comes: the ragdoll entry lets go of it first.
        PROP_EVENTS[0], { type: 'prop.step', dt: 0.5 },
        { type: 'queue.start' }, { type: 'step', dt: 1 / 60 }, { type: 'rig.beginTerrainFall' }, { type: 'terrain.landingStarted' },
        { type: 'rig.grab' }, { type: 'rig.letGo' }, toRecovering, { type: 'rig.setRagdoll', cause: 'action' }, { type: 'rig.recover' },
        { type: 'rig.standUpFinished' }, { type: 'rig.beginTerrainFall' }, { type: 'step', dt: 1 / 60 },
      ]),
    ];
    const taken = new Set<AnyTransitionDefinition>();
    const reached = new Set<string>();
    takenByVariant.set(autoRecover, taken);
    reachedByVariant.set(autoRecover, reached);

    it('the model reaches every rig state', () => {
      expect(shortest.map((p) => stateName(p.state.value)).sort()).toEqual([...STATES].sort());
    });

    for (const path of paths) {
      it(path.description, async () => {
        const sut = new RigSut(autoRecover);
        await path.test({
          events: Object.fromEntries(
            MODEL_EVENTS.map((e) => [e.type, ({ event }: { event: unknown }) => sut.send(event as RigEvent)]),
          ),
          states: {
            '*': (state) => {
              sut.checkState(stateName(state.value));
              reached.add(stateName(state.value));
            },
          },
        });
        for (const t of sut.taken) taken.add(t);
        sut.stop();
      });
    }
  });
}

describe('rig state machine: coverage of the definition', () => {
  it('both variants reach every state; together they take every declared transition', () => {
    for (const v of [true, false]) expect([...reachedByVariant.get(v)!].sort()).toEqual([...STATES].sort());
    const declared = declaredEdges();
    const union = new Set([...takenByVariant.get(true)!, ...takenByVariant.get(false)!].map((t) => declared.get(t)));
    expect([...union].sort()).toEqual([...declared.values()].sort());
  });

  it('without auto_recover a ragdoll at rest stays down: RECOVERING only through rig.recover', () => {
    const restEdge = [...declaredEdges()].find(([, l]) => l.startsWith('RAGDOLL.FREE:physics.ragdollAtRest'))![0];
    expect(takenByVariant.get(false)!.has(restEdge)).toBe(false);
    expect(takenByVariant.get(true)!.has(restEdge)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Focused checks
// ---------------------------------------------------------------------------------------------

/** A rig driven to `state` by the shortest route (autoRecover as given). */
function rigIn(state: RigPath | 'RAGDOLL', autoRecover = true): RigSut {
  const sut = new RigSut(autoRecover);
  const route: Record<RigPath | 'RAGDOLL', RigEvent[]> = {
    LEFT_STAGE: [{ type: 'rig.leaveStage' }],
    ANIMATED: [],
    RAGDOLL: [{ type: 'rig.setRagdoll' }],
    'RAGDOLL.FREE': [{ type: 'rig.setRagdoll' }],
    'RAGDOLL.HELD.HANGING': [{ type: 'rig.grab' }],
    'RAGDOLL.HELD.RECOVER_ON_LET_GO': [{ type: 'rig.grab' }, { type: 'rig.recover' }],
    RECOVERING: [{ type: 'rig.setRagdoll' }, { type: 'rig.recover' }],
  };
  for (const e of route[state]) sut.send(e);
  sut.checkState(state);
  return sut;
}

describe('rig state machine: focused', () => {
  it('the first state announces nothing but tells the runner; every later entry says state, previous and cause', () => {
    const sut = rigIn('ANIMATED');
    expect(sut.changes).toEqual([]);
    expect(sut.rigRecords()).toEqual([]);
    expect(sut.runner().context.rigState).toBe('ANIMATED');
    sut.send({ type: 'rig.grab' });
    sut.send({ type: 'rig.letGo' });
    sut.send({ type: 'physics.ragdollAtRest' });
    sut.send({ type: 'rig.standUpFinished' });
    expect(sut.changes).toEqual([
      { type: 'rig.stateChanged', state: 'RAGDOLL', previous: 'ANIMATED', cause: 'rig.grab' },
      { type: 'rig.stateChanged', state: 'RECOVERING', previous: 'RAGDOLL', cause: 'physics.ragdollAtRest' },
      { type: 'rig.stateChanged', state: 'ANIMATED', previous: 'RECOVERING', cause: 'rig.standUpFinished' },
    ]);
    expect(sut.rigRecords()).toEqual([
      'ANIMATED->RAGDOLL.HELD.HANGING:rig.grab',
      'RAGDOLL.HELD.HANGING->RAGDOLL.FREE:rig.letGo',
      'RAGDOLL.FREE->RECOVERING:physics.ragdollAtRest',
      'RECOVERING->ANIMATED:rig.standUpFinished',
    ]);
    sut.stop();
  });

  it('held by the director (RAGDOLL.HELD): rest is never reported, a recover waits for the let-go, then it stands up', () => {
    for (const from of ['ANIMATED', 'RAGDOLL.FREE', 'RECOVERING'] as const) {
      const sut = rigIn(from);
      sut.send({ type: 'rig.grab' });
      sut.checkState('RAGDOLL.HELD.HANGING');
      const said = sut.changes.length;
      // auto_recover is on, yet a held ragdoll never comes to rest.
      for (let i = 0; i < 5; i += 1) sut.send({ type: 'physics.ragdollAtRest' });
      sut.checkState('RAGDOLL.HELD.HANGING');
      sut.send({ type: 'rig.recover' });
      sut.checkState('RAGDOLL.HELD.RECOVER_ON_LET_GO');
      expect(sut.changes, `${from}: nothing announced while held`).toHaveLength(said);
      expect(sut.runner().context.rigState).toBe('RAGDOLL');
      sut.send({ type: 'rig.letGo' });
      sut.checkState('RECOVERING');
      expect(sut.changes.at(-1)).toEqual({ type: 'rig.stateChanged', state: 'RECOVERING', previous: 'RAGDOLL', cause: 'rig.letGo' });
      sut.stop();
    }
    // Let go without a recover waiting: it lies free and rests (and stands up by itself) as usual.
    const sut = rigIn('RAGDOLL.HELD.HANGING');
    sut.send({ type: 'rig.letGo' });
    sut.checkState('RAGDOLL.FREE');
    sut.send({ type: 'physics.ragdollAtRest' });
    sut.checkState('RECOVERING');
    sut.stop();
  });

  it('knocked down mid stand-up: RECOVERING → RAGDOLL re-enters RAGDOLL with previous RECOVERING', () => {
    const sut = rigIn('RECOVERING');
    sut.send({ type: 'rig.setRagdoll', cause: 'action' });
    sut.checkState('RAGDOLL');
    expect(sut.changes.at(-1)).toEqual({ type: 'rig.stateChanged', state: 'RAGDOLL', previous: 'RECOVERING', cause: 'action' });
    expect(sut.rigRecords().at(-1)).toBe('RECOVERING->RAGDOLL.FREE:rig.setRagdoll');
    // No TerrainMotion was spawned on the way: RECOVERING is not ANIMATED.
    expect(sut.terrainChildren).toHaveLength(1);
    sut.stop();
  });

  it('without auto_recover a ragdoll at rest stays RAGDOLL and says nothing; rig.recover stands it up', () => {
    const sut = rigIn('RAGDOLL', false);
    const said = sut.changes.length;
    for (let i = 0; i < 3; i += 1) sut.send({ type: 'physics.ragdollAtRest' });
    sut.checkState('RAGDOLL');
    expect(sut.changes).toHaveLength(said);
    sut.send({ type: 'rig.recover' });
    sut.checkState('RECOVERING');
    sut.send({ type: 'rig.standUpFinished' });
    sut.checkState('ANIMATED');
    sut.stop();
  });

  it('each state ignores the events it does not declare: no transition, no announcement, children untouched', () => {
    const ignored: string[] = [];
    for (const state of STATES) {
      for (const e of MODEL_EVENTS) {
        if (declaredTypes(state).has(e.type)) continue;
        ignored.push(`${state}:${e.type}`);
        const sut = rigIn(state);
        const child = sut.terrainChild();
        const runnerBefore = sut.runner();
        const said = sut.changes.length;
        const records = sut.records.length;
        sut.send(e);
        sut.checkState(state);
        expect(sut.changes, `${state} + ${label(e)}`).toHaveLength(said);
        expect(sut.records.slice(records), `${state} + ${label(e)}`).toEqual([]);
        expect(sut.terrainChild()).toBe(child);
        expect(sut.runner(), `${state} + ${label(e)} reached the runner`).toBe(runnerBefore);
        sut.stop();
      }
    }
    // The lifecycle events each state must not react to, by name (a guard on what "declares" means).
    expect(ignored).toEqual(expect.arrayContaining([
      'ANIMATED:rig.recover', 'ANIMATED:physics.ragdollAtRest', 'ANIMATED:rig.standUpFinished',
      'RAGDOLL.FREE:rig.setRagdoll', 'RAGDOLL.FREE:rig.standUpFinished', 'RAGDOLL.FREE:rig.beginTerrainFall', 'RAGDOLL.FREE:terrain.landingStarted', 'RAGDOLL.FREE:rig.letGo',
      // Held: no rest, no second grab, no ragdoll again; a second recover changes nothing.
      'RAGDOLL.HELD.HANGING:physics.ragdollAtRest', 'RAGDOLL.HELD.HANGING:rig.grab', 'RAGDOLL.HELD.HANGING:rig.setRagdoll',
      'RAGDOLL.HELD.RECOVER_ON_LET_GO:physics.ragdollAtRest', 'RAGDOLL.HELD.RECOVER_ON_LET_GO:rig.recover',
      'RECOVERING:rig.recover', 'RECOVERING:physics.ragdollAtRest', 'RECOVERING:physics.landed', 'RECOVERING:terrain.landingStarted',
    ]));
  });

  it('leaving ANIMATED mid-landing stops TerrainMotion and lifts the landing barrier before the runner hears RAGDOLL', () => {
    const sut = rigIn('ANIMATED');
    sut.send({ type: 'queue.start' });
    sut.send({ type: 'step', dt: 1 / 60 });
    sut.send({ type: 'rig.beginTerrainFall' });
    sut.send({ type: 'terrain.landingStarted' });
    expect(sut.runner().context.barrier).toBe(true);
    const lane = () => (sut.runner().value as { running: { lane: string } }).running.lane;
    expect(lane()).toBe('blocked');
    const child = sut.terrainChild()!;
    const seen: string[] = [];
    const runner = sut.rig.getSnapshot().context.actionRunner;
    runner.on('*', (e) => seen.push(e.type));
    sut.send({ type: 'rig.setRagdoll' });
    sut.checkState('RAGDOLL');
    expect(child.getSnapshot().status).toBe('stopped');
    // The walk went back to walking when the barrier lifted, then was stopped by the fall.
    expect(lane()).toBe('walking');
    expect(seen).toEqual(['runner.stopWalk']);
    // Back up: a new TerrainMotion, and the walk resumes.
    sut.send({ type: 'rig.recover' });
    sut.send({ type: 'rig.standUpFinished' });
    sut.checkState('ANIMATED');
    expect(sut.terrainChild()).not.toBe(child);
    expect(seen).toEqual(['runner.stopWalk', 'runner.walk']);
    sut.stop();
  });

  it('100 ragdoll/recover cycles: one live TerrainMotion at a time, every old one stopped, the runner always told', () => {
    const sut = rigIn('ANIMATED', false);
    for (let i = 0; i < 100; i += 1) {
      if (i % 2) sut.send({ type: 'rig.grab' });
      else sut.send({ type: 'rig.setRagdoll', cause: 'action' });
      sut.send({ type: 'rig.recover' });
      if (i % 2) sut.send({ type: 'rig.letGo' }); // the recover waited for the let-go
      if (i % 10 === 0) sut.send({ type: 'rig.setRagdoll' }); // knocked down mid stand-up now and then
      if (i % 10 === 0) sut.send({ type: 'rig.recover' });
      sut.send({ type: 'rig.standUpFinished' });
      sut.checkState('ANIMATED');
    }
    expect(sut.terrainChildren).toHaveLength(101);
    expect(sut.terrainChildren.filter((c) => c.getSnapshot().status === 'active')).toEqual([sut.terrainChild()]);
    expect(sut.changes).toHaveLength(100 * 3 + 10 * 2);
    sut.stop();
  });

  it('ragdoll entry with a prop in hand: disarm, the ragdoll release, then rig.stateChanged; the hold does not come back', () => {
    const sut = rigIn('ANIMATED');
    sut.send(PROP_EVENTS[0]);
    sut.send({ type: 'prop.step', dt: 0.5 });
    expect((sut.interactor.getSnapshot() as { value: string }).value).toBe('HELD');
    const from = sut.timeline.length;
    sut.send({ type: 'rig.grab' });
    expect(sut.timeline.slice(from)).toEqual(['interactor ← rig.disarm', 'interactor → interactor.release ragdoll', 'stateChanged RAGDOLL']);
    // Standing up again and falling once more: nothing is held, so nothing more is released.
    sut.send({ type: 'rig.letGo' });
    sut.send({ type: 'rig.recover' });
    sut.send({ type: 'rig.standUpFinished' });
    const again = sut.timeline.length;
    sut.send({ type: 'rig.setRagdoll' });
    expect(sut.timeline.slice(again)).toEqual(['interactor ← rig.disarm', 'stateChanged RAGDOLL']);
    sut.stop();
  });

  it('a pickup under way when the rig goes down is cancelled by the disarm, its claim given back, before the announcement', () => {
    const sut = rigIn('ANIMATED');
    sut.send({ type: 'prop.pickUp', itemId: 'pick', propId: 'crate', plan: { kind: 'approach', grip: 'handle', hand: 'left', standX: 300 } });
    const from = sut.timeline.length;
    sut.send({ type: 'rig.setRagdoll', cause: 'action' });
    expect(sut.timeline.slice(from)).toEqual([
      'interactor ← rig.disarm', 'interactor → interactor.stopApproach', 'interactor → interactor.unreserve', 'interactor → interactor.done', 'stateChanged RAGDOLL',
    ]);
    sut.stop();
  });

  it('leaves the stage from every state on it: final, the trace says so, no RigState is announced', () => {
    for (const from of ON_STAGE) {
      const sut = rigIn(from);
      const said = sut.changes.length;
      sut.send({ type: 'rig.leaveStage' });
      sut.checkState('LEFT_STAGE');
      expect(sut.changes, `${from}: nothing announced`).toHaveLength(said);
      expect(sut.rigRecords().at(-1)).toBe(`${from}->LEFT_STAGE:rig.leaveStage`);
      sut.stop();
    }
  });

  it('leaving mid-walk behind the landing barrier: the walk finishes blocked and stops, the barrier is not lifted first', () => {
    const sut = rigIn('ANIMATED');
    sut.send({ type: 'queue.start' });
    sut.send({ type: 'step', dt: 1 / 60 });
    sut.send({ type: 'rig.beginTerrainFall' });
    sut.send({ type: 'terrain.landingStarted' });
    // The walk arrived behind the barrier: lifting it first would finish the walk completed.
    sut.send({ type: 'rig.arrived' });
    const seen: string[] = [];
    sut.rig.getSnapshot().context.actionRunner.on('*', (e) => seen.push(e.type === 'runner.finished' ? `finished ${e.item.id} ${e.outcome}` : e.type));
    sut.send({ type: 'rig.leaveStage' });
    sut.checkState('LEFT_STAGE');
    expect(seen).toEqual(['runner.stopWalk', 'finished walk blocked']);
    expect(sut.runner().context.barrier, 'abandoned as it was').toBe(true);
    sut.stop();
  });

  it('leaving with a prop in hand: it is lost (released where it is), not dropped, before the runtime hears it', () => {
    const sut = rigIn('ANIMATED');
    sut.send(PROP_EVENTS[0]);
    sut.send({ type: 'prop.step', dt: 0.5 });
    expect((sut.interactor.getSnapshot() as { value: string }).value).toBe('HELD');
    const from = sut.timeline.length;
    sut.send({ type: 'rig.leaveStage' });
    expect(sut.timeline.slice(from)).toEqual(['interactor ← prop.lost', 'interactor → interactor.release lost', 'leftStage']);
    sut.stop();
  });

  it('two rigs keep their own state, children and records', () => {
    const a = new RigSut(true);
    const b = createActor(rigMachine, { input: { id: 'other', items: [] }, systemId: 'rig:other' });
    b.start();
    a.send({ type: 'rig.setRagdoll' });
    expect(b.getSnapshot().value).toBe('ANIMATED');
    expect(b.system.get('rig:other/terrainMotion')).toBeDefined();
    expect(a.rigRecords()).toEqual(['ANIMATED->RAGDOLL.FREE:rig.setRagdoll']);
    a.stop();
    b.stop();
  });
});
