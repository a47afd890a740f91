import { describe, expect, it } from 'vitest';
import {
  addRule,
  appendAction,
  createObject,
  deleteObject,
  duplicateObject,
  EditError,
  findObject,
  lastObject,
  moveObject,
  newScene,
  nextActionId,
  nextFileId,
  nextId,
  nextRuleId,
  removeAction,
  removeRule,
  renameObject,
  updateObject,
  updateRule,
  updateStage,
} from '../../../core/scene/edit';
import { checkReferences, loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { sceneSchema, type SceneDocument, type StageObject } from '../../../core/scene/schema';
import { deepFreeze, demoText, expectLoaded, fullScene, minimalScene, v10Scene, type Json } from './fixtures';

/** A valid document: passes the schema, the reference checks, and survives save → load unchanged. */
function expectValid(doc: SceneDocument) {
  const parsed = sceneSchema.safeParse(doc);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(checkReferences(doc)).toEqual([]);
  const reloaded = expectLoaded(loadSceneText(saveSceneText(doc)));
  expect(reloaded).toEqual(parsed.data);
}

/** A frozen document: any mutation by an edit throws (test modules run in strict mode). */
const frozen = (doc: SceneDocument) => deepFreeze(structuredClone(doc));
const minimal = () => frozen(expectLoaded(loadSceneValue(minimalScene())));
const full = () => frozen(expectLoaded(loadSceneValue(fullScene())));
const demo = () => frozen(expectLoaded(loadSceneText(demoText())));

function expectEditError(fn: () => unknown, path?: string, reason?: RegExp): EditError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(EditError);
  const err = caught as EditError;
  if (path) expect(err.issues, JSON.stringify(err.issues)).toContainEqual({ path, message: expect.stringMatching(reason ?? /.*/) });
  return err;
}

describe('newScene', () => {
  it('is an empty 4000 × 1600 stage with gravity [0, 980] and a ground block across the bottom', () => {
    const doc = newScene();
    expectValid(doc);
    expect(doc.version).toBe('1.1');
    expect(doc.stage).toMatchObject({ width: 4000, height: 1600, gravity: [0, 980] });
    expect(doc.objects).toHaveLength(1);
    expect(doc.objects[0]).toMatchObject({ kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [2000, 1500], size: [4000, 200] });
    expect(doc).toMatchObject({ queues: {}, rules: [], prop_assets: [] });
  });

  it('honours size, gravity and name, keeping the ground under the whole width', () => {
    const doc = newScene({ width: 6000, height: 2400, gravity: [0, 500], name: 'Moon' });
    expectValid(doc);
    expect(doc.name).toBe('Moon');
    expect(doc.stage.gravity).toEqual([0, 500]);
    expect(doc.objects[0]).toMatchObject({ position: [3000, 2300], size: [6000, 200] });
  });

  it('returns a new document each time', () => {
    const a = newScene();
    const b = newScene();
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a.objects).not.toBe(b.objects);
  });

  it('rejects impossible settings', () => {
    expectEditError(() => newScene({ width: 0 }), '$.stage.width', /greater than 0/);
    expectEditError(() => newScene({ gravity: [0, Infinity] }), '$.stage.gravity[1]', /finite/);
  });
});

describe('id allocation', () => {
  it('nextId gives <prefix>-1 first, then one more than the highest in use', () => {
    let doc = newScene();
    expect(nextId(doc, 'box')).toBe('box-1');
    doc = createObject(doc, 'prop', { id: 'box-1' }, [0, 0]);
    doc = createObject(doc, 'prop', { id: 'box-7' }, [0, 0]);
    expect(nextId(doc, 'box')).toBe('box-8');
    expect(nextId(doc, 'ball')).toBe('ball-1');
    expect(nextId(doc, 'ground')).toBe('ground-1');
  });

  it('nextId does not read other prefixes or non-numeric suffixes', () => {
    let doc = newScene();
    doc = createObject(doc, 'prop', { id: 'bigbox-9' }, [0, 0]);
    doc = createObject(doc, 'prop', { id: 'box-x' }, [0, 0]);
    expect(nextId(doc, 'box')).toBe('box-1');
  });

  it('nextId cleans the prefix to the id alphabet', () => {
    const doc = newScene();
    expect(nextId(doc, 'my crate!')).toBe('my-crate-1');
    expect(nextId(doc, '  ')).toBe('object-1');
    expect(nextId(doc, 'x'.repeat(200)).length).toBeLessThanOrEqual(64);
  });

  it('nextFileId is one more than the highest file_id', () => {
    expect(nextFileId(newScene())).toBe(2);
    expect(nextFileId(full())).toBe(43);
  });

  it('nextActionId and nextRuleId are unique across the document', () => {
    expect(nextActionId(full())).toBe('a8');
    expect(nextRuleId(full())).toBe('r4');
    const doc = newScene();
    expect(nextActionId(doc)).toBe('a1');
    expect(nextRuleId(doc)).toBe('r1');
  });
});

