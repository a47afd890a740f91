/**
 * Which states count time is said by the states themselves (issue 18): a `countsTime` tag, read by
 * connectRig with `hasTag`. Every state that takes the clock (`step`) carries it — except the
 * runner's idle lane, which takes `step` only to start its next item — and no other state does.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { actionRunnerMachine } from '../../machines/actionRunnerMachine';
import { connectRig } from '../../machines/connectRig';
import { propInteractorMachine } from '../../machines/propInteractorMachine';
import { rigMachine } from '../../machines/rigMachine';
import { COUNTS_TIME } from '../../machines/tags';

type Node = { key: string; path: string[]; tags: string[]; transitions: Map<string, unknown>; states: Record<string, Node> };

function nodes(machine: AnyStateMachine): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    out.push(n);
    for (const c of Object.values(n.states)) walk(c);
  };
  walk(machine.root as unknown as Node);
  return out;
}

describe('countsTime: a state tag, not a list of state names', () => {
  for (const [name, machine, starter] of [['actionRunner', actionRunnerMachine, 'running.lane.idle'], ['propInteractor', propInteractorMachine, null]] as const) {
    it(`${name}: exactly the states that take the clock are tagged`, () => {
      const tagged = nodes(machine).filter((n) => n.tags.includes(COUNTS_TIME)).map((n) => n.path.join('.'));
      const clocked = nodes(machine).filter((n) => n.transitions.has('step') && n.path.join('.') !== starter).map((n) => n.path.join('.'));
      expect(tagged.length).toBeGreaterThan(0);
      expect(tagged.sort()).toEqual(clocked.sort());
    });
  }

  it('connectRig asks for a step exactly while a tagged state is active (or the idle lane has work)', () => {
    const rig = createActor(rigMachine, { input: { id: 's', items: [{ id: 'w', origin: 'authored', action: { type: 'wait', seconds: 0.05 } }] }, systemId: 'rig:s' });
    rig.start();
    const runner = () => rig.getSnapshot().context.actionRunner.getSnapshot();
    rig.send({ type: 'queue.start' });
    expect(runner().hasTag(COUNTS_TIME)).toBe(false);
    expect(connectRig(rig.getSnapshot()).runnerNeedsStep, 'idle with work').toBe(true);
    rig.send({ type: 'step', dt: 1 / 60 });
    expect(runner().hasTag(COUNTS_TIME)).toBe(true);
    expect(connectRig(rig.getSnapshot()).runnerNeedsStep).toBe(true);
    for (let i = 0; i < 5; i += 1) rig.send({ type: 'step', dt: 1 / 60 });
    rig.send({ type: 'step', dt: 1 / 60 });
    expect(runner().hasTag(COUNTS_TIME)).toBe(false);
    expect(connectRig(rig.getSnapshot()).runnerNeedsStep, 'idle after the queue finished').toBe(false);
    expect(connectRig(rig.getSnapshot()).interactorNeedsStep).toBe(false);
    rig.send({ type: 'prop.pickUp', itemId: 'p', propId: 'crate', plan: { kind: 'reach', grip: 'g', hand: 'left' } });
    expect(connectRig(rig.getSnapshot()).interactorNeedsStep, 'REACHING counts time').toBe(true);
    rig.stop();
  });
});
