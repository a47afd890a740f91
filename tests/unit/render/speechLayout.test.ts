import { describe, expect, it } from 'vitest';
import {
  bubbleKey,
  planBubbles,
  separateStacks,
  SPEECH_LAYOUT,
  speechScale,
  stackBubbles,
  wrapSpeech,
  type BubbleState,
} from '../../../render/speechLayout';

describe('wrapSpeech', () => {
  it('keeps short text on one line and returns [] for blank text', () => {
    expect(wrapSpeech('Hello there!')).toEqual(['Hello there!']);
    expect(wrapSpeech('')).toEqual([]);
    expect(wrapSpeech('   \n\t ')).toEqual([]);
  });

  it('wraps on spaces to at most maxChars per line, greedily', () => {
    const text = 'The quick brown fox jumps over the lazy dog and then keeps running far away';
    const lines = wrapSpeech(text, 28);
    expect(lines).toEqual(['The quick brown fox jumps', 'over the lazy dog and then', 'keeps running far away']);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(28);
    expect(lines.join(' ')).toBe(text);
  });

  it('collapses whitespace, keeps explicit newlines and one blank line between paragraphs', () => {
    expect(wrapSpeech('  a   b\tc  ')).toEqual(['a b c']);
    expect(wrapSpeech('one\ntwo')).toEqual(['one', 'two']);
    expect(wrapSpeech('one\r\n\r\n\r\ntwo\n')).toEqual(['one', '', 'two']);
  });

  it('hard-breaks words longer than a line', () => {
    const long = 'x'.repeat(65);
    expect(wrapSpeech(`hi ${long} yo`, 28)).toEqual(['hi', 'x'.repeat(28), 'x'.repeat(28), 'x'.repeat(9) + ' yo']);
  });

  it('counts code points, never splitting a surrogate pair', () => {
    const lines = wrapSpeech('😀'.repeat(30), 28);
    expect(lines.map((l) => Array.from(l).length)).toEqual([28, 2]);
    expect(lines.join('')).toBe('😀'.repeat(30));
  });

  it('cuts to maxLines with an ellipsis that fits the line width', () => {
    const lines = wrapSpeech('word '.repeat(100), 10, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith('\u2026')).toBe(true);
    for (const l of lines) expect(Array.from(l).length).toBeLessThanOrEqual(10);
  });

  it('leaves markup untouched: "<b>hi</b>" is text (the DOM layer writes it with textContent)', () => {
    expect(wrapSpeech('<b>hi</b>')).toEqual(['<b>hi</b>']);
    expect(wrapSpeech('say <b>html</b> & <i>stuff</i>')).toEqual(['say <b>html</b> &', '<i>stuff</i>']);
  });
});