describe('createObject', () => {
  it('places terrain of each shape with sensible defaults and readable ids', () => {
    let doc = frozen(newScene());
    doc = createObject(doc, 'terrain', {}, [100, 200]);
    doc = createObject(doc, 'terrain', { shape: 'ramp' }, [300, 200]);
    doc = createObject(doc, 'terrain', { shape: 'stairs' }, [500, 200]);
    doc = createObject(doc, 'terrain', { shape: 'polygon' }, [700, 200]);
    doc = createObject(doc, 'terrain', { shape: 'block', size: [50, 60], color: '#ffffff' }, [900, 200]);
    expectValid(doc);
    const [, block, ramp, stairs, poly, custom] = doc.objects;
    expect(block).toEqual({ kind: 'terrain', id: 'block-1', file_id: 2, shape: 'block', position: [100, 200], size: [400, 100] });
    expect(ramp).toEqual({ kind: 'terrain', id: 'ramp-1', file_id: 3, shape: 'ramp', position: [300, 200], size: [400, 200], rise: 'right' });
    expect(stairs).toEqual({ kind: 'terrain', id: 'stairs-1', file_id: 4, shape: 'stairs', position: [500, 200], size: [400, 200], rise: 'right', steps: 5 });
    expect(poly).toMatchObject({ id: 'polygon-1', file_id: 5, shape: 'polygon', position: [700, 200] });
    expect(poly.kind === 'terrain' && poly.points!.length).toBeGreaterThanOrEqual(3);
    expect(custom).toEqual({ kind: 'terrain', id: 'block-2', file_id: 6, shape: 'block', position: [900, 200], size: [50, 60], color: '#ffffff' });
  });

  it('places props by spawn_id, named after the spawn, with stage_object_id = id', () => {
    let doc = frozen(newScene());
    doc = createObject(doc, 'prop', {}, [10, 20]);
    doc = createObject(doc, 'prop', { spawn_id: 'builtin:ball' }, [30, 40]);
    doc = createObject(doc, 'prop', { spawn_id: 'builtin:ball' }, [50, 60]);
    doc = createObject(doc, 'prop', { spawn_id: 'builtin:bottle', rotation: 1 }, [70, 80]);
    expectValid(doc);
    expect(doc.objects.slice(1)).toEqual([
      { kind: 'prop', id: 'box-1', file_id: 2, stage_object_id: 'box-1', spawn_id: 'builtin:box', position: [10, 20], rotation: 0, scale: [1, 1] },
      { kind: 'prop', id: 'ball-1', file_id: 3, stage_object_id: 'ball-1', spawn_id: 'builtin:ball', position: [30, 40], rotation: 0, scale: [1, 1] },
      { kind: 'prop', id: 'ball-2', file_id: 4, stage_object_id: 'ball-2', spawn_id: 'builtin:ball', position: [50, 60], rotation: 0, scale: [1, 1] },
      { kind: 'prop', id: 'bottle-1', file_id: 5, stage_object_id: 'bottle-1', spawn_id: 'builtin:bottle', position: [70, 80], rotation: 1, scale: [1, 1] },
    ]);
  });

  it('places a custom prop from prop_assets and rejects an unknown spawn_id', () => {
    const doc = full();
    const next = createObject(doc, 'prop', { spawn_id: 'my:wheel' }, [0, 0]);
    expectValid(next);
    expect(lastObject(next)).toMatchObject({ id: 'wheel-1', stage_object_id: 'wheel-1', spawn_id: 'my:wheel', file_id: 43 });
    expectEditError(() => createObject(doc, 'prop', { spawn_id: 'builtin:anvil' }, [0, 0]), '$.objects[9].spawn_id', /unknown prop "builtin:anvil"/);
  });

  it('places stickmen and areas with their defaults, after the ids already taken', () => {
    let doc = minimal(); // has stick-1
    doc = createObject(doc, 'stickman', {}, [500, 1400]);
    doc = createObject(doc, 'stickman', { facing: 'LEFT', name: 'Bo' }, [700, 1400]);
    doc = createObject(doc, 'area', {}, [800, 900]);
    expectValid(doc);
    expect(doc.objects.slice(-3)).toEqual([
      { kind: 'stickman', id: 'stick-2', file_id: 6, position: [500, 1400], facing: 'RIGHT', auto_recover: true },
      { kind: 'stickman', id: 'stick-3', file_id: 7, name: 'Bo', position: [700, 1400], facing: 'LEFT', auto_recover: true },
      { kind: 'area', id: 'area-1', file_id: 8, position: [800, 900], size: [200, 200] },
    ]);
  });

  it('never mutates its input and appends the new object last', () => {
    const doc = minimal();
    const before = structuredClone(doc);
    const next = createObject(doc, 'area', { id: 'zone' }, [1, 2]);
    expect(doc).toEqual(before);
    expect(next).not.toBe(doc);
    expect(next.objects).toHaveLength(doc.objects.length + 1);
    expect(lastObject(next)?.id).toBe('zone');
    expect(next.objects.slice(0, -1)).toEqual(doc.objects);
  });

  it('copies the `at` point rather than keeping the caller’s array', () => {
    const at: [number, number] = [5, 6];
    const next = createObject(newScene(), 'area', {}, at);
    at[0] = 999;
    expect(lastObject(next)?.position).toEqual([5, 6]);
  });

  it('rejects a taken, reserved or malformed explicit id', () => {
    const doc = minimal();
    expectEditError(() => createObject(doc, 'area', { id: 'goal' }, [0, 0]), '$.objects[5].id', /duplicate id "goal"/);
    expectEditError(() => createObject(doc, 'area', { id: 'any' }, [0, 0]), '$.objects[5].id', /reserved/);
    expectEditError(() => createObject(doc, 'area', { id: '' }, [0, 0]), '$.objects[5].id', /must not be empty/);
    expectEditError(() => createObject(doc, 'area', { id: 'a b' }, [0, 0]), '$.objects[5].id', /may only contain/);
  });

  it('rejects out-of-range values with the path the object would have', () => {
    const doc = minimal();
    expectEditError(() => createObject(doc, 'area', { size: [0, 10] }, [0, 0]), '$.objects[5].size[0]', /greater than 0/);
    expectEditError(() => createObject(doc, 'stickman', {}, [NaN, 0]), '$.objects[5].position[0]', /finite/);
    expectEditError(() => createObject(doc, 'terrain', { shape: 'stairs', steps: 0 }, [0, 0]), '$.objects[5].steps', /at least 1/);
    expectEditError(() => createObject(doc, 'terrain', {}, [2e6, 0]), '$.objects[5].position[0]', /within/);
  });

  it('rejects identity fields in the spec and unknown kinds', () => {
    const doc = minimal();
    expectEditError(() => createObject(doc, 'area', { file_id: 3 } as Json, [0, 0]));
    expectEditError(() => createObject(doc, 'prop', { stage_object_id: 'x' } as Json, [0, 0]));
    expectEditError(() => createObject(doc, 'tree' as Json, {}, [0, 0]));
  });
});

