/**
 * A walk into a prop too heavy to push (issue 19) is blocked before the step is taken: the check
 * is asked about exactly the step's motion (dx, 0) the walk would take, every walking step, and a
 * yes ends the walk with `blocked: too_heavy` where the stickman stands (no move that step).
 */
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../core/geometry/vec';
import { GROUND_TOP, RigSim, groundBlock } from './sim';

describe('the heavy-prop check of a grounded walk', () => {
  it('is asked about each walking step\'s own motion, and a yes blocks the walk where it stands', () => {
    const sim = new RigSim([groundBlock()], [600, GROUND_TOP]);
    sim.run(30);
    const asked: Vec2[] = [];
    sim.env.tooHeavyAhead = (m) => {
      asked.push([m[0], m[1]]);
      return asked.length === 12;
    };
    sim.walkTo(1400);
    const moves: number[] = [];
    let blockedAt: Vec2 | null = null;
    for (let i = 0; i < 40 && !blockedAt; i++) {
      const before = sim.s.root[0];
      const r = sim.step();
      const blocked = r.events.find((e) => e.type === 'blocked');
      if (blocked && blocked.type === 'blocked') {
        expect(blocked.reason).toBe('too_heavy');
        blockedAt = blocked.position;
        expect(r.root[0]).toBe(before);
      } else moves.push(r.root[0] - before);
    }
    expect(blockedAt).not.toBeNull();
    expect(asked).toHaveLength(12);
    // Every answered-no question was the step the walk then took; the last one was not taken.
    expect(asked.slice(0, 11).map((m) => m[0])).toEqual(moves.slice(0, 11));
    expect(asked.every((m) => m[1] === 0)).toBe(true);
    expect(asked[11][0]).toBeGreaterThan(0);
    expect(sim.s.walkTargetX).toBeNull();
  });
});
