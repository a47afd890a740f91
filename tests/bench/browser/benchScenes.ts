/**
 * Scenes for `npm run bench:browser`: `stickmen` walkers pacing back and forth on one long ground
 * block (plus a ramp and stairs every 1500 px) and `props` dropped in a grid above them, so the
 * run has walking rigs, a settling pile of props and a steady stream of contacts.
 */
import { loadSceneValue } from '../../../core/scene/io';

const SPAWNS = ['builtin:box', 'builtin:ball', 'builtin:bottle', 'builtin:plank'];
const GROUND_TOP = 2000;

/** The scene file text (validated by the loader here, so a bad generator fails in Node, not in the page). */
export function walkingSceneText(stickmen: number, props: number): string {
  const width = Math.max(6000, stickmen * 260 + 1200);
  const objects: Record<string, unknown>[] = [];
  let fileId = 0;
  const add = (o: Record<string, unknown>) => objects.push({ file_id: ++fileId, ...o });
  add({ kind: 'terrain', id: 'ground', shape: 'block', position: [width / 2, GROUND_TOP + 100], size: [width, 200] });
  for (let x = 900, i = 0; x < width - 900; x += 1500, i += 1) {
    const rise = i % 2 ? 'left' : 'right';
    add({ kind: 'terrain', id: `ramp-${i}`, shape: 'ramp', position: [x, GROUND_TOP - 50], size: [360, 100], rise });
    add({ kind: 'terrain', id: `stairs-${i}`, shape: 'stairs', position: [x + 600, GROUND_TOP - 60], size: [300, 120], steps: 4, rise: rise === 'left' ? 'right' : 'left' });
  }
  const columns = Math.max(10, Math.ceil(Math.sqrt(props * 6)));
  const spacing = Math.min(110, (width - 400) / columns);
  for (let i = 0; i < props; i += 1) {
    const col = i % columns;
    const row = Math.floor(i / columns);
    const id = `p${i}`;
    add({ kind: 'prop', id, stage_object_id: id, spawn_id: SPAWNS[i % SPAWNS.length], position: [200 + col * spacing + (row % 2) * 30, GROUND_TOP - 700 - row * 110], rotation: (i % 7) * 0.1, scale: [1, 1] });
  }
  const queues: Record<string, unknown[]> = {};
  for (let i = 0; i < stickmen; i += 1) {
    const x = 300 + ((i + 0.5) * (width - 600)) / Math.max(1, stickmen);
    const id = `s${i}`;
    add({ kind: 'stickman', id, position: [x, GROUND_TOP - 200], facing: i % 2 ? 'LEFT' : 'RIGHT' });
    // Back and forth for far longer than a measurement.
    const span = 400 + (i % 5) * 60;
    queues[id] = Array.from({ length: 40 }, (_, k) => ({
      id: `${id}-w${k}`,
      type: 'walk_to',
      target_position: [Math.min(width - 150, Math.max(150, x + (k % 2 ? -span : span))), GROUND_TOP],
    }));
  }
  const value = {
    format: 'stickman-stage/scene',
    version: '1.1',
    name: `bench ${stickmen} stickmen + ${props} props`,
    stage: { width, height: GROUND_TOP + 400, gravity: [0, 980] },
    objects,
    queues,
    rules: [],
  };
  const r = loadSceneValue(value);
  if (!r.ok) throw new Error(`bench scene refused: ${JSON.stringify(r.issues.slice(0, 3))}`);
  return JSON.stringify(value);
}
