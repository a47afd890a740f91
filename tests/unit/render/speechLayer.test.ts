/**
 * SpeechLayer against a minimal fake DOM (Node, no jsdom): pooling per (rig, index), text written
 * only when it changes, layout read only then, per-frame work limited to transforms, markup shown
 * literally (textContent; the fake throws if innerHTML is ever assigned).
 */
import { describe, expect, it } from 'vitest';
import { SpeechLayer, type SpeechAnchor } from '../../../render/speech';
import type { SpeakingRig } from '../../../render/speechLayout';

const counters = { layoutReads: 0, textWrites: 0 };

class FakeElement {
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  children: FakeElement[] = [];
  parentElement: FakeElement | null = null;
  private text = '';
  constructor(readonly tagName: string, readonly ownerDocument: FakeDocument) {}
  get textContent(): string {
    return this.text + this.children.map((c) => c.textContent).join('');
  }
  set textContent(v: string) {
    counters.textWrites++;
    for (const c of this.children) c.parentElement = null;
    this.children = [];
    this.text = v;
  }
  set innerHTML(_v: string) {
    throw new Error('innerHTML must never be used for speech');
  }
  appendChild(c: FakeElement): FakeElement {
    return this.insertBefore(c, null);
  }
  insertBefore(c: FakeElement, before: FakeElement | null): FakeElement {
    c.remove();
    const i = before ? this.children.indexOf(before) : -1;
    if (i < 0) this.children.push(c);
    else this.children.splice(i, 0, c);
    c.parentElement = this;
    return c;
  }
  remove(): void {
    const p = this.parentElement;
    if (!p) return;
    p.children.splice(p.children.indexOf(this), 1);
    this.parentElement = null;
  }
  get firstElementChild(): FakeElement | null {
    return this.children[0] ?? null;
  }
  get nextElementSibling(): FakeElement | null {
    const p = this.parentElement;
    return p ? (p.children[p.children.indexOf(this) + 1] ?? null) : null;
  }
  /** A crude text layout: 7 px per character, 17 px per line, plus padding. */
  get offsetWidth(): number {
    counters.layoutReads++;
    return Math.max(...this.textContent.split('\n').map((l) => l.length)) * 7 + 20;
  }
  get offsetHeight(): number {
    counters.layoutReads++;
    return this.textContent.split('\n').length * 17 + 11;
  }
  clientWidth = 800;
  clientHeight = 600;
  offsetLeft = 0;
  offsetTop = 0;
}

class FakeDocument {
  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }
}

function setup() {
  const doc = new FakeDocument();
  const container = doc.createElement('div');
  const canvas = doc.createElement('canvas');
  container.appendChild(canvas);
  const layer = new SpeechLayer(canvas as unknown as HTMLCanvasElement, container as unknown as HTMLElement);
  const anchors = new Map<string, [number, number]>([
    ['a', [200, 300]],
    ['b', [600, 300]],
  ]);
  const anchorOf: SpeechAnchor = (id, out) => {
    const p = anchors.get(id);
    if (!p) return false;
    out[0] = p[0];
    out[1] = p[1];
    return true;
  };
  const bubbles = () => (layer.element ? (layer.element as unknown as FakeElement).children : []);
  const bubble = (rig: string, index: number) => bubbles().find((b) => b.dataset.rig === rig && b.dataset.index === String(index));
  const y = (b: FakeElement | undefined) => Number(/translate\([^,]+, (-?\d+)px\)/.exec(b?.style.transform ?? '')?.[1]);
  return { layer, anchors, anchorOf, bubbles, bubble, y };
}

const reset = () => {
  counters.layoutReads = 0;
  counters.textWrites = 0;
};

