/**
 * Every way a scene file is rejected: each case breaks one thing in an otherwise valid scene
 * and asserts the JSON path and the reason of the issue reported.
 */
import { describe, expect, it } from 'vitest';
import { loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { SCENE_LIMITS } from '../../../core/scene/limits';
import { expectIssue, expectLoaded, expectRejected, fullScene, minimalScene, v10Scene, type Json } from './fixtures';

type Case = [name: string, mutate: (doc: Json) => void, path: string, reason: RegExp];

/** Runs a case through the text loader (the way files arrive) and checks the named issue. */
function check(mutate: (doc: Json) => void, path: string, reason: RegExp) {
  const doc = minimalScene();
  mutate(doc);
  expectIssue(loadSceneText(JSON.stringify(doc)), path, reason);
}

describe('the base fixtures are valid (so each rejection below is caused by its one change)', () => {
  it('minimal, full and 1.0 scenes load', () => {
    expectLoaded(loadSceneText(JSON.stringify(minimalScene())));
    expectLoaded(loadSceneText(JSON.stringify(fullScene())));
    expectLoaded(loadSceneText(JSON.stringify(v10Scene())));
  });
});

describe('not a scene at all', () => {
  it.each([
    ['truncated', '{"format": "stickman-stage/scene", '],
    ['trailing comma', '{"format": "stickman-stage/scene",}'],
    ['empty text', ''],
    ['NaN literal', '{"a": NaN}'],
  ])('invalid JSON (%s) → $ not valid JSON', (_name, text) => {
    expectIssue(loadSceneText(text), '$', /^not valid JSON/);
  });

  it.each([['array', '[]'], ['number', '42'], ['null', 'null'], ['string', '"scene"'], ['boolean', 'true']])(
    'non-object root (%s) → $ must be a JSON object',
    (_name, text) => {
      const issues = expectRejected(loadSceneText(text));
      expect(issues).toEqual([{ path: '$', message: 'a scene must be a JSON object' }]);
    },
  );

  it('loadSceneValue rejects non-object values too', () => {
    for (const value of [undefined, null, 3, 'x', [minimalScene()]]) {
      expect(expectRejected(loadSceneValue(value))).toEqual([{ path: '$', message: 'a scene must be a JSON object' }]);
    }
  });
});

describe('format and version', () => {
  it.each<Case>([
    ['unknown format', (d) => (d.format = 'stickman-stage/prop'), '$.format', /^must be "stickman-stage\/scene"$/],
    ['missing format', (d) => delete d.format, '$.format', /^must be "stickman-stage\/scene"$/],
    ['unknown version 2.0', (d) => (d.version = '2.0'), '$.version', /^unknown version "2\.0" \(supported: 1\.0, 1\.1\)$/],
    ['version as a number', (d) => (d.version = 1.1), '$.version', /^unknown version 1\.1 /],
    ['missing version', (d) => delete d.version, '$.version', /^unknown version undefined/],
    ['version 1.2', (d) => (d.version = '1.2'), '$.version', /unknown version "1\.2"/],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));
});

describe('ids', () => {
  it.each<Case>([
    ['empty object id', (d) => (d.objects[1].id = ''), '$.objects[1].id', /^id must not be empty$/],
    ['empty queue item id', (d) => (d.queues['stick-1'][0].id = ''), '$.queues["stick-1"][0].id', /^id must not be empty$/],
    ['empty rule id', (d) => (d.rules[0].id = ''), '$.rules[0].id', /^id must not be empty$/],
    ['missing object id', (d) => delete d.objects[2].id, '$.objects[2].id', /^is required$/],
    ['id with a space', (d) => (d.objects[2].id = 'the goal'), '$.objects[2].id', /may only contain letters, digits/],
    ['duplicate id (same kind)', (d) => d.objects.push({ ...d.objects[2], file_id: 50 }), '$.objects[5].id', /^duplicate id "goal"$/],
    [
      'duplicate id (different kinds)',
      (d) => (d.objects[2].id = 'stick-1'),
      '$.objects[2].id',
      /^duplicate id "stick-1"$/,
    ],
    ['duplicate file_id', (d) => (d.objects[3].file_id = 2), '$.objects[3].file_id', /^duplicate file_id 2$/],
    [
      'duplicate action id across queues',
      (d) => {
        d.objects.push({ kind: 'stickman', id: 'stick-2', file_id: 60, position: [100, 1400] });
        d.queues['stick-2'] = [{ id: 'a1', type: 'wait', seconds: 1 }];
      },
      '$.queues["stick-2"][0].id',
      /^duplicate action id "a1"$/,
    ],
    ['duplicate rule id', (d) => d.rules.push(structuredClone(d.rules[0])), '$.rules[1].id', /^duplicate rule id "r1"$/],
    ['"any" as an object id', (d) => (d.objects[2].id = 'any'), '$.objects[2].id', /"any" is reserved/],
    ['stage_object_id ≠ id', (d) => (d.objects[3].stage_object_id = 'ball-9'), '$.objects[3].stage_object_id', /^must equal the object's id "ball-1"$/],
    ['prop without stage_object_id', (d) => delete d.objects[3].stage_object_id, '$.objects[3].stage_object_id', /^is required$/],
    ['file_id 0', (d) => (d.objects[0].file_id = 0), '$.objects[0].file_id', /^must be at least 1$/],
    ['fractional file_id', (d) => (d.objects[0].file_id = 1.5), '$.objects[0].file_id', /^must be an integer$/],
    [
      'duplicate prop asset spawn_id',
      (d) => {
        const asset = { spawn_id: 'my:thing', name: 'Thing', shape: { kind: 'circle', radius: 5 }, mass: 1 };
        d.prop_assets = [asset, { ...asset }];
      },
      '$.prop_assets[1].spawn_id',
      /^duplicate spawn_id "my:thing"$/,
    ],
    [
      'prop asset claiming the builtin: prefix',
      (d) => (d.prop_assets = [{ spawn_id: 'builtin:box', name: 'Fake', shape: { kind: 'circle', radius: 5 }, mass: 1 }]),
      '$.prop_assets[0].spawn_id',
      /builtin: prefix is reserved/,
    ],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));

  it('an empty id is reported once, not also as a bad character', () => {
    const doc = minimalScene();
    doc.objects[1].id = '';
    const issues = expectRejected(loadSceneText(JSON.stringify(doc)));
    expect(issues.filter((i) => i.path === '$.objects[1].id')).toHaveLength(1);
  });
});

describe('dangling references', () => {
  it.each<Case>([
    ['queue owner missing', (d) => (d.queues.ghost = []), '$.queues.ghost', /^queue owner "ghost" is not a stickman in this scene$/],
    [
      'queue owner is not a stickman',
      (d) => (d.queues.goal = [{ id: 'x1', type: 'wait', seconds: 1 }]),
      '$.queues.goal',
      /^queue owner "goal" is not a stickman in this scene$/,
    ],
    ['queue owner "any"', (d) => (d.queues.any = []), '$.queues.any', /queue owner "any" is not a stickman/],
    ['queue owner with a dash is quoted in the path', (d) => (d.queues['stick-9'] = []), '$.queues["stick-9"]', /"stick-9" is not a stickman/],
    ['rule source missing', (d) => (d.rules[0].when.source = 'ghost'), '$.rules[0].when.source', /^refers to missing object "ghost"$/],
    ['rule target missing', (d) => (d.rules[0].when.target = 'nowhere'), '$.rules[0].when.target', /^refers to missing object "nowhere"$/],
    ['rule source empty', (d) => (d.rules[0].when.source = ''), '$.rules[0].when.source', /^must not be empty$/],
    ['rule actor missing', (d) => (d.rules[0].then[0].actor = 'stick-7'), '$.rules[0].then[0].actor', /^actor "stick-7" is not a stickman in this scene$/],
    ['rule actor is an area', (d) => (d.rules[0].then[0].actor = 'goal'), '$.rules[0].then[0].actor', /^actor "goal" is not a stickman/],
    ['rule actor is a prop', (d) => (d.rules[0].then[0].actor = 'ball-1'), '$.rules[0].then[0].actor', /^actor "ball-1" is not a stickman/],
    ['rule actor "any"', (d) => (d.rules[0].then[0].actor = 'any'), '$.rules[0].then[0].actor', /^actor "any" is not a stickman/],
    [
      'unknown built-in spawn_id',
      (d) => (d.objects[3].spawn_id = 'builtin:anvil'),
      '$.objects[3].spawn_id',
      /^unknown prop "builtin:anvil" \(not built in and not in prop_assets\)$/,
    ],
    ['unknown built-in spawn_id (no asset can supply a builtin: prop)', (d) => (d.objects[3].spawn_id = 'builtin:crate'), '$.objects[3].spawn_id', /^unknown prop "builtin:crate"/],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));

  it('"any" is accepted as a rule source and target', () => {
    const doc = minimalScene();
    doc.rules[0].when = { type: 'collided', source: 'any', target: 'any' };
    expectLoaded(loadSceneValue(doc));
  });

  it('reports every dangling reference, not only the first', () => {
    const doc = minimalScene();
    doc.rules[0].when.source = 'ghost';
    doc.rules[0].when.target = 'nowhere';
    doc.queues.ghost = [];
    const paths = expectRejected(loadSceneValue(doc)).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['$.queues.ghost', '$.rules[0].when.source', '$.rules[0].when.target']));
  });
});

