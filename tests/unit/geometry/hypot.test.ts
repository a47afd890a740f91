/**
 * `hypot` is Math.hypot's number in plain arithmetic (core/geometry/vec): the same bits for
 * every pair, so a path that switches to it keeps its traces byte-identical.
 */
import { describe, expect, it } from 'vitest';
import { hypot } from '../../../core/geometry/vec';

/** A seeded LCG, so a failure names a reproducible pair. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
}

describe('hypot', () => {
  it('gives Math.hypot\'s number for zeros, infinities, NaN, subnormals and the largest finite numbers', () => {
    const specials = [0, -0, 1, -1, 3, -4, Infinity, -Infinity, NaN, 5e-324, -5e-324, 1e-310, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308];
    for (const x of specials) for (const y of specials) expect(Object.is(hypot(x, y), Math.hypot(x, y)), `hypot(${x}, ${y})`).toBe(true);
  });

  it('gives Math.hypot\'s number, bit for bit, for pairs of stage sizes, of any magnitude and of any bit pattern', () => {
    const rnd = lcg(20);
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    const anyNumber = () => {
      words[0] = Math.floor(rnd() * 4294967296);
      words[1] = Math.floor(rnd() * 4294967296);
      return bits[0];
    };
    let differ = 0;
    let first = '';
    for (let i = 0; i < 300_000; i += 1) {
      let x: number;
      let y: number;
      if (i % 3 === 0) {
        x = (rnd() - 0.5) * 600;
        y = (rnd() - 0.5) * 600;
      } else if (i % 3 === 1) {
        x = (rnd() - 0.5) * 10 ** (rnd() * 40 - 20);
        y = (rnd() - 0.5) * 10 ** (rnd() * 40 - 20);
      } else {
        x = anyNumber();
        y = anyNumber();
      }
      if (!Object.is(hypot(x, y), Math.hypot(x, y))) {
        differ += 1;
        first ||= `hypot(${x}, ${y}) = ${hypot(x, y)}, Math.hypot ${Math.hypot(x, y)}`;
      }
    }
    expect(first).toBe('');
    expect(differ).toBe(0);
  });
});
