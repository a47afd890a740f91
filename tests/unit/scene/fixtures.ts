/** Scene fixtures for the scene document tests. Each call returns a fresh, mutable copy. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { SceneIssue } from '../../../core/scene/errors';
import type { SceneLoadResult } from '../../../core/scene/io';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const DEMO_PATH = fileURLToPath(new URL('../../../scenes/demo.scene.json', import.meta.url));
export const demoText = (): string => readFileSync(DEMO_PATH, 'utf8');

/**
 * A small valid 1.1 scene with one object of each kind, a queue and a rule. Every rejection
 * test starts from it and breaks one thing, so a rejection is caused by that one thing.
 */
export function minimalScene(): Json {
  return {
    format: 'stickman-stage/scene',
    version: '1.1',
    stage: { width: 4000, height: 1600, gravity: [0, 980] },
    objects: [
      { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [2000, 1500], size: [4000, 200] },
      { kind: 'stickman', id: 'stick-1', file_id: 2, position: [300, 1400] },
      { kind: 'area', id: 'goal', file_id: 3, position: [1500, 1300], size: [200, 200] },
      { kind: 'prop', id: 'ball-1', file_id: 4, stage_object_id: 'ball-1', spawn_id: 'builtin:ball', position: [900, 1370] },
      { kind: 'terrain', id: 'stairs-1', file_id: 5, shape: 'stairs', position: [3000, 1300], size: [500, 200], steps: 5, rise: 'left' },
    ],
    queues: {
      'stick-1': [
        { id: 'a1', type: 'walk_to', target_position: [1500, 1400] },
        { id: 'a2', type: 'wait', seconds: 1 },
      ],
    },
    rules: [
      {
        id: 'r1',
        when: { type: 'entered_area', source: 'stick-1', target: 'goal' },
        then: [{ actor: 'stick-1', mode: 'overlay', action: { type: 'speak', text: 'Made it' } }],
      },
    ],
    prop_assets: [],
  };
}

/**
 * A 1.1 scene that sets EVERY optional field (and spells out every default), in the schema's
 * key order, so loading it must give back exactly this value and saving must keep all of it.
 */
export function fullScene(): Json {
  return {
    format: 'stickman-stage/scene',
    version: '1.1',
    name: 'Everything — ünïcödé "quoted" \\ name',
    stage: { width: 6000, height: 2400, gravity: [0, 980.25], seed: 4_000_000_000 },
    objects: [
      { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [3000, 2200], size: [6000, 400], rotation: 0, friction: 0.9, color: '#112233' },
      { kind: 'terrain', id: 'ramp-1', file_id: 2, shape: 'ramp', position: [2000, 1900], size: [600, 200], rotation: -0.25, rise: 'right', friction: 0.5, color: '#445566' },
      { kind: 'terrain', id: 'stairs-1', file_id: 3, shape: 'stairs', position: [3000, 1900], size: [500, 200], rotation: 0, rise: 'left', steps: 5, friction: 1, color: '#778899' },
      {
        kind: 'terrain', id: 'rock', file_id: 4, shape: 'polygon', position: [4000, 1950], rotation: 0.1,
        points: [[-100, 50], [100, 50], [20, -60.5]], friction: 0, color: '#AABBCC',
      },
      {
        kind: 'prop', id: 'crate-1', file_id: 5, stage_object_id: 'crate-1', spawn_id: 'my:crate', position: [900, 1700],
        rotation: 3.14, scale: [1.5, 0.75], physics: { mass: 12.5, gravity_scale: -0.5, friction: 2, restitution: 1 }, color: '#a0a0a0',
      },
      { kind: 'prop', id: 'ball-1', file_id: 6, stage_object_id: 'ball-1', spawn_id: 'builtin:ball', position: [-50.5, -1e5], rotation: 0, scale: [1, 1] },
      {
        kind: 'stickman', id: 'stick-1', file_id: 7, name: 'Ada', position: [600, 2000], facing: 'LEFT', auto_recover: false, color: '#ff0000',
        pose: { Left_Hand: [-60, -300], Right_Hand: [60, -300], Left_Leg: [-30, 0], Right_Leg: [30, 0], Torso: [0, -340] },
      },
      { kind: 'stickman', id: 'stick-2', file_id: 42, position: [5000, 2000], facing: 'RIGHT', auto_recover: true },
      { kind: 'area', id: 'goal', file_id: 9, name: 'The goal', position: [1500, 1900], size: [200, 200], rotation: 0.3, color: '#00ff00' },
    ],
    queues: {
      'stick-1': [
        { id: 'a1', type: 'walk_to', target_position: [1500, 2000] },
        { id: 'a2', type: 'wait', seconds: 0 },
        { id: 'a3', type: 'speak', text: 'Hello, "world"\n', seconds: 2.5 },
        { id: 'a4', type: 'speak', text: '' },
        { id: 'a5', type: 'face', direction: 'RIGHT' },
        { id: 'a6', type: 'gesture', gesture_id: 'hi', seconds: 1.5 },
        { id: 'a7', type: 'gesture', gesture_id: 'builtin:bow' },
      ],
      'stick-2': [],
    },
    rules: [
      {
        id: 'r1', enabled: false,
        when: { type: 'entered_area', source: 'any', target: 'goal' },
        then: [
          { actor: 'stick-1', mode: 'overlay', action: { type: 'speak', text: 'Made it', seconds: 1 } },
          { actor: 'stick-2', mode: 'sequential', action: { type: 'walk_to', target_position: [1500, 2000] } },
          { actor: 'stick-2', mode: 'takeover', action: { type: 'face', direction: 'LEFT' } },
          { actor: 'stick-1', mode: 'sequential', action: { type: 'wait', seconds: 3600 } },
        ],
      },
      { id: 'r2', enabled: true, when: { type: 'collided', source: 'crate-1', target: 'any' }, then: [] },
      { id: 'r3', enabled: true, when: { type: 'state_changed', source: 'stick-1', target: 'ball-1' }, then: [] },
    ],
    prop_assets: [
      {
        spawn_id: 'my:crate', name: 'Crate', shape: { kind: 'box', size: [90, 70] }, mass: 5, gravity_scale: 1.5, friction: 0.3, restitution: 0,
        colors: { fill: '#123456', stroke: '#654321' },
        anchors: [
          { id: 'grip-top', role: 'handle', hands: ['right'], position: [0, -35], rotation: 0.5, z_offset: 1, primary_grip: true },
          { id: 'grip-side', role: 'grip', hands: ['left', 'right'], position: [45, 0], rotation: 0, z_offset: 0, primary_grip: false },
        ],
      },
      { spawn_id: 'my:wheel', name: 'Wheel', shape: { kind: 'circle', radius: 25 }, mass: 1, gravity_scale: 1, friction: 0.6, restitution: 0.1, anchors: [] },
      { spawn_id: 'my:pole', name: 'Pole', shape: { kind: 'capsule', length: 200, radius: 8 }, mass: 2, gravity_scale: 1, friction: 0.6, restitution: 0.1, anchors: [] },
      {
        spawn_id: 'my:wedge', name: 'Wedge', shape: { kind: 'polygon', points: [[0, 0], [40, 0], [0, 30]] }, mass: 0.5, gravity_scale: 0, friction: 10,
        restitution: 1, anchors: [],
      },
    ],
    gestures: [
      { id: 'hi', name: 'Hi there', body: 'arms', loop: true, keys: [{ t: 0, markers: { Left_Hand: [-40, -600] } }, { t: 0.4, markers: { Left_Hand: [-120, -580], Right_Hand: [60, -250.5] } }] },
      { id: 'nod', name: 'Nod', body: 'whole', loop: false, keys: [{ t: 0, markers: {}, lean: 0 }, { t: 0.5, markers: { Torso: [-10, -250], Left_Leg: [-24, 0] }, lean: -0.25 }] },
    ],
  };
}

