/**
 * Measures the heap a worst-case 10-minute tape really takes (run by budget.test.ts in its own
 * Node process with --expose-gc, so a full collection before and after makes the number exact
 * enough): a grab dragged through all 36,000 steps, one full-precision grab.move per step.
 * Prints `{"heapBytes":…,"accounted":…}`.
 */
import { TakeTape } from '../../../streams/take/tape';
import { worstCaseTenMinutes } from '../../unit/take/worstCase';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
gc();
gc();
const before = process.memoryUsage().heapUsed;
const tape = new TakeTape();
for (const { tick, command } of worstCaseTenMinutes()) tape.appendCommand(tick, command);
gc();
gc();
const after = process.memoryUsage().heapUsed;
process.stdout.write(`${JSON.stringify({ heapBytes: after - before, accounted: tape.memoryBytes, commands: tape.commandCount })}\n`);
