/**
 * Pure layout for speech bubbles (no DOM, unit-tested in Node). The DOM side is render/speech.ts.
 *
 * - `wrapSpeech` breaks a speech text into lines of at most `maxChars` characters (code points),
 *   on spaces where it can, hard-breaking longer words, keeping explicit newlines, and cutting
 *   to `maxLines` with an ellipsis. It never escapes or strips markup: the text goes to the DOM
 *   through `textContent`, so "<b>hi</b>" is shown literally.
 * - `planBubbles` diffs the bubbles that exist (keyed by rig id and bubble index) against the
 *   speech lists of the next frame: which to create, which need their text rewritten (and so
 *   re-measured), which only restyled, and which to remove (DESIGN.md §6b: text is drawn only
 *   when it changes).
 * - `stackBubbles` places one rig's bubbles above its head in screen px: the first (the queue's
 *   current speech) closest to the head, the overlay speeches stacked upward, never overlapping.
 * - `speechScale` is the screen-space size factor of bubbles for a camera zoom: bubbles grow and
 *   shrink with the zoom (as its square root) and are clamped so they stay legible zoomed out
 *   and do not swamp the view zoomed in.
 */

export interface SpeechEntry {
  text: string;
  overlay: boolean;
}

/** Layout constants (CSS px at scale 1 unless noted). */
export const SPEECH_LAYOUT = {
  /** Characters per wrapped line. */
  maxChars: 28,
  /** Lines per bubble; the rest is cut with an ellipsis. */
  maxLines: 6,
  /** Bubbles per rig (current speech + overlays); further overlays are not shown. */
  maxBubbles: 4,
  /** Room under each bubble for its tail. */
  tail: 9,
  /** Clearance between a tail tip and the head / the bubble below. */
  gap: 3,
  /**
   * speechScale(zoom) = clamp(sqrt(zoom / referenceZoom), minScale, maxScale): 1 at the zoom the
   * demo opens with (fitted, about 20 %), so bubbles follow the figures when zooming instead of
   * keeping one CSS size (at 7 % they were three times a stickman's height). The clamps are the
   * readable limits: 8 px text at the smallest (13 px × 0.6), 19.5 px at the largest.
   */
  referenceZoom: 0.2,
  minScale: 0.6,
  maxScale: 1.5,
} as const;

const ELLIPSIS = '\u2026';

/**
 * Wraps `text` into lines of at most `maxChars` code points. Runs of whitespace collapse to one
 * space; "\n" starts a new line; words longer than a line are split. Empty or blank text gives [].
 */
