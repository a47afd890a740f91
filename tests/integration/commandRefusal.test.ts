/**
 * Issue 24 ("small ones"): a runtime command that is not one — `null`, an unknown type, a NaN in
 * `prop.setVelocity`, a missing id, an extra key — is refused at the step it would take effect
 * with a warning record naming what is wrong, never thrown mid-step; the run goes on, and the
 * refused value is not traced as a command, so the take of the run still saves and opens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTakeText, saveTakeText } from '../../core/take/io';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession } from '../../streams/take/session';
import type { TraceRecord } from '../../streams/trace/records';
import { ground, prop, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

const doc = () => scene([ground(1400), prop('ball', 'ball', [900, 1200]), { kind: 'stickman', id: 's', position: [600, 1400] }]);

function playing() {
  const c = new StageController(doc());
  const records: TraceRecord[] = [];
  c.records$.subscribe((r) => records.push(r));
  c.send({ type: 'ui.play' });
  c.step(10);
  return { c, records };
}

const frameKey = (c: StageController) => JSON.stringify(c.frame$.value);

describe('refused runtime commands', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['a NaN velocity', { type: 'prop.setVelocity', id: 'ball', velocity: [Number.NaN, 0] }, /^set_velocity: velocity\[0\] is not a finite number; skipped$/],
    ['an infinite velocity', { type: 'prop.setVelocity', id: 'ball', velocity: [0, Number.POSITIVE_INFINITY] }, /^set_velocity: velocity\[1\] is not a finite number; skipped$/],
    ['null', null, /^command: null is not a runtime command; skipped$/],
    ['undefined', undefined, /^command: undefined is not a runtime command; skipped$/],
    ['an unknown type', { type: 'grab.teleport', id: 'ball' }, /^command: \{"type":"grab\.teleport","id":"ball"\} is not a runtime command; skipped$/],
    ['an inherited name as type', { type: 'toString' }, /is not a runtime command; skipped$/],
    ['a missing id', { type: 'rig.ragdoll' }, /^ragdoll: id Invalid input: expected string, received undefined; skipped$/],
    ['an extra key', { type: 'grab.end', force: 3 }, /^grab: Unrecognized key: "force"; skipped$/],
    ['a NaN grab point', { type: 'grab.move', point: [1, Number.NaN] }, /^grab: point\[1\] is not a finite number; skipped$/],
  ];

  for (const [what, value, message] of cases) {
    it(`${what}: a warning at the step it would take effect, no command record, and the run goes on as if it was never sent`, () => {
      const { c, records } = playing();
      const { c: reference } = playing();
      try {
        const from = records.length;
        c.command(value as never);
        expect(() => c.step(1)).not.toThrow();
        reference.step(1);
        const written = records.slice(from);
        const warnings = written.filter((r) => r.type === 'warning');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatchObject({ tick: 11, type: 'warning', message: expect.stringMatching(message) });
        expect(written.filter((r) => r.type === 'command')).toEqual([]);
        expect(frameKey(c)).toBe(frameKey(reference));
        expect(c.step(30)).toBe(30);
      } finally {
        c.dispose();
        reference.dispose();
      }
    });
  }

  it('names the object of a refused command that has an id', () => {
    const { c, records } = playing();
    c.command({ type: 'prop.setVelocity', id: 'ball', velocity: [Number.NaN, 0] });
    c.step(1);
    expect(records.find((r) => r.type === 'warning')).toMatchObject({ object: 'ball' });
    c.dispose();
  });

  it('a valid command next to refused ones is applied and traced as sent (its own key order)', () => {
    const { c, records } = playing();
    c.command(null as never);
    c.command({ velocity: [0, -900], id: 'ball', type: 'prop.setVelocity' });
    c.step(1);
    const command = records.find((r) => r.type === 'command');
    expect(command).toMatchObject({ tick: 11 });
    expect(JSON.stringify(command?.type === 'command' && command.command)).toBe('{"velocity":[0,-900],"id":"ball","type":"prop.setVelocity"}');
    expect(c.currentRuntime!.propState('ball')!.velocity[1]).toBeLessThan(-800);
    c.dispose();
  });

  it('the take of a run with refused commands saves and opens again', () => {
    const c = new StageController(doc());
    const session = new TakeSession(c);
    c.send({ type: 'ui.play' });
    c.step(5);
    c.command({ type: 'rig.walkTo', id: 's', x: Number.NaN });
    c.command(null as never);
    c.walkTo('s', 1200);
    c.step(5);
    const take = session.take()!;
    expect(take.commands).toEqual([{ tick: 6, command: { type: 'rig.walkTo', id: 's', x: 1200 } }]);
    const opened = loadTakeText(saveTakeText(take));
    expect(opened.ok).toBe(true);
    session.dispose();
    c.dispose();
  });
});
