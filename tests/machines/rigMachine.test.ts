/**
 * The rig machine as coordinator (DESIGN.md §5): it spawns TerrainMotion in ANIMATED, forwards
 * every physics.*, rig.* and queue.* event to the child that owns it, and turns TerrainMotion's
 * landing notices into the runner's barrier. connectRig is the one reader of its snapshots.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { connectRig } from '../../machines/connectRig';
import { rigMachine } from '../../machines/rigMachine';
import { terrainMotionMachine } from '../../machines/terrainMotionMachine';
import { createTransitionInspector } from '../../streams/trace/inspector';
import type { TransitionRecord } from '../../streams/trace/records';
import type { LaneItem } from '../../core/actions/lane';

const wait = (id: string, seconds: number): LaneItem => ({ id, origin: 'authored', action: { type: 'wait', seconds } });

function startRig(items: LaneItem[] = []) {
  const records: TransitionRecord[] = [];
  const delivered: Array<{ to: string; type: string; from: string | undefined }> = [];
  const transitions = createTransitionInspector(() => ({ t: 0, tick: 0 }), (r) => records.push(r));
  const inspect = (ev: InspectionEvent) => {
    transitions(ev);
    if (ev.type === '@xstate.event') {
      const to = (ev.actorRef as unknown as { options?: { systemId?: string } }).options?.systemId ?? '?';
      const from = (ev.sourceRef as unknown as { options?: { systemId?: string } } | undefined)?.options?.systemId;
      delivered.push({ to, type: (ev.event as { type: string }).type, from });
    }
  };
  const rig = createActor(rigMachine, { input: { id: 'stick', items }, systemId: 'rig:stick', inspect });
  rig.start();
  return { rig, records, delivered };
}

describe('rig machine: one path to each actor', () => {
  it('spawns terrainMotion (systemId rig:stick/terrainMotion) on entering ANIMATED and forwards terrain events to it', () => {
    const { rig, records, delivered } = startRig();
    const child = rig.system.get('rig:stick/terrainMotion');
    expect(rig.getSnapshot().value).toBe('ANIMATED');
    expect(rig.getSnapshot().children.terrainMotion).toBe(child);
    rig.send({ type: 'rig.beginTerrainFall' });
    rig.send({ type: 'physics.landed', fallDistance: 20, impactSpeed: 300 });
    rig.send({ type: 'physics.supportLost', walkVelocityX: 160 });
    rig.send({ type: 'rig.disableTerrain' });
    expect(records.filter((r) => r.actor === 'rig:stick/terrainMotion').map((r) => `${r.from}->${r.to}:${r.event}`)).toEqual([
      'DISABLED->AIRBORNE:rig.beginTerrainFall',
      'AIRBORNE->GROUNDED:physics.landed',
      'GROUNDED->AIRBORNE:physics.supportLost',
      'AIRBORNE->DISABLED:rig.disableTerrain',
    ]);
    // Every event the child got came from the rig: the rig is the only path in.
    const toChild = delivered.filter((d) => d.to === 'rig:stick/terrainMotion' && d.type !== 'xstate.init');
    expect(toChild.map((d) => d.type)).toEqual(['rig.beginTerrainFall', 'physics.landed', 'physics.supportLost', 'rig.disableTerrain']);
    expect(toChild.every((d) => d.from === 'rig:stick')).toBe(true);
    rig.stop();
    expect(child.getSnapshot().status).toBe('stopped');
  });

  it('forwards queue events and the runner step to the actionRunner', () => {
    const { rig, delivered } = startRig([wait('w', 0.05)]);
    rig.send({ type: 'queue.start' });
    for (let i = 0; i < 5; i += 1) rig.send({ type: 'step', dt: 1 / 60 });
    const toRunner = delivered.filter((d) => d.to === 'rig:stick/actionRunner' && d.type !== 'xstate.init' && d.type !== 'queue.rigState');
    expect(toRunner.map((d) => d.type)).toEqual(['queue.start', 'step', 'step', 'step', 'step', 'step']);
    expect(toRunner.every((d) => d.from === 'rig:stick')).toBe(true);
    expect(connectRig(rig.getSnapshot()).queue).toMatchObject({ done: 1, current: null });
    rig.stop();
  });

  it('two rigs in one system get their own children', () => {
    const a = createActor(rigMachine, { input: { id: 'a', items: [] } });
    const b = createActor(rigMachine, { input: { id: 'b', items: [] } });
    a.start();
    b.start();
    a.send({ type: 'rig.beginTerrainFall' });
    expect(connectRig(a.getSnapshot()).terrain).toBe('AIRBORNE');
    expect(connectRig(b.getSnapshot()).terrain).toBe('DISABLED');
    a.stop();
    b.stop();
  });
});

describe('the landing barrier is the machines\' decision', () => {
  it('terrain.landingStarted blocks the runner, terrain.landingEnded unblocks it (seen through connectRig)', () => {
    const { rig } = startRig([wait('w', 1)]);
    rig.send({ type: 'queue.start' });
    rig.send({ type: 'step', dt: 1 / 60 });
    expect(connectRig(rig.getSnapshot()).queueBlocked).toBe(false);
    rig.send({ type: 'terrain.landingStarted' });
    expect(connectRig(rig.getSnapshot())).toMatchObject({ queueBlocked: true, queue: { state: 'blocked', current: 'w' } });
    // The wait's clock is frozen behind the barrier.
    const before = connectRig(rig.getSnapshot()).queue.progress;
    expect(connectRig(rig.getSnapshot()).runnerNeedsStep).toBe(false);
    rig.send({ type: 'step', dt: 0.5 });
    expect(connectRig(rig.getSnapshot()).queue.progress).toBe(before);
    rig.send({ type: 'terrain.landingEnded' });
    expect(connectRig(rig.getSnapshot())).toMatchObject({ queueBlocked: false, queue: { state: 'waiting' } });
    rig.stop();
  });

  it('TerrainMotion tells its rig (found by its system id) when a landing raises and lifts the barrier; on its own it emits the notice', () => {
    const { rig, delivered } = startRig([wait('w', 1)]);
    rig.send({ type: 'queue.start' });
    rig.send({ type: 'rig.beginTerrainFall' });
    rig.send({ type: 'physics.landed', fallDistance: 200, impactSpeed: 900 });
    expect(connectRig(rig.getSnapshot())).toMatchObject({ terrain: 'LANDING_IMPACT', queueBlocked: true });
    rig.send({ type: 'physics.landingFinished' });
    expect(connectRig(rig.getSnapshot())).toMatchObject({ terrain: 'GROUNDED', queueBlocked: false });
    const notices = delivered.filter((d) => d.type.startsWith('terrain.'));
    expect(notices).toEqual([
      { to: 'rig:stick', type: 'terrain.landingStarted', from: 'rig:stick/terrainMotion' },
      { to: 'rig:stick', type: 'terrain.landingEnded', from: 'rig:stick/terrainMotion' },
    ]);
    rig.stop();
    const heard: string[] = [];
    const alone = createActor(terrainMotionMachine, { snapshot: terrainMotionMachine.resolveState({ value: 'LANDING_IMPACT', context: { rigId: null } }), input: {} });
    alone.on('*', (e) => heard.push(e.type));
    alone.start();
    alone.send({ type: 'rig.disableTerrain' });
    expect(alone.getSnapshot().value).toBe('DISABLED');
    expect(heard).toEqual(['terrain.landingEnded']);
  });
});

describe('connectRig', () => {
  it('reads rig state, terrain, speech, queue status, step need and held prop from the snapshots', () => {
    const { rig } = startRig([{ id: 's', origin: 'authored', action: { type: 'speak', text: 'Hi', seconds: 1 } }]);
    let c = connectRig(rig.getSnapshot());
    expect(c).toMatchObject({ state: 'ANIMATED', terrain: 'DISABLED', queueBlocked: false, runnerNeedsStep: false, heldProp: null });
    expect(c.queue.state).toBe('stopped');
    expect(c.refusal('overlay')).toMatch(/queue stopped/);
    expect(c.refusal('sequential')).toBeNull();
    rig.send({ type: 'queue.start' });
    c = connectRig(rig.getSnapshot());
    expect(c.runnerNeedsStep).toBe(true);
    expect(c.refusal('overlay')).toBeNull();
    rig.send({ type: 'step', dt: 1 / 60 });
    c = connectRig(rig.getSnapshot());
    expect(c.speech).toEqual([{ text: 'Hi', overlay: false }]);
    expect(c.queue).toMatchObject({ current: 's', state: 'speaking' });
    rig.send({ type: 'queue.enqueue', mode: 'overlay', item: { id: 'o', origin: 'reactive', action: { type: 'speak', text: 'Aside', seconds: 1 } } });
    expect(connectRig(rig.getSnapshot()).speech).toEqual([{ text: 'Hi', overlay: false }, { text: 'Aside', overlay: true }]);
    rig.stop();
  });
});
