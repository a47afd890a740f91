/**
 * PropInteractor — IDLE · APPROACHING · REACHING · HELD · THROWING (seed phase 11 §3, issue 10) —
 * model-based with xstate/graph. The machine is the model, keyed on its state value plus the
 * context its guards read there (replans while approaching, the elapsed clock while reaching or
 * throwing), so the key decides every guard and the graph stays finite. Every generated path
 * (the shortest to each key, then every event the runtime could send from there) is replayed on
 * a real actor, and each event's emissions are checked against an independent reference of the
 * contract (tests/machines/propInteractorReference.ts), the whole stream against its ledger.
 *
 * The model sends only what the rig's runtime can send: a prop action starts only when none is
 * running (the runner runs one item at a time and cancels before it starts another), and
 * approach arrivals and blocks come only while the approach walk is on. Everything else (steps,
 * cancel, disarm, lost) may come in any state, and must then do exactly what the contract says.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyTransitionDefinition, type Snapshot, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  MAX_APPROACH_REPLANS, REACH_SECONDS, propInteractorMachine,
  type PropInteractorEmitted, type PropInteractorEvent,
} from '../../machines/propInteractorMachine';
import { PropContract, auditStream, startsAction, type InteractorStateName } from './propInteractorReference';

type Snap = SnapshotFrom<typeof propInteractorMachine>;
type Ev = PropInteractorEvent;

const STATES: InteractorStateName[] = ['APPROACHING', 'HELD', 'IDLE', 'REACHING', 'THROWING'];
const SMALL_DT = 1 / 60;
const BIG_DT = 0.25;

// Plans as the runtime computes them (core/props/pickup); the arrival re-plans from the new spot
// with another grip and hand, so an attach must use the latest plan.
const PICK_REACH: Ev = { type: 'prop.pickUp', itemId: 'pick', propId: 'crate', plan: { kind: 'reach', grip: 'handle', hand: 'right' } };
const PICK_APPROACH: Ev = { type: 'prop.pickUp', itemId: 'pick', propId: 'crate', plan: { kind: 'approach', grip: 'handle', hand: 'right', standX: 420 } };
const PICK_SKIP: Ev = { type: 'prop.pickUp', itemId: 'pick', propId: 'crate', plan: { kind: 'skip', reason: 'no compatible grip' } };
const ARRIVE_REACH: Ev = { type: 'prop.approachArrived', plan: { kind: 'reach', grip: 'rim', hand: 'left' } };
const ARRIVE_APPROACH: Ev = { type: 'prop.approachArrived', plan: { kind: 'approach', grip: 'rim', hand: 'left', standX: 380 } };
const ARRIVE_SKIP: Ev = { type: 'prop.approachArrived', plan: { kind: 'skip', reason: 'reserved by stick-2' } };
const DROP: Ev = { type: 'prop.drop', itemId: 'drop' };
const THROW_SKIP: Ev = { type: 'prop.throw', itemId: 'throw', plan: { kind: 'skip', reason: 'no valid arc' } };
/** Released a tenth of a second in, followed through to 0.4 s. */
const THROW_MID: Ev = { type: 'prop.throw', itemId: 'throw', plan: { kind: 'throw', releaseT: 0.1, duration: 0.4 } };
/** The release boundary is the throw's last step. */
const THROW_AT_END: Ev = { type: 'prop.throw', itemId: 'throw', plan: { kind: 'throw', releaseT: 0.4, duration: 0.4 } };
const CANCEL: Ev = { type: 'prop.cancel' };
const DISARM: Ev = { type: 'rig.disarm' };
const LOST: Ev = { type: 'prop.lost' };
const step = (dt = SMALL_DT): Ev => ({ type: 'step', dt });
const steps = (n: number, dt = SMALL_DT): Ev[] => Array.from({ length: n }, () => step(dt));

const MODEL_EVENTS: Ev[] = [
  PICK_REACH, PICK_APPROACH, PICK_SKIP, ARRIVE_REACH, ARRIVE_APPROACH, ARRIVE_SKIP, { type: 'prop.approachBlocked' },
  DROP, THROW_SKIP, THROW_MID, THROW_AT_END, CANCEL, DISARM, LOST, step(SMALL_DT), step(BIG_DT),
];

