/**
 * Hostile scene files (issue 7): deep nesting, `__proto__` and other Object.prototype names,
 * prototype-named spawn_ids, prop-asset polygons physics cannot hold, and files built to flood
 * the loader with issues. Each is refused with a JSON path (or loads and works), never throws.
 */
import { describe, expect, it } from 'vitest';
import { loadSceneText, loadSceneValue } from '../../../core/scene/io';
import { formatIssues, MAX_LISTED_ISSUES, MAX_MESSAGE_CHARS, MAX_QUOTED_CHARS } from '../../../core/scene/errors';
import { SCENE_LIMITS } from '../../../core/scene/limits';
import { builtinProp } from '../../../core/scene/builtinProps';
import { findPropTemplate, resolveProp } from '../../../core/props/resolve';
import { expectIssue, expectLoaded, expectRejected, minimalScene, v10Scene, type Json } from './fixtures';

const PROTOTYPE_NAMES = ['toString', 'constructor', 'hasOwnProperty', 'valueOf'];
const deepArrayText = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** The minimal scene as text with `"__SLOT__"` replaced by raw JSON text. */
const withSlot = (mutate: (d: Json) => void, raw: string) => {
  const doc = minimalScene();
  mutate(doc);
  return JSON.stringify(doc).replace('"__SLOT__"', raw);
};

