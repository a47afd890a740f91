/**
 * The keyframe budget of a take (streams/take/keyframes.ts), on the real heap: a 10-minute take of
 * the demo keeps a keyframe every second under KEYFRAME_BUDGET_BYTES, and the store's accounting
 * (what its budget is enforced on) stays within 30 % of what the keyframes really take, on the demo
 * and on a busy scene.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KEYFRAME_BUDGET_BYTES, KEYFRAME_INTERVAL } from '../../../streams/take/keyframes';

const run = promisify(execFile);
const heapScript = fileURLToPath(new URL('./keyframeHeap.ts', import.meta.url));

async function measure(scene: 'demo' | 'busy', seconds: number) {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', heapScript, scene, String(seconds)], { cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
  return JSON.parse(stdout) as { heapBytes: number; accounted: number; count: number; interval: number };
}

describe('the keyframe budget', () => {
  it(`10 minutes of the demo: a keyframe every second, under ${KEYFRAME_BUDGET_BYTES} bytes of heap, accounted within 30 %`, async () => {
    const m = await measure('demo', 600);
    expect(m.interval).toBe(KEYFRAME_INTERVAL);
    expect(m.count).toBe(600);
    expect(m.heapBytes).toBeGreaterThan(0);
    expect(m.heapBytes).toBeLessThan(KEYFRAME_BUDGET_BYTES);
    expect(Math.abs(m.accounted - m.heapBytes) / m.heapBytes).toBeLessThan(0.3);
  }, 60_000);

  it('a busy scene (10 stickmen walking among 50 props) is accounted within 30 % too', async () => {
    const m = await measure('busy', 90);
    expect(m.count).toBe(90);
    expect(Math.abs(m.accounted - m.heapBytes) / m.heapBytes).toBeLessThan(0.3);
  }, 60_000);
});