/** What the rig's runtime can send to its interactor in this state (see the header). */
function runtimeCanSend(s: Snap, e: Ev): boolean {
  if (startsAction(e)) return s.value === 'IDLE' || s.value === 'HELD';
  if (e.type === 'prop.approachArrived' || e.type === 'prop.approachBlocked') return s.value === 'APPROACHING';
  return true;
}

/** The state value plus what the guards read in it (clocks rounded past float noise). */
function serializeState(s: Snap): string {
  const c = s.context;
  const t = (x: number) => Number(x.toFixed(9));
  switch (s.value) {
    case 'APPROACHING': return `APPROACHING replans=${c.replans}`;
    case 'REACHING': return `REACHING t=${t(c.elapsed)}`;
    case 'THROWING': return `THROWING t=${t(c.elapsed)} release=${c.releaseT}/${c.duration} released=${c.released}`;
    default: return String(s.value);
  }
}

function eventLabel(e: Ev): string {
  switch (e.type) {
    case 'prop.pickUp':
    case 'prop.approachArrived':
      return `${e.type === 'prop.pickUp' ? 'pickUp' : 'arrived'}(${e.plan.kind})`;
    case 'prop.throw':
      return e.plan.kind === 'skip' ? 'throw(skip)' : `throw(${e.plan.releaseT}/${e.plan.duration})`;
    case 'step':
      return `step(${e.dt === SMALL_DT ? '1/60' : e.dt})`;
    default:
      return e.type.replace(/^prop\./, '');
  }
}

// ---------------------------------------------------------------------------------------------
// What the machine declares
// ---------------------------------------------------------------------------------------------

/** Every (state, event type) → targets the machine declares, read from its definition. */
function declaredEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [name, node] of Object.entries(propInteractorMachine.root.states)) {
    for (const [eventType, transitions] of node.transitions) {
      edges.set(`${name}:${eventType}`, new Set(transitions.map((t) => t.target?.[0]?.key ?? name)));
    }
  }
  return edges;
}