describe('SpeechLayer', () => {
  it('shows "<b>hi</b>" literally through textContent', () => {
    const { layer, anchorOf, bubble } = setup();
    layer.update([{ id: 'a', color: '#000', speech: [{ text: '<b>hi</b>', overlay: false }] }], anchorOf, 1);
    expect(bubble('a', 0)?.textContent).toBe('<b>hi</b>');
  });

  it('pools one element per (rig, index); unchanged speech costs no text write and no layout read', () => {
    const { layer, anchors, anchorOf, bubbles, bubble, y } = setup();
    const rigs: SpeakingRig[] = [
      { id: 'a', color: '#000', speech: [{ text: 'A fairly long sentence that has to wrap onto more lines', overlay: false }, { text: 'aside', overlay: true }] },
      { id: 'b', color: '#8a2be2', speech: [{ text: 'Hi!', overlay: false }] },
    ];
    reset();
    layer.update(rigs, anchorOf, 1);
    expect(bubbles()).toHaveLength(3);
    expect(counters.textWrites).toBe(3);
    expect(counters.layoutReads).toBe(6); // width + height, once per new bubble
    const a0 = bubble('a', 0)!;
    expect(a0.textContent.split('\n').length).toBeGreaterThan(1); // wrapped
    // Stacked upward: the overlay bubble is above the current speech, which is above the head.
    expect(y(bubble('a', 1))).toBeLessThan(y(a0));
    expect(y(a0)).toBeLessThan(300);
    expect(bubble('a', 1)!.style.borderStyle).toBe('dashed');
    expect(bubble('a', 1)!.style.fontStyle).toBe('italic');
    expect(a0.style.borderStyle).toBe('solid');

    // Next frames: same speech (new arrays, as a new snapshot would have), rig moves.
    for (let f = 1; f <= 5; f++) {
      reset();
      anchors.set('a', [200 + f * 10, 300]);
      layer.update(rigs.map((r) => ({ ...r, speech: r.speech!.map((s) => ({ ...s })) })), anchorOf, 1);
      expect(counters.textWrites).toBe(0);
      expect(counters.layoutReads).toBe(0);
      expect(bubble('a', 0)).toBe(a0); // same pooled element
      expect(a0.style.transform).toContain(`translate(${Math.round(200 + f * 10 - Number(a0.offsetWidth) / 2)}px`);
    }
  });

  it('rewrites and re-measures only the bubble whose text changed', () => {
    const { layer, anchorOf, bubble } = setup();
    layer.update([{ id: 'a', color: '#000', speech: [{ text: 'one', overlay: false }] }, { id: 'b', color: '#000', speech: [{ text: 'two', overlay: false }] }], anchorOf, 1);
    const b0 = bubble('b', 0);
    reset();
    layer.update([{ id: 'a', color: '#000', speech: [{ text: 'one more', overlay: false }] }, { id: 'b', color: '#000', speech: [{ text: 'two', overlay: false }] }], anchorOf, 1);
    expect(counters.textWrites).toBe(1);
    expect(counters.layoutReads).toBe(2);
    expect(bubble('a', 0)!.textContent).toBe('one more');
    expect(bubble('b', 0)).toBe(b0);
  });

  it('removes bubbles whose rig or speech disappeared', () => {
    const { layer, anchorOf, bubbles, bubble } = setup();
    layer.update([
      { id: 'a', color: '#000', speech: [{ text: 'one', overlay: false }, { text: 'two', overlay: true }] },
      { id: 'b', color: '#000', speech: [{ text: 'three', overlay: false }] },
    ], anchorOf, 1);
    expect(bubbles()).toHaveLength(3);
    layer.update([{ id: 'a', color: '#000', speech: [{ text: 'one', overlay: false }] }], anchorOf, 1);
    expect(bubbles()).toHaveLength(1);
    expect(bubble('a', 0)?.textContent).toBe('one');
    expect(layer.size).toBe(1);
    layer.update([{ id: 'a', color: '#000', speech: [] }], anchorOf, 1);
    expect(bubbles()).toHaveLength(0);
    expect(layer.size).toBe(0);
  });

  it('hides a rig\'s bubbles while its anchor is unknown and sizes them with the scale', () => {
    const { layer, anchors, anchorOf, bubble } = setup();
    const rigs: SpeakingRig[] = [{ id: 'a', color: '#000', speech: [{ text: 'hello', overlay: false }] }];
    layer.update(rigs, anchorOf, 1.3);
    expect(bubble('a', 0)!.style.transform).toMatch(/scale\(1\.3\)$/);
    anchors.delete('a');
    layer.update(rigs, anchorOf, 1.3);
    expect(bubble('a', 0)!.style.visibility).toBe('hidden');
    anchors.set('a', [1, 2]);
    layer.update(rigs, anchorOf, 1.3);
    expect(bubble('a', 0)!.style.visibility).toBe('');
  });

  it('keeps the stacks of two rigs standing close together apart', () => {
    const { layer, anchors, anchorOf, bubble, y } = setup();
    anchors.set('b', [230, 310]); // right next to 'a'
    layer.update([
      { id: 'a', color: '#000', speech: [{ text: 'first rig talking here', overlay: false }] },
      { id: 'b', color: '#000', speech: [{ text: 'second rig answers', overlay: false }] },
    ], anchorOf, 1);
    const a0 = bubble('a', 0)!;
    const b0 = bubble('b', 0)!;
    expect(y(b0) + Number(b0.offsetHeight)).toBeLessThan(y(a0)); // b moved up above a
  });

  it('does nothing (not even create its overlay) while nobody speaks', () => {
    const { layer, anchorOf } = setup();
    layer.update([{ id: 'a', color: '#000', speech: [] }], anchorOf, 1);
    expect(layer.element).toBeNull();
  });
});
