/**
 * `.take.json` files (issue 14): a take saves and opens again unchanged (byte-identical on a second
 * save, commands in their recorded key order); bad takes are refused with the JSON path and the
 * reason, the scene's own issues and warnings reported under `$.scene`.
 */
import { describe, expect, it } from 'vitest';
import { loadTakeText, loadTakeValue, saveTakeText, TakeSaveError } from '../../../core/take/io';
import type { TakeDocument } from '../../../core/take/schema';
import { ground, prop, scene } from '../../helpers/scenes';
import { TAKE_LIMITS } from '../../../core/take/limits';
import { SCENE_LIMITS } from '../../../core/scene/limits';

const doc = scene([ground(1400), { kind: 'stickman', id: 'a', position: [600, 1400], facing: 'RIGHT' }, prop('ball', 'ball', [900, 1300])]);

function take(extra: Partial<TakeDocument> = {}): TakeDocument {
  return {
    format: 'stickman-stage/take',
    version: '1.0',
    metadata: { name: 'first take', created: '2025-03-01T10:20:30.400Z', steps_per_second: 60 },
    started_by: 'play_from_edit',
    length: 300,
    scene: doc,
    controls: [{ tick: 40, event: 'ui.pause' }, { tick: 40, event: 'ui.resume' }],
    commands: [
      { tick: 12, command: { type: 'rig.walkTo', id: 'a', x: 900 } },
      { tick: 30, command: { type: 'grab.start', id: 'ball', point: [900.5, 1290.25] } },
      { tick: 31, command: { type: 'grab.move', point: [910, 1200] } },
      { tick: 31, command: { type: 'grab.end' } },
      { tick: 90, command: { type: 'prop.setVelocity', id: 'ball', velocity: [100, -50] } },
      { tick: 120, command: { type: 'rig.ragdoll', id: 'a' } },
      { tick: 200, command: { type: 'rig.recover', id: 'a' } },
      { tick: 250, command: { type: 'rig.stopQueue', id: 'a' } },
      { tick: 251, command: { type: 'rig.startQueue', id: 'nobody' } },
    ],
    ...extra,
  };
}

/** The saved take as JSON with one change made by `edit`. */
// The raw JSON is edited freely (wrong types on purpose): `any` is what these tests need.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function edited(edit: (raw: Record<string, any>) => void): string {
  const raw = JSON.parse(saveTakeText(take()));
  edit(raw);
  return JSON.stringify(raw);
}

function refusal(text: string): string[] {
  const r = loadTakeText(text);
  if (r.ok) throw new Error('expected the take to be refused');
  return r.issues.map((i) => `${i.path}: ${i.message}`);
}

describe('saving and opening a take', () => {
  it('round-trips: the same take back, and saving it again gives the same bytes', () => {
    const text = saveTakeText(take());
    const opened = loadTakeText(text);
    if (!opened.ok) throw new Error(JSON.stringify(opened.issues));
    expect(opened.take).toEqual(take());
    expect(opened.warnings).toEqual([]);
    expect(saveTakeText(opened.take)).toBe(text);
  });

  it('reads well: the header first, one control and one command per line', () => {
    const lines = saveTakeText(take()).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '{',
      '  "format": "stickman-stage/take",',
      '  "version": "1.0",',
      '  "metadata": {"name":"first take","created":"2025-03-01T10:20:30.400Z","steps_per_second":60},',
      '  "started_by": "play_from_edit",',
      '  "length": 300,',
    ]);
    expect(lines).toContain('    {"tick":31,"command":{"type":"grab.move","point":[910,1200]}},');
    expect(lines).toContain('    {"tick":40,"event":"ui.pause"},');
  });

  it('keeps each command\'s own key order (the trace writes commands as they were made)', () => {
    const text = edited((raw) => {
      raw.commands[0].command = { x: 900, id: 'a', type: 'rig.walkTo' };
    });
    const opened = loadTakeText(text);
    if (!opened.ok) throw new Error(JSON.stringify(opened.issues));
    expect(JSON.stringify(opened.take.commands[0].command)).toBe('{"x":900,"id":"a","type":"rig.walkTo"}');
  });

  it('an empty take (PLAY left before the first step) is a take', () => {
    const opened = loadTakeText(saveTakeText(take({ length: 0, controls: [], commands: [] })));
    expect(opened.ok && opened.take.length).toBe(0);
  });

  it('a scene with a warning opens with it, its path under $.scene', () => {
    const withPlaceholder = scene([ground(1400), prop('crate', 'crate', [900, 1300], { spawn_id: 'custom:crate' })]);
    const opened = loadTakeText(saveTakeText(take({ scene: withPlaceholder, commands: [], controls: [] })));
    if (!opened.ok) throw new Error(JSON.stringify(opened.issues));
    expect(opened.warnings.map((w) => w.path)).toEqual(['$.scene.objects[1].spawn_id']);
  });

  it('refuses to save a take that would not open again, naming the path', () => {
    const bad = take({ commands: [{ tick: 5, command: { type: 'rig.walkTo', id: 'a', x: Number.NaN } }] });
    expect(() => saveTakeText(bad)).toThrow(TakeSaveError);
    try {
      saveTakeText(bad);
    } catch (e) {
      expect((e as TakeSaveError).issues[0].path).toBe('$.commands[0].command.x');
    }
    const badScene = take({ scene: { ...doc, objects: [...doc.objects, doc.objects[1]] } });
    expect(() => saveTakeText(badScene)).toThrow(/\$\.scene\.objects\[3\]\.id: duplicate id "a"/);
  });
});