describe('planBubbles', () => {
  const state = (text: string, overlay = false, color = '#000'): BubbleState => ({ text, overlay, color });

  it('creates one bubble per non-blank speech, keyed by rig and index, current first', () => {
    const plan = planBubbles(new Map(), [
      { id: 'a', color: '#000', speech: [{ text: 'hello', overlay: false }, { text: '  ', overlay: true }, { text: 'psst', overlay: true }] },
      { id: 'b', color: '#f00', speech: [] },
      { id: 'c', color: '#0f0', speech: [{ text: 'yo', overlay: true }] },
    ]);
    expect(plan.remove).toEqual([]);
    expect(plan.items.map((i) => [i.key, i.rigId, i.index, i.text, i.overlay, i.create, i.textChanged, i.styleChanged])).toEqual([
      [bubbleKey('a', 0), 'a', 0, 'hello', false, true, true, true],
      [bubbleKey('a', 1), 'a', 1, 'psst', true, true, true, true],
      [bubbleKey('c', 0), 'c', 0, 'yo', true, true, true, true],
    ]);
  });

  it('touches nothing when nothing changed', () => {
    const prev = new Map([[bubbleKey('a', 0), state('hello')]]);
    const plan = planBubbles(prev, [{ id: 'a', color: '#000', speech: [{ text: 'hello', overlay: false }] }]);
    expect(plan.remove).toEqual([]);
    expect(plan.items).toHaveLength(1);
    const [item] = plan.items;
    expect([item.create, item.textChanged, item.styleChanged]).toEqual([false, false, false]);
  });

  it('flags only what changed: text, overlay flag, colour', () => {
    const prev = new Map([
      [bubbleKey('a', 0), state('hello')],
      [bubbleKey('a', 1), state('aside', true)],
      [bubbleKey('b', 0), state('same')],
    ]);
    const plan = planBubbles(prev, [
      { id: 'a', color: '#000', speech: [{ text: 'hello!', overlay: false }, { text: 'aside', overlay: false }] },
      { id: 'b', color: '#123', speech: [{ text: 'same', overlay: false }] },
    ]);
    expect(plan.items.map((i) => [i.key, i.create, i.textChanged, i.styleChanged])).toEqual([
      [bubbleKey('a', 0), false, true, false],
      [bubbleKey('a', 1), false, false, true],
      [bubbleKey('b', 0), false, false, true],
    ]);
  });

  it('removes bubbles whose rig or speech disappeared', () => {
    const prev = new Map([
      [bubbleKey('a', 0), state('hello')],
      [bubbleKey('a', 1), state('aside', true)],
      [bubbleKey('gone', 0), state('bye')],
      [bubbleKey('quiet', 0), state('...')],
    ]);
    const plan = planBubbles(prev, [
      { id: 'a', color: '#000', speech: [{ text: 'hello', overlay: false }] },
      { id: 'quiet', color: '#000', speech: [] },
    ]);
    expect(plan.items.map((i) => i.key)).toEqual([bubbleKey('a', 0)]);
    expect(plan.remove.sort()).toEqual([bubbleKey('a', 1), bubbleKey('gone', 0), bubbleKey('quiet', 0)].sort());
  });

  it('caps bubbles per rig and ignores a repeated rig id', () => {
    const speech = Array.from({ length: 10 }, (_, i) => ({ text: `s${i}`, overlay: i > 0 }));
    const plan = planBubbles(new Map(), [
      { id: 'a', speech },
      { id: 'a', speech: [{ text: 'dup', overlay: false }] },
    ]);
    expect(plan.items).toHaveLength(SPEECH_LAYOUT.maxBubbles);
    expect(plan.items.map((i) => i.text)).toEqual(speech.slice(0, SPEECH_LAYOUT.maxBubbles).map((s) => s.text));
  });

  it('keys cannot collide whatever the rig id contains', () => {
    expect(bubbleKey('a:1', 0)).not.toBe(bubbleKey('a', 1));
    expect(bubbleKey('1:a', 0)).not.toBe(bubbleKey('a', 1));
  });
});

describe('stackBubbles', () => {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('puts the first bubble above the anchor, centred, with room for the tail', () => {
    const [p] = stackBubbles(500, 300, [{ width: 120, height: 40 }], 1);
    expect(p.x).toBe(440);
    expect(p.width).toBe(120);
    expect(p.y + p.height).toBe(300 - SPEECH_LAYOUT.tail - SPEECH_LAYOUT.gap);
  });

  it('stacks further bubbles upward without overlap, at any scale and after rounding', () => {
    const sizes = [{ width: 200, height: 57 }, { width: 90, height: 23 }, { width: 240, height: 91 }];
    for (const scale of [0.85, 1, 1.3]) {
      const placed = stackBubbles(333.3, 777.7, sizes, scale);
      expect(placed).toHaveLength(3);
      for (let i = 1; i < placed.length; i++) {
        const below = placed[i - 1];
        const above = placed[i];
        expect(above.y + above.height).toBeLessThan(below.y); // room for the upper bubble's tail
        expect(below.y - (above.y + above.height)).toBeCloseTo((SPEECH_LAYOUT.tail + SPEECH_LAYOUT.gap) * scale, 9);
        const round = (p: typeof above) => ({ ...p, x: Math.round(p.x), y: Math.round(p.y) });
        expect(overlaps(round(below), round(above))).toBe(false);
      }
      for (const p of placed) expect(p.x + p.width / 2).toBeCloseTo(333.3, 9);
    }
  });

  it('scales sizes and reuses the output array', () => {
    const out = stackBubbles(0, 0, [{ width: 100, height: 20 }, { width: 10, height: 10 }], 1);
    const again = stackBubbles(0, 0, [{ width: 100, height: 20 }], 2, out);
    expect(again).toBe(out);
    expect(again).toHaveLength(1);
    expect([again[0].width, again[0].height]).toEqual([200, 40]);
    expect(again[0].y + 40).toBe(-(SPEECH_LAYOUT.tail + SPEECH_LAYOUT.gap) * 2);
  });
});

