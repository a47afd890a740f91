/**
 * A laid-out chart as SVG: nested state boxes (regions of a parallel state dashed), initial
 * markers, edges with arrowheads and labels. Only attributes change as the actor runs
 * (`data-active`, `data-last`, `data-flash`, `data-breakpoint`), so a transition costs a few
 * attribute writes, never a re-render.
 *
 * Test hooks: one element per state with `data-state` and `data-active`, one per edge with
 * `data-edge`, `data-breakpoint="true"` where a breakpoint is set, and each state's gutter dot
 * `data-testid="statechart-bp-dot"`.
 */
import { For, Index, Show, type Accessor } from 'solid-js';
import type { ChartModel, ChartState } from './chartModel';
import type { ChartLayout, Point } from './chartLayout';
import { INITIAL_RADIUS } from './chartLayout';
import { CHART_CSS } from './chartStyles';
import { LINE_HEIGHT, PAD_X, TITLE_HEIGHT } from './chartText';

export interface ChartMarks {
  active: Accessor<ReadonlySet<string>>;
  /** Edges of the last transition. */
  last: Accessor<{ ids: ReadonlySet<string>; n: number }>;
  /** The last transition just happened: its edges flash. */
  flashing: Accessor<boolean>;
  /** The clicked state path or edge id (details, paths). */
  focused: Accessor<string | null>;
  /** `state:<path>` / `edge:<id>` keys with a breakpoint. */
  breakpoints: Accessor<ReadonlySet<string>>;
}

/**
 * Inspecting and setting breakpoints are separate gestures (issue 21, as in the Stately editor and
 * GDevelop): a click inspects (details, paths); the gutter dot of a state, or the context menu
 * (right click) on a state or an edge, toggles its breakpoint.
 */
export interface ChartHandlers {
  onState(path: string): void;
  onEdge(id: string): void;
  onToggleBreakpoint(kind: 'state' | 'edge', key: string): void;
}

