/**
 * Ids equal to Object.prototype members (issue 7): a scene whose stickmen, props, terrain and
 * areas are called `toString`, `constructor`, `valueOf` … loads, plays and keeps every object
 * under its own id. A stickman called `constructor` without a queue crashed PLAY (its "queue"
 * was Object.prototype.constructor).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneText } from '../../core/scene/io';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import type { TraceRecord } from '../../streams/trace/records';

beforeAll(async () => {
  await initPhysics();
});

/** Names given, in turn, to: terrain, a stickman without a queue, a stickman with one, a prop, an area. */
const ROTATIONS = [
  ['toString', 'constructor', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'],
  ['valueOf', 'toString', 'constructor', 'isPrototypeOf', 'hasOwnProperty'],
  ['constructor', 'hasOwnProperty', 'toString', 'valueOf', 'propertyIsEnumerable'],
];

function sceneText([terrain, idle, walker, prop, area]: string[]): string {
  return JSON.stringify({
    format: 'stickman-stage/scene',
    version: '1.1',
    stage: { width: 4000, height: 2000, gravity: [0, 980] },
    objects: [
      { kind: 'terrain', id: terrain, file_id: 1, shape: 'block', position: [2000, 1500], size: [4000, 200] },
      { kind: 'stickman', id: idle, file_id: 2, position: [400, 1400] },
      { kind: 'stickman', id: walker, file_id: 3, position: [1000, 1400] },
      { kind: 'prop', id: prop, file_id: 4, stage_object_id: prop, spawn_id: 'builtin:ball', position: [1600, 1300] },
      { kind: 'area', id: area, file_id: 5, position: [1000, 1300], size: [300, 300] },
    ],
    queues: { [walker]: [{ id: 'a1', type: 'wait', seconds: 0.1 }, { id: 'a2', type: 'speak', text: 'hi', seconds: 0.1 }] },
    rules: [
      { id: 'r1', when: { type: 'entered_area', source: 'any', target: area }, then: [{ actor: idle, mode: 'overlay', action: { type: 'face', direction: 'LEFT' } }] },
    ],
  });
}

describe('Object.prototype names as object ids', () => {
  it.each(ROTATIONS)('terrain %s, stickmen %s (no queue) and %s, prop %s, area %s: PLAY runs and nothing vanishes', (...names) => {
    const [terrain, idle, walker, prop, area] = names;
    const loaded = loadSceneText(sceneText(names));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const controller = new StageController(loaded.scene);
    const records: TraceRecord[] = [];
    controller.records$.subscribe((r) => records.push(r));
    controller.send({ type: 'ui.play' });
    expect(controller.step(60)).toBe(60);

    const frame = controller.frame$.value;
    expect(frame.rigs.map((r) => r.id)).toEqual([idle, walker]);
    expect(frame.props.map((p) => p.id)).toEqual([prop]);
    expect(frame.terrain.map((t) => t.id)).toEqual([terrain]);
    expect(frame.areas.map((a) => a.id)).toEqual([area]);
    // The walker ran its own queue; the idle stickman had none (not Object.prototype's members).
    const actions = (rig: string) => records.flatMap((r) => (r.type === 'action' && r.rig === rig ? [`${r.id} ${r.phase}`] : []));
    expect(actions(walker)).toEqual(['a1 started', 'a1 finished', 'a2 started', 'a2 finished']);
    expect(actions(idle).filter((a) => a.startsWith('a1') || a.startsWith('a2'))).toEqual([]);
    expect(frame.rigs.find((r) => r.id === walker)?.facing).toBe('RIGHT');
    // The walker stands in the area: the rule fired and its reaction reached `idle` by its id.
    const entered = records.flatMap((r) => (r.type === 'event' && r.event.type === 'entered_area' ? [`${r.event.source} ${r.event.target}`] : []));
    expect(entered).toEqual([`${walker} ${area}`]);
    expect(frame.rigs.find((r) => r.id === idle)?.facing).toBe('LEFT');

    const summary = controller.summary();
    if (summary.type !== 'summary') throw new Error('not a summary');
    expect(Object.keys(summary.rigs)).toEqual([idle, walker]);
    expect(Object.keys(summary.props)).toEqual([prop]);
    controller.dispose();
  });
});