describe('non-finite numbers', () => {
  /** Replaces the first occurrence of `find` in the JSON text (1e999 parses to Infinity). */
  function checkText(find: string, replace: string, path: string) {
    const text = JSON.stringify(minimalScene());
    expect(text).toContain(find);
    const result = loadSceneText(text.replace(find, replace));
    expectIssue(result, path, /^must be a finite number$/);
  }

  it('1e999 in a position (parses to Infinity)', () => checkText('"position":[300,1400]', '"position":[1e999,1400]', '$.objects[1].position[0]'));
  it('-1e999 in a size', () => checkText('"size":[200,200]', '"size":[200,-1e999]', '$.objects[2].size[1]'));
  it('1e999 in gravity', () => checkText('"gravity":[0,980]', '"gravity":[0,1e999]', '$.stage.gravity[1]'));
  it('1e999 in wait seconds', () => checkText('"seconds":1', '"seconds":1e999', '$.queues["stick-1"][1].seconds'));
  it('1e999 in a walk target', () => checkText('"target_position":[1500,1400]', '"target_position":[1500,1e999]', '$.queues["stick-1"][0].target_position[1]'));

  it.each([
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['NaN', NaN],
  ])('%s from a JS value (loadSceneValue)', (_name, value) => {
    const doc = minimalScene();
    doc.objects[3].position = [900, value];
    expectIssue(loadSceneValue(doc), '$.objects[3].position[1]', /^must be a finite number$/);
  });

  it('NaN in a prop physics value and a stage size', () => {
    const doc = minimalScene();
    doc.objects[3].physics = { mass: NaN };
    doc.stage.width = NaN;
    const result = loadSceneValue(doc);
    expectIssue(result, '$.objects[3].physics.mass', /^must be a finite number$/);
    expectIssue(result, '$.stage.width', /^must be a finite number$/);
  });
});

