/** Scene builders for stickman scenarios; tests play them with TestStage (tests/helpers/testStage.ts). */
import type { SceneDocument } from '../../core/scene/schema';
import { ground, scene } from '../helpers/scenes';

type Obj = Record<string, unknown>;
export type Vec2 = [number, number];

export const GROUND_TOP = 1400;

export const stickman = (id: string, position: Vec2, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position, facing: 'RIGHT', ...extra });

export const walk = (id: string, x: number, y = GROUND_TOP): Obj => ({ id, type: 'walk_to', target_position: [x, y] });

/** A scene whose stickmen get the given queues. */
export function sceneWithQueues(objects: Obj[], queues: Record<string, Obj[]> = {}, extra: Obj = {}): SceneDocument {
  return scene(objects, { queues, ...extra });
}

/** A plank held near one end: the grip 40 px below its centre, so the plank lies over the forearm. */
const plank = (spawnId: string, zOffset: number) => ({
  spawn_id: spawnId, name: spawnId, shape: { kind: 'box', size: [30, 160] }, mass: 1, gravity_scale: 1, friction: 0.5, restitution: 0.1, colors: { fill: '#e03c28', stroke: '#7a1a10' },
  anchors: [{ id: 'grip', role: 'grip', hands: ['left', 'right'], position: [0, 40], rotation: 0, z_offset: zOffset, primary_grip: true }],
});
const placed = (id: string, spawnId: string, x: number) => ({ kind: 'prop', id, spawn_id: spawnId, position: [x, 1320], rotation: 0, scale: [1, 1] });
const pick = (id: string, prop: string) => ({ id, type: 'pick_up_prop', target_prop_id: prop, hand: 'right' });

/**
 * Ada and Bo each pick up a plank by a grip near one end (so it lies over the forearm), hold it
 * for a second and drop it: Ada's grip has z_offset 1 (drawn in front of her), Bo's -1 (behind him).
 */
export function heldDepthScene(): SceneDocument {
  return scene([ground(1400, 2600), stickman('ada', [700, 1400], { color: '#1f3fbf' }), stickman('bo', [1500, 1400], { color: '#1f3fbf' }), placed('front', 'custom:front', 860), placed('behind', 'custom:behind', 1660), placed('level', 'custom:level', 2300)], {
    stage: { width: 2600, height: 1600, gravity: [0, 980] },
    prop_assets: [plank('custom:front', 1), plank('custom:behind', -1), plank('custom:level', 0)],
    queues: { ada: [pick('pa', 'front'), { id: 'wa', type: 'wait', seconds: 1 }, { id: 'da', type: 'drop_prop' }], bo: [pick('pb', 'behind'), { id: 'wb', type: 'wait', seconds: 1 }, { id: 'db', type: 'drop_prop' }] },
  });
}