describe('separateStacks', () => {
  const rect = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });
  const apart = (a: ReturnType<typeof rect>, da: number, b: ReturnType<typeof rect>, db: number, gap: number) =>
    a.right + gap <= b.left || b.right + gap <= a.left || a.bottom + da + gap <= b.top + db || b.bottom + db + gap <= a.top + da;

  it('leaves separate stacks where they are', () => {
    expect(separateStacks([rect(0, 0, 100, 50), rect(120, 0, 200, 50)], 3)).toEqual([0, 0]);
  });

  it('moves a later overlapping stack straight up above the earlier one', () => {
    const stacks = [rect(0, 100, 100, 150), rect(50, 120, 150, 160)];
    const dy = separateStacks(stacks, 3);
    expect(dy[0]).toBe(0);
    expect(stacks[1].bottom + dy[1]).toBe(100 - 3);
  });

  it('resolves chains: every pair ends up apart, earlier stacks never move', () => {
    const stacks = [rect(0, 100, 100, 150), rect(10, 20, 110, 90), rect(40, 110, 140, 170), rect(60, 60, 160, 100), rect(500, 0, 600, 50)];
    const dy = separateStacks(stacks, 4);
    expect(dy[0]).toBe(0);
    expect(dy[4]).toBe(0);
    for (const d of dy) expect(d).toBeLessThanOrEqual(0);
    for (let i = 0; i < stacks.length; i++) for (let j = 0; j < i; j++) expect(apart(stacks[i], dy[i], stacks[j], dy[j], 4)).toBe(true);
  });
});

describe('speechScale', () => {
  it('is 1 at the reference zoom, grows gently when zoomed in, and is clamped', () => {
    expect(speechScale(SPEECH_LAYOUT.referenceZoom)).toBe(1);
    expect(speechScale(0.05)).toBe(SPEECH_LAYOUT.minScale);
    expect(speechScale(8)).toBe(SPEECH_LAYOUT.maxScale);
    expect(speechScale(1)).toBeGreaterThan(1);
    expect(speechScale(1)).toBeLessThan(SPEECH_LAYOUT.maxScale + 1e-9);
    for (const bad of [NaN, 0, -1, Infinity]) {
      const s = speechScale(bad);
      expect(s).toBeGreaterThanOrEqual(SPEECH_LAYOUT.minScale);
      expect(s).toBeLessThanOrEqual(SPEECH_LAYOUT.maxScale);
    }
  });

  it('follows the zoom within the readable limits: at 7 % a bubble is 0.6 (8 px text), well under a third of its size at 20 %, and never below 8 px text', () => {
    expect(speechScale(0.07)).toBe(0.6);
    expect(SPEECH_LAYOUT.minScale * 13).toBeGreaterThanOrEqual(7.8);
    expect(speechScale(0.1)).toBeLessThan(speechScale(0.2));
    expect(speechScale(0.4)).toBeGreaterThan(speechScale(0.2));
    // A bubble (one line, ~26 px tall at scale 1) against a 600 px stickman: at 7 % no longer
    // taller than the figure's head-to-hip (0.55 of it).
    expect(26 * speechScale(0.07)).toBeLessThan(600 * 0.07 * 0.55);
  });

  it('is monotonic in zoom', () => {
    let last = 0;
    for (let z = 0.05; z <= 8; z *= 1.1) {
      const s = speechScale(z);
      expect(s).toBeGreaterThanOrEqual(last);
      last = s;
    }
  });
});