describe('refusing a bad take (JSON path and reason)', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['not JSON', '{"format":', /^\$: not valid JSON/],
    ['not an object', '[1, 2]', /^\$: a take must be a JSON object$/],
    ['a scene file', JSON.stringify({ format: 'stickman-stage/scene', version: '1.1' }), /^\$\.format: must be "stickman-stage\/take" \(this is a scene file, not a take\)$/],
    ['an unknown version', edited((r) => (r.version = '9.0')), /^\$\.version: unknown version "9\.0" \(supported: 1\.0\)$/],
    ['an unknown command', edited((r) => (r.commands[2].command.type = 'grab.teleport')), /^\$\.commands\[2\]\.command\.type: /],
    ['a non-finite coordinate', edited((r) => (r.commands[1].command.point = [1, 'x'])), /^\$\.commands\[1\]\.command\.point\[1\]: /],
    ['an out-of-range velocity', edited((r) => (r.commands[4].command.velocity = [1e9, 0])), /^\$\.commands\[4\]\.command\.velocity\[0\]: must be within ±1000000$/],
    ['an extra key on a command', edited((r) => (r.commands[5].command.force = 3)), /^\$\.commands\[5\]\.command: Unrecognized key: "force"$/],
    ['a __proto__ key', edited((r) => (r.commands[3].command = JSON.parse('{"type":"grab.end","__proto__":{"x":1}}'))), /^\$\.commands\[3\]\.command: Unrecognized key: "__proto__"$/],
    ['ticks going backwards', edited((r) => (r.commands[3].tick = 10)), /^\$\.commands\[3\]\.tick: ticks must not go backwards \(31 before it\)$/],
    ['a command past the length', edited((r) => (r.length = 100)), /^\$\.commands\[5\]\.tick: is past the take's length \(100\)$/],
    ['a command at tick 0', edited((r) => (r.commands[0].tick = 0)), /^\$\.commands\[0\]\.tick: a command takes effect in a step: at least 1$/],
    ['a fractional tick', edited((r) => (r.controls[0].tick = 40.5)), /^\$\.controls\[0\]\.tick: must be a whole number of steps$/],
    ['an unknown control', edited((r) => (r.controls[1].event = 'ui.edit')), /^\$\.controls\[1\]\.event: /],
    ['another step rate', edited((r) => (r.metadata.steps_per_second = 30)), /^\$\.metadata\.steps_per_second: must be 60 \(the fixed step\)$/],
    ['an unknown start', edited((r) => (r.started_by = 'magic')), /^\$\.started_by: /],
    ['a missing length', edited((r) => delete r.length), /^\$\.length: is required$/],
    ['a bad scene', edited((r) => (r.scene.objects[1].position = [1, null])), /^\$\.scene\.objects\[1\]\.position\[1\]: /],
    ['a scene with a dangling rule', edited((r) => (r.scene.rules = [{ id: 'r', when: { type: 'collided', source: 'ghost', target: 'any' }, then: [] }])), /^\$\.scene\.rules\[0\]\.when\.source: refers to missing object "ghost"$/],
  ];
  for (const [what, text, expected] of cases) {
    it(what, () => {
      expect(refusal(text)[0]).toMatch(expected);
    });
  }

  it('too many commands is refused before the schema walks them', () => {
    const raw = JSON.parse(saveTakeText(take()));
    raw.commands = new Array(TAKE_LIMITS.maxCommands + 1).fill({ tick: 1, command: { type: 'grab.end' } });
    raw.length = 1;
    expect(loadTakeValue(raw)).toEqual({ ok: false, issues: [{ path: '$.commands', message: `${TAKE_LIMITS.maxCommands + 1} entries; the limit is ${TAKE_LIMITS.maxCommands}` }] });
  });

  it('the size limit holds the longest take with its busiest command every step, next to a scene at its own limit', () => {
    // The widest grab.move line saveTakeText can write: the last tick, coordinates at the limit with 17 digits.
    const line = `    ${JSON.stringify({ tick: TAKE_LIMITS.maxTicks, command: { type: 'grab.move', point: [-999_999.9999999999, -999_999.9999999999] } })},\n`;
    expect(TAKE_LIMITS.maxCommands).toBeGreaterThanOrEqual(TAKE_LIMITS.maxTicks);
    expect(SCENE_LIMITS.maxFileBytes + TAKE_LIMITS.maxTicks * line.length).toBeLessThan(TAKE_LIMITS.maxFileBytes);
  });

  it('a 64 MiB take is refused by its size before it is parsed', () => {
    const text = `{"format":"stickman-stage/take","pad":"${'x'.repeat(64 * 1024 * 1024)}"}`;
    expect(loadTakeText(text)).toEqual({ ok: false, issues: [{ path: '$', message: `file is ${text.length} bytes; the limit is ${TAKE_LIMITS.maxFileBytes}` }] });
  });

  it('nesting too deep is refused without overflowing the stack', () => {
    const text = `{"format":"stickman-stage/take","commands":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(refusal(text)[0]).toMatch(/nested more than 20 levels deep/);
  });
});