describe('out-of-range and ill-typed values', () => {
  const max = SCENE_LIMITS.maxCoordinate;
  it.each<Case>([
    ['coordinate beyond +max', (d) => (d.objects[1].position = [max + 1, 1400]), '$.objects[1].position[0]', /^must be within ±1000000$/],
    ['coordinate beyond -max', (d) => (d.objects[2].position = [0, -2e6]), '$.objects[2].position[1]', /^must be within ±1000000$/],
    ['polygon point beyond max', (d) => d.objects.push({ kind: 'terrain', id: 'p', file_id: 9, shape: 'polygon', position: [0, 0], points: [[0, 0], [1, 0], [0, 5e6]] }), '$.objects[5].points[2][1]', /within ±1000000/],
    ['size 0', (d) => (d.objects[2].size = [0, 200]), '$.objects[2].size[0]', /^must be greater than 0$/],
    ['negative size', (d) => (d.objects[0].size = [4000, -200]), '$.objects[0].size[1]', /^must be greater than 0$/],
    ['size too large', (d) => (d.objects[0].size = [200_001, 200]), '$.objects[0].size[0]', /^must be at most 100000$/],
    ['stage width 0', (d) => (d.stage.width = 0), '$.stage.width', /^must be greater than 0$/],
    ['stage height negative', (d) => (d.stage.height = -5), '$.stage.height', /^must be greater than 0$/],
    ['gravity too strong', (d) => (d.stage.gravity = [0, 1e6]), '$.stage.gravity[1]', /^gravity must point straight down: y must be between 1 and 100000$/],
    ['prop scale 0', (d) => (d.objects[3].scale = [0, 1]), '$.objects[3].scale[0]', /^must be greater than 0$/],
    ['prop mass 0', (d) => (d.objects[3].physics = { mass: 0 }), '$.objects[3].physics.mass', /^must be greater than 0$/],
    ['prop restitution > 1', (d) => (d.objects[3].physics = { restitution: 1.5 }), '$.objects[3].physics.restitution', /^must be between 0 and 1$/],
    ['prop restitution < 0', (d) => (d.objects[3].physics = { restitution: -0.1 }), '$.objects[3].physics.restitution', /^must be between 0 and 1$/],
    [
      'asset restitution > 1',
      (d) => (d.prop_assets = [{ spawn_id: 'my:thing', name: 'Thing', shape: { kind: 'circle', radius: 5 }, mass: 1, restitution: 2 }]),
      '$.prop_assets[0].restitution',
      /^must be between 0 and 1$/,
    ],
    ['terrain friction > 1', (d) => (d.objects[0].friction = 1.01), '$.objects[0].friction', /^must be between 0 and 1$/],
    ['stairs steps 0', (d) => (d.objects[4].steps = 0), '$.objects[4].steps', /^must be at least 1$/],
    ['stairs steps negative', (d) => (d.objects[4].steps = -3), '$.objects[4].steps', /^must be at least 1$/],
    ['stairs steps over the limit', (d) => (d.objects[4].steps = 101), '$.objects[4].steps', /^must be at most 100$/],
    ['stairs steps fractional', (d) => (d.objects[4].steps = 2.5), '$.objects[4].steps', /^must be an integer$/],
    ['stairs without steps', (d) => delete d.objects[4].steps, '$.objects[4].steps', /^stairs need a number of steps$/],
    ['block without size', (d) => delete d.objects[0].size, '$.objects[0].size', /^a block terrain needs a size$/],
    ['polygon without points', (d) => d.objects.push({ kind: 'terrain', id: 'p', file_id: 9, shape: 'polygon', position: [0, 0] }), '$.objects[5].points', /^a polygon terrain needs points$/],
    ['polygon with 2 points', (d) => d.objects.push({ kind: 'terrain', id: 'p', file_id: 9, shape: 'polygon', position: [0, 0], points: [[0, 0], [1, 1]] }), '$.objects[5].points', /^a polygon needs at least 3 points$/],
    ['unknown terrain shape', (d) => (d.objects[0].shape = 'circle'), '$.objects[0].shape', /^Invalid option: expected one of "block"\|"ramp"\|"stairs"\|"polygon"$/],
    ['rotation beyond ±1000', (d) => (d.objects[3].rotation = 2000), '$.objects[3].rotation', /^must be within ±1000 radians$/],
    ['negative wait', (d) => (d.queues['stick-1'][1].seconds = -1), '$.queues["stick-1"][1].seconds', /^must be between 0 and 3600$/],
    ['wait longer than an hour', (d) => (d.queues['stick-1'][1].seconds = 3601), '$.queues["stick-1"][1].seconds', /^must be between 0 and 3600$/],
    ['bad facing', (d) => (d.objects[1].facing = 'UP'), '$.objects[1].facing', /^Invalid option: expected one of "RIGHT"\|"LEFT"$/],
    ['bad colour', (d) => (d.objects[2].color = 'red'), '$.objects[2].color', /^must be a colour like #a1b2c3$/],
    ['position with one number', (d) => (d.objects[1].position = [300]), '$.objects[1].position', /expected array to have >=2 items/],
    ['position as a string', (d) => (d.objects[1].position = '300,1400'), '$.objects[1].position', /expected tuple, received string/],
    ['missing position', (d) => delete d.objects[1].position, '$.objects[1].position', /^is required$/],
    ['missing stage', (d) => delete d.stage, '$.stage', /^is required$/],
    ['objects not an array', (d) => (d.objects = {}), '$.objects', /expected array, received object/],
    ['auto_recover as a string', (d) => (d.objects[1].auto_recover = 'yes'), '$.objects[1].auto_recover', /expected boolean, received string/],
    ['unknown rule mode', (d) => (d.rules[0].then[0].mode = 'interrupt'), '$.rules[0].then[0].mode', /expected one of "sequential"\|"takeover"\|"overlay"/],
    ['unknown rule trigger', (d) => (d.rules[0].when.type = 'exploded'), '$.rules[0].when.type', /unknown or unsupported trigger type/],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));
});

describe('unknown object kinds and unknown keys', () => {
  it.each<Case>([
    ['kind "tree"', (d) => d.objects.push({ kind: 'tree', id: 'oak', file_id: 9, position: [0, 0] }), '$.objects[5].kind', /^unknown object kind \(expected terrain, prop, stickman or area\)$/],
    ['missing kind', (d) => delete d.objects[2].kind, '$.objects[2].kind', /^unknown object kind/],
    ['kind in the wrong case', (d) => (d.objects[1].kind = 'Stickman'), '$.objects[1].kind', /^unknown object kind/],
    ['unknown key at the root', (d) => (d.extra = 1), '$', /^Unrecognized key: "extra"$/],
    ['unknown key on an object', (d) => (d.objects[1].speed = 3), '$.objects[1]', /^Unrecognized key: "speed"$/],
    ['terrain key on a prop', (d) => (d.objects[3].steps = 3), '$.objects[3]', /^Unrecognized key: "steps"$/],
    ['unknown key on a queue item', (d) => (d.queues['stick-1'][1].speed = 3), '$.queues["stick-1"][1]', /^Unrecognized key: "speed"$/],
    ['unknown key on a rule action', (d) => (d.rules[0].then[0].action.volume = 11), '$.rules[0].then[0].action', /^Unrecognized key: "volume"$/],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));
});

describe('unknown or unsupported action types', () => {
  it.each<Case>([
    ['drop_prop with a payload it does not have', (d) => (d.queues['stick-1'][0] = { id: 'a1', type: 'drop_prop', hand: 'left' }), '$.queues["stick-1"][0]', /hand/],
    ['pick_up_prop with a hand that is not one', (d) => (d.queues['stick-1'][1] = { id: 'a2', type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'both' }), '$.queues["stick-1"][1].hand', /./],
    ['pick_up_prop without its prop', (d) => (d.queues['stick-1'][1] = { id: 'a2', type: 'pick_up_prop' }), '$.queues["stick-1"][1].target_prop_id', /^is required$/],
    ['made-up type in a queue', (d) => (d.queues['stick-1'][0].type = 'teleport'), '$.queues["stick-1"][0].type', /^unknown or unsupported action type$/],
    ['queue item without a type', (d) => delete d.queues['stick-1'][0].type, '$.queues["stick-1"][0].type', /^unknown or unsupported action type$/],
    ['throw_prop with a target off any stage in a rule action', (d) => (d.rules[0].then[0].action = { type: 'throw_prop', target_position: [0, 1e7] }), '$.rules[0].then[0].action.target_position[1]', /within/],
    ['walk_to without its target', (d) => (d.queues['stick-1'][0] = { id: 'a1', type: 'walk_to' }), '$.queues["stick-1"][0].target_position', /^is required$/],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));
});

describe('oversize input', () => {
  it('a file over the byte limit is rejected before parsing', () => {
    const text = JSON.stringify(minimalScene()) + ' '.repeat(SCENE_LIMITS.maxFileBytes);
    const bytes = new TextEncoder().encode(text).length;
    const issues = expectRejected(loadSceneText(text));
    expect(issues).toEqual([{ path: '$', message: `file is ${bytes} bytes; the limit is ${SCENE_LIMITS.maxFileBytes}` }]);
  });

  it('the limit counts UTF-8 bytes, not characters', () => {
    const doc = minimalScene();
    doc.name = '€'.repeat(Math.ceil(SCENE_LIMITS.maxFileBytes / 3) + 10); // fewer characters than the limit, more bytes
    const text = JSON.stringify(doc);
    expect(text.length).toBeLessThan(SCENE_LIMITS.maxFileBytes);
    expectIssue(loadSceneText(text), '$', /bytes; the limit is 4194304$/);
  });

  it('a file exactly at the limit is not rejected for its size', () => {
    const base = JSON.stringify(minimalScene());
    const text = base + ' '.repeat(SCENE_LIMITS.maxFileBytes - base.length);
    expect(new TextEncoder().encode(text).length).toBe(SCENE_LIMITS.maxFileBytes);
    expectLoaded(loadSceneText(text));
  });

  it('too many objects', () => {
    const doc = minimalScene();
    for (let i = doc.objects.length; i <= SCENE_LIMITS.maxObjects; i++) {
      doc.objects.push({ kind: 'area', id: `area-${i}`, file_id: 100 + i, position: [0, 0], size: [1, 1] });
    }
    expect(doc.objects.length).toBe(SCENE_LIMITS.maxObjects + 1);
    expect(expectRejected(loadSceneText(JSON.stringify(doc)))).toEqual([
      { path: '$.objects', message: `${SCENE_LIMITS.maxObjects + 1} objects; the limit is ${SCENE_LIMITS.maxObjects}` },
    ]);
    doc.objects.pop();
    expectLoaded(loadSceneText(JSON.stringify(doc)));
  });

  it('10,001 objects: the refusal states the object limit (5,000), not the generic list limit', () => {
    const doc = minimalScene();
    for (let i = doc.objects.length; i < 10_001; i++) doc.objects.push({ kind: 'area', id: `area-${i}`, file_id: 100 + i, position: [0, 0], size: [1, 1] });
    expect(10_001).toBeGreaterThan(SCENE_LIMITS.maxContainerEntries);
    expect(expectRejected(loadSceneText(JSON.stringify(doc)))).toEqual([{ path: '$.objects', message: `10001 objects; the limit is ${SCENE_LIMITS.maxObjects}` }]);
  });

  it.each<Case>([
    ['scene name too long', (d) => (d.name = 'x'.repeat(501)), '$.name', /^must be at most 500 characters$/],
    ['stickman name too long', (d) => (d.objects[1].name = 'x'.repeat(501)), '$.objects[1].name', /^must be at most 500 characters$/],
    ['speech too long', (d) => (d.rules[0].then[0].action.text = 'x'.repeat(501)), '$.rules[0].then[0].action.text', /^must be at most 500 characters$/],
    ['id too long', (d) => (d.objects[2].id = 'g'.repeat(65)), '$.objects[2].id', /^id must be at most 64 characters$/],
    ['rule source too long', (d) => (d.rules[0].when.source = 's'.repeat(65)), '$.rules[0].when.source', /^must be at most 64 characters$/],
    [
      'too many queue items',
      (d) => (d.queues['stick-1'] = Array.from({ length: 501 }, (_, i) => ({ id: `q${i}`, type: 'wait', seconds: 0 }))),
      '$.queues["stick-1"]',
      /^at most 500 queue items$/,
    ],
    [
      'too many rule actions',
      (d) => (d.rules[0].then = Array.from({ length: 51 }, () => structuredClone(d.rules[0].then[0]))),
      '$.rules[0].then',
      /^at most 50 actions$/,
    ],
    [
      'too many polygon points',
      (d) => d.objects.push({ kind: 'terrain', id: 'p', file_id: 9, shape: 'polygon', position: [0, 0], points: Array.from({ length: 65 }, (_, i) => [i, i % 2]) }),
      '$.objects[5].points',
      /^at most 64 points$/,
    ],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));

  it('strings at the limit are accepted', () => {
    const doc = minimalScene();
    doc.name = 'x'.repeat(500);
    doc.objects[2].id = 'g'.repeat(64);
    doc.rules[0].when.target = 'g'.repeat(64);
    expectLoaded(loadSceneText(JSON.stringify(doc)));
  });
});

describe('a rejected load', () => {
  it('does not modify the value it was given', () => {
    const doc = minimalScene();
    doc.objects[1].position = [Infinity, 0];
    const before = structuredClone(doc);
    loadSceneValue(doc);
    expect(doc).toEqual(before);
  });

  it('loading defaults fills in what a file may leave out', () => {
    const scene = expectLoaded(loadSceneValue(minimalScene()));
    expect(scene.stage.seed).toBe(1);
    expect(scene.objects[1]).toMatchObject({ facing: 'RIGHT', auto_recover: true });
    expect(scene.objects[3]).toMatchObject({ rotation: 0, scale: [1, 1] });
    expect(scene.rules[0].enabled).toBe(true);
    const bare = minimalScene();
    delete bare.queues;
    delete bare.rules;
    delete bare.prop_assets;
    expect(expectLoaded(loadSceneValue(bare))).toMatchObject({ queues: {}, rules: [], prop_assets: [] });
  });
});

describe('terrain geometry is checked on load', () => {
  it('rejects a non-convex polygon with its path and keeps a convex one', async () => {
    const { loadSceneValue } = await import('../../../core/scene/io');
    const base = {
      format: 'stickman-stage/scene', version: '1.1', stage: { width: 1000, height: 1000 },
      objects: [{ kind: 'terrain', id: 'poly', file_id: 1, shape: 'polygon', position: [500, 500], points: [[0, 0], [100, 0], [50, 20], [100, 100], [0, 100]] }],
    };
    const bad = loadSceneValue(base);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]).toMatchObject({ path: '$.objects[0].points', message: expect.stringMatching(/not convex/) });
    const good = loadSceneValue({ ...base, objects: [{ ...base.objects[0], points: [[0, 0], [100, 0], [100, 100], [0, 100]] }] });
    expect(good.ok).toBe(true);
  });
});