export function wrapSpeech(text: string, maxChars: number = SPEECH_LAYOUT.maxChars, maxLines: number = SPEECH_LAYOUT.maxLines): string[] {
  const width = Math.max(1, Math.floor(Number.isFinite(maxChars) ? maxChars : SPEECH_LAYOUT.maxChars));
  const limit = Math.max(1, Math.floor(Number.isFinite(maxLines) ? maxLines : SPEECH_LAYOUT.maxLines));
  const out: string[] = [];
  for (const para of String(text ?? '').replace(/\r\n?/g, '\n').split('\n')) {
    const words = para.split(/\s+/).filter((w) => w.length > 0);
    if (words.length === 0) {
      if (out.length > 0 && out[out.length - 1] !== '') out.push(''); // keep one blank line between paragraphs
      continue;
    }
    let line: string[] = [];
    for (const word of words) {
      let w = Array.from(word);
      if (line.length > 0 && line.length + 1 + w.length <= width) {
        line.push(' ', ...w);
        continue;
      }
      if (line.length > 0) out.push(line.join(''));
      line = [];
      while (w.length > width) {
        out.push(w.slice(0, width).join(''));
        w = w.slice(width);
      }
      line = w;
    }
    if (line.length > 0) out.push(line.join(''));
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  if (out.length > limit) {
    out.length = limit;
    const last = Array.from(out[limit - 1].replace(/\s+$/, ''));
    out[limit - 1] = (last.length + 1 > width ? last.slice(0, width - 1) : last).join('') + ELLIPSIS;
  }
  return out;
}

/** Pooled-element key of a rig's n-th bubble (the index comes first, so any rig id is safe). */
export function bubbleKey(rigId: string, index: number): string {
  return `${index}:${rigId}`;
}

/** What the layer remembers about a bubble it has drawn. */
export interface BubbleState {
  text: string;
  overlay: boolean;
  color: string;
}

export interface BubbleItem {
  key: string;
  rigId: string;
  /** 0 = closest to the head. */
  index: number;
  text: string;
  overlay: boolean;
  color: string;
  /** No element yet: create one (implies textChanged and styleChanged). */
  create: boolean;
  /** Write textContent and measure the element again. */
  textChanged: boolean;
  /** Overlay flag or colour changed: restyle (an overlay change also needs a re-measure). */
  styleChanged: boolean;
}

export interface BubblePlan {
  /** Every bubble of the next frame, grouped by rig in frame order, then by index. */
  items: BubbleItem[];
  /** Keys of existing bubbles whose rig or speech disappeared. */
  remove: string[];
}

export interface SpeakingRig {
  id: string;
  color?: string;
  speech?: ReadonlyArray<SpeechEntry> | null;
}

/**
 * Diffs existing bubbles against the next frame's rigs. Blank speeches are skipped (they do not
 * take an index); a repeated rig id is used once; at most `maxPerRig` bubbles per rig.
 */
export function planBubbles(prev: ReadonlyMap<string, BubbleState>, rigs: ReadonlyArray<SpeakingRig>, maxPerRig: number = SPEECH_LAYOUT.maxBubbles): BubblePlan {
  const items: BubbleItem[] = [];
  const seenRigs = new Set<string>();
  const live = new Set<string>();
  for (const rig of rigs) {
    const speech = rig.speech;
    if (!speech || speech.length === 0 || seenRigs.has(rig.id)) continue;
    seenRigs.add(rig.id);
    const color = rig.color ?? '';
    let index = 0;
    for (const entry of speech) {
      if (index >= maxPerRig) break;
      const text = typeof entry?.text === 'string' ? entry.text : '';
      if (text.trim() === '') continue;
      const overlay = entry.overlay === true;
      const key = bubbleKey(rig.id, index);
      const old = prev.get(key);
      live.add(key);
      items.push({
        key,
        rigId: rig.id,
        index,
        text,
        overlay,
        color,
        create: !old,
        textChanged: !old || old.text !== text,
        styleChanged: !old || old.overlay !== overlay || old.color !== color,
      });
      index++;
    }
  }
  const remove: string[] = [];
  for (const key of prev.keys()) if (!live.has(key)) remove.push(key);
  return { items, remove };
}

export interface BubbleSize {
  /** Unscaled layout size (CSS px at scale 1), as measured once when the text changed. */
  width: number;
  height: number;
}

export interface BubblePlacement {
  /** Top-left of the bubble in screen px (the element is scaled about its top-left). */
  x: number;
  y: number;
  /** On-screen size (size × scale). */
  width: number;
  height: number;
}

/**
 * Places one rig's bubbles: each centred on the anchor's X, the first one's tail tip `gap` above
 * the anchor (the top of the head), each next one above the previous with room for its tail.
 * All distances scale with `scale`.
 */
export function stackBubbles(anchorX: number, anchorY: number, sizes: ReadonlyArray<BubbleSize>, scale: number, out: BubblePlacement[] = []): BubblePlacement[] {
  const s = Number.isFinite(scale) && scale > 0 ? scale : 1;
  const step = (SPEECH_LAYOUT.tail + SPEECH_LAYOUT.gap) * s;
  out.length = sizes.length;
  let bottom = anchorY - step;
  for (let i = 0; i < sizes.length; i++) {
    const w = Math.max(0, sizes[i].width) * s;
    const h = Math.max(0, sizes[i].height) * s;
    const top = bottom - h;
    const p = out[i] ?? { x: 0, y: 0, width: 0, height: 0 };
    p.x = anchorX - w / 2;
    p.y = top;
    p.width = w;
    p.height = h;
    out[i] = p;
    bottom = top - step;
  }
  return out;
}

/** Screen-space size factor of bubbles for a camera zoom (CSS px per stage px), quantised to 1/20. */
export function speechScale(zoom: number): number {
  const z = Number.isFinite(zoom) && zoom > 0 ? zoom : SPEECH_LAYOUT.referenceZoom;
  const raw = Math.sqrt(z / SPEECH_LAYOUT.referenceZoom);
  const clamped = Math.min(SPEECH_LAYOUT.maxScale, Math.max(SPEECH_LAYOUT.minScale, raw));
  return Math.round(clamped * 20) / 20;
}

export interface StackRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Keeps the bubble stacks of different rigs apart (screen px): in the given order (frame order,
 * so the earlier rig keeps its place and nothing jumps as long as the order holds), each stack
 * that would come within `gap` of an earlier placed one moves straight up above it. Writes each
 * stack's vertical shift (≤ 0) into `out`.
 */
export function separateStacks(stacks: ReadonlyArray<StackRect>, gap: number, out: number[] = []): number[] {
  const g = Number.isFinite(gap) && gap > 0 ? gap : 0;
  out.length = stacks.length;
  for (let i = 0; i < stacks.length; i++) {
    const r = stacks[i];
    let dy = 0;
    // Each move puts the stack above one earlier stack for good, so i passes are enough.
    for (let pass = 0; pass <= i; pass++) {
      let moved = false;
      for (let j = 0; j < i; j++) {
        const p = stacks[j];
        const pdy = out[j];
        if (r.left < p.right + g && p.left < r.right + g && r.top + dy < p.bottom + pdy + g && p.top + pdy < r.bottom + dy + g) {
          dy = p.top + pdy - g - r.bottom;
          moved = true;
        }
      }
      if (!moved) break;
    }
    out[i] = dy;
  }
  return out;
}
