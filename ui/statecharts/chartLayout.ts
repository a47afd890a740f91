/**
 * Lays a chart model out with ELK's layered algorithm over the whole hierarchy at once
 * (`INCLUDE_CHILDREN`), the way statechart tools do: nested states become nested boxes, edges are
 * routed across the hierarchy orthogonally, and edge labels get space of their own.
 *
 * The engine is passed in, so the same code runs in Node (elk.bundled) and in the browser (ELK's
 * own Web Worker, off the main thread). The result is plain data in absolute chart coordinates.
 */
import type { ELK, ElkExtendedEdge, ElkLabel, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { ChartModel, ChartState } from './chartModel';
import { boxSize, headerHeight, LABEL_HEIGHT, labelWidth, lineWidth, PAD_BOTTOM, stateLines, titleWidth, type StateLine } from './chartText';

export type Point = [number, number];

export interface StateBox {
  path: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Title plus entry/exit/internal lines. */
  header: number;
  lines: StateLine[];
}

export interface EdgeRoute {
  id: string;
  /** One polyline per target (a transition into several parallel regions has more than one). */
  paths: Point[][];
  label: { x: number; y: number; width: number; height: number } | null;
}

export interface InitialMarker {
  /** The compound state whose initial child this marks. */
  parent: string;
  center: Point;
  points: Point[];
}

export interface ChartLayout {
  machineId: string;
  width: number;
  height: number;
  states: Record<string, StateBox>;
  edges: Record<string, EdgeRoute>;
  initials: InitialMarker[];
}

export type LayoutEngine = Pick<ELK, 'layout'>;

export const INITIAL_RADIUS = 5;
const MARGIN = 8;

const nodeId = (path: string) => `s:${path}`;
const initialId = (path: string) => `i:${path}`;

export const ROOT_LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '22',
  'elk.spacing.edgeNode': '12',
  'elk.spacing.edgeEdge': '8',
  'elk.spacing.edgeLabel': '3',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.mergeEdges': 'false',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};

/** The ELK graph of a chart model (exported for tests; `layoutChart` is the usual entry). */
export function elkGraph(model: ChartModel): ElkNode {
  const nodes = new Map<string, ElkNode>();
  const linesOf = new Map<string, StateLine[]>();
  const build = (state: ChartState): ElkNode => {
    const lines = stateLines(model, state);
    linesOf.set(state.path, lines);
    const node: ElkNode = { id: nodeId(state.path) };
    if (state.children.length === 0) {
      Object.assign(node, boxSize(state, lines));
    } else {
      const children = state.children.map((p) => build(model.byPath.get(p)!));
      if (state.initial) children.unshift({ id: initialId(state.path), width: 2 * INITIAL_RADIUS, height: 2 * INITIAL_RADIUS });
      node.children = children;
      // ELK sizes a compound state from its children; its own header text sets a minimum.
      const minWidth = Math.max(titleWidth(state), ...lines.map(lineWidth));
      node.layoutOptions = {
        'elk.padding': `[top=${headerHeight(lines) + 6},left=10,bottom=${PAD_BOTTOM + 6},right=10]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.ceil(minWidth)}, 40)`,
      };
    }
    nodes.set(state.path, node);
    return node;
  };
  const rootState = model.states[0];
  const root = build(rootState);
  const edges: ElkExtendedEdge[] = [];
  for (const s of model.states) {
    if (s.initial) edges.push({ id: `init:${s.path}`, sources: [initialId(s.path)], targets: [nodeId(s.initial)] });
  }
  for (const e of model.edges) {
    if (e.internal) continue;
    const label: ElkLabel = { text: e.label, width: labelWidth(e.label), height: LABEL_HEIGHT };
    // A transition to several targets (parallel regions) is drawn to each of them.
    e.targets.forEach((t, i) => edges.push({ id: `e:${i}:${e.id}`, sources: [nodeId(e.source)], targets: [nodeId(t)], labels: i === 0 ? [label] : [] }));
  }
  return { ...root, id: 'chart', layoutOptions: { ...ROOT_LAYOUT_OPTIONS, ...root.layoutOptions }, edges };
}

/** Lays out a chart model. Coordinates are absolute, with the root box at (MARGIN, MARGIN). */
export async function layoutChart(model: ChartModel, engine: LayoutEngine): Promise<ChartLayout> {
  const graph = elkGraph(model);
  const out = await engine.layout(graph);
  const states: Record<string, StateBox> = {};
  const byId = new Map<string, ElkNode>();
  const collect = (n: ElkNode) => {
    byId.set(n.id, n);
    for (const c of n.children ?? []) collect(c);
  };
  collect(out);
  const shift = (p: ElkPoint): Point => [round(p.x + MARGIN), round(p.y + MARGIN)];
  const rootNode = out;
  for (const s of model.states) {
    const n = s.path === '' ? rootNode : byId.get(nodeId(s.path));
    if (!n) throw new Error(`ELK lost state "${s.path}"`);
    const lines = stateLines(model, s);
    const [x, y] = s.path === '' ? [MARGIN, MARGIN] : shift({ x: n.x ?? 0, y: n.y ?? 0 });
    states[s.path] = { path: s.path, x, y, width: round(n.width ?? 0), height: round(n.height ?? 0), header: headerHeight(lines), lines };
  }
  const edges: Record<string, EdgeRoute> = {};
  const initials: InitialMarker[] = [];
  for (const e of out.edges ?? []) {
    const points = (e.sections ?? []).flatMap((sec) => [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint]).map(shift);
    if (e.id.startsWith('init:')) {
      const parent = e.id.slice('init:'.length);
      const marker = byId.get(initialId(parent));
      const [mx, my] = shift({ x: marker?.x ?? 0, y: marker?.y ?? 0 });
      initials.push({ parent, center: [mx + INITIAL_RADIUS, my + INITIAL_RADIUS], points });
      continue;
    }
    const id = e.id.replace(/^e:\d+:/, '');
    const l = e.labels?.[0];
    const route = edges[id];
    const label = l && l.x !== undefined && l.y !== undefined ? { ...pointObj(shift({ x: l.x, y: l.y })), width: l.width ?? 0, height: l.height ?? 0 } : null;
    if (route) route.paths.push(points);
    else edges[id] = { id, paths: [points], label };
  }
  return {
    machineId: model.machineId,
    width: round((rootNode.width ?? 0) + 2 * MARGIN),
    height: round((rootNode.height ?? 0) + 2 * MARGIN),
    states,
    edges,
    initials,
  };
}

const round = (v: number) => Math.round(v * 10) / 10;
const pointObj = ([x, y]: Point) => ({ x, y });
