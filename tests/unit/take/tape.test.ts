/** The take tape: commands by tick, controls, cutting a branch and putting the cut back. */
import { describe, expect, it } from 'vitest';
import { TakeTape } from '../../../streams/take/tape';

function sample(): TakeTape {
  const t = new TakeTape();
  t.appendCommand(3, { type: 'rig.walkTo', id: 'a', x: 10 });
  t.appendCommand(5, { type: 'grab.start', id: 'b', point: [1, 2] });
  t.appendCommand(5, { type: 'grab.move', point: [3, 4] });
  t.appendControl(6, 'ui.pause');
  t.appendCommand(9, { type: 'grab.end' });
  t.extendTo(12);
  return t;
}

describe('TakeTape', () => {
  it('gives each tick its commands in order, as fresh objects', () => {
    const t = sample();
    expect(t.commandsAt(5)).toEqual([{ type: 'grab.start', id: 'b', point: [1, 2] }, { type: 'grab.move', point: [3, 4] }]);
    expect(t.commandsAt(4)).toEqual([]);
    expect(t.commandsAt(13)).toEqual([]);
    const a = t.commandsAt(3)[0];
    (a as { x: number }).x = 99;
    expect(t.commandsAt(3)[0]).toEqual({ type: 'rig.walkTo', id: 'a', x: 10 });
    expect(t.controlsAt(6)).toEqual(['ui.pause']);
    expect(t.commandTicks()).toEqual([3, 5, 9]);
    expect(t.length).toBe(12);
    expect(t.commandCount).toBe(4);
  });

  it('refuses entries out of tick order (a take is in the order things took effect)', () => {
    const t = sample();
    expect(() => t.appendCommand(4, { type: 'grab.end' })).toThrow(/tick order: 4 after 9/);
    expect(() => t.appendControl(2, 'ui.resume')).toThrow(/tick order/);
    expect(() => t.appendCommand(1.5, { type: 'grab.end' })).toThrow(/whole tick/);
  });

  it('a cut drops everything after the tick and ends the tape there; restore puts it back in place of what came since', () => {
    const t = sample();
    const before = t.toDocument({ scene: {} as never, started_by: 'play_from_edit', metadata: { name: 'x', created: null, steps_per_second: 60 } });
    const bytes = t.memoryBytes;
    const tail = t.cutAfter(5);
    expect(t.length).toBe(5);
    expect(t.commandTicks()).toEqual([3, 5]);
    expect(t.controls).toEqual([]);
    expect(t.memoryBytes).toBeLessThan(bytes);
    // The branch records on: a control at the cut tick and later commands.
    t.appendControl(5, 'ui.resume');
    t.appendCommand(7, { type: 'rig.ragdoll', id: 'a' });
    t.extendTo(20);
    t.restore(tail);
    const after = t.toDocument({ scene: {} as never, started_by: 'play_from_edit', metadata: { name: 'x', created: null, steps_per_second: 60 } });
    expect(after).toEqual(before);
    expect(t.memoryBytes).toBe(bytes);
  });

  it('rebuilds from a take document', () => {
    const t = sample();
    const doc = t.toDocument({ scene: {} as never, started_by: 'reset_paused', metadata: { name: 'x', created: null, steps_per_second: 60 } });
    const again = TakeTape.fromDocument(doc);
    expect(again.commandsAt(5)).toEqual(t.commandsAt(5));
    expect(again.length).toBe(12);
    expect(again.controls).toEqual(t.controls);
  });
});
