/**
 * The runner-only events' direct way (machines/runnerRoute): the rig machine only passes `step`,
 * `rig.arrived` and `rig.walkBlocked` on to its runner, from every state; and a stickman driven
 * through walks (arrived and blocked), a queued ragdoll and recover, a pickup with its approach, a
 * throw, a turn, speech, a gesture, a wait, a hard landing's barrier and a takeover gives the very
 * same transitions and emitted events, in the same order, whether those events go through the rig
 * or (where the route allows) straight to the runner — and the route did take both ways.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyStateNode, type EventObject } from 'xstate';
import type { LaneItem } from '../../core/actions/lane';
import { connectRig } from '../../machines/connectRig';
import { rigMachine, type RigEvent } from '../../machines/rigMachine';
import { MAY_RUN_KIND, mayTellRig, RUNNER_ONLY_EVENTS, sendRunnerEvent, type RunnerOnlyEvent } from '../../machines/runnerRoute';
import { createTransitionInspector } from '../../streams/trace/inspector';

const descendants = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((s) => [s, ...descendants(s)]);

describe('runner route: the rig only passes these on', () => {
  it('handles step, rig.arrived and rig.walkBlocked on its root only, by forwardToRunner alone', () => {
    const on = rigMachine.root.config.on as Record<string, unknown>;
    for (const type of RUNNER_ONLY_EVENTS) expect(on[type], type).toEqual({ actions: 'forwardToRunner' });
    expect(on['*']).toBeUndefined();
    for (const node of descendants(rigMachine.root)) {
      const own = (node.config.on ?? {}) as Record<string, unknown>;
      for (const type of [...RUNNER_ONLY_EVENTS, '*']) expect(own[type], `${node.id} handles ${type}`).toBeUndefined();
    }
  });

  it('reads from the runner machine where these events may start or take back an item: a step in the idle lane only', () => {
    expect(MAY_RUN_KIND.step).toEqual({ always: false, stopped: false, lane: new Set(['idle']), overlay: new Set() });
    for (const type of ['rig.arrived', 'rig.walkBlocked']) expect(MAY_RUN_KIND[type], type).toEqual({ always: false, stopped: false, lane: new Set(), overlay: new Set() });
  });
});

const item = (id: string, action: LaneItem['action']): LaneItem => ({ id, origin: 'authored', action });
const ITEMS: LaneItem[] = [
  item('walk1', { type: 'walk_to', target_position: [900, 1000] }),
  item('down', { type: 'ragdoll' }),
  item('up', { type: 'recover' }),
  item('walk2', { type: 'walk_to', target_position: [300, 1000] }),
  item('pick', { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'auto' }),
  item('walk3', { type: 'walk_to', target_position: [700, 1000] }),
  item('throw', { type: 'throw_prop', target_position: [900, 1000] }),
  item('turn', { type: 'face', direction: 'LEFT' }),
  item('say', { type: 'speak', text: 'hello', seconds: 0.2 }),
  item('wave', { type: 'gesture', gesture_id: 'builtin:wave' }),
  item('pause', { type: 'wait', seconds: 0.1 }),
  item('walk4', { type: 'walk_to', target_position: [100, 1000] }),
  item('walk5', { type: 'walk_to', target_position: [500, 1000] }),
  item('pick2', { type: 'pick_up_prop', target_prop_id: 'crate', hand: 'left' }),
];

const show = (e: EventObject): string => JSON.stringify(e, (k, v) => (k === 'item' ? (v as LaneItem).id : v));

/** Drives one rig as the runtime would; `direct` sends the runner-only events by the route. */
function drive(direct: boolean) {
  const log: string[] = [];
  const inspect = createTransitionInspector(() => ({ t: 0, tick: 0 }), (r) => log.push(`transition ${r.actor} ${r.from} -> ${r.to} on ${r.event}`));
  const rig = createActor(rigMachine, { input: { id: 'stick', items: ITEMS, autoRecover: false }, systemId: 'rig:stick', inspect });
  const { actionRunner, propInteractor } = rig.getSnapshot().context;
  for (const [name, ref] of [['rig', rig], ['runner', actionRunner], ['interactor', propInteractor]] as const) {
    (ref as AnyActorRef).on('*', (e: EventObject) => log.push(`${name} says ${show(e)}`));
  }
  const send = (e: RigEvent) => rig.send(e);
  let straight = 0;
  let viaRig = 0;
  const runnerEvent = (e: RunnerOnlyEvent) => {
    if (!direct) return send(e);
    if (mayTellRig(actionRunner.getSnapshot(), e)) viaRig += 1;
    else straight += 1;
    sendRunnerEvent(rig, e);
  };
  rig.on('rig.planPropAction', ({ item: it }) => {
    const a = it.action;
    if (a.type === 'pick_up_prop') send({ type: 'prop.pickUp', itemId: it.id, propId: a.target_prop_id, plan: { kind: 'approach', grip: 'g', hand: 'right', standX: 400 } });
    else if (a.type === 'throw_prop') send({ type: 'prop.throw', itemId: it.id, plan: { kind: 'throw', releaseT: 0.1, duration: 0.2 } });
  });
  rig.start();
  send({ type: 'rig.beginTerrainFall' });
  send({ type: 'physics.landed', fallDistance: 10, impactSpeed: 100 });
  send({ type: 'queue.start' });
  let walkedFor = 0;
  let outcomes = 0;
  let downFor = 0;
  let landing = 0;
  for (let tick = 1; tick <= 240; tick += 1) {
    const c = connectRig(rig.getSnapshot());
    if (c.runnerNeedsStep) runnerEvent({ type: 'step', dt: 1 / 60 });
    if (c.interactorNeedsStep) send({ type: 'prop.step', dt: 1 / 60 });
    const now = connectRig(rig.getSnapshot());
    // A walk ends after a few steps, arrived or blocked in turn (also behind the landing barrier).
    if (now.queue.state === 'walking' || now.queue.state === 'blocked') walkedFor += 1;
    else walkedFor = 0;
    if (walkedFor >= 4) {
      runnerEvent({ type: outcomes % 2 ? 'rig.walkBlocked' : 'rig.arrived' });
      outcomes += 1;
      walkedFor = 0;
    }
    if (now.interactor.state === 'APPROACHING') send({ type: 'prop.approachArrived', plan: { kind: 'reach', grip: 'g', hand: 'right' } });
    downFor = now.state === 'RECOVERING' ? downFor + 1 : 0;
    if (downFor === 5) {
      // Up again: a new TerrainMotion, which the runtime starts with a terrain fall.
      send({ type: 'rig.standUpFinished' });
      send({ type: 'rig.beginTerrainFall' });
      send({ type: 'physics.landed', fallDistance: 10, impactSpeed: 100 });
    }
    // A hard landing mid-walk: the barrier goes up and comes down (the walk ends behind it).
    if (landing === 0 && tick > 100 && now.terrain === 'GROUNDED' && now.queue.state === 'walking') {
      send({ type: 'physics.supportLost', walkVelocityX: 100 });
      send({ type: 'physics.landed', fallDistance: 200, impactSpeed: 900 });
      landing = tick;
      walkedFor = 2;
    }
    if (landing > 0 && tick === landing + 8) send({ type: 'physics.landingFinished' });
    if (tick === 200) send({ type: 'queue.enqueue', mode: 'takeover', item: { id: 'react', origin: 'reactive', action: { type: 'wait', seconds: 0.1 } } });
  }
  rig.stop();
  return { log, straight, viaRig };
}

describe('runner route: the direct way changes nothing', () => {
  const viaRig = drive(false);
  const routed = drive(true);

  it('the scenario covered the kinds, the ragdoll, the barrier and the prop actions', () => {
    const text = viaRig.log.join('\n');
    for (const id of ITEMS.map((i) => i.id)) expect(text, id).toContain(`"type":"runner.started","item":"${id}"`);
    expect(text).toContain('ANIMATED -> RAGDOLL.FREE');
    expect(text).toContain('RECOVERING -> ANIMATED');
    expect(text).toContain('-> running.lane.blocked');
    expect(text).toContain('"type":"rig.propActionDone","itemId":"throw","outcome":"completed"');
    expect(text).toContain('"outcome":"blocked"');
    expect(viaRig.log.length).toBeGreaterThan(80);
  });

  it('gives the same transitions and emitted events in the same order', () => {
    expect(routed.log).toEqual(viaRig.log);
  });

  it('took the direct way for most events and the rig for the items that tell it', () => {
    expect(routed.straight).toBeGreaterThan(60);
    // The ragdoll, the recover and the prop actions start from a step that goes through the rig.
    expect(routed.viaRig).toBeGreaterThanOrEqual(5);
  });
});