const d = (pts: readonly Point[]) => pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x},${y}`).join(' ');

/** A filled arrowhead at the end of a polyline, along its last segment. */
function arrowHead(pts: readonly Point[]): string {
  if (pts.length < 2) return '';
  const [x1, y1] = pts[pts.length - 2];
  const [x2, y2] = pts[pts.length - 1];
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const size = 7;
  const bx = x2 - ux * size;
  const by = y2 - uy * size;
  return `${x2},${y2} ${bx - uy * size * 0.45},${by + ux * size * 0.45} ${bx + uy * size * 0.45},${by - ux * size * 0.45}`;
}

export function ChartSvg(props: { model: ChartModel; layout: ChartLayout; marks: ChartMarks; handlers: ChartHandlers; scale: number; ref?: (el: SVGSVGElement) => void }) {
  const states = () => props.model.states.filter((s) => s.path !== '');
  const root = () => props.model.states[0];
  const rootBox = () => props.layout.states[''];
  const isRegion = (s: ChartState) => s.parent !== null && props.model.byPath.get(s.parent)?.type === 'parallel';
  const routed = () => props.model.edges.filter((e) => !e.internal && props.layout.edges[e.id]);

  const boxLines = (s: ChartState) => {
    const box = props.layout.states[s.path];
    return (
      <>
        <text class="sc-title" x={box.x + PAD_X + 12} y={box.y + TITLE_HEIGHT / 2 + 1}>
          {s.key}
        </text>
        <Show when={box.lines.length}>
          <line class="sc-sep" x1={box.x + 1} x2={box.x + box.width - 1} y1={box.y + TITLE_HEIGHT} y2={box.y + TITLE_HEIGHT} />
        </Show>
        <Index each={box.lines}>
          {(line, i) => (
            <text
              class="sc-line"
              classList={{ 'sc-internal': line().kind === 'internal' }}
              x={box.x + PAD_X}
              y={box.y + TITLE_HEIGHT + 2 + LINE_HEIGHT * i + LINE_HEIGHT / 2}
              data-edge={line().edge?.id}
              data-internal={line().edge ? 'true' : undefined}
            >
              <title>{line().edge ? `${line().edge!.label} — internal: runs ${line().edge!.actions.flat().join(', ') || 'nothing'}; the state does not change, so it is not traced` : line().text}</title>
              {line().text}
            </text>
          )}
        </Index>
      </>
    );
  };

  return (
    <svg
      ref={props.ref}
      class="sc-chart"
      xmlns="http://www.w3.org/2000/svg"
      width={Math.ceil(props.layout.width * props.scale)}
      height={Math.ceil(props.layout.height * props.scale)}
      viewBox={`0 0 ${props.layout.width} ${props.layout.height}`}
      data-machine={props.model.machineId}
    >
      <style>{CHART_CSS}</style>
      <g class="sc-root" data-root={root().key}>
        <rect x={rootBox().x} y={rootBox().y} width={rootBox().width} height={rootBox().height} rx={8} />
        {boxLines(root())}
      </g>
      <For each={states()}>
        {(s) => {
          const box = props.layout.states[s.path];
          return (
            <g
              class="sc-state"
              classList={{ 'sc-region': isRegion(s) }}
              data-state={s.path}
              data-type={s.type}
              data-active={props.marks.active().has(s.path) ? 'true' : 'false'}
              data-focused={props.marks.focused() === s.path ? 'true' : undefined}
              data-breakpoint={props.marks.breakpoints().has(`state:${s.path}`) ? 'true' : undefined}
              onClick={(e) => {
                e.stopPropagation();
                props.handlers.onState(s.path);
              }}
              onContextMenu={(e) => {
                e.preventDefault();
                e.stopPropagation();
                props.handlers.onToggleBreakpoint('state', s.path);
              }}
            >
              <title>{`${s.path} (${s.type}) — click: inspect; the dot or right click: toggle a breakpoint`}</title>
              <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={s.children.length ? 8 : 6} />
              <circle class="sc-bp" cx={box.x + PAD_X + 3} cy={box.y + TITLE_HEIGHT / 2 + 1} r={4} />
              <circle
                class="sc-bp-hit"
                data-testid="statechart-bp-dot"
                data-bp-for={s.path}
                cx={box.x + PAD_X + 3}
                cy={box.y + TITLE_HEIGHT / 2 + 1}
                r={8}
                onClick={(e) => {
                  e.stopPropagation();
                  props.handlers.onToggleBreakpoint('state', s.path);
                }}
              >
                <title>{`Toggle a breakpoint on ${s.path}`}</title>
              </circle>
              {boxLines(s)}
            </g>
          );
        }}
      </For>
      <For each={props.layout.initials}>
        {(m) => (
          <g class="sc-initial-marker" data-initial={m.parent}>
            <circle class="sc-initial" cx={m.center[0]} cy={m.center[1]} r={INITIAL_RADIUS} />
            <path class="sc-initial-path" d={d(m.points)} />
            <polygon class="sc-initial" points={arrowHead(m.points)} />
          </g>
        )}
      </For>
      <For each={routed()}>
        {(e) => {
          const route = props.layout.edges[e.id];
          const last = () => props.marks.last().ids.has(e.id);
          return (
            <g
              class="sc-edge"
              data-edge={e.id}
              data-event={e.event}
              data-eventless={e.eventless ? 'true' : undefined}
              data-last={last() ? 'true' : undefined}
              data-flash={last() && props.marks.flashing() ? 'true' : undefined}
              data-focused={props.marks.focused() === e.id ? 'true' : undefined}
              data-breakpoint={props.marks.breakpoints().has(`edge:${e.id}`) ? 'true' : undefined}
              onClick={(ev) => {
                ev.stopPropagation();
                props.handlers.onEdge(e.id);
              }}
              onContextMenu={(ev) => {
                ev.preventDefault();
                ev.stopPropagation();
                props.handlers.onToggleBreakpoint('edge', e.id);
              }}
            >
              <title>{`${e.source || props.model.machineId} → ${e.targets.join(', ')} on ${e.label} — click: inspect; right click: toggle a breakpoint`}</title>
              <For each={route.paths}>
                {(pts) => (
                  <>
                    <path class="sc-hit" d={d(pts)} />
                    <path class="sc-path" d={d(pts)} />
                    <polygon class="sc-arrow" points={arrowHead(pts)} />
                  </>
                )}
              </For>
              <Show when={route.label}>
                {(l) => (
                  <>
                    <rect class="sc-label-bg" x={l().x - 1} y={l().y - 1} width={l().width + 2} height={l().height + 2} rx={3} />
                    <text x={l().x + 3} y={l().y + l().height / 2 + 1}>
                      {e.label}
                    </text>
                  </>
                )}
              </Show>
            </g>
          );
        }}
      </For>
    </svg>
  );
}
