/**
 * Children talk through the rig machine (issue 18): a real rig with its real children is driven
 * through a queued ragdoll and recover, a pickup with an approach walk, a throw, a takeover that
 * cancels a pickup, and a hard landing, with the runtime's part played by a stand-in that listens
 * to the rig only (its plan for a prop action, as the runtime answers it). Every event any child
 * receives comes from the rig; the children tell the rig (never emit to the runtime) what is the
 * rig's business — the runner's ragdoll, recover and prop requests, the interactor's answers,
 * TerrainMotion's landing notices — and the rig turns each into its named action.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type EventObject, type InspectionEvent } from 'xstate';
import type { LaneItem } from '../../core/actions/lane';
import { connectRig } from '../../machines/connectRig';
import { rigMachine, type RigEvent } from '../../machines/rigMachine';

const RIG = 'rig:stick';
const CHILDREN = ['rig:stick/actionRunner', 'rig:stick/propInteractor', 'rig:stick/terrainMotion'];
/** What a child may tell its rig, by child. */
const TELLS: Record<string, readonly string[]> = {
  'rig:stick/actionRunner': ['rig.setRagdoll', 'rig.recover', 'runner.propAction', 'runner.propCancel'],
  'rig:stick/propInteractor': ['interactor.done'],
  'rig:stick/terrainMotion': ['terrain.landingStarted', 'terrain.landingEnded'],
};
/** Messages for the rig: a child inside a rig never emits these (nobody but the rig may hear them). */
const RIG_BUSINESS = new Set(Object.values(TELLS).flat());

const systemIdOf = (ref: unknown): string | undefined => (ref as { options?: { systemId?: string } } | undefined)?.options?.systemId;

const items: LaneItem[] = [
  { id: 'down', origin: 'authored', action: { type: 'ragdoll' } },
  { id: 'up', origin: 'authored', action: { type: 'recover' } },
  { id: 'pick', origin: 'authored', action: { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'auto' } },
  { id: 'throw', origin: 'authored', action: { type: 'throw_prop', target_position: [900, 1000] } },
  { id: 'pick2', origin: 'authored', action: { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'left' } },
];

function run() {
  const delivered: Array<{ to: string | undefined; from: string | undefined; event: EventObject }> = [];
  const inspect = (ev: InspectionEvent) => {
    if (ev.type === '@xstate.event' && ev.event.type !== 'xstate.init') delivered.push({ to: systemIdOf(ev.actorRef), from: systemIdOf(ev.sourceRef), event: ev.event });
  };
  const rig = createActor(rigMachine, { input: { id: 'stick', items, autoRecover: false }, systemId: RIG, inspect });
  const emittedByChildren: Array<{ child: string; type: string }> = [];
  const snap = rig.getSnapshot().context;
  for (const [child, ref] of [['rig:stick/actionRunner', snap.actionRunner], ['rig:stick/propInteractor', snap.propInteractor]] as const) {
    (ref as AnyActorRef).on('*', (e: EventObject) => emittedByChildren.push({ child, type: e.type }));
  }
  // The runtime's stand-in hears the rig only: a prop action to plan is answered through the rig.
  const planned: string[] = [];
  rig.on('rig.planPropAction', ({ item }) => {
    planned.push(item.id);
    const a = item.action;
    if (a.type === 'pick_up_prop' && item.id === 'pick') rig.send({ type: 'prop.pickUp', itemId: item.id, propId: a.target_prop_id, plan: { kind: 'approach', grip: 'g', hand: 'right', standX: 400 } });
    else if (a.type === 'pick_up_prop') rig.send({ type: 'prop.pickUp', itemId: item.id, propId: a.target_prop_id, plan: { kind: 'approach', grip: 'g', hand: 'left', standX: 500 } });
    else if (a.type === 'throw_prop') rig.send({ type: 'prop.throw', itemId: item.id, plan: { kind: 'throw', releaseT: 0.1, duration: 0.2 } });
  });
  const done: string[] = [];
  rig.on('rig.propActionDone', (e) => done.push(`${e.itemId} ${e.outcome}`));
  rig.start();
  const send = (e: RigEvent) => rig.send(e);
  const step = (n = 1) => {
    for (let i = 0; i < n; i += 1) {
      send({ type: 'step', dt: 1 / 60 });
      send({ type: 'prop.step', dt: 1 / 60 });
    }
  };
  send({ type: 'rig.beginTerrainFall' });
  send({ type: 'physics.landed', fallDistance: 10, impactSpeed: 100 });
  send({ type: 'queue.start' });
  step(); // the queued ragdoll: the runner asks the rig
  const afterRagdoll = rig.getSnapshot().value;
  step(); // the queued recover
  const afterRecover = rig.getSnapshot().value;
  send({ type: 'rig.standUpFinished' });
  send({ type: 'rig.beginTerrainFall' });
  send({ type: 'physics.landed', fallDistance: 200, impactSpeed: 900 }); // a hard landing: the barrier
  const blocked = connectRig(rig.getSnapshot()).queueBlocked;
  send({ type: 'physics.landingFinished' });
  step(); // the pickup starts: planned through the rig, the approach walk begins
  send({ type: 'prop.approachArrived', plan: { kind: 'reach', grip: 'g', hand: 'right' } });
  step(30); // reach, hold; then the throw starts and is released
  step(); // the second pickup starts and walks towards the prop; a takeover cancels it
  send({ type: 'queue.enqueue', mode: 'takeover', item: { id: 'react', origin: 'reactive', action: { type: 'wait', seconds: 0.1 } } });
  step(10);
  rig.stop();
  return { delivered, emittedByChildren, planned, done, afterRagdoll, afterRecover, blocked };
}

