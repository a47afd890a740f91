/**
 * Debug / marker text as an HTML overlay over the canvas. Cheap by construction: a pool of
 * spans whose text is written only when it changes and whose position is a transform.
 */
export interface LabelSpec {
  /** CSS px relative to the canvas top-left. */
  x: number;
  y: number;
  text: string;
  color?: string;
}

/**
 * An absolutely positioned, click-through div kept exactly over the canvas: the host of the HTML
 * overlays (speech bubbles under debug labels). Created lazily (the canvas may not be in the
 * document yet). Overlays are ordered by `order` among the canvas's following siblings (or the
 * container's children), whatever order they are created in.
 */
export class OverlayRoot {
  private root: HTMLDivElement | null = null;
  private boxKey = '';

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly container: HTMLElement | null,
    /** data-* attribute name (camelCase) marking this overlay, e.g. 'stageLabels'. */
    private readonly marker: string,
    private readonly order: number,
  ) {}

  get element(): HTMLDivElement | null {
    return this.root;
  }

  ensure(): HTMLDivElement | null {
    if (this.root) return this.root;
    const doc = this.canvas.ownerDocument;
    const host = this.container ?? this.canvas.parentElement;
    if (!doc || !host) return null;
    const root = doc.createElement('div');
    root.dataset[this.marker] = '';
    root.dataset.stageOverlay = String(this.order);
    const s = root.style;
    s.position = 'absolute';
    s.pointerEvents = 'none';
    s.overflow = 'hidden';
    s.left = '0px';
    s.top = '0px';
    s.width = '0px';
    s.height = '0px';
    const orderOf = (el: Element | null): number | null => {
      const v = (el as HTMLElement | null)?.dataset?.stageOverlay;
      return v === undefined ? null : Number(v);
    };
    if (this.container) {
      let before: Element | null = null;
      for (let c = this.container.firstElementChild; c; c = c.nextElementSibling) {
        const o = orderOf(c);
        if (o !== null && o > this.order) {
          before = c;
          break;
        }
      }
      this.container.insertBefore(root, before);
    } else {
      let after: Element = this.canvas;
      for (let next = after.nextElementSibling; next; next = next.nextElementSibling) {
        const o = orderOf(next);
        if (o === null || o > this.order) break;
        after = next;
      }
      after.insertAdjacentElement('afterend', root);
    }
    this.root = root;
    this.sync();
    return root;
  }

  /** Places the overlay exactly over the canvas (call on resize; reads layout). */
  sync(): void {
    const root = this.root;
    if (!root) return;
    const left = this.container ? 0 : this.canvas.offsetLeft;
    const top = this.container ? 0 : this.canvas.offsetTop;
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    const key = `${left},${top},${w},${h}`;
    if (key === this.boxKey) return;
    this.boxKey = key;
    root.style.left = `${left}px`;
    root.style.top = `${top}px`;
    root.style.width = `${w}px`;
    root.style.height = `${h}px`;
  }

  dispose(): void {
    this.root?.remove();
    this.root = null;
    this.boxKey = '';
  }
}

/** Stacking order of the overlays over the canvas. */
export const OVERLAY_ORDER = { speech: 1, labels: 2 } as const;

export class LabelLayer {
  private readonly overlay: OverlayRoot;
  private spans: HTMLSpanElement[] = [];
  private texts: string[] = [];
  private transforms: string[] = [];
  private colors: string[] = [];
  private visibleCount = 0;

  constructor(canvas: HTMLCanvasElement, container: HTMLElement | null = null) {
    this.overlay = new OverlayRoot(canvas, container, 'stageLabels', OVERLAY_ORDER.labels);
  }

  /** The overlay element, once created (null until the first label or without a parent). */
  get element(): HTMLDivElement | null {
    return this.overlay.element;
  }

  /** Places the overlay exactly over the canvas (call on resize). */
  syncBox(): void {
    this.overlay.sync();
  }

  update(labels: readonly LabelSpec[]): void {
    if (labels.length === 0 && this.visibleCount === 0) return;
    const root = labels.length ? this.overlay.ensure() : this.overlay.element;
    if (!root) return;
    const doc = root.ownerDocument;
    for (let i = 0; i < labels.length; i++) {
      const l = labels[i];
      let span = this.spans[i];
      if (!span) {
        span = doc.createElement('span');
        const s = span.style;
        s.position = 'absolute';
        s.left = '0px';
        s.top = '0px';
        s.font = '11px/1.25 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
        s.padding = '1px 4px';
        s.borderRadius = '3px';
        s.background = 'rgba(255,255,255,0.82)';
        s.whiteSpace = 'pre';
        s.willChange = 'transform';
        root.appendChild(span);
        this.spans.push(span);
        this.texts.push('');
        this.transforms.push('');
        this.colors.push('');
      }
      if (this.texts[i] !== l.text) {
        span.textContent = l.text;
        this.texts[i] = l.text;
      }
      const t = `translate(${Math.round(l.x)}px, ${Math.round(l.y)}px)`;
      if (this.transforms[i] !== t) {
        span.style.transform = t;
        this.transforms[i] = t;
      }
      const color = l.color ?? '#222';
      if (this.colors[i] !== color) {
        span.style.color = color;
        this.colors[i] = color;
      }
      if (i >= this.visibleCount) span.style.display = '';
    }
    for (let i = labels.length; i < this.visibleCount; i++) this.spans[i].style.display = 'none';
    this.visibleCount = labels.length;
  }

  dispose(): void {
    this.overlay.dispose();
    this.spans = [];
    this.texts = [];
    this.transforms = [];
    this.colors = [];
    this.visibleCount = 0;
  }
}