describe('deep nesting is refused with a path, never a stack overflow', () => {
  it('brackets inside strings do not nest, also after escaped quotes and backslashes', () => {
    const brackets = '['.repeat(50);
    const text = withSlot((d) => (d.name = '__SLOT__'), JSON.stringify(`a \\" ${brackets} \\\\`));
    expect(JSON.parse(text).name).toContain(brackets);
    expectLoaded(loadSceneText(text));
    const escapedThenDeep = withSlot((d) => (d.name = '__SLOT__'), `[${JSON.stringify('\\"\\\\')}, ${deepArrayText(30)}]`);
    expect(expectRejected(loadSceneText(escapedThenDeep))[0].message).toBe(`nested more than ${SCENE_LIMITS.maxNestingDepth} levels deep`);
  });

  it('a version nested 10,000 arrays deep', () => {
    const text = `{"format":"stickman-stage/scene","version":${deepArrayText(10_000)}}`;
    const issues = expectRejected(loadSceneText(text));
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toMatch(/^\$\.version(\[0\])+$/);
    expect(issues[0].message).toBe(`nested more than ${SCENE_LIMITS.maxNestingDepth} levels deep`);
  });

  it('a 100,000-deep value anywhere: a name, an unknown key, a position, nested objects', () => {
    const deep = deepArrayText(100_000);
    const deepObject = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const cases: Array<[string, (d: Json) => void, string, RegExp]> = [
      ['name', (d) => (d.name = '__SLOT__'), deep, /^\$\.name(\[0\])+$/],
      ['unknown key', (d) => (d.extra = '__SLOT__'), deep, /^\$\.extra(\[0\])+$/],
      ['position', (d) => (d.objects[1].position = '__SLOT__'), deep, /^\$\.objects\[1\]\.position(\[0\])+$/],
      ['queue item', (d) => (d.queues['stick-1'][0].target_position = '__SLOT__'), deepObject, /^\$\.queues\["stick-1"\]\[0\]\.target_position(\.a)+$/],
    ];
    for (const [name, mutate, raw, path] of cases) {
      const issues = expectRejected(loadSceneText(withSlot(mutate, raw)));
      expect(issues, name).toEqual([{ path: expect.stringMatching(path), message: expect.stringMatching(/^nested more than \d+ levels deep$/) }]);
    }
  });

  it('nesting up to the limit is not refused for its depth (it is an ordinary unknown key)', () => {
    // The scene object is level 1, so `extra` can hold limit - 1 nested arrays.
    const doc = minimalScene();
    let v: Json = [];
    for (let arrays = 1; arrays < SCENE_LIMITS.maxNestingDepth - 1; arrays += 1) v = [v];
    doc.extra = v;
    expect(expectRejected(loadSceneValue(doc))).toEqual([{ path: '$', message: 'Unrecognized key: "extra"' }]);
    doc.extra = [v];
    expectIssue(loadSceneValue(doc), '$.extra' + '[0]'.repeat(SCENE_LIMITS.maxNestingDepth - 1), /^nested more than 20 levels deep$/);
  });

  it('the text is scanned before parsing: same path as for the parsed value, brackets in strings ignored', () => {
    const doc = minimalScene();
    doc.objects[1].name = '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{{{{{{{{{{{{{{{ "quoted \\" [[[[[[[[[[[[[[[[[[[[[[[[';
    expectLoaded(loadSceneText(JSON.stringify(doc)));
    let deep: Json = 1;
    for (let i = 0; i < 40; i += 1) deep = i % 2 ? [7, deep] : { 'a"b': 0, 'k\\é': deep };
    doc.queues['stick-1'][1].seconds = deep;
    const fromText = expectRejected(loadSceneText(JSON.stringify(doc)));
    const fromValue = expectRejected(loadSceneValue(doc));
    expect(fromText).toEqual(fromValue);
    expect(fromText[0].path).toMatch(/^\$\.queues\["stick-1"\]\[1\]\.seconds\[1\]\["k\\\\é"\]\[1\]\["k\\\\é"\]/);
  });

  it('a JS value with a cycle is refused (loadSceneValue)', () => {
    const doc = minimalScene();
    doc.objects[1].pose = doc;
    expectIssue(loadSceneValue(doc), expect.any(String) as unknown as string, /nested more than/);
  });

  it('a version that is an object or a long string is quoted briefly', () => {
    expectIssue(loadSceneText(withSlot((d) => (d.version = '__SLOT__'), '{"a":1}')), '$.version', /^unknown version \{"a":1\} \(supported: 1\.0, 1\.1\)$/);
    const long = expectRejected(loadSceneText(withSlot((d) => (d.version = 'v'.repeat(100_000)), 'null')));
    expect(long[0].path).toBe('$.version');
    const quoted = /^unknown version (.*) \(supported/.exec(long[0].message)![1];
    expect(quoted.length).toBeLessThanOrEqual(MAX_QUOTED_CHARS);
    expect(quoted).toMatch(/^"v+…"$/);
  });
});

describe('__proto__ is refused wherever it appears', () => {
  it.each<[string, string, string]>([
    ['a queue key', '"queues":{"__proto__":[],', '$.queues.__proto__'],
    ['a key at the root', '{"__proto__":{"x":1},', '$.__proto__'],
  ])('%s (JSON.parse makes it an own key that assignment would turn into a prototype)', (_name, insert, path) => {
    const text = JSON.stringify(minimalScene())
      .replace('"queues":{', insert.startsWith('"queues"') ? insert : '"queues":{')
      .replace(/^\{/, insert.startsWith('{') ? insert : '{');
    expect(expectRejected(loadSceneText(text))).toEqual([{ path, message: '"__proto__" is not allowed as a key' }]);
  });

  it('a queue key in a 1.0 file (migration builds a new queues object)', () => {
    const text = JSON.stringify(v10Scene()).replace('"queues":{', '"queues":{"__proto__":[{"type":"wait","seconds":1}],');
    expectIssue(loadSceneText(text), '$.queues.__proto__', /not allowed as a key/);
  });

  it.each<[string, (d: Json) => void, string]>([
    ['an object id', (d) => (d.objects[1].id = '__proto__'), '$.objects[1].id'],
    ['a queue item id', (d) => (d.queues['stick-1'][0].id = '__proto__'), '$.queues["stick-1"][0].id'],
    ['a rule id', (d) => (d.rules[0].id = '__proto__'), '$.rules[0].id'],
    ['a rule actor', (d) => (d.rules[0].then[0].actor = '__proto__'), '$.rules[0].then[0].actor'],
  ])('as %s', (_name, mutate, path) => {
    const doc = minimalScene();
    mutate(doc);
    expectIssue(loadSceneText(JSON.stringify(doc)), path, /^"__proto__" cannot be an id$/);
  });
});

describe('other Object.prototype names are ordinary ids', () => {
  it.each(PROTOTYPE_NAMES)('"%s" as a stickman id with its queue and rules loads and keeps every reference', (name) => {
    const text = JSON.stringify(minimalScene()).replaceAll('"stick-1"', `"${name}"`);
    const scene = expectLoaded(loadSceneText(text));
    expect(scene.objects[1].id).toBe(name);
    expect(Object.keys(scene.queues)).toEqual([name]);
    expect(Object.hasOwn(scene.queues, name) && scene.queues[name].map((i) => i.id)).toEqual(['a1', 'a2']);
    expect(scene.rules[0].then[0].actor).toBe(name);
  });

  it.each(PROTOTYPE_NAMES)('a queue for "%s" when no such stickman exists is a dangling owner', (name) => {
    const doc = minimalScene();
    doc.queues[name] = [];
    expectIssue(loadSceneText(JSON.stringify(doc)), `$.queues.${name}`, new RegExp(`^queue owner "${name}" is not a stickman in this scene$`));
  });

  it.each(PROTOTYPE_NAMES)('a rule naming "%s" when no such object exists refers to a missing object', (name) => {
    const doc = minimalScene();
    doc.rules[0].when.target = name;
    doc.rules[0].then[0].actor = name;
    const result = loadSceneText(JSON.stringify(doc));
    expectIssue(result, '$.rules[0].when.target', new RegExp(`^refers to missing object "${name}"$`));
    expectIssue(result, '$.rules[0].then[0].actor', new RegExp(`^actor "${name}" is not a stickman`));
  });
});

describe('spawn_ids that are Object.prototype names are not built-in props', () => {
  it.each([...PROTOTYPE_NAMES, '__proto__', 'isPrototypeOf'])('spawn_id "%s" without an asset is a missing custom prop: a placeholder, with a warning', (name) => {
    const doc = minimalScene();
    doc.objects[3].spawn_id = name;
    const result = loadSceneText(JSON.stringify(doc));
    const scene = expectLoaded(result);
    expect(result.ok && result.warnings).toContainEqual({ path: '$.objects[3].spawn_id', message: expect.stringMatching(/is missing: "ball-1" is an inert placeholder/) });
    expect(builtinProp(name)).toBeUndefined();
    expect(findPropTemplate(name, [])).toBeUndefined();
    const prop = scene.objects[3];
    if (prop.kind !== 'prop') throw new Error('fixture changed');
    expect(resolveProp(scene, prop)).toMatchObject({ spawn_id: name, placeholder: true, grips: [] });
  });

  it('an embedded asset may be called "constructor": the prop resolves to it', () => {
    const doc = minimalScene();
    doc.prop_assets = [{ spawn_id: 'constructor', name: 'Crate', shape: { kind: 'box', size: [50, 30] }, mass: 2 }];
    doc.objects[3].spawn_id = 'constructor';
    const scene = expectLoaded(loadSceneText(JSON.stringify(doc)));
    const prop = scene.objects[3];
    if (prop.kind !== 'prop') throw new Error('fixture changed');
    expect(resolveProp(scene, prop)).toMatchObject({ spawn_id: 'constructor', name: 'Crate', shape: { kind: 'box', size: [50, 30] }, mass: 2 });
  });
});

describe('prop-asset shapes are checked like terrain polygons', () => {
  const withAsset = (shape: Json): Json => {
    const doc = minimalScene();
    doc.prop_assets = [{ spawn_id: 'my:thing', name: 'Thing', shape, mass: 1 }];
    doc.objects[3].spawn_id = 'my:thing';
    return doc;
  };
  const polygon = (points: number[][]) => withAsset({ kind: 'polygon', points });

  it.each<[string, Json, string, RegExp]>([
    ['collinear points (Rapier throws)', polygon([[0, 0], [20, 0], [40, 0]]), '$.prop_assets[0].shape.points', /^polygon is degenerate \(points are collinear or coincide\)$/],
    ['coincident points (Rapier panics)', polygon([[5, 5], [5, 5], [5, 5]]), '$.prop_assets[0].shape.points', /^polygon is degenerate/],
    ['two distinct points', polygon([[0, 0], [0, 0], [30, 0], [30, 0]]), '$.prop_assets[0].shape.points', /^polygon is degenerate/],
    ['not convex', polygon([[0, 0], [100, 0], [50, 20], [100, 100], [0, 100]]), '$.prop_assets[0].shape.points', /^polygon is not convex$/],
    ['self-intersecting (a pentagram)', polygon([[0, -50], [29, 40], [-48, -15], [48, -15], [-29, 40]]), '$.prop_assets[0].shape.points', /^polygon is not convex$/],
    ['a sliver thinner than 0.5 px', polygon([[0, 0], [100, 0], [50, 0.1]]), '$.prop_assets[0].shape.points', /^polygon is thinner than 0\.5 px$/],
    ['a box 0.1 px high', withAsset({ kind: 'box', size: [50, 0.1] }), '$.prop_assets[0].shape', /^height 0\.1 is smaller than 0\.5 px$/],
    ['a circle of radius 1e-300', withAsset({ kind: 'circle', radius: 1e-300 }), '$.prop_assets[0].shape', /^radius 1e-300 is smaller than 0\.5 px$/],
    ['a capsule of radius 0.01', withAsset({ kind: 'capsule', length: 50, radius: 0.01 }), '$.prop_assets[0].shape', /^radius 0\.01 is smaller/],
  ])('%s', (_name, doc, path, reason) => {
    expectIssue(loadSceneText(JSON.stringify(doc)), path, reason);
  });

  it('a repeated point is cleaned away, as for terrain: the prop resolves to the clean triangle', () => {
    const scene = expectLoaded(loadSceneText(JSON.stringify(polygon([[0, 0], [40, 0], [40, 0], [0, 30]]))));
    const prop = scene.objects[3];
    if (prop.kind !== 'prop') throw new Error('fixture changed');
    expect(resolveProp(scene, prop).shape).toEqual({ kind: 'polygon', points: [[0, 0], [40, 0], [0, 30]] });
  });

  it('an instance scale that squashes a valid shape below 0.5 px is refused at the scale', () => {
    const doc = minimalScene();
    doc.objects[3].scale = [0.001, 0.001];
    expectIssue(loadSceneText(JSON.stringify(doc)), '$.objects[3].scale', /^scaled shape: radius 0\.03 is smaller than 0\.5 px$/);
    doc.objects[3].scale = [0.02, 0.02];
    expectLoaded(loadSceneText(JSON.stringify(doc)));
  });

  it('terrain thinner than 0.5 px is refused (a 1e-300 ramp panicked Rapier on PLAY)', () => {
    const doc = minimalScene();
    doc.objects.push({ kind: 'terrain', id: 'ramp-1', file_id: 9, shape: 'ramp', position: [1000, 1250], size: [1e-300, 1e-300] });
    expectIssue(loadSceneText(JSON.stringify(doc)), '$.objects[5].size', /^terrain is thinner than 0\.5 px/);
    doc.objects[5].size = [600, 0.2];
    expectIssue(loadSceneText(JSON.stringify(doc)), '$.objects[5].size', /^terrain is thinner than 0\.5 px/);
    doc.objects[5].size = [600, 1];
    expectLoaded(loadSceneText(JSON.stringify(doc)));
  });
});

describe('files built to flood the loader', () => {
  /** The minimal scene with `count` empty queues for owners that do not exist. */
  const withEmptyQueues = (count: number) => {
    const doc = minimalScene();
    for (let i = 0; i < count; i += 1) doc.queues[`q${i}`] = [];
    return JSON.stringify(doc);
  };

  it('330,000 empty queue keys: one issue, the file still under the size limit', () => {
    const text = withEmptyQueues(330_000);
    expect(text.length).toBeLessThan(SCENE_LIMITS.maxFileBytes);
    expect(expectRejected(loadSceneText(text))).toEqual([
      { path: '$.queues', message: `an object with 330001 keys; the limit is ${SCENE_LIMITS.maxContainerEntries}` },
    ]);
  });

  it('9,000 dangling queue owners: the first 30 listed, then "… and 8970 more"', () => {
    const issues = expectRejected(loadSceneText(withEmptyQueues(9000)));
    expect(issues).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(issues[0]).toEqual({ path: '$.queues.q0', message: 'queue owner "q0" is not a stickman in this scene' });
    expect(issues[MAX_LISTED_ISSUES]).toEqual({ path: '$', message: '… and 8970 more' });
    // Shown five at a time, the count of the rest still covers every issue found.
    expect(formatIssues(issues).split('\n').at(-1)).toBe('… and 8995 more');
  });

  it('5,000 objects with bad values: schema issues are capped the same way', () => {
    const doc = minimalScene();
    doc.objects = Array.from({ length: SCENE_LIMITS.maxObjects }, (_, i) => ({ kind: 'area', id: `a${i}`, file_id: i + 1, position: ['x', 'y'], size: [-1, -1] }));
    const issues = expectRejected(loadSceneText(JSON.stringify(doc)));
    expect(issues).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(issues[0]).toEqual({ path: '$.objects[0].position[0]', message: expect.stringMatching(/expected number/) });
    expect(issues[MAX_LISTED_ISSUES]).toEqual({ path: '$', message: `… and ${4 * SCENE_LIMITS.maxObjects - MAX_LISTED_ISSUES} more` });
  });

  it('a list longer than any the format allows is refused before the schema walks it', () => {
    const doc = minimalScene();
    doc.rules = Array.from({ length: SCENE_LIMITS.maxContainerEntries + 1 }, (_, i) => ({ id: `r${i}` }));
    expect(expectRejected(loadSceneText(JSON.stringify(doc)))).toEqual([
      { path: '$.rules', message: `a list of ${SCENE_LIMITS.maxContainerEntries + 1} items; the limit is ${SCENE_LIMITS.maxContainerEntries}` },
    ]);
  });

  it('long keys and values are quoted to at most 80 characters, messages kept short', () => {
    const doc = minimalScene();
    const longKey = 'k'.repeat(5000);
    doc[longKey] = 1;
    doc.objects[1][longKey] = 1;
    doc.objects[1][`${longKey}2`] = 1;
    doc.objects[1][`${longKey}3`] = 1;
    doc.objects[1][`${longKey}4`] = 1;
    doc.queues[`o${'w'.repeat(5000)}`] = [];
    const issues = expectRejected(loadSceneText(JSON.stringify(doc)));
    for (const issue of issues) {
      expect(issue.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
      expect(issue.path.length).toBeLessThan(MAX_QUOTED_CHARS + 40);
      for (const quoted of issue.message.match(/"[^"]*"/g) ?? []) expect(quoted.length).toBeLessThanOrEqual(MAX_QUOTED_CHARS);
    }
    expect(issues).toContainEqual({ path: '$', message: expect.stringMatching(/^Unrecognized key: "k+…"$/) });
    expect(issues).toContainEqual({ path: '$.objects[1]', message: expect.stringMatching(/^Unrecognized keys: "k+…", "k+…", "k+…" and 1 more$/) });
    // Schema issues stop the load before reference checks, so the long queue owner shows up alone:
    delete doc[longKey];
    for (let i = 0; i < 5; i += 1) delete doc.objects[1][i === 0 ? longKey : `${longKey}${i}`];
    const owner = expectRejected(loadSceneText(JSON.stringify(doc)));
    expect(owner).toEqual([{ path: expect.stringMatching(/^\$\.queues\["ow+…"\]$/), message: expect.stringMatching(/^queue owner "ow+…" is not a stickman in this scene$/) }]);
  });
});
