import { describe, expect, it } from 'vitest';
import { oneEach } from '../../../core/data/oneEach';

describe('oneEach', () => {
  it('makes one value per owner, on first use, and hands the same one out after', () => {
    let made = 0;
    const jobOf = oneEach((owner: { name: string }) => ({ owner: owner.name, n: (made += 1) }));
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(made).toBe(0);
    const first = jobOf(a);
    expect(jobOf(a)).toBe(first);
    expect(jobOf(b)).not.toBe(first);
    expect([first.owner, jobOf(b).owner, made]).toEqual(['a', 'b', 2]);
  });
});