/**
 * A version 1.0 file: no `id`/`stage_object_id`; queue keys and rule source/target/actor are
 * file_id integers (a queue key is a JSON object key, so it is the integer's string).
 */
export function v10Scene(): Json {
  return {
    format: 'stickman-stage/scene',
    version: '1.0',
    stage: { width: 4000, height: 1600, gravity: [0, 980] },
    objects: [
      { kind: 'terrain', file_id: 1, shape: 'block', position: [2000, 1500], size: [4000, 200] },
      { kind: 'prop', file_id: 4, spawn_id: 'builtin:ball', position: [900, 1370], rotation: 0, scale: [1, 1] },
      { kind: 'stickman', file_id: 5, position: [600, 1400], facing: 'RIGHT', auto_recover: true },
      { kind: 'area', file_id: 6, position: [1500, 1300], size: [200, 200] },
      { kind: 'stickman', file_id: 12, position: [2600, 1400], facing: 'LEFT', auto_recover: true },
    ],
    queues: {
      5: [
        { id: 'a1', type: 'walk_to', target_position: [1500, 1400] },
        { id: 'a2', type: 'speak', text: 'Hello', seconds: 2 },
      ],
      12: [{ id: 'a3', type: 'wait', seconds: 1 }],
    },
    rules: [
      { id: 'r1', when: { type: 'entered_area', source: 5, target: 6 }, then: [{ actor: 5, mode: 'overlay', action: { type: 'speak', text: 'Made it' } }] },
      { id: 'r2', when: { type: 'collided', source: 'any', target: 4 }, then: [{ actor: 12, mode: 'takeover', action: { type: 'face', direction: 'RIGHT' } }] },
    ],
    prop_assets: [],
  };
}

/** Asserts a rejected load and returns its issues. */
export function expectRejected(result: SceneLoadResult): SceneIssue[] {
  expect(result.ok, result.ok ? 'expected the scene to be rejected' : '').toBe(false);
  return result.ok ? [] : result.issues;
}

/** Asserts a rejection that names `path` with a reason matching `reason`. */
export function expectIssue(result: SceneLoadResult, path: string, reason: RegExp): void {
  const issues = expectRejected(result);
  expect(issues, JSON.stringify(issues)).toContainEqual({ path, message: expect.stringMatching(reason) });
}

/** Asserts a successful load and returns the scene. */
export function expectLoaded(result: SceneLoadResult) {
  if (!result.ok) throw new Error(`expected the scene to load, got:\n${result.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}`);
  return result.scene;
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
