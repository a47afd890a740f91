/**
 * `npm run bench:loader`: how long the loaders take to decide the largest files they accept
 * (issue 24: every file under the size limit is decided within a second). Builds, in memory, a
 * take at the size and command limits (the busiest command every step, long ids), a scene at its
 * object limit padded to its size limit, a 64 MiB take (refused by size) and a nested-too-deep
 * scene, then times each load three times in this process (the first includes compiling the
 * loader). Prints one JSON document; never asserts. Figures depend on the machine's load.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadSceneText } from '../../core/scene/io';
import { SCENE_LIMITS } from '../../core/scene/limits';
import { loadTakeText } from '../../core/take/io';
import { TAKE_LIMITS } from '../../core/take/limits';

const demo = JSON.parse(readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8'));
const at = (tick: number): [number, number] => [1000 + Math.sin(tick / 97) * 987.6543210987654 + 1 / 3, 900 + Math.cos(tick / 61) * 654.3210987654321 + 1 / 7];

/** A take as large as the limits allow: commands alternating grab.move and a long-id setVelocity, up to the byte limit. */
function takeAtLimits(): string {
  const id = 'p'.repeat(TAKE_LIMITS.maxIdLength);
  const head = { format: 'stickman-stage/take', version: '1.0', metadata: { name: 'limits', created: null, steps_per_second: 60 }, started_by: 'play_from_edit', length: TAKE_LIMITS.maxTicks, scene: demo, controls: [] };
  const prefix = `${JSON.stringify(head).slice(0, -1)},"commands":[`;
  const lines: string[] = [];
  let bytes = prefix.length + 2;
  for (let i = 0; i < TAKE_LIMITS.maxCommands; i += 1) {
    const tick = Math.min(TAKE_LIMITS.maxTicks, 1 + Math.floor(i / 2));
    const command = i % 2 ? { type: 'grab.move', point: at(i) } : { type: 'prop.setVelocity', id, velocity: at(i) };
    const line = JSON.stringify({ tick, command });
    if (bytes + line.length + 1 > TAKE_LIMITS.maxFileBytes) break;
    lines.push(line);
    bytes += line.length + 1;
  }
  return `${prefix}${lines.join(',')}]}`;
}

/** A scene at the object limit (props and areas), padded with spaces to the size limit. */
function sceneAtLimits(): string {
  const objects = [...demo.objects];
  for (let i = objects.length; i < SCENE_LIMITS.maxObjects; i += 1) {
    objects.push(i % 2
      // A grid 1 px apart: props placed inside one another in bulk are refused (core/scene/crowding).
      ? { kind: 'prop', id: `p${i}`, file_id: 1000 + i, stage_object_id: `p${i}`, spawn_id: 'builtin:box', position: [50 + (i % 70) * 81, -1000 - Math.floor(i / 70) * 81] }
      : { kind: 'area', id: `a${i}`, file_id: 1000 + i, position: [i % 6000, 500], size: [10, 10] });
  }
  const text = JSON.stringify({ ...demo, objects });
  return text + ' '.repeat(Math.max(0, SCENE_LIMITS.maxFileBytes - text.length));
}

function time(load: (text: string) => { ok: boolean }, text: string) {
  const ms: number[] = [];
  let ok = false;
  for (let k = 0; k < 3; k += 1) {
    const t0 = performance.now();
    ok = load(text).ok;
    ms.push(+(performance.now() - t0).toFixed(0));
  }
  return { bytes: text.length, accepted: ok, ms };
}

const take = takeAtLimits();
const report = {
  take_at_limits: { ...time(loadTakeText, take), commands: (take.match(/"tick":/g) ?? []).length },
  take_64_mib: time(loadTakeText, `{"format":"stickman-stage/take","pad":"${'x'.repeat(64 * 1024 * 1024)}"}`),
  scene_at_limits: time(loadSceneText, sceneAtLimits()),
  scene_too_deep: time(loadSceneText, `{"a":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`),
};
console.log(JSON.stringify(report, null, 2));
