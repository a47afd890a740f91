/**
 * The throw guide's marks (issue 11 "Previews"): the predicted arc as dots a fixed screen
 * distance apart, the raw point as a small crosshair ring, the capped target as a bullseye joined
 * to the raw point by a dashed line, and the first contact as a filled dot. Status colours: blue
 * from a live held prop, violet for a planned one, grey when there is nothing to throw, and red
 * only for a target no arc reaches.
 */
import { LINE_CSS, SIZE_CSS, type DiscBatch, type StrokeBatch } from './batches';
import { rgba, TRANSPARENT } from './color';
import type { LabelSpec } from './labels';

type Vec2 = [number, number];

export interface ThrowGuideMarks {
  status: 'live' | 'planned' | 'unavailable' | 'unreachable' | 'noop';
  raw: Vec2;
  effective: Vec2 | null;
  arc: readonly Vec2[];
  collision: Vec2 | null;
  collisionLabel: string | null;
}

export const THROW_GUIDE_STYLE = {
  live: '#1c7ed6',
  planned: '#7048e8',
  neutral: '#868e96',
  unreachable: '#e03131',
  contact: '#f08c00',
  /** CSS px between two dots of the arc. */
  dotSpacing: 11,
} as const;

const colourOf = (status: ThrowGuideMarks['status']): string =>
  status === 'live' ? THROW_GUIDE_STYLE.live
    : status === 'planned' ? THROW_GUIDE_STYLE.planned
      : status === 'unreachable' ? THROW_GUIDE_STYLE.unreachable
        : THROW_GUIDE_STYLE.neutral;

/**
 * Pushes the guide into the overlay batches. `css` is one CSS px in stage px (1 / zoom);
 * `toScreen` places labels.
 */
export function drawThrowGuide(g: ThrowGuideMarks, S: StrokeBatch, D: DiscBatch, labels: LabelSpec[], css: number, toScreen: (p: Vec2) => Vec2): void {
  const colour = rgba(colourOf(g.status));
  const white = rgba('#ffffff');

  // Dots every dotSpacing CSS px along the polyline, carried across segments so they stay even.
  const spacing = THROW_GUIDE_STYLE.dotSpacing * css;
  let carry = 0;
  for (let i = 0; i + 1 < g.arc.length; i += 1) {
    const [ax, ay] = g.arc[i];
    const [bx, by] = g.arc[i + 1];
    const len = Math.hypot(bx - ax, by - ay);
    let s = carry;
    for (; s < len; s += spacing) D.push(ax + ((bx - ax) * s) / len, ay + ((by - ay) * s) / len, 2.1, colour, SIZE_CSS);
    carry = s - len;
  }

  // The raw point: a ring with a cross through it.
  const [rx, ry] = g.raw;
  const arm = 9 * css;
  S.push(rx - arm, ry, rx + arm, ry, 0.75, colour, SIZE_CSS);
  S.push(rx, ry - arm, rx, ry + arm, 0.75, colour, SIZE_CSS);
  D.push(rx, ry, 6, TRANSPARENT, SIZE_CSS | LINE_CSS, 1.5, colour);

  if (g.effective) {
    const [ex, ey] = g.effective;
    S.push(rx, ry, ex, ey, 0.6, colour, SIZE_CSS, 0, colour, 4);
    D.push(ex, ey, 9, white, SIZE_CSS | LINE_CSS, 2, colour);
    D.push(ex, ey, 3, colour, SIZE_CSS);
  }

  if (g.collision) {
    const [cx, cy] = g.collision;
    const contact = rgba(THROW_GUIDE_STYLE.contact);
    D.push(cx, cy, 6.5, contact, SIZE_CSS | LINE_CSS, 1.5, white);
    if (g.collisionLabel) {
      const [sx, sy] = toScreen(g.collision);
      labels.push({ x: sx + 10, y: sy - 18, text: g.collisionLabel, color: THROW_GUIDE_STYLE.contact });
    }
  }
}
