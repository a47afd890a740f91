/**
 * Speech bubbles as an HTML overlay over the canvas (DESIGN.md §6b: text is drawn only when it
 * changes). The layout decisions are pure and live in ./speechLayout.
 *
 * One pooled element per (rig id, bubble index). Per update:
 *   1. write pass: create / remove elements, write `textContent` only for bubbles whose text
 *      changed, restyle only those whose overlay flag or colour changed;
 *   2. read pass: measure (offsetWidth/offsetHeight, one layout) only the bubbles written in 1;
 *   3. write pass: per rig, stack the bubbles above the head anchor (stacks of different rigs
 *      are kept apart, the later one moving up), and set each element's `transform`
 *      (translate + scale), only when the string differs from the last one.
 * So a frame where no speech changed reads no layout and touches only transforms.
 *
 * The text is assigned with `textContent`, never `innerHTML`: a speech "<b>hi</b>" is shown as
 * those nine characters, not as bold "hi" (tests/unit/render/speechLayer.test.ts checks it
 * against a fake DOM).
 */
import { OverlayRoot, OVERLAY_ORDER } from './labels';
import { planBubbles, separateStacks, SPEECH_LAYOUT, stackBubbles, wrapSpeech, type BubblePlacement, type SpeakingRig, type StackRect } from './speechLayout';

type Vec2 = [number, number];

/** Visual constants of bubbles (CSS px at scale 1). */
export const SPEECH_STYLE = {
  font: "13px/17px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  padding: '4px 9px 5px',
  radius: '11px',
  border: 1.5,
  /** Safety net for wide glyphs; wrapSpeech already keeps lines to ~28 characters. */
  maxWidth: 260,
  tailSize: 12,
  text: '#1d232b',
  background: '#ffffff',
  overlayText: '#535a64',
  overlayBackground: '#f1f3f7',
  /** Border colour when the rig has none. */
  defaultBorder: '#1d232b',
} as const;

interface Bubble {
  el: HTMLDivElement;
  textEl: HTMLSpanElement;
  tailEl: HTMLDivElement;
  /** Raw speech text last written (before wrapping). */
  text: string;
  overlay: boolean;
  color: string;
  /** Unscaled layout size, measured once when the text or overlay flag changed. */
  width: number;
  height: number;
  transform: string;
  hidden: boolean;
}

/** Writes the rig's anchor (top of the head) in screen px into `out`; false if unknown. */
export type SpeechAnchor = (rigId: string, out: Vec2) => boolean;

export class SpeechLayer {
  private readonly overlay: OverlayRoot;
  private readonly bubbles = new Map<string, Bubble>();
  private readonly measureList: Bubble[] = [];
  private readonly sizes: Bubble[] = [];
  private readonly placements: BubblePlacement[] = [];
  private readonly anchor: Vec2 = [0, 0];
  /** Per item of the plan: its placement (x, y, on-screen size); per rig group: range and rect. */
  private readonly itemPlace: BubblePlacement[] = [];
  private readonly groups: Array<{ start: number; end: number; rect: StackRect }> = [];
  private readonly groupRects: StackRect[] = [];
  private readonly shifts: number[] = [];
  /** Counters for tests and probes. */
  readonly stats = { textWrites: 0, measures: 0, transformWrites: 0 };

  constructor(canvas: HTMLCanvasElement, container: HTMLElement | null = null) {
    this.overlay = new OverlayRoot(canvas, container, 'stageSpeech', OVERLAY_ORDER.speech);
  }

  /** The overlay element, once created. */
  get element(): HTMLDivElement | null {
    return this.overlay.element;
  }

  /** Number of live bubbles. */
  get size(): number {
    return this.bubbles.size;
  }

  /** Places the overlay exactly over the canvas (call on resize). */
  syncBox(): void {
    this.overlay.sync();
  }

