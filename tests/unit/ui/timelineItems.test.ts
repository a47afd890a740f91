import { describe, expect, it } from 'vitest';
import { timelineItems } from '../../../ui/state/timelineItems';
import type { TimelineEntry } from '../../../ui/state/timelineBuffer';
import { indexOfSeq } from '../../../ui/state/virtualWindow';

const entry = (seq: number, tick: number): TimelineEntry => ({
  seq,
  record: { t: tick / 60, tick, type: 'transition', actor: 'rig:a', from: 'A', to: 'B', event: 'e' },
  actor: 'rig:a',
  related: null,
  kind: 'transition',
  text: 'A → B',
});

describe('timeline items', () => {
  it('puts a heading before the rows of each tick, ordered like the rows so a row can be found by seq', () => {
    const items = timelineItems([entry(5, 72), entry(4, 72), entry(3, 10), entry(1, 0)]);
    expect(items.map((i) => (i.kind === 'tick' ? `#${i.tick}` : i.seq))).toEqual(['#72', 5, 4, '#10', 3, '#0', 1]);
    for (const i of items) expect(indexOfSeq(items, i.seq)).toBe(items.indexOf(i));
  });
});
