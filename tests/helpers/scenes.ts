/** Small scene builders for headless tests. */
import type { SceneDocument } from '../../core/scene/schema';
import { loadSceneValue } from '../../core/scene/io';

type Obj = Record<string, unknown>;

export function scene(objects: Obj[], extra: Obj = {}): SceneDocument {
  let fileId = 0;
  const withIds = objects.map((o) => {
    fileId += 1;
    const out: Obj = { file_id: fileId, ...o };
    if (o.kind === 'prop') out.stage_object_id = o.id;
    return out;
  });
  const result = loadSceneValue({
    format: 'stickman-stage/scene',
    version: '1.1',
    stage: { width: 4000, height: 2000, gravity: [0, 980] },
    objects: withIds,
    ...extra,
  });
  if (!result.ok) throw new Error(result.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return result.scene;
}

export const ground = (top = 1400, width = 4000): Obj => ({
  kind: 'terrain', id: 'ground', shape: 'block', position: [width / 2, top + 100], size: [width, 200],
});

export const prop = (id: string, spawn: string, position: [number, number], extra: Obj = {}): Obj => ({
  kind: 'prop', id, spawn_id: `builtin:${spawn}`, position, rotation: 0, scale: [1, 1], ...extra,
});
