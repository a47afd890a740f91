/**
 * Measures the heap keyframes really take (run by keyframeBudget.test.ts in its own Node process
 * with --expose-gc): `scene` (the demo, or a busy walking scene) recorded for `seconds` with a
 * keyframe every second, then the keyframes dropped; the heap they freed against what the store
 * accounted for them. Prints `{"heapBytes":…,"accounted":…,"count":…,"interval":…}`.
 */
import { readFileSync } from 'node:fs';
import { loadSceneText } from '../../../core/scene/io';
import { initPhysics } from '../../../streams/physics/rapier';
import { StageController } from '../../../streams/stage/stageController';
import { TakeSession } from '../../../streams/take/session';
import { walkingSceneText } from '../../bench/browser/benchScenes';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const [which = 'demo', secondsArg = '60'] = process.argv.slice(2);
const text = which === 'demo' ? readFileSync(new URL('../../../scenes/demo.scene.json', import.meta.url), 'utf8') : walkingSceneText(10, 50);
const loaded = loadSceneText(text);
if (!loaded.ok) throw new Error(`the ${which} scene does not load`);

await initPhysics();
const controller = new StageController(loaded.scene);
const session = new TakeSession(controller);
controller.send({ type: 'ui.play' });
controller.step(Number(secondsArg) * 60);
const { count, interval, memoryBytes } = session.keyframes;
const heap = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
};
const withKeyframes = heap();
session.keyframes.clear();
const without = heap();
process.stdout.write(`${JSON.stringify({ heapBytes: withKeyframes - without, accounted: memoryBytes, count, interval })}\n`);
