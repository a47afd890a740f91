/**
 * Queue edits for stickmen whose ids are Object.prototype names (issue 7): `queues[id]` on a
 * plain object finds Object.prototype's member when the stickman has no queue yet, so the first
 * appended action crashed with "items.slice is not a function".
 */
import { describe, expect, it } from 'vitest';
import { loadSceneValue } from '../../../core/scene/io';
import { appendAction, EditError, removeAction, renameObject } from '../../../core/scene/edit';
import { expectLoaded, expectRejected } from './fixtures';

const sceneWith = (id: string) =>
  expectLoaded(loadSceneValue({
    format: 'stickman-stage/scene', version: '1.1', stage: { width: 1000, height: 1000 },
    objects: [{ kind: 'stickman', id, file_id: 1, position: [100, 900] }],
  }));

describe.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty'])('a stickman called "%s" without a queue', (id) => {
  it('gets its first action appended into a queue of its own', () => {
    const doc = appendAction(sceneWith(id), id, { type: 'wait', seconds: 1 });
    expect(Object.keys(doc.queues)).toEqual([id]);
    expect(doc.queues[id]).toEqual([{ id: 'a1', type: 'wait', seconds: 1 }]);
    expectLoaded(loadSceneValue(doc));
  });

  it('reports removing a missing action as an edit error, not a TypeError', () => {
    expect(() => removeAction(sceneWith(id), id, 'a1')).toThrow(EditError);
  });
});

describe('renaming', () => {
  it('to "constructor" moves the queue to the new key', () => {
    const doc = appendAction(sceneWith('walker'), 'walker', { type: 'wait', seconds: 1 });
    const renamed = renameObject(doc, 'walker', 'constructor');
    expect(Object.keys(renamed.queues)).toEqual(['constructor']);
    expect(renamed.queues.constructor).toEqual(doc.queues.walker);
  });

  it('to "__proto__" is refused (it cannot be a queue key)', () => {
    expect(() => renameObject(sceneWith('walker'), 'walker', '__proto__')).toThrow(EditError);
    expect(expectRejected(loadSceneValue({ ...sceneWith('walker'), objects: [{ kind: 'stickman', id: '__proto__', file_id: 1, position: [0, 0] }] }))).toEqual([
      { path: '$.objects[0].id', message: '"__proto__" cannot be an id' },
    ]);
  });
});
