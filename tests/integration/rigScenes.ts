/** Scene builders for stickman scenarios; tests play them with TestStage (tests/helpers/testStage.ts). */
import type { SceneDocument } from '../../core/scene/schema';
import { scene } from '../helpers/scenes';

type Obj = Record<string, unknown>;
export type Vec2 = [number, number];

export const GROUND_TOP = 1400;

export const stickman = (id: string, position: Vec2, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position, facing: 'RIGHT', ...extra });

export const walk = (id: string, x: number, y = GROUND_TOP): Obj => ({ id, type: 'walk_to', target_position: [x, y] });

/** A scene whose stickmen get the given queues. */
export function sceneWithQueues(objects: Obj[], queues: Record<string, Obj[]> = {}, extra: Obj = {}): SceneDocument {
  return scene(objects, { queues, ...extra });
}
