/**
 * A take as a test (issue 21): what a trace showed, one line per change and event, and the Vitest
 * file written from it. tests/integration/takes/ holds a generated example that runs for real.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { takeTestSource, testPathOf } from '../../../streams/take/asTest';
import { eventLine, observeTrace, takeFromValue } from '../../../streams/take/takeObservation';
import type { TraceRecord } from '../../../streams/trace/records';

const exampleTake = takeFromValue(JSON.parse(readFileSync(new URL('../../integration/takes/walk-fall-stand-up.take.json', import.meta.url), 'utf8')));

const records: TraceRecord[] = [
  { t: 0, tick: 0, type: 'transition', actor: 'stage', from: 'EDIT', to: 'PLAY.RUNNING', event: 'ui.play' },
  { t: 0.0167, tick: 1, type: 'transition', actor: 'rig:bo/terrainMotion', from: 'DISABLED', to: 'AIRBORNE', event: 'rig.beginTerrainFall' },
  { t: 0.0167, tick: 1, type: 'transition', actor: 'rig:bo/actionRunner', from: 'idle', to: 'walking', event: 'queue.next' },
  { t: 0.0167, tick: 1, type: 'event', event: { type: 'collided', source: 'ball', target: 'bo', position: [1, 2], normal: [0, 1], speed: 3 } },
  { t: 1, tick: 60, type: 'transition', actor: 'rig:bo', from: 'ANIMATED', to: 'RAGDOLL', event: 'rig.setRagdoll' },
  { t: 1, tick: 60, type: 'event', event: { type: 'state_changed', source: 'bo', target: null, state: 'RAGDOLL', previous: 'ANIMATED' } },
  { t: 1, tick: 60, type: 'action', rig: 'bo', id: 'a1', action: 'walk_to', phase: 'finished', outcome: 'interrupted' },
  { t: 2, tick: 120, type: 'summary', rigs: { bo: { state: 'RAGDOLL' } }, props: {} },
];

describe('observeTrace', () => {
  it("keeps each rig's own transitions and its TerrainMotion's, every stage event and the summary", () => {
    const seen = observeTrace(records);
    expect(seen.rigs).toEqual({ bo: ['#60 ANIMATED → RAGDOLL (rig.setRagdoll)'] });
    expect(seen.terrain).toEqual({ bo: ['#1 DISABLED → AIRBORNE (rig.beginTerrainFall)'] });
    expect(seen.events).toEqual(['#1 collided ball → bo', '#60 state_changed bo (state RAGDOLL, from ANIMATED)']);
    expect(seen.summary).toEqual({ t: 2, tick: 120, rigs: { bo: { state: 'RAGDOLL' } }, props: {} });
  });

  it('names the fields a rule matches on and the outcome of an event', () => {
    expect(eventLine(7, { type: 'action_finished', source: 'bo', target: null, outcome: 'blocked', action_id: 'w1' })).toBe('#7 action_finished bo (outcome blocked, action w1)');
    expect(eventLine(9, { type: 'entered_area', source: 'bo', target: 'goal', position: [3, 4] })).toBe('#9 entered_area bo → goal');
  });
});

describe('takeTestSource', () => {
  const seen = observeTrace(records);

  it('writes one readable assertion per rig, the events and the summary, reading the take beside it', () => {
    const text = takeTestSource(exampleTake, seen, { rootFromTest: '../../..', take: { file: './walk.take.json' }, command: 'npm run sim -- --take walk.take.json --as-test' });
    expect(text).toContain("import { replayObserved, takeFromValue, type TakeObservation } from '../../../streams/take/takeObservation';");
    expect(text).toContain("new URL('./walk.take.json', import.meta.url)");
    expect(text).toContain("it('bo: state changes', () => {\n    expect(seen.rigs['bo'] ?? []).toEqual([\n      '#60 ANIMATED → RAGDOLL (rig.setRagdoll)',\n    ]);");
    expect(text).toContain("'#60 state_changed bo (state RAGDOLL, from ANIMATED)',");
    expect(text).toContain('Written by `npm run sim -- --take walk.take.json --as-test`.');
  });

  it('embeds the take when there is no file beside it, exactly (commands keep their key order)', () => {
    const text = takeTestSource(exampleTake, seen, { rootFromTest: '../../..', take: { embed: true }, command: null });
    expect(text).not.toContain('readFileSync');
    const embedded = text.slice(text.indexOf('takeFromValue(') + 'takeFromValue('.length, text.indexOf(');\n\ndescribe('));
    expect(JSON.parse(embedded)).toEqual(exampleTake);
    expect(JSON.stringify(JSON.parse(embedded).commands)).toBe(JSON.stringify(exampleTake.commands));
  });

  it('quotes names so that they cannot break out of a string', () => {
    const odd = observeTrace([{ t: 0, tick: 1, type: 'transition', actor: "rig:it's", from: 'A', to: 'B', event: 'e' }]);
    const text = takeTestSource(exampleTake, odd, { rootFromTest: '..', take: { embed: true }, command: null });
    expect(text).toContain("it('it\\'s: state changes'");
  });

  it('puts the test beside its take', () => {
    expect(testPathOf('tests/integration/takes/walk.take.json')).toBe('tests/integration/takes/walk.take.test.ts');
  });
});

describe('takeFromValue', () => {
  it('refuses a bad take naming the path', () => {
    expect(() => takeFromValue({ format: 'stickman-stage/take' }, 'walk.take.json')).toThrow(/walk\.take\.json: invalid take: \$\./);
  });
});
