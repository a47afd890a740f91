/** The busiest 10 minutes the UI can record (see core/take/limits.ts): a grab moved every step. */
import type { RuntimeCommand } from '../../../streams/runtime/commands';

export const TEN_MINUTES_TICKS = 10 * 60 * 60;

export function* worstCaseTenMinutes(): Generator<{ tick: number; command: RuntimeCommand }> {
  // Pointer positions from screenToStage are full-precision doubles: 17 significant digits.
  const at = (tick: number): [number, number] => [1000 + Math.sin(tick / 97) * 987.6543210987654 + 1 / 3, 900 + Math.cos(tick / 61) * 654.3210987654321 + 1 / 7];
  yield { tick: 1, command: { type: 'grab.start', id: 'stick-1', point: at(1) } };
  for (let tick = 2; tick < TEN_MINUTES_TICKS; tick += 1) yield { tick, command: { type: 'grab.move', point: at(tick) } };
  yield { tick: TEN_MINUTES_TICKS, command: { type: 'grab.end' } };
}
