/**
 * Pair-of-things bookkeeping behind stickman ↔ prop and stickman ↔ area edges: a pair starts
 * with its first part and ends with its last, repeats and unknown exits change nothing, and a
 * purge forgets the id on either side of a pair.
 */
import { describe, expect, it } from 'vitest';
import { PAIR_STARTED, PART_ADDED, PartPairs } from '../../../streams/runtime/stickmanContacts';

describe('PartPairs', () => {
  it('a pair starts with its first part and ends with its last, however many touch', () => {
    const p = new PartPairs();
    expect(p.touch('bo', 'ball', 'head')).toBe(PAIR_STARTED | PART_ADDED);
    expect(p.touch('bo', 'ball', 'torso')).toBe(PART_ADDED);
    expect(p.touch('bo', 'ball', 'head')).toBe(0);
    expect(p.remove('bo', 'ball', 'head')).toBe(false);
    expect(p.remove('bo', 'ball', 'head')).toBe(false);
    expect(p.remove('bo', 'ball', 'torso')).toBe(true);
    expect(p.touch('bo', 'ball', 'torso')).toBe(PAIR_STARTED | PART_ADDED);
  });

  it('pairs are told apart by both ids, whichever way round', () => {
    const p = new PartPairs();
    expect(p.add('bo', 'ball', 'head')).toBe(true);
    expect(p.add('bo', 'box', 'head')).toBe(true);
    expect(p.add('ball', 'bo', 'head')).toBe(true);
    expect(p.remove('bo', 'box', 'torso')).toBe(false);
    expect(p.remove('al', 'ball', 'head')).toBe(false);
    expect(p.remove('bo', 'box', 'head')).toBe(true);
    expect(p.add('bo', 'ball', 'torso')).toBe(false);
  });

  it('ragdoll bodies and names beyond the proxies are parts of their own', () => {
    const p = new PartPairs();
    expect(p.add('bo', 'zone', 'head')).toBe(true);
    expect(p.touch('bo', 'zone', 'ragdoll:head')).toBe(PART_ADDED);
    expect(p.touch('bo', 'zone', 'tail')).toBe(PART_ADDED);
    expect(p.remove('bo', 'zone', 'head')).toBe(false);
    expect(p.remove('bo', 'zone', 'tail')).toBe(false);
    expect(p.remove('bo', 'zone', 'ragdoll:head')).toBe(true);
  });

  it('a purge forgets every pair naming the id, on either side, and nothing else', () => {
    const p = new PartPairs();
    p.add('bo', 'ball', 'head');
    p.add('al', 'bo', 'head');
    p.add('al', 'ball', 'head');
    p.purge('bo');
    // Gone: the next part starts the pair again, and a late exit is ignored.
    expect(p.remove('al', 'bo', 'head')).toBe(false);
    expect(p.add('bo', 'ball', 'torso')).toBe(true);
    expect(p.add('al', 'ball', 'torso')).toBe(false);
  });
});