/** Every transition candidate (each guarded branch on its own), by identity. */
function declaredTransitions(): Map<AnyTransitionDefinition, string> {
  const out = new Map<AnyTransitionDefinition, string>();
  for (const [name, node] of Object.entries(propInteractorMachine.root.states)) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => {
        const g = t.guard as unknown;
        const guard = !g ? '' : typeof g === 'string' ? `[${g}]` : `[${(g as { type?: string }).type ?? 'inline'}]`;
        out.set(t, `${name} ${eventType}#${i}${guard}`);
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Replay on a real actor, checked against the reference
// ---------------------------------------------------------------------------------------------

interface Replay {
  taken: Set<AnyTransitionDefinition>;
  values: string[];
  emitted: PropInteractorEmitted[];
  final: Snap;
  persisted: Snapshot<unknown>;
}

/** Each started action gets its own item id, so a done is matched to its own start. */
const withUniqueItem = (e: Ev, i: number): Ev => ('itemId' in e ? { ...e, itemId: `${e.itemId}@${i}` } : e);

/** The context the runtime reads (connectRig poses the arm from it) matches the reference. */
function expectContext(s: Snap, ref: PropContract, where: string): void {
  const c = s.context;
  if (s.value === 'APPROACHING' || s.value === 'REACHING') {
    expect({ propId: c.propId, grip: c.grip, hand: c.hand }, where).toEqual({ propId: ref.reserved, ...ref.plan });
  } else if (s.value === 'HELD') {
    expect({ propId: c.propId, grip: c.grip, hand: c.hand, held: c.held }, where).toEqual({ ...ref.held, held: true });
  } else if (s.value === 'IDLE') {
    expect({ propId: c.propId, held: c.held }, where).toEqual({ propId: null, held: false });
  }
}

/** Replays `events` from the start: every event's emissions exactly as the reference says. */
function replay(events: Ev[]): Replay {
  const taken = new Set<AnyTransitionDefinition>();
  const actor = createActor(propInteractorMachine, {
    // On its own (no rig in its system): what it tells the rig is emitted, so this hears it.
    input: {},
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') for (const t of ev._transitions) taken.add(t);
    },
  });
  // Listeners must not throw inside the actor: buffer, then check after each send.
  const buffer: PropInteractorEmitted[] = [];
  actor.on('*', (e) => buffer.push(e));
  actor.start();
  const ref = new PropContract();
  const log: Array<{ event: Ev; emitted: PropInteractorEmitted[] }> = [];
  const values = [String(actor.getSnapshot().value)];
  events.forEach((raw, i) => {
    const event = withUniqueItem(raw, i);
    const where = events.slice(0, i + 1).map(eventLabel).join(' → ');
    const expected = ref.expectFor(event);
    actor.send(event);
    const emitted = buffer.splice(0, buffer.length);
    expect(emitted, `emitted on ${where}`).toEqual(expected);
    const snap = actor.getSnapshot();
    expect(snap.value, `state after ${where}`).toBe(ref.stateName());
    expectContext(snap, ref, `context after ${where}`);
    log.push({ event, emitted });
    values.push(String(snap.value));
  });
  const final = actor.getSnapshot();
  auditStream(log, String(final.value));
  const persisted = actor.getPersistedSnapshot();
  actor.stop();
  return { taken, values, emitted: log.flatMap((l) => l.emitted), final, persisted };
}

/** The emitted stream in short words, for the focused scenarios. */
const brief = (e: PropInteractorEmitted): string => {
  switch (e.type) {
    case 'interactor.reserve': return `reserve ${e.propId}`;
    case 'interactor.unreserve': return `unreserve ${e.propId}`;
    case 'interactor.approach': return `approach ${e.standX}`;
    case 'interactor.stopApproach': return 'stop approach';
    case 'interactor.attach': return `attach ${e.propId} ${e.grip} ${e.hand}`;
    case 'interactor.release': return `release ${e.propId} ${e.reason}`;
    case 'interactor.done': return `done ${e.itemId.replace(/@\d+$/, '')} ${e.outcome}${e.reason ? ` (${e.reason})` : ''}`;
  }
};
const briefs = (events: Ev[]) => replay(events).emitted.map(brief);

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

const model = createTestModel(propInteractorMachine, {
  events: MODEL_EVENTS,
  filterEvents: (s, e) => runtimeCanSend(s as Snap, e),
  serializeState: (s) => serializeState(s as Snap),
});
const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
const groups = shortest.map((p) => {
  const base = p.steps.slice(1).map((s) => s.event as Ev); // drop xstate.init
  const last = p.state as Snap;
  return {
    key: serializeState(last),
    description: base.map(eventLabel).join(' → ') || '(initial)',
    base,
    extensions: MODEL_EVENTS.filter((e) => runtimeCanSend(last, e)),
  };
});

/** Long lives the shortest paths do not take in one go: re-plans, whole throws, re-holds. */
const LIVES: Array<{ name: string; events: Ev[] }> = [
  { name: 'approach, re-plan, reach with the new grip, carry, drop', events: [PICK_APPROACH, ARRIVE_APPROACH, ARRIVE_REACH, ...steps(18), DROP] },
  { name: 'approach, re-plan, still out of reach', events: [PICK_APPROACH, ARRIVE_APPROACH, ARRIVE_APPROACH, PICK_REACH, ...steps(2, BIG_DT)] },
  { name: 'hold, a throw released mid-way, then pick up again', events: [PICK_REACH, ...steps(18), THROW_MID, ...steps(24), PICK_REACH, ...steps(18), DROP] },
  { name: 'hold, a throw released on its last step', events: [PICK_REACH, ...steps(2, BIG_DT), THROW_AT_END, ...steps(24), DROP] },
  { name: 'a throw cancelled before its release, thrown again, a fall after the release', events: [PICK_REACH, ...steps(2, BIG_DT), THROW_MID, ...steps(3), CANCEL, THROW_MID, ...steps(7), DISARM, DROP] },
  { name: 'a throw lost before its release; the next pickup claims again', events: [PICK_REACH, ...steps(2, BIG_DT), THROW_AT_END, step(BIG_DT), LOST, PICK_APPROACH, { type: 'prop.approachBlocked' }] },
];

describe('propInteractor machine (model-based, xstate/graph)', () => {
  it('the machine declares the transitions of seed §3, and no others', () => {
    const declared = [...declaredEdges()].flatMap(([k, targets]) => [...targets].map((t) => `${k}->${t}`));
    expect(declared.sort()).toEqual([
      'APPROACHING:prop.approachArrived->APPROACHING',
      'APPROACHING:prop.approachArrived->IDLE',
      'APPROACHING:prop.approachArrived->REACHING',
      'APPROACHING:prop.approachBlocked->IDLE',
      'APPROACHING:prop.cancel->IDLE',
      'APPROACHING:prop.lost->IDLE',
      'APPROACHING:rig.disarm->IDLE',
      'HELD:prop.drop->IDLE',
      'HELD:prop.lost->IDLE',
      'HELD:prop.pickUp->HELD',
      'HELD:prop.throw->HELD',
      'HELD:prop.throw->THROWING',
      'HELD:rig.disarm->IDLE',
      'IDLE:prop.drop->IDLE',
      'IDLE:prop.pickUp->APPROACHING',
      'IDLE:prop.pickUp->IDLE',
      'IDLE:prop.pickUp->REACHING',
      'IDLE:prop.throw->IDLE',
      'REACHING:prop.cancel->IDLE',
      'REACHING:prop.lost->IDLE',
      'REACHING:rig.disarm->IDLE',
      'REACHING:step->HELD',
      'REACHING:step->REACHING',
      'THROWING:prop.cancel->HELD',
      'THROWING:prop.cancel->IDLE',
      'THROWING:prop.lost->IDLE',
      'THROWING:rig.disarm->IDLE',
      'THROWING:step->IDLE',
      'THROWING:step->THROWING',
    ]);
  });

  it('the graph is finite, and every path reaches the key the model meant (the key decides the guards)', () => {
    expect(groups.length).toBeGreaterThan(20);
    expect(groups.length).toBeLessThan(400);
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
    for (const g of groups) expect(serializeState(replay(g.base).final), g.description).toBe(g.key);
  });

  it('the generated paths and lives reach every state and take every declared transition and guarded branch', () => {
    const taken = new Set<AnyTransitionDefinition>();
    const edges = new Set<string>();
    const reached = new Set<string>();
    const runs = [...groups.flatMap((g) => [g.base, ...g.extensions.map((e) => [...g.base, e])]), ...LIVES.map((l) => l.events)];
    for (const events of runs) {
      const r = replay(events);
      for (const t of r.taken) taken.add(t);
      r.values.forEach((v, i) => {
        reached.add(v);
        if (i > 0) edges.add(`${r.values[i - 1]}:${events[i - 1].type}->${v}`);
      });
    }
    expect([...reached].sort()).toEqual(STATES);
    const declaredEdgeList = [...declaredEdges()].flatMap(([k, targets]) => [...targets].map((t) => `${k}->${t}`));
    for (const edge of declaredEdgeList) expect(edges, edge).toContain(edge);
    const declared = declaredTransitions();
    expect([...taken].map((t) => declared.get(t)).filter(Boolean).sort()).toEqual([...declared.values()].sort());
  });

  it('each state ignores the events it does not declare: nothing emitted, nothing changed', () => {
    const edges = declaredEdges();
    const checked: string[] = [];
    // One real snapshot per state, from the generated paths.
    const byState = new Map<string, Snapshot<unknown>>();
    for (const g of groups) {
      const r = replay(g.base);
      if (!byState.has(String(r.final.value))) byState.set(String(r.final.value), r.persisted);
    }
    expect([...byState.keys()].sort()).toEqual(STATES);
    for (const [value, persisted] of byState) {
      for (const e of MODEL_EVENTS) {
        if (edges.has(`${value}:${e.type}`)) continue;
        const actor = createActor(propInteractorMachine, { snapshot: persisted, input: {} });
        const out: PropInteractorEmitted[] = [];
        actor.on('*', (x) => out.push(x));
        actor.start();
        const before = JSON.stringify({ v: actor.getSnapshot().value, c: actor.getSnapshot().context });
        actor.send(e);
        expect(out, `${value} + ${eventLabel(e)}`).toEqual([]);
        expect(JSON.stringify({ v: actor.getSnapshot().value, c: actor.getSnapshot().context }), `${value} + ${eventLabel(e)}`).toBe(before);
        checked.push(`${value}:${e.type}`);
        actor.stop();
      }
    }
    // The ones that matter by name: no cancel of a hold that runs no action, no clock while idle.
    expect(checked).toEqual(expect.arrayContaining([
      'IDLE:prop.cancel', 'IDLE:rig.disarm', 'IDLE:prop.lost', 'IDLE:step', 'HELD:prop.cancel', 'HELD:step',
      'REACHING:prop.pickUp', 'REACHING:prop.drop', 'THROWING:prop.pickUp', 'THROWING:prop.throw', 'APPROACHING:step',
    ]));
  });

  describe('every generated path, then every event the runtime could send next, against the reference', () => {
    for (const g of groups) {
      it(`${g.description}  [${g.key}]`, () => {
        replay(g.base);
        for (const e of g.extensions) {
          try {
            replay([...g.base, e]);
          } catch (err) {
            (err as Error).message = `+ ${eventLabel(e)}: ${(err as Error).message}`;
            throw err;
          }
        }
      });
    }
  });

  describe('long lives, against the reference', () => {
    for (const life of LIVES) it(life.name, () => void replay(life.events));
  });
});

// ---------------------------------------------------------------------------------------------
// Focused scenarios (literal expectations, so the reference cannot share a mistake)
// ---------------------------------------------------------------------------------------------

describe('propInteractor: focused', () => {
  it('the reach takes REACH_SECONDS of steps: the hold commits on the 18th step of 1/60 s, with the plan of the arrival', () => {
    expect(REACH_SECONDS).toBe(0.3);
    const head = [PICK_APPROACH, ARRIVE_REACH];
    expect(briefs([...head, ...steps(17)])).toEqual(['reserve crate', 'approach 420']);
    expect(briefs([...head, ...steps(18)])).toEqual(['reserve crate', 'approach 420', 'attach crate rim left', 'done pick completed']);
    expect(briefs([...head, ...steps(40)])).toHaveLength(4);
  });

  it('steps with no usable dt (0, negative, NaN, Infinity) do not advance the reach', () => {
    const bad = [0, -1, Number.NaN, Number.POSITIVE_INFINITY].map((dt) => step(dt));
    const r = replay([PICK_REACH, ...bad, ...bad, ...steps(17)]);
    expect(r.final.value).toBe('REACHING');
    expect(r.emitted.map(brief)).toEqual(['reserve crate']);
  });

  it(`at most ${MAX_APPROACH_REPLANS} re-plan: still out of reach after it, the claim is released and the pickup skipped`, () => {
    expect(MAX_APPROACH_REPLANS).toBe(1);
    expect(briefs([PICK_APPROACH, ARRIVE_APPROACH, ARRIVE_APPROACH])).toEqual([
      'reserve crate', 'approach 420', 'approach 380', 'unreserve crate', 'done pick skipped (out of reach)',
    ]);
    expect(briefs([PICK_APPROACH, ARRIVE_SKIP])).toEqual(['reserve crate', 'approach 420', 'unreserve crate', 'done pick skipped (reserved by stick-2)']);
  });

  it('every claim that does not become a hold is released exactly once: cancel, blocked, lost, disarm', () => {
    const ends: Array<[Ev, string]> = [[CANCEL, 'cancelled'], [DISARM, 'cancelled'], [LOST, 'skipped']];
    for (const [e, outcome] of ends) {
      expect(briefs([PICK_APPROACH, e]).map((b) => b.replace(/ \(.*\)$/, ''))).toEqual(['reserve crate', 'approach 420', 'stop approach', 'unreserve crate', `done pick ${outcome}`]);
      expect(briefs([PICK_REACH, step(), e]).map((b) => b.replace(/ \(.*\)$/, ''))).toEqual(['reserve crate', 'unreserve crate', `done pick ${outcome}`]);
    }
    expect(briefs([PICK_APPROACH, { type: 'prop.approachBlocked' }])).toEqual([
      'reserve crate', 'approach 420', 'unreserve crate', 'done pick blocked (the approach walk was blocked)',
    ]);
    // A plan that skips at once claims nothing, so there is nothing to release.
    expect(briefs([PICK_SKIP])).toEqual(['done pick skipped (no compatible grip)']);
  });

  it('drop and throw with nothing held finish skipped "nothing held"; a pickup while holding is skipped and claims nothing', () => {
    expect(briefs([DROP, THROW_MID])).toEqual(['done drop skipped (nothing held)', 'done throw skipped (nothing held)']);
    expect(briefs([PICK_REACH, ...steps(2, BIG_DT), PICK_APPROACH])).toEqual([
      'reserve crate', 'attach crate handle right', 'done pick completed', 'done pick skipped (already holding a prop)',
    ]);
  });

  it('release reasons: manual drop, ragdoll disarm, lost, each once per hold; a disarm while HELD answers no action', () => {
    const held = [PICK_REACH, ...steps(2, BIG_DT)];
    const after = (e: Ev) => briefs([...held, e]).slice(3);
    expect(after(DROP)).toEqual(['release crate manual', 'done drop completed']);
    expect(after(DISARM)).toEqual(['release crate ragdoll']);
    expect(after(LOST)).toEqual(['release crate lost']);
    // Whatever comes after the hold ended releases nothing more.
    expect(briefs([...held, DISARM, DISARM, LOST, DROP]).slice(3)).toEqual(['release crate ragdoll', 'done drop skipped (nothing held)']);
  });

  it('a throw releases at its boundary step, once, and completes at its end; a throw that skips keeps the prop', () => {
    const held = [PICK_REACH, ...steps(2, BIG_DT)];
    expect(briefs([...held, THROW_SKIP, DROP]).slice(3)).toEqual(['done throw skipped (no valid arc)', 'release crate manual', 'done drop completed']);
    // 0.1 s = the 6th step of 1/60 s; 0.4 s = the 24th.
    const mid = replay([...held, THROW_MID, ...steps(5)]);
    expect(mid.emitted.slice(3)).toEqual([]);
    expect(briefs([...held, THROW_MID, ...steps(6)]).slice(3)).toEqual(['release crate throw']);
    expect(briefs([...held, THROW_MID, ...steps(23)]).slice(3)).toEqual(['release crate throw']);
    expect(briefs([...held, THROW_MID, ...steps(24)]).slice(3)).toEqual(['release crate throw', 'done throw completed']);
    // A release on the last step is still one release, before the done.
    expect(briefs([...held, THROW_AT_END, ...steps(23)]).slice(3)).toEqual([]);
    expect(briefs([...held, THROW_AT_END, ...steps(30)]).slice(3)).toEqual(['release crate throw', 'done throw completed']);
  });

  it('a throw cancelled before its release keeps the prop held; after the release nothing re-holds it', () => {
    const held = [PICK_REACH, ...steps(2, BIG_DT)];
    const before = replay([...held, THROW_MID, ...steps(3), CANCEL]);
    expect(before.final.value).toBe('HELD');
    expect(before.emitted.slice(3).map(brief)).toEqual(['done throw cancelled']);
    expect(briefs([...held, THROW_MID, ...steps(3), CANCEL, DROP]).slice(3)).toEqual(['done throw cancelled', 'release crate manual', 'done drop completed']);
    const afterRelease = replay([...held, THROW_MID, ...steps(8), CANCEL, DROP]);
    expect(afterRelease.final.value).toBe('IDLE');
    expect(afterRelease.emitted.slice(3).map(brief)).toEqual(['release crate throw', 'done throw cancelled', 'done drop skipped (nothing held)']);
  });

  it('a fall or the prop lost mid-throw: before the release it lets go once (ragdoll / lost), after it only the throw ends', () => {
    const throwing = [PICK_REACH, ...steps(2, BIG_DT), THROW_MID, ...steps(3)];
    expect(briefs([...throwing, DISARM]).slice(3)).toEqual(['release crate ragdoll', 'done throw cancelled']);
    expect(briefs([...throwing, LOST]).slice(3)).toEqual(['release crate lost', 'done throw cancelled']);
    expect(briefs([...throwing, ...steps(5), DISARM]).slice(3)).toEqual(['release crate throw', 'done throw cancelled']);
    expect(briefs([...throwing, ...steps(5), LOST]).slice(3)).toEqual(['release crate throw', 'done throw cancelled']);
  });
});