describe('children talk through the rig machine', () => {
  const r = run();

  it('the scenario went where it should (so the checks below saw every path)', () => {
    expect(r.afterRagdoll).toEqual({ RAGDOLL: 'FREE' });
    expect(r.afterRecover).toBe('RECOVERING');
    expect(r.blocked).toBe(true);
    expect(r.planned).toEqual(['pick', 'throw', 'pick2']);
    expect(r.done).toEqual(['pick completed', 'throw completed', 'pick2 cancelled']);
  });

  it('every event a child receives comes from the rig', () => {
    const toChildren = r.delivered.filter((d) => d.to !== undefined && CHILDREN.includes(d.to));
    expect(toChildren.length).toBeGreaterThan(50);
    for (const d of toChildren) expect(d.from, `${d.event.type} to ${d.to}`).toBe(RIG);
    // The prop interactor and the runner heard about the prop actions from the rig: planned, cancelled, finished.
    const heard = (to: string) => toChildren.filter((d) => d.to === to).map((d) => d.event.type);
    expect(heard('rig:stick/propInteractor')).toEqual(expect.arrayContaining(['prop.pickUp', 'prop.approachArrived', 'prop.throw', 'prop.cancel']));
    expect(heard('rig:stick/actionRunner').filter((t) => t === 'queue.propDone')).toHaveLength(3);
  });

  it('what a child has to say about the rig\'s business it tells the rig, and only that', () => {
    const fromChildren = r.delivered.filter((d) => d.from !== undefined && CHILDREN.includes(d.from));
    for (const d of fromChildren) {
      expect(d.to, `${d.from} sent ${d.event.type} to someone else`).toBe(RIG);
      expect(TELLS[d.from!], `${d.from} told the rig ${d.event.type}`).toContain(d.event.type);
    }
    const told = (from: string) => fromChildren.filter((d) => d.from === from).map((d) => d.event.type);
    expect(told('rig:stick/actionRunner')).toEqual(['rig.setRagdoll', 'rig.recover', 'runner.propAction', 'runner.propAction', 'runner.propAction', 'runner.propCancel']);
    expect(told('rig:stick/propInteractor')).toEqual(['interactor.done', 'interactor.done', 'interactor.done']);
    expect(told('rig:stick/terrainMotion')).toEqual(['terrain.landingStarted', 'terrain.landingEnded']);
    // A queued ragdoll is the action's cause.
    expect(fromChildren.find((d) => d.event.type === 'rig.setRagdoll')?.event).toEqual({ type: 'rig.setRagdoll', cause: 'action' });
    // Inside a rig nothing of it is emitted: the runtime cannot hear it from a child.
    expect(r.emittedByChildren.filter((e) => RIG_BUSINESS.has(e.type))).toEqual([]);
  });

  it('the runtime (outside) talks to the rig only', () => {
    const fromOutside = r.delivered.filter((d) => d.from === undefined);
    for (const d of fromOutside) expect(d.to, `${d.event.type} went past the rig`).toBe(RIG);
  });
});
