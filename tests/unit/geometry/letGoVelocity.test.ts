import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../core/geometry/vec';
import { LET_GO_TRAIL_LENGTH, extendTrail, letGoVelocity } from '../../../core/geometry/letGoVelocity';

const DT = 1 / 60;

/** The per-step trail a grab keeps when the cursor's point is `at(step)` for steps 0..count-1. */
function trail(count: number, at: (step: number) => Vec2): Vec2[] {
  const t: Vec2[] = [];
  for (let i = 0; i < count; i += 1) t.push(at(i));
  return t.slice(-LET_GO_TRAIL_LENGTH);
}

describe('letGoVelocity', () => {
  it('a cursor moving every step: its speed, averaged over the last four steps', () => {
    const t = trail(20, (i) => [8 * i, -4 * i]);
    const [vx, vy] = letGoVelocity(t, t[t.length - 1], DT);
    expect(vx).toBeCloseTo(480, 6);
    expect(vy).toBeCloseTo(-240, 6);
  });

  it('only the last four steps count: a cursor that slowed to half its speed keeps that', () => {
    const t = trail(20, (i) => (i <= 15 ? [8 * i, 0] : [120 + 4 * (i - 15), 0]));
    expect(letGoVelocity(t, t[t.length - 1], DT)[0]).toBeCloseTo(240, 6);
  });

  it('still for a frame or less before the let-go (a release handed over a frame late): the speed it had', () => {
    // The last move lands at step 19; a frame of 2 or of 8 steps keeps it there 2 or 8 steps.
    for (const frame of [2, 8]) {
      const t = trail(19 + frame, (i) => [8 * Math.min(i, 19), 0]);
      expect(letGoVelocity(t, t[t.length - 1], DT)[0]).toBeCloseTo(480, 6);
    }
  });

  it('still for longer than a frame before the let-go: the cursor had stopped, nothing is thrown', () => {
    const t = trail(19 + 9, (i) => [8 * Math.min(i, 19), 0]);
    expect(letGoVelocity(t, t[t.length - 1], DT)).toEqual([0, 0]);
  });

  it('a cursor held still lets go with nothing, however long it was held', () => {
    const t = trail(40, () => [100, 200]);
    expect(letGoVelocity(t, [100, 200], DT)).toEqual([0, 0]);
  });

  it('a slow frame (6 steps a frame, 48 px a frame) with the let-go in the last move\'s frame: the cursor\'s real speed', () => {
    // The cursor reaches the stage at steps 0, 6, 12, 18; the let-go comes with the move at step 24.
    const t = trail(24, (i) => [48 * Math.floor(i / 6), 0]);
    const [vx] = letGoVelocity(t, [48 * 4, 0], DT);
    expect(vx).toBeCloseTo(480, 6);
  });

  it('a slow frame with the let-go a frame after the last move (the browser hands a release over at once, moves once a frame): the cursor\'s real speed', () => {
    const t = trail(30, (i) => [48 * Math.min(4, Math.floor(i / 6)), 0]);
    expect(letGoVelocity(t, [48 * 4, 0], DT)[0]).toBeCloseTo(480, 6);
  });

  it('a slow frame with the let-go two frames after the last move: the cursor had stopped', () => {
    const t = trail(36, (i) => [48 * Math.min(4, Math.floor(i / 6)), 0]);
    expect(letGoVelocity(t, [48 * 4, 0], DT)).toEqual([0, 0]);
  });

  it('a plateau is followed back at most eight steps: a jump after a long hold is not spread over the hold', () => {
    const t = trail(40, () => [0, 0]);
    // Held still for 40 steps, then one 120 px move with the let-go: over 4 + 8 steps, not 40.
    expect(letGoVelocity(t, [120, 0], DT)[0]).toBeCloseTo(120 / (12 * DT), 6);
  });

  it('a grab let go at once (no step yet) throws nothing; one step in, the one move counts', () => {
    expect(letGoVelocity([[5, 5]], [5, 5], DT)).toEqual([0, 0]);
    expect(letGoVelocity([], [5, 5], DT)).toEqual([0, 0]);
    expect(letGoVelocity([[0, 0]], [6, 0], DT)[0]).toBeCloseTo(360, 6);
  });

  it('a grab\'s trail keeps a copy of the cursor each step, the last LET_GO_TRAIL_LENGTH of them', () => {
    const t: Vec2[] = [];
    const cursor: Vec2 = [0, 0];
    for (let i = 0; i < LET_GO_TRAIL_LENGTH + 5; i += 1) {
      cursor[0] = i;
      extendTrail(t, cursor);
    }
    expect(t.length).toBe(LET_GO_TRAIL_LENGTH);
    expect(t[0]).toEqual([5, 0]);
    expect(t.at(-1)).toEqual([LET_GO_TRAIL_LENGTH + 4, 0]);
    expect(t.at(-1)).not.toBe(cursor);
  });
});
