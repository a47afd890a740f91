/** Walk targets land on the walkable surface under a click: on the ground, on a platform's top, never inside. */
import { describe, expect, it } from 'vitest';
import { walkTargetAt } from '../../../ui/state/walkTarget';
import { ground, scene } from '../../helpers/scenes';

// Ground top at 1400; a shelf whose top is at 1150 over x 800–1200; a ramp rising right over x 2000–2400 (top 1200 at its right end).
const doc = scene([
  ground(1400),
  { kind: 'terrain', id: 'shelf', shape: 'block', position: [1000, 1200], size: [400, 100] },
  { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [2200, 1300], size: [400, 200], rise: 'right' },
]);

describe('walkTargetAt', () => {
  it('a click on the ground stays there', () => {
    expect(walkTargetAt(doc, [1500, 1402])).toEqual({ target: [1500, 1400], aim: 'surface' });
  });

  it('a click in the sky aims at the first walkable surface below it', () => {
    expect(walkTargetAt(doc, [1500, 200])).toEqual({ target: [1500, 1400], aim: 'below' });
    expect(walkTargetAt(doc, [1000, 200])).toEqual({ target: [1000, 1150], aim: 'below' });
    // Half-way up the ramp its surface is at 1300.
    expect(walkTargetAt(doc, [2200, 500])).toEqual({ target: [2200, 1300], aim: 'below' });
  });

  it('a click inside a platform goes onto its top; inside the ground, onto the ground', () => {
    expect(walkTargetAt(doc, [1100, 1230])).toEqual({ target: [1100, 1150], aim: 'top' });
    expect(walkTargetAt(doc, [1500, 1550])).toEqual({ target: [1500, 1400], aim: 'top' });
    // Inside the ramp's solid, under its slope.
    expect(walkTargetAt(doc, [2300, 1380])).toEqual({ target: [2300, 1250], aim: 'top' });
  });

  it('between the shelf and the ground a click aims at the ground below, not the shelf above', () => {
    expect(walkTargetAt(doc, [1000, 1300])).toEqual({ target: [1000, 1400], aim: 'below' });
  });

  it('with no walkable surface under the click the point is kept (rounded)', () => {
    expect(walkTargetAt(doc, [-500.4, 300.6])).toEqual({ target: [-500, 301], aim: 'none' });
    const bare = scene([]);
    expect(walkTargetAt(bare, [100, 100])).toEqual({ target: [100, 100], aim: 'none' });
  });
});
