import { describe, expect, it } from 'vitest';
import { StartVelocities } from '../../../streams/physics/startVelocities';

const read = (t: StartVelocities, id: string) => {
  const out = { x: NaN, y: NaN };
  return t.read(id, out) ? [out.x, out.y] : null;
};

describe('start velocities: what a step began with, for the contacts it starts', () => {
  it('a step is measured against what the last read and the changes after it left, not against its own read', () => {
    const t = new StartVelocities();
    const ids = ['a', 'b'];
    t.nextFor(ids).set([1, 2, 3, 4]);
    t.beginStep();
    expect(read(t, 'a')).toEqual([1, 2]);
    // The step's own read (after the solve) is the next step's start, not this one's.
    t.nextFor(ids).set([10, 20, 30, 40]);
    expect(read(t, 'b')).toEqual([3, 4]);
    // A velocity set before the next step (a command, a release) is what it begins with.
    t.set('b', -5, 6);
    t.beginStep();
    expect(read(t, 'a')).toEqual([10, 20]);
    expect(read(t, 'b')).toEqual([-5, 6]);
  });

  it('a body it does not know (a proxy, terrain, another set of props) is no prop of it', () => {
    const t = new StartVelocities();
    t.nextFor(['a']).set([1, 1]);
    t.set('ghost', 9, 9);
    t.beginStep();
    expect(read(t, 'ghost')).toBeNull();
    expect(t.props).toEqual(['a']);
    // A new set of props starts from rest.
    const fresh = t.nextFor(['c', 'd']);
    expect([...fresh]).toEqual([0, 0, 0, 0]);
    expect(read(t, 'a')).toBeNull();
  });
});