describe('updateObject and moveObject', () => {
  it('patches fields and returns a new document, sharing untouched objects', () => {
    const doc = minimal();
    const next = updateObject(doc, 'goal', { size: [300, 100], name: 'Finish', color: '#ff00ff' });
    expectValid(next);
    expect(findObject(next, 'goal')).toEqual({ kind: 'area', id: 'goal', file_id: 3, name: 'Finish', position: [1500, 1300], size: [300, 100], color: '#ff00ff' });
    expect(findObject(doc, 'goal')).toEqual({ kind: 'area', id: 'goal', file_id: 3, position: [1500, 1300], size: [200, 200] });
    expect(next.objects[0]).toBe(doc.objects[0]);
  });

  it('removes an optional field patched to undefined', () => {
    const doc = full();
    const next = updateObject(doc, 'stick-1', { color: undefined, pose: undefined, name: undefined });
    expectValid(next);
    const s = findObject(next, 'stick-1')!;
    expect(Object.keys(s)).not.toContain('color');
    expect(Object.keys(s)).not.toContain('pose');
    expect(s).toMatchObject({ facing: 'LEFT', auto_recover: false });
  });

  it('can change a terrain shape when the result is complete, and refuses when it is not', () => {
    const doc = minimal();
    const next = updateObject(doc, 'ground', { shape: 'ramp', rise: 'left' });
    expectValid(next);
    expect(findObject(next, 'ground')).toMatchObject({ shape: 'ramp', rise: 'left', size: [4000, 200] });
    expectEditError(() => updateObject(doc, 'ground', { shape: 'stairs' }), '$.objects[0].steps', /stairs need a number of steps/);
    expectEditError(() => updateObject(doc, 'ground', { shape: 'polygon', size: undefined }), '$.objects[0].points', /needs points/);
  });

  it('refuses invalid values, fields of another kind, identity fields and unknown ids', () => {
    const doc = minimal();
    expectEditError(() => updateObject(doc, 'ball-1', { physics: { restitution: 2 } }), '$.objects[3].physics.restitution', /between 0 and 1/);
    expectEditError(() => updateObject(doc, 'ball-1', { steps: 3 } as Json), '$.objects[3]', /Unrecognized key: "steps"/);
    expectEditError(() => updateObject(doc, 'ball-1', { spawn_id: 'my:nothing' }), '$.objects[3].spawn_id', /unknown prop/);
    expectEditError(() => updateObject(doc, 'ball-1', { id: 'ball-2' } as Json));
    expectEditError(() => updateObject(doc, 'ball-1', { kind: 'area' } as Json));
    expectEditError(() => updateObject(doc, 'nobody', { name: 'x' }), '$.objects', /no object with id "nobody"/);
  });

  it('moveObject sets the position and nothing else', () => {
    const doc = minimal();
    const next = moveObject(doc, 'stick-1', [800, 1400]);
    expectValid(next);
    expect(findObject(next, 'stick-1')).toEqual({ ...findObject(doc, 'stick-1'), position: [800, 1400] });
    expect(findObject(doc, 'stick-1')!.position).toEqual([300, 1400]);
    expectEditError(() => moveObject(doc, 'stick-1', [Infinity, 0]), '$.objects[1].position[0]', /finite/);
    expectEditError(() => moveObject(doc, 'ghost', [0, 0]));
  });
});

