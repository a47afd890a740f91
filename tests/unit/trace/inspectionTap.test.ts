/**
 * The trace hears the actor system through xstate's own dispatch (`tapInspection`), not as an
 * inspection observer: the same transitions in the same order, without xstate copying every
 * inspection event for it. Observers the UI adds later (timeline, Stately inspector) still hear
 * everything.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { rigMachine } from '../../../machines/rigMachine';
import { attachTrace, createTransitionInspector, tapInspection } from '../../../streams/trace/inspector';
import type { TransitionRecord } from '../../../streams/trace/records';
import type { LaneItem } from '../../../core/actions/lane';
import { StageController } from '../../../streams/stage/stageController';
import { ground, scene } from '../../helpers/scenes';

const items: LaneItem[] = [
  { id: 'w1', origin: 'authored', action: { type: 'walk_to', target_position: [900, 2000] } },
  { id: 'p1', origin: 'authored', action: { type: 'wait', seconds: 0.05 } },
  { id: 's1', origin: 'authored', action: { type: 'speak', text: 'hi', seconds: 0.05 } },
  { id: 'w2', origin: 'authored', action: { type: 'walk_to', target_position: [100, 2000] } },
];

/** A rig through walks, a wait, speech, a landing barrier, a ragdoll and a recovery. */
function drive(rig: ReturnType<typeof createActor<typeof rigMachine>>): void {
  rig.send({ type: 'queue.start' });
  rig.send({ type: 'step', dt: 1 / 60 });
  rig.send({ type: 'rig.arrived' });
  for (let i = 0; i < 12; i += 1) rig.send({ type: 'step', dt: 1 / 60 });
  rig.send({ type: 'rig.beginTerrainFall' });
  rig.send({ type: 'physics.landed', fallDistance: 900, impactSpeed: 1400 });
  rig.send({ type: 'physics.landingFinished' });
  rig.send({ type: 'rig.walkBlocked' });
  rig.send({ type: 'rig.setRagdoll' });
  rig.send({ type: 'physics.ragdollAtRest' });
  rig.send({ type: 'rig.standUpFinished' });
  for (let i = 0; i < 3; i += 1) rig.send({ type: 'step', dt: 1 / 60 });
}

function recordsOf(attach: 'inspect' | 'tap'): TransitionRecord[] {
  const records: TransitionRecord[] = [];
  const observe = createTransitionInspector(() => ({ t: 0, tick: 0 }), (r) => records.push(r));
  const rig = createActor(rigMachine, { input: { id: 'stick', items }, systemId: 'rig:stick', ...(attach === 'inspect' ? { inspect: observe } : {}) });
  if (attach === 'tap') expect(tapInspection(rig.system, observe)).toBe(true);
  rig.start();
  drive(rig);
  return records;
}

describe('the trace taps the actor system', () => {
  it('records exactly the transitions the public inspection observer records', () => {
    const inspected = recordsOf('inspect');
    // The drive reaches every machine of the rig: a check that cannot pass on an empty trace.
    expect(new Set(inspected.map((r) => r.actor))).toEqual(new Set(['rig:stick', 'rig:stick/actionRunner', 'rig:stick/terrainMotion']));
    expect(inspected.length).toBeGreaterThan(10);
    expect(recordsOf('tap')).toEqual(inspected);
  });

  it('leaves observers added with system.inspect hearing every inspection event, in order', () => {
    const heard = (withTap: boolean): string[] => {
      const types: string[] = [];
      const rig = createActor(rigMachine, { input: { id: 'stick', items }, systemId: 'rig:stick' });
      const tapped: string[] = [];
      if (withTap) tapInspection(rig.system, (ev) => tapped.push(ev.type));
      rig.system.inspect((ev: InspectionEvent) => types.push(`${ev.type}:${(ev as { rootId?: string }).rootId === rig.sessionId}`));
      rig.start();
      drive(rig);
      // The tap hears the same events the observer does (snapshots, events, microsteps, actions).
      if (withTap) expect(tapped).toEqual(types.map((t) => t.split(':')[0]));
      return types;
    };
    const plain = heard(false);
    expect(plain.some((t) => t.startsWith('@xstate.action'))).toBe(true);
    expect(heard(true)).toEqual(plain);
  });

  it('a stage uses the tap on the xstate this project pins (the fallback is the slower public observer)', () => {
    const controller = new StageController(scene([ground()]));
    expect(controller.traceAttachment).toBe('tap');
    controller.dispose();
  });

  it('falls back to system.inspect where the dispatch is not there', () => {
    const subscribed: unknown[] = [];
    const system = { inspect: (o: unknown) => { subscribed.push(o); return { unsubscribe() {} }; } };
    const observe = () => {};
    expect(attachTrace(system as never, observe)).toBe('inspect');
    expect(subscribed).toEqual([observe]);
  });
});
