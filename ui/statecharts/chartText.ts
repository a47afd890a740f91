/**
 * What a state box says and how big that text is. The layout sizes boxes from these numbers and
 * the SVG draws the same lines in the same monospace font, so no DOM measurement is needed and
 * the layout runs anywhere (Node tests, a worker).
 */
import type { ChartEdge, ChartModel, ChartState } from './chartModel';

export const FONT_FAMILY = "'DejaVu Sans Mono', ui-monospace, Menlo, Consolas, monospace";
/** Monospace advance widths (0.6 em) plus a little slack for other monospace fonts. */
export const TITLE_SIZE = 12;
export const TITLE_CHAR = 7.4;
export const LINE_SIZE = 10;
export const LINE_CHAR = 6.2;
export const LABEL_SIZE = 10;
export const LABEL_CHAR = 6.2;

export const TITLE_HEIGHT = 20;
export const LINE_HEIGHT = 13;
export const PAD_X = 8;
export const PAD_BOTTOM = 6;
export const MIN_STATE_WIDTH = 72;
export const MIN_ATOMIC_HEIGHT = 28;
/** Lines of internal transitions listed in a box before the rest is summarised. */
export const MAX_INTERNAL_LINES = 6;
export const MAX_LINE_CHARS = 48;

export interface StateLine {
  text: string;
  kind: 'entry' | 'exit' | 'internal' | 'more';
  /** The internal edge this line stands for. */
  edge?: ChartEdge;
}

const clip = (s: string, max = MAX_LINE_CHARS) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Entry and exit actions, then the internal (targetless) transitions declared on the state. */
export function stateLines(model: ChartModel, state: ChartState): StateLine[] {
  const lines: StateLine[] = [];
  if (state.entry.length) lines.push({ kind: 'entry', text: clip(`entry / ${state.entry.join(', ')}`) });
  if (state.exit.length) lines.push({ kind: 'exit', text: clip(`exit / ${state.exit.join(', ')}`) });
  const internal = model.edges.filter((e) => e.internal && e.source === state.path);
  for (const edge of internal.slice(0, MAX_INTERNAL_LINES)) lines.push({ kind: 'internal', text: clip(edge.label), edge });
  if (internal.length > MAX_INTERNAL_LINES) lines.push({ kind: 'more', text: `+${internal.length - MAX_INTERNAL_LINES} more internal` });
  return lines;
}

export const titleWidth = (state: ChartState) => state.key.length * TITLE_CHAR + 2 * PAD_X + 14;
export const lineWidth = (line: StateLine) => line.text.length * LINE_CHAR + 2 * PAD_X;
export const labelWidth = (text: string) => text.length * LABEL_CHAR + 6;
export const LABEL_HEIGHT = 14;

/** The header of a box: title plus its lines (an atomic state is all header). */
export function headerHeight(lines: readonly StateLine[]): number {
  return TITLE_HEIGHT + lines.length * LINE_HEIGHT + (lines.length ? 4 : 0);
}

/** The smallest box that shows the title and every line. */
export function boxSize(state: ChartState, lines: readonly StateLine[]): { width: number; height: number } {
  const width = Math.max(MIN_STATE_WIDTH, titleWidth(state), ...lines.map(lineWidth));
  const height = Math.max(MIN_ATOMIC_HEIGHT, headerHeight(lines) + PAD_BOTTOM);
  return { width: Math.ceil(width), height: Math.ceil(height) };
}
