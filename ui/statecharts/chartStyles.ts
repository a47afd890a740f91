/**
 * The chart's look, as one stylesheet embedded in the SVG itself: the app and an exported .svg
 * file draw the same thing. Everything is scoped under `.sc-chart`.
 */
import { FONT_FAMILY, LABEL_SIZE, LINE_SIZE, TITLE_SIZE } from './chartText';

export const CHART_CSS = `
.sc-chart { font-family: ${FONT_FAMILY}; }
.sc-chart text { fill: #1f2328; dominant-baseline: middle; }
.sc-chart .sc-root > rect { fill: #fbfcfd; stroke: #c9cfd6; stroke-width: 1; }
.sc-chart .sc-title { font-size: ${TITLE_SIZE}px; font-weight: 700; }
.sc-chart .sc-root > .sc-title { fill: #6a737d; }
.sc-chart .sc-line { font-size: ${LINE_SIZE}px; fill: #57606a; }
.sc-chart .sc-line.sc-internal { fill: #6e7781; font-style: italic; }
.sc-chart .sc-sep { stroke: #d9dde3; stroke-width: 1; }
.sc-chart .sc-state { cursor: pointer; }
.sc-chart .sc-state > rect { fill: #ffffff; stroke: #8c959f; stroke-width: 1.2; }
.sc-chart .sc-state[data-type="compound"] > rect, .sc-chart .sc-state[data-type="parallel"] > rect { fill: #f6f8fa; }
.sc-chart .sc-state.sc-region > rect { fill: #fafbfc; stroke-dasharray: 5 3; }
.sc-chart .sc-state[data-active="true"] > rect { fill: #e3edff; stroke: #1f6feb; stroke-width: 2.2; }
.sc-chart .sc-state[data-active="true"][data-type="compound"] > rect,
.sc-chart .sc-state[data-active="true"][data-type="parallel"] > rect { fill: #f0f5ff; }
.sc-chart .sc-state[data-active="true"] > .sc-title { fill: #0b4fc4; }
.sc-chart .sc-state[data-focused="true"] > rect { stroke: #8250df; stroke-width: 2.4; }
.sc-chart .sc-state:hover > rect { stroke: #57606a; }
.sc-chart .sc-bp { fill: transparent; stroke: #c9d1d9; stroke-width: 1; }
.sc-chart [data-breakpoint="true"] > .sc-bp { fill: #d1242f; stroke: #ffffff; stroke-width: 1.2; }
.sc-chart .sc-state:hover > .sc-bp { stroke: #d1242f; stroke-width: 1; fill: #ffd8d3; }
.sc-chart .sc-bp-hit { fill: transparent; cursor: pointer; }
.sc-chart .sc-edge { cursor: pointer; }
.sc-chart .sc-edge > .sc-path { fill: none; stroke: #6e7781; stroke-width: 1.3; }
.sc-chart .sc-edge > .sc-hit { fill: none; stroke: transparent; stroke-width: 9; }
.sc-chart .sc-edge > .sc-label-bg { fill: #ffffff; stroke: none; opacity: 0.92; }
.sc-chart .sc-edge > text { font-size: ${LABEL_SIZE}px; fill: #24292f; }
.sc-chart .sc-edge:hover > .sc-path { stroke: #24292f; stroke-width: 1.8; }
.sc-chart .sc-edge[data-eventless="true"] > .sc-path { stroke-dasharray: 4 3; }
.sc-chart .sc-edge[data-last="true"] > .sc-path { stroke: #1f6feb; stroke-width: 2.2; }
.sc-chart .sc-edge[data-last="true"] > text { fill: #0b4fc4; font-weight: 700; }
.sc-chart .sc-edge[data-focused="true"] > .sc-path { stroke: #8250df; stroke-width: 2.6; }
.sc-chart .sc-edge[data-focused="true"] > text { fill: #6639ba; font-weight: 700; }
.sc-chart .sc-edge[data-breakpoint="true"] > .sc-label-bg { fill: #ffebe9; stroke: #d1242f; stroke-width: 1; }
/* A flash is two repaints (on, off), never an animation: the panel must not cost frames. */
.sc-chart .sc-edge[data-flash="true"] > .sc-path { stroke: #fb8500; stroke-width: 4; }
.sc-chart .sc-edge[data-flash="true"] > .sc-arrow { fill: #fb8500; }
.sc-chart .sc-arrow { fill: #6e7781; }
.sc-chart .sc-edge[data-last="true"] > .sc-arrow { fill: #1f6feb; }
.sc-chart .sc-edge[data-focused="true"] > .sc-arrow { fill: #8250df; }
.sc-chart .sc-initial { fill: #1f2328; }
.sc-chart .sc-initial-path { fill: none; stroke: #1f2328; stroke-width: 1.2; }
`;