describe('gravity points straight down (issue 24): walking, stand-up and leaving the stage are built on it', () => {
  it.each<Case>([
    ['upward gravity (a ragdoll rose 32,000 px and stood up in mid-air)', (d) => (d.stage.gravity = [0, -980]), '$.stage.gravity[1]', /^gravity must point straight down: y must be between 1 and 100000$/],
    ['no gravity (what is pushed up never leaves play)', (d) => (d.stage.gravity = [0, 0]), '$.stage.gravity[1]', /^gravity must point straight down/],
    ['sideways gravity', (d) => (d.stage.gravity = [980, 0]), '$.stage.gravity[0]', /^gravity must point straight down: x must be 0$/],
    ['a slant', (d) => (d.stage.gravity = [0.5, 980]), '$.stage.gravity[0]', /^gravity must point straight down: x must be 0$/],
  ])('%s', (_name, mutate, path, reason) => check(mutate, path, reason));

  it('older files with gravity [0, g > 0] open unchanged, and saving keeps them', () => {
    for (const g of [980, 1, 0.5 + 979.5, 100_000]) {
      const doc = minimalScene();
      doc.stage.gravity = [0, g];
      const loaded = expectLoaded(loadSceneText(JSON.stringify(doc)));
      expect(loaded.stage.gravity).toEqual([0, g]);
      expect(expectLoaded(loadSceneText(saveSceneText(loaded))).stage.gravity).toEqual([0, g]);
    }
  });
});
