/**
 * The throw guide's marks (render/throwGuide): an evenly dotted arc, the raw crosshair, the
 * capped target only when there is one, the contact dot with its label, red only for an
 * unreachable target; and a guide change is a reason to redraw (render/redrawGate).
 */
import { describe, expect, it } from 'vitest';
import type { DiscBatch, StrokeBatch } from '../../../render/batches';
import { parseHex } from '../../../render/color';
import type { LabelSpec } from '../../../render/labels';
import { sameOverlay } from '../../../render/redrawGate';
import type { ViewOverlay } from '../../../render/stageView';
import { drawThrowGuide, THROW_GUIDE_STYLE, type ThrowGuideMarks } from '../../../render/throwGuide';

type Vec2 = [number, number];
interface Disc { x: number; y: number; r: number; fill: number[]; line: number[] }
interface Seg { ax: number; ay: number; bx: number; by: number; dash: number }

function record(g: ThrowGuideMarks, css = 1) {
  const discs: Disc[] = [];
  const segs: Seg[] = [];
  const labels: LabelSpec[] = [];
  const D = { push: (x: number, y: number, r: number, fill: number[], _f = 0, _o = 0, line: number[] = fill) => discs.push({ x, y, r, fill, line }) } as unknown as DiscBatch;
  const S = { push: (ax: number, ay: number, bx: number, by: number, _hw: number, _fill: unknown, _f = 0, _o = 0, _l: unknown = null, dash = 0) => segs.push({ ax, ay, bx, by, dash }) } as unknown as StrokeBatch;
  drawThrowGuide(g, S, D, labels, css, (p) => [p[0] * 2, p[1] * 2]);
  return { discs, segs, labels };
}

const straight: Vec2[] = [[0, 0], [25, 0], [50, 0], [100, 0]];
const base: ThrowGuideMarks = { status: 'planned', raw: [100, 0], effective: null, arc: straight, collision: null, collisionLabel: null };
const sameColour = (a: number[], hex: string) => parseHex(hex).slice(0, 3).every((c, i) => Math.abs(c - a[i]) < 1e-6);

describe('drawThrowGuide', () => {
  it('dots the arc evenly across its segments, in the status colour', () => {
    const { discs } = record(base);
    const dots = discs.filter((d) => d.r === 2.1);
    const spacing = THROW_GUIDE_STYLE.dotSpacing;
    expect(dots.map((d) => d.x)).toEqual(Array.from({ length: Math.ceil(100 / spacing) }, (_, i) => expect.closeTo(i * spacing, 9)));
    expect(dots.every((d) => sameColour(d.fill, THROW_GUIDE_STYLE.planned))).toBe(true);
    // Spacing is in screen px: zoomed out (one CSS px = 4 stage px), fewer dots.
    expect(record(base, 4).discs.filter((d) => d.r === 2.1)).toHaveLength(Math.ceil(100 / (spacing * 4)));
  });

  it('marks the raw point; the capped target only when there is one, joined by a dashed line', () => {
    const plain = record(base);
    expect(plain.segs.every((s) => s.dash === 0)).toBe(true);
    expect(plain.discs.filter((d) => d.r === 9)).toHaveLength(0);
    const capped = record({ ...base, raw: [300, 0], effective: [100, 0] });
    expect(capped.discs.filter((d) => d.r === 9).map((d) => [d.x, d.y])).toEqual([[100, 0]]);
    expect(capped.segs.filter((s) => s.dash > 0)).toEqual([{ ax: 300, ay: 0, bx: 100, by: 0, dash: 4 }]);
    // The raw crosshair stays at the raw point.
    expect(capped.segs.filter((s) => s.dash === 0).every((s) => (s.ax + s.bx) / 2 === 300)).toBe(true);
  });

  it('puts a contact dot and its label at the collision point', () => {
    const { discs, labels } = record({ ...base, collision: [50, 0], collisionLabel: 'hits wall' });
    const contact = discs.filter((d) => d.r === 6.5);
    expect(contact.map((d) => [d.x, d.y])).toEqual([[50, 0]]);
    expect(sameColour(contact[0].fill, THROW_GUIDE_STYLE.contact)).toBe(true);
    expect(labels).toEqual([{ x: 110, y: -18, text: 'hits wall', color: THROW_GUIDE_STYLE.contact }]);
  });

  it('is red only when unreachable', () => {
    for (const status of ['live', 'planned', 'unavailable', 'noop', 'unreachable'] as const) {
      const ring = record({ ...base, status, arc: [] }).discs.find((d) => d.r === 6)!;
      expect(sameColour(ring.line, THROW_GUIDE_STYLE.unreachable)).toBe(status === 'unreachable');
    }
  });
});

describe('redrawing', () => {
  it('a new throw guide is a change; the same one is not', () => {
    // Compared by identity, as the UI's memo hands them over.
    const none = { selectedIds: [], handles: [], walkTargets: [] };
    const overlay = (o: Partial<ViewOverlay> = {}): ViewOverlay => ({ ...none, hoverId: null, ghost: null, ...o });
    const guide = { ...base };
    expect(sameOverlay(overlay({ throwGuide: guide }), overlay({ throwGuide: guide }))).toBe(true);
    expect(sameOverlay(overlay({ throwGuide: guide }), overlay({ throwGuide: { ...base, raw: [101, 0] } }))).toBe(false);
    expect(sameOverlay(overlay(), overlay({ throwGuide: guide }))).toBe(false);
  });
});