describe('deleteObject', () => {
  it('removes the object and, for a stickman, its queue', () => {
    const doc = minimal();
    const next = deleteObject(doc, 'stick-1');
    expectValid(next);
    expect(findObject(next, 'stick-1')).toBeUndefined();
    expect(next.queues).toEqual({});
    expect(doc.queues['stick-1']).toHaveLength(2);
    expect(findObject(doc, 'stick-1')).toBeDefined();
  });

  it('removes rules triggered by the deleted object, keeps "any" rules and rules about others', () => {
    const doc = full();
    // r1: any → goal (actors stick-1, stick-2); r2: crate-1 → any; r3: stick-1 → ball-1
    const next = deleteObject(doc, 'crate-1');
    expectValid(next);
    expect(next.rules.map((r) => r.id)).toEqual(['r1', 'r3']);
    const noGoal = deleteObject(doc, 'goal');
    expectValid(noGoal);
    expect(noGoal.rules.map((r) => r.id)).toEqual(['r2', 'r3']);
    const noBall = deleteObject(doc, 'ball-1');
    expectValid(noBall);
    expect(noBall.rules.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('drops only the deleted actor’s entries from a rule that has other actors', () => {
    const doc = full();
    const next = deleteObject(doc, 'stick-2');
    expectValid(next);
    const r1 = next.rules.find((r) => r.id === 'r1')!;
    expect(r1.then.map((t) => t.actor)).toEqual(['stick-1', 'stick-1']);
    expect(r1.when).toEqual(doc.rules[0].when);
    expect(next.queues['stick-2']).toBeUndefined();
    expect(next.queues['stick-1']).toBe(doc.queues['stick-1']);
  });

  it('removes a rule whose only actor is deleted (and the rule triggered by it)', () => {
    const doc = minimal();
    let next = addRule(doc, { when: { type: 'collided', source: 'ball-1', target: 'any' }, then: [{ actor: 'stick-1', mode: 'takeover', action: { type: 'wait', seconds: 1 } }] });
    next = deleteObject(next, 'stick-1');
    expectValid(next);
    expect(next.rules).toEqual([]);
  });

  it('keeps a rule that had no actions at all', () => {
    const doc = full(); // r3 has then: []
    const next = deleteObject(doc, 'stick-2');
    expect(next.rules.find((r) => r.id === 'r3')).toEqual(doc.rules[2]);
  });

  it('every object of the demo can be deleted, one after another, leaving a valid document', () => {
    let doc = demo();
    for (const o of [...doc.objects].reverse()) {
      doc = deleteObject(doc, o.id);
      expectValid(doc);
    }
    expect(doc.objects).toEqual([]);
    expect(doc.rules).toEqual([]);
    expect(doc.queues).toEqual({});
  });

  it('refuses an unknown id', () => {
    expectEditError(() => deleteObject(minimal(), 'ghost'), '$.objects', /no object/);
  });
});

describe('duplicateObject', () => {
  it('copies a prop under a new id, file_id and stage_object_id, offset by (40, 40) by default', () => {
    const doc = minimal();
    const next = duplicateObject(doc, 'ball-1');
    expectValid(next);
    const copy = lastObject(next)!;
    expect(copy).toEqual({ ...findObject(doc, 'ball-1'), id: 'ball-2', stage_object_id: 'ball-2', file_id: 6, position: [940, 1410] });
    expect(findObject(next, 'ball-1')).toEqual(findObject(doc, 'ball-1'));
  });

  it('never copies stage_object_id, even for a prop whose id does not follow the pattern', () => {
    let doc = full();
    doc = duplicateObject(doc, 'crate-1', [10, 0]);
    expectValid(doc);
    const copy = lastObject(doc)!;
    expect(copy.kind === 'prop' && copy.stage_object_id).toBe('crate-2');
    expect(copy).toMatchObject({ id: 'crate-2', spawn_id: 'my:crate', physics: { mass: 12.5 }, position: [910, 1700] });
  });

  it('duplicating twice gives two distinct ids, and the copy does not share arrays with the original', () => {
    let doc = minimal();
    doc = duplicateObject(doc, 'stairs-1', [0, -300]);
    doc = duplicateObject(doc, 'stairs-1', [0, -600]);
    expectValid(doc);
    expect(doc.objects.slice(-2).map((o) => [o.id, o.file_id])).toEqual([['stairs-2', 6], ['stairs-3', 7]]);
    const [a, b] = doc.objects.slice(-2);
    expect(a.kind === 'terrain' && b.kind === 'terrain' && a.size).not.toBe(b.kind === 'terrain' && b.size);
  });

  it('copies a stickman without its queue and without the rules naming it', () => {
    const doc = minimal();
    const next = duplicateObject(doc, 'stick-1', [200, 0]);
    expectValid(next);
    expect(lastObject(next)).toMatchObject({ kind: 'stickman', id: 'stick-2', position: [500, 1400] });
    expect(Object.keys(next.queues)).toEqual(['stick-1']);
    expect(next.rules).toEqual(doc.rules);
  });

  it('names copies of migrated numeric ids by kind', () => {
    const doc = frozen(expectLoaded(loadSceneValue(v10Scene())));
    const next = duplicateObject(duplicateObject(doc, '4'), '5');
    expectValid(next);
    expect(next.objects.slice(-2).map((o) => o.id)).toEqual(['ball-1', 'stick-1']);
  });

  it('refuses an unknown id or an offset taking the copy out of range', () => {
    expectEditError(() => duplicateObject(minimal(), 'ghost'));
    expectEditError(() => duplicateObject(minimal(), 'goal', [2e6, 0]), '$.objects[5].position[0]', /within/);
  });
});

describe('renameObject', () => {
  it('renames an object and rewrites its queue key (keeping order) and rule references', () => {
    const doc = full();
    const next = renameObject(doc, 'stick-1', 'ada');
    expectValid(next);
    expect(findObject(next, 'stick-1')).toBeUndefined();
    expect(findObject(next, 'ada')).toMatchObject({ kind: 'stickman', file_id: 7, name: 'Ada' });
    expect(Object.keys(next.queues)).toEqual(['ada', 'stick-2']);
    expect(next.queues.ada).toBe(doc.queues['stick-1']);
    expect(next.rules[0].then.map((t) => t.actor)).toEqual(['ada', 'stick-2', 'stick-2', 'ada']);
    expect(next.rules[2].when.source).toBe('ada');
    expect(next.rules[1]).toBe(doc.rules[1]);
  });

  it('renames a prop’s stage_object_id with it', () => {
    const next = renameObject(full(), 'ball-1', 'red-ball');
    expectValid(next);
    expect(findObject(next, 'red-ball')).toMatchObject({ stage_object_id: 'red-ball' });
    expect(next.rules[2].when.target).toBe('red-ball');
  });

  it('refuses a taken, reserved or malformed id', () => {
    const doc = minimal();
    expectEditError(() => renameObject(doc, 'stick-1', 'goal'), undefined);
    expectEditError(() => renameObject(doc, 'stick-1', 'any'));
    expectEditError(() => renameObject(doc, 'stick-1', 'has space'));
    expect(renameObject(doc, 'stick-1', 'stick-1')).toBe(doc);
  });
});

describe('queue and rule editing', () => {
  it('appendAction adds an item with a fresh id at the end or at an index', () => {
    let doc = minimal();
    doc = appendAction(doc, 'stick-1', { type: 'speak', text: 'Hi', seconds: 1 });
    doc = appendAction(doc, 'stick-1', { type: 'face', direction: 'LEFT' }, 0);
    expectValid(doc);
    expect(doc.queues['stick-1']).toEqual([
      { id: 'a4', type: 'face', direction: 'LEFT' },
      { id: 'a1', type: 'walk_to', target_position: [1500, 1400] },
      { id: 'a2', type: 'wait', seconds: 1 },
      { id: 'a3', type: 'speak', text: 'Hi', seconds: 1 },
    ]);
  });

  it('appendAction starts a queue for a stickman without one and refuses non-stickmen and bad actions', () => {
    const doc = createObject(minimal(), 'stickman', {}, [0, 1400]);
    const next = appendAction(doc, 'stick-2', { type: 'wait', seconds: 2 });
    expectValid(next);
    expect(next.queues['stick-2']).toEqual([{ id: 'a3', type: 'wait', seconds: 2 }]);
    expectEditError(() => appendAction(doc, 'goal', { type: 'wait', seconds: 1 }), '$.queues.goal', /not a stickman/);
    expectEditError(() => appendAction(doc, 'stick-1', { type: 'teleport' } as Json), '$.queues["stick-1"][2].type', /unknown or unsupported action type/);
    expectEditError(() => appendAction(doc, 'stick-1', { type: 'wait', seconds: -1 }), '$.queues["stick-1"][2].seconds', /between 0 and 3600/);
  });

  it('removeAction removes one item and refuses unknown ones', () => {
    const doc = minimal();
    const next = removeAction(doc, 'stick-1', 'a1');
    expectValid(next);
    expect(next.queues['stick-1'].map((i) => i.id)).toEqual(['a2']);
    expect(doc.queues['stick-1'].map((i) => i.id)).toEqual(['a1', 'a2']);
    expectEditError(() => removeAction(doc, 'stick-1', 'a9'));
    expectEditError(() => removeAction(doc, 'goal', 'a1'));
  });

  it('addRule appends an enabled rule with a fresh id and checks its references', () => {
    const doc = minimal();
    const next = addRule(doc, {
      when: { type: 'collided', source: 'ball-1', target: 'stick-1' },
      then: [{ actor: 'stick-1', mode: 'takeover', action: { type: 'speak', text: 'Ouch' } }],
    });
    expectValid(next);
    expect(next.rules[1]).toEqual({
      id: 'r2', enabled: true,
      when: { type: 'collided', source: 'ball-1', target: 'stick-1' },
      then: [{ actor: 'stick-1', mode: 'takeover', action: { type: 'speak', text: 'Ouch' } }],
    });
    const then = [{ actor: 'stick-1', mode: 'overlay' as const, action: { type: 'wait' as const, seconds: 1 } }];
    expectEditError(() => addRule(doc, { when: { type: 'collided', source: 'ghost', target: 'any' }, then }), '$.rules[1].when.source', /missing object "ghost"/);
    expectEditError(() => addRule(doc, { when: { type: 'collided', source: 'any', target: 'any' }, then: [{ ...then[0], actor: 'goal' }] }), '$.rules[1].then[0].actor', /not a stickman/);
    expectEditError(() => addRule(doc, { id: 'r1', when: { type: 'collided', source: 'any', target: 'any' }, then }), '$.rules[1].id', /duplicate rule id/);
    expectEditError(() => addRule(doc, { when: { type: 'exploded' as Json, source: 'any', target: 'any' }, then }), '$.rules[1].when.type');
  });

  it('updateRule patches a rule in place and removeRule removes it', () => {
    const doc = minimal();
    const off = updateRule(doc, 'r1', { enabled: false });
    expectValid(off);
    expect(off.rules[0]).toEqual({ ...doc.rules[0], enabled: false });
    expect(doc.rules[0].enabled).toBe(true);
    expectEditError(() => updateRule(doc, 'r1', { when: { type: 'entered_area', source: 'stick-1', target: 'nowhere' } }), '$.rules[0].when.target', /missing object/);
    expectEditError(() => updateRule(doc, 'r9', { enabled: false }), '$.rules', /no rule/);
    const gone = removeRule(doc, 'r1');
    expectValid(gone);
    expect(gone.rules).toEqual([]);
  });

  it('updateStage changes settings within range', () => {
    const doc = minimal();
    const next = updateStage(doc, { gravity: [0, 490], seed: 7 });
    expectValid(next);
    expect(next.stage).toEqual({ width: 4000, height: 1600, gravity: [0, 490], seed: 7 });
    expectEditError(() => updateStage(doc, { width: -1 }), '$.stage.width', /greater than 0/);
    expectEditError(() => updateStage(doc, { gravity: [0, -980] }), '$.stage.gravity[1]', /^gravity must point straight down/);
    expectEditError(() => updateStage(doc, { gravity: [300, 980] }), '$.stage.gravity[0]', /^gravity must point straight down: x must be 0$/);
  });
});

describe('a long random editing session', () => {
  it('keeps every intermediate document valid and never mutates an earlier one (undo stays exact)', () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const history: { doc: SceneDocument; snapshot: string }[] = [];
    let doc = frozen(demo());
    const kinds = ['terrain', 'prop', 'stickman', 'area'] as const;
    const spawns = ['builtin:box', 'builtin:ball', 'builtin:plank', 'builtin:bottle'];
    for (let step = 0; step < 300; step++) {
      history.push({ doc, snapshot: JSON.stringify(doc) });
      const some = (): StageObject | undefined => (doc.objects.length ? pick(doc.objects) : undefined);
      const op = pick(['create', 'create', 'move', 'update', 'delete', 'duplicate', 'rename', 'action', 'rule']);
      const target = some();
      const at: [number, number] = [Math.round(rand() * 4000), Math.round(rand() * 1600)];
      let next = doc;
      if (op === 'create' || !target) {
        const kind = pick(kinds);
        next = createObject(doc, kind, kind === 'prop' ? { spawn_id: pick(spawns) } : kind === 'terrain' ? { shape: pick(['block', 'ramp', 'stairs', 'polygon'] as const) } : {}, at);
      } else if (op === 'move') next = moveObject(doc, target.id, at);
      else if (op === 'update') next = updateObject(doc, target.id, { color: '#123abc' });
      else if (op === 'delete') next = deleteObject(doc, target.id);
      else if (op === 'duplicate') next = duplicateObject(doc, target.id);
      else if (op === 'rename') next = renameObject(doc, target.id, nextId(doc, 'renamed'));
      else if (op === 'action') {
        const stick = doc.objects.find((o) => o.kind === 'stickman');
        if (stick) next = appendAction(doc, stick.id, { type: 'walk_to', target_position: at });
      } else if (op === 'rule') {
        const stick = doc.objects.find((o) => o.kind === 'stickman');
        if (stick) next = addRule(doc, { when: { type: 'collided', source: target.id, target: 'any' }, then: [{ actor: stick.id, mode: 'overlay', action: { type: 'speak', text: 'Hey' } }] });
      }
      doc = frozen(next);
      expect(checkReferences(doc)).toEqual([]);
      if (step % 25 === 0) expectValid(doc);
    }
    expectValid(doc);
    // every earlier document is exactly as it was when it was current
    for (const h of history) expect(JSON.stringify(h.doc)).toBe(h.snapshot);
    // ids and file_ids stayed unique throughout
    expect(new Set(doc.objects.map((o) => o.id)).size).toBe(doc.objects.length);
    expect(new Set(doc.objects.map((o) => o.file_id)).size).toBe(doc.objects.length);
  });
});
