/**
 * The memory budget of a take (core/take/limits.ts): a take keeps no frames or keyframes, only
 * what the director did, so the worst 10 minutes the UI can record — a grab dragged through every
 * step — must stay under TAKE_MEMORY_BUDGET_10_MIN, measured on the real heap and as a file.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadTakeText, saveTakeText } from '../../../core/take/io';
import { TAKE_LIMITS, TAKE_MEMORY_BUDGET_10_MIN } from '../../../core/take/limits';
import { TakeTape } from '../../../streams/take/tape';
import { scene } from '../../helpers/scenes';
import { TEN_MINUTES_TICKS, worstCaseTenMinutes } from '../../unit/take/worstCase';

const run = promisify(execFile);
const heapScript = fileURLToPath(new URL('./tapeHeap.ts', import.meta.url));

function worstTape(): TakeTape {
  const tape = new TakeTape();
  for (const { tick, command } of worstCaseTenMinutes()) tape.appendCommand(tick, command);
  return tape;
}

describe('the 10-minute take budget', () => {
  it(`the busiest 10 minutes take less heap than ${TAKE_MEMORY_BUDGET_10_MIN} bytes (measured), and the tape's own accounting is within 30 % of it`, async () => {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', heapScript], { cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
    const m = JSON.parse(stdout) as { heapBytes: number; accounted: number; commands: number };
    expect(m.commands).toBe(TEN_MINUTES_TICKS);
    expect(m.heapBytes).toBeGreaterThan(0);
    expect(m.heapBytes).toBeLessThan(TAKE_MEMORY_BUDGET_10_MIN);
    expect(Math.abs(m.accounted - m.heapBytes) / m.heapBytes).toBeLessThan(0.3);
  });

  it('as a file it is under the budget too, and opens again', () => {
    const tape = worstTape();
    const doc = scene([{ kind: 'stickman', id: 'stick-1', position: [600, 1400], facing: 'RIGHT' }]);
    const text = saveTakeText(tape.toDocument({ scene: doc, started_by: 'play_from_edit', metadata: { name: 'busy', created: null, steps_per_second: 60 } }));
    expect(new TextEncoder().encode(text).length).toBeLessThan(TAKE_MEMORY_BUDGET_10_MIN);
    const opened = loadTakeText(text);
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.take.commands).toHaveLength(TEN_MINUTES_TICKS);
  });

  it('the limits hold a take of the longest scene time with a command every step', () => {
    expect(TAKE_LIMITS.maxTicks).toBe(60 * 60 * 60);
    expect(TAKE_LIMITS.maxCommands).toBeGreaterThanOrEqual(TAKE_LIMITS.maxTicks);
  });
});