  /**
   * Shows the speech of `rigs` (frame order; each rig's speech: current first, then overlays).
   * `scale` is the screen size factor (speechScale(zoom)).
   */
  update(rigs: ReadonlyArray<SpeakingRig>, anchorOf: SpeechAnchor, scale: number): void {
    if (this.bubbles.size === 0 && !rigs.some((r) => r.speech && r.speech.length > 0)) return;
    const plan = planBubbles(this.bubbles, rigs);
    for (const key of plan.remove) {
      const b = this.bubbles.get(key);
      if (b) b.el.remove();
      this.bubbles.delete(key);
    }
    const items = plan.items;
    if (items.length === 0) return;
    const root = this.overlay.ensure();
    if (!root) return;
    const doc = root.ownerDocument;

    // 1. Writes: new elements, changed texts, changed styles.
    const measure = this.measureList;
    measure.length = 0;
    for (const item of items) {
      let b = this.bubbles.get(item.key);
      let remeasure = false;
      if (!b) {
        b = createBubble(doc);
        b.el.dataset.rig = item.rigId;
        b.el.dataset.index = String(item.index);
        root.appendChild(b.el);
        this.bubbles.set(item.key, b);
        remeasure = true;
      }
      if (item.textChanged) {
        // textContent, never innerHTML: markup in speech is shown literally.
        b.textEl.textContent = wrapSpeech(item.text).join('\n');
        b.text = item.text;
        this.stats.textWrites++;
        remeasure = true;
      }
      if (item.styleChanged) {
        if (item.create || b.overlay !== item.overlay) remeasure = true; // italic changes the width
        applyStyle(b, item.overlay, item.color);
      }
      if (remeasure) measure.push(b);
    }

    // 2. One read pass (a single layout) for the bubbles written above.
    for (const b of measure) {
      b.width = b.el.offsetWidth;
      b.height = b.el.offsetHeight;
      this.stats.measures++;
    }
    measure.length = 0;

    // 3. Placement, stacked per rig, stacks of different rigs kept apart; then transforms.
    const s = Number.isFinite(scale) && scale > 0 ? scale : 1;
    const sizes = this.sizes;
    const anchor = this.anchor;
    const place = this.itemPlace;
    const groups = this.groups;
    const rects = this.groupRects;
    let groupCount = 0;
    for (let i = 0; i < items.length; ) {
      const rigId = items[i].rigId;
      sizes.length = 0;
      let j = i;
      for (; j < items.length && items[j].rigId === rigId; j++) sizes.push(this.bubbles.get(items[j].key)!);
      const known = anchorOf(rigId, anchor) && Number.isFinite(anchor[0]) && Number.isFinite(anchor[1]);
      if (!known) {
        for (const b of sizes) setHidden(b, true);
        i = j;
        continue;
      }
      const placed = stackBubbles(anchor[0], anchor[1], sizes, s, this.placements);
      let left = Infinity;
      let right = -Infinity;
      for (let k = 0; k < placed.length; k++) {
        const p = placed[k];
        const q = place[i + k] ?? { x: 0, y: 0, width: 0, height: 0 };
        q.x = p.x;
        q.y = p.y;
        q.width = p.width;
        q.height = p.height;
        place[i + k] = q;
        left = Math.min(left, p.x);
        right = Math.max(right, p.x + p.width);
      }
      const g = groups[groupCount] ?? { start: 0, end: 0, rect: { left: 0, top: 0, right: 0, bottom: 0 } };
      g.start = i;
      g.end = j;
      g.rect.left = left;
      g.rect.right = right;
      g.rect.top = placed[placed.length - 1].y;
      g.rect.bottom = placed[0].y + placed[0].height + SPEECH_LAYOUT.tail * s; // with the tail
      groups[groupCount] = g;
      rects[groupCount] = g.rect;
      groupCount++;
      i = j;
    }
    sizes.length = 0;
    rects.length = groupCount;
    const shifts = separateStacks(rects, SPEECH_LAYOUT.gap * s, this.shifts);
    for (let gi = 0; gi < groupCount; gi++) {
      const g = groups[gi];
      const dy = shifts[gi];
      for (let k = g.start; k < g.end; k++) {
        const b = this.bubbles.get(items[k].key)!;
        setHidden(b, false);
        const t = `translate(${Math.round(place[k].x)}px, ${Math.round(place[k].y + dy)}px) scale(${s})`;
        if (t !== b.transform) {
          b.el.style.transform = t;
          b.transform = t;
          this.stats.transformWrites++;
        }
      }
    }
  }

  /** Removes every bubble (keeps the overlay element). */
  clear(): void {
    for (const b of this.bubbles.values()) b.el.remove();
    this.bubbles.clear();
  }

  dispose(): void {
    this.clear();
    this.overlay.dispose();
  }
}

function createBubble(doc: Document): Bubble {
  const el = doc.createElement('div');
  el.dataset.speech = '';
  const s = el.style;
  s.position = 'absolute';
  s.left = '0px';
  s.top = '0px';
  s.transformOrigin = '0 0';
  s.boxSizing = 'border-box';
  s.maxWidth = `${SPEECH_STYLE.maxWidth}px`;
  s.padding = SPEECH_STYLE.padding;
  s.borderRadius = SPEECH_STYLE.radius;
  s.borderWidth = `${SPEECH_STYLE.border}px`;
  s.font = SPEECH_STYLE.font;
  s.whiteSpace = 'pre-wrap';
  s.overflowWrap = 'anywhere';
  s.textAlign = 'left';
  s.userSelect = 'none';
  const textEl = doc.createElement('span');
  textEl.style.position = 'relative'; // above the tail, which covers the bottom border
  const tailEl = doc.createElement('div');
  const t = tailEl.style;
  t.position = 'absolute';
  t.left = '50%';
  t.bottom = '0px';
  t.width = `${SPEECH_STYLE.tailSize}px`;
  t.height = `${SPEECH_STYLE.tailSize}px`;
  t.boxSizing = 'border-box';
  t.borderWidth = `0 ${SPEECH_STYLE.border}px ${SPEECH_STYLE.border}px 0`;
  t.transform = 'translate(-50%, 50%) rotate(45deg)';
  el.appendChild(tailEl);
  el.appendChild(textEl);
  return { el, textEl, tailEl, text: '', overlay: false, color: '', width: 0, height: 0, transform: '', hidden: false };
}

/** Current speech: solid border in the rig's colour. Overlay speech: dashed, italic, greyer. */
function applyStyle(b: Bubble, overlay: boolean, color: string): void {
  const border = color || SPEECH_STYLE.defaultBorder;
  const bg = overlay ? SPEECH_STYLE.overlayBackground : SPEECH_STYLE.background;
  const s = b.el.style;
  s.borderStyle = overlay ? 'dashed' : 'solid';
  s.borderColor = border;
  s.background = bg;
  s.color = overlay ? SPEECH_STYLE.overlayText : SPEECH_STYLE.text;
  s.fontStyle = overlay ? 'italic' : 'normal';
  const t = b.tailEl.style;
  t.borderStyle = overlay ? 'dashed' : 'solid';
  t.borderColor = border;
  t.background = bg;
  b.el.dataset.overlay = overlay ? '1' : '0';
  b.overlay = overlay;
  b.color = color;
}

function setHidden(b: Bubble, hidden: boolean): void {
  if (b.hidden === hidden) return;
  b.hidden = hidden;
  b.el.style.visibility = hidden ? 'hidden' : '';
}
