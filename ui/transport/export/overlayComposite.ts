/**
 * Draws the stage's HTML overlays — speech bubbles and text labels, which render/ keeps as DOM
 * over the canvas (DESIGN.md §6b) — onto a 2D canvas, so an exported video or GIF shows them as
 * the screen does. It reads the overlay elements StageView wrote (their transform, measured size,
 * text and style) and paints the same boxes; it never changes them.
 */
import { SPEECH_STYLE } from '../../../render';

type Ctx = CanvasRenderingContext2D;

/** `translate(Xpx, Ypx) scale(S)` → [X, Y, S]. */
export function parseTransform(transform: string): [number, number, number] | null {
  const t = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
  if (!t) return null;
  const s = /scale\((-?[\d.]+)\)/.exec(transform);
  return [Number(t[1]), Number(t[2]), s ? Number(s[1]) : 1];
}

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

const visible = (el: HTMLElement) => el.style.visibility !== 'hidden' && el.style.display !== 'none';

/** One speech bubble (render/speech.ts builds them: a box, a tail, the text). */
function drawBubble(ctx: Ctx, el: HTMLElement): void {
  const placed = parseTransform(el.style.transform);
  if (!placed) return;
  const [x, y, scale] = placed;
  const w = el.offsetWidth;
  const h = el.offsetHeight;
  const dashed = el.style.borderStyle === 'dashed';
  const border = el.style.borderColor || SPEECH_STYLE.defaultBorder;
  const background = el.style.backgroundColor || SPEECH_STYLE.background;
  const lw = SPEECH_STYLE.border;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(scale, scale);
  ctx.lineWidth = lw;
  ctx.setLineDash(dashed ? [4, 3] : []);
  ctx.strokeStyle = border;
  ctx.fillStyle = background;
  // The box, its border drawn inside the element's box as CSS does.
  roundRect(ctx, lw / 2, lw / 2, w - lw, h - lw, Number.parseFloat(SPEECH_STYLE.radius));
  ctx.fill();
  ctx.stroke();
  // The tail: a square turned 45° on the bottom edge, its two lower sides stroked.
  const half = SPEECH_STYLE.tailSize / 2;
  ctx.save();
  ctx.translate(w / 2, h);
  ctx.rotate(Math.PI / 4);
  ctx.fillRect(-half, -half, half * 2, half * 2);
  ctx.beginPath();
  ctx.moveTo(half - lw / 2, -half);
  ctx.lineTo(half - lw / 2, half - lw / 2);
  ctx.lineTo(-half, half - lw / 2);
  ctx.stroke();
  ctx.restore();
  // The text: the element's own lines (wrapped by render/speechLayout), padding as styled.
  const text = el.lastElementChild?.textContent ?? '';
  const [padTop, padX] = SPEECH_STYLE.padding.split(' ').map((p) => Number.parseFloat(p));
  ctx.fillStyle = el.style.color || SPEECH_STYLE.text;
  ctx.font = `${el.style.fontStyle === 'italic' ? 'italic ' : ''}${SPEECH_STYLE.font.replace(/\/\d+px/, '')}`;
  ctx.textBaseline = 'middle';
  const lineHeight = 17;
  text.split('\n').forEach((line, i) => ctx.fillText(line, lw + padX, lw + padTop + lineHeight * (i + 0.5)));
  ctx.restore();
}

/** One text label (render/labels.ts: a monospace span on a light chip). */
function drawLabel(ctx: Ctx, el: HTMLElement): void {
  const placed = parseTransform(el.style.transform);
  if (!placed) return;
  const [x, y] = placed;
  const w = el.offsetWidth;
  const h = el.offsetHeight;
  ctx.save();
  ctx.fillStyle = el.style.background || 'rgba(255,255,255,0.82)';
  roundRect(ctx, x, y, w, h, 3);
  ctx.fill();
  ctx.fillStyle = el.style.color || '#222';
  ctx.font = '11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
  ctx.textBaseline = 'middle';
  const lines = (el.textContent ?? '').split('\n');
  const lineHeight = lines.length > 0 ? (h - 2) / lines.length : h;
  lines.forEach((line, i) => ctx.fillText(line, x + 4, y + 1 + lineHeight * (i + 0.5)));
  ctx.restore();
}

/** Paints every visible overlay inside `container` in stacking order (speech under labels). */
export function compositeOverlays(ctx: Ctx, container: HTMLElement): number {
  let drawn = 0;
  const roots = [...container.querySelectorAll<HTMLElement>('[data-stage-overlay]')].sort((a, b) => Number(a.dataset.stageOverlay) - Number(b.dataset.stageOverlay));
  for (const root of roots) {
    for (const child of root.children) {
      const el = child as HTMLElement;
      if (!visible(el)) continue;
      if (el.dataset.speech !== undefined) drawBubble(ctx, el);
      else drawLabel(ctx, el);
      drawn += 1;
    }
  }
  return drawn;
}
