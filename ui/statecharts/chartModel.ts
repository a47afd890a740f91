/**
 * A machine definition as a chart: its state node tree (nested and parallel states, initial
 * children, entry/exit actions) and its transitions as edges labelled with the event type and the
 * guard's name. Pure: it reads the xstate machine object only, so it is tested in Node and the
 * same model feeds the layout, the SVG, breakpoints and the timeline link.
 *
 * State paths are dotted and relative to the machine root, exactly as trace records name them
 * (`PLAY.RUNNING`, `running.lane.idle`); the root itself is ''. An edge's id is
 * `<source path>|<event>|<target path>` (the `data-edge` hook). Branches of one event that differ
 * only by guard but go to the same target are one edge listing every guard: a trace record says
 * which way the state went, never which branch's guard passed, so they are indistinguishable.
 */
import { and, not, or, type AnyStateMachine } from 'xstate';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  path: string;
  key: string;
  type: ChartStateType;
  /** Parent path; null for the root. */
  parent: string | null;
  /** Child paths in document order. */
  children: string[];
  /** The initial child's path (compound states). */
  initial: string | null;
  entry: string[];
  exit: string[];
  depth: number;
}

export interface ChartEdge {
  /** `<source>|<event>|<target>` — unique within the machine. */
  id: string;
  source: string;
  /** The event type as xstate names it; eventless transitions are `always`. */
  event: string;
  /** Target paths; empty for a targetless (internal, action-only) transition. */
  targets: string[];
  /** One entry per merged branch, in document order: its guard's name, or null when unguarded. */
  guards: (string | null)[];
  /** Action names per merged branch. */
  actions: string[][];
  /** Targetless: runs actions, the state configuration does not change (so it is never traced). */
  internal: boolean;
  eventless: boolean;
  /** `event [guard]` as drawn on the chart. */
  label: string;
}

export interface ChartModel {
  machineId: string;
  /** Every state, root first, in document order (depth first). */
  states: ChartState[];
  byPath: ReadonlyMap<string, ChartState>;
  edges: ChartEdge[];
  byEdgeId: ReadonlyMap<string, ChartEdge>;
}

/** The event name used in edge ids and labels for eventless (`always`) transitions. */
export const ALWAYS_EVENT = 'always';

interface StateNodeLike {
  key: string;
  path: string[];
  type: ChartStateType;
  states: Record<string, StateNodeLike>;
  initial?: { target?: readonly StateNodeLike[] } | undefined;
  entry: readonly unknown[];
  exit: readonly unknown[];
  transitions: Map<string, readonly TransitionLike[]>;
  always?: readonly TransitionLike[];
}

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  actions: readonly unknown[];
  target?: readonly StateNodeLike[] | undefined;
  source: StateNodeLike;
}

const pathOf = (node: { path: readonly string[] }): string => node.path.join('.');

// Higher-order guards are recognised by their check function, which survives minification
// (function names do not).
const checkOf = (g: unknown) => (g as { check?: unknown }).check;
const COMBINATORS: Array<{ check: unknown; join: (parts: string[]) => string }> = [
  { check: checkOf(and([])), join: (p) => p.map(wrap).join(' && ') },
  { check: checkOf(or([])), join: (p) => p.map(wrap).join(' || ') },
  { check: checkOf(not('x')), join: (p) => `!${wrap(p[0] ?? '')}` },
];
function wrap(s: string): string {
  return /[ &|]/.test(s) ? `(${s})` : s;
}

/** A guard as text: its name, `a && b`, `!a`, or `inline` for an anonymous function. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combinator = COMBINATORS.find((c) => c.check === checkOf(guard));
    const inner = (guard as { guards?: unknown[] }).guards;
    if (combinator && inner) return combinator.join(inner.map((g) => guardName(g) ?? 'inline'));
    return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return 'inline';
}

/** An action as text: its name (or type, for xstate's built-ins), `inline` for an anonymous one. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && typeof (action as { type?: unknown }).type === 'string') return (action as { type: string }).type;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type;
    return action.name || 'inline';
  }
  return 'inline';
}

/** How an event type reads on the chart (`after 500ms`, `done: x`); ids keep the raw type. */
export function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${after[1]}ms`;
  if (eventType.startsWith('xstate.done.state.')) return `done: ${eventType.slice('xstate.done.state.'.length)}`;
  return eventType;
}

export function edgeLabel(event: string, guards: readonly (string | null)[]): string {
  const named = guards.filter((g): g is string => g !== null);
  const text = eventLabel(event);
  if (named.length === 0) return text;
  // An unguarded branch among guarded ones is the fallback: shown as `else`.
  const parts = guards.length > named.length ? [...named, 'else'] : named;
  return `${text} [${parts.join(' | ')}]`;
}

export function edgeId(source: string, event: string, targets: readonly string[]): string {
  return `${source}|${event}|${targets.length ? targets.join(',') : source}`;
}

/** Builds the chart model of a machine definition. */
export function chartModel(machine: AnyStateMachine): ChartModel {
  const states: ChartState[] = [];
  const edges: ChartEdge[] = [];
  const edgeIndex = new Map<string, ChartEdge>();

  const addTransition = (t: TransitionLike, event: string) => {
    const source = pathOf(t.source);
    const targets = (t.target ?? []).map(pathOf);
    const id = edgeId(source, event, targets);
    const guard = guardName(t.guard);
    const actions = t.actions.map(actionName);
    const existing = edgeIndex.get(id);
    if (existing) {
      existing.guards.push(guard);
      existing.actions.push(actions);
      existing.label = edgeLabel(event, existing.guards);
      return;
    }
    const edge: ChartEdge = {
      id,
      source,
      event,
      targets,
      guards: [guard],
      actions: [actions],
      internal: targets.length === 0,
      eventless: event === ALWAYS_EVENT,
      label: edgeLabel(event, [guard]),
    };
    edgeIndex.set(id, edge);
    edges.push(edge);
  };

  const visit = (node: StateNodeLike, parent: string | null, depth: number) => {
    const path = pathOf(node);
    const children = Object.values(node.states);
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    states.push({
      path,
      key: path === '' ? machine.id : node.key,
      type: node.type,
      parent,
      children: children.map(pathOf),
      initial: initialTarget ? pathOf(initialTarget) : null,
      entry: node.entry.map(actionName),
      exit: node.exit.map(actionName),
      depth,
    });
    for (const [eventType, list] of node.transitions) for (const t of list) addTransition(t, eventType);
    for (const t of node.always ?? []) addTransition(t, ALWAYS_EVENT);
    for (const child of children) visit(child, path, depth + 1);
  };
  visit(machine.root as unknown as StateNodeLike, null, 0);

  return {
    machineId: machine.id,
    states,
    byPath: new Map(states.map((s) => [s.path, s])),
    edges,
    byEdgeId: edgeIndex,
  };
}

/** `a.b.c` → ['', 'a', 'a.b', 'a.b.c']: the state and all its ancestors. */
export function ancestorsOf(path: string): string[] {
  const out = [''];
  if (path === '') return out;
  const parts = path.split('.');
  for (let i = 1; i <= parts.length; i += 1) out.push(parts.slice(0, i).join('.'));
  return out;
}

/** The active configuration of a state value object: every active state path, ancestors included. */
export function valueConfiguration(value: unknown, prefix = '', out = new Set<string>([''])): Set<string> {
  if (typeof value === 'string') {
    out.add(prefix ? `${prefix}.${value}` : value);
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.add(path);
      valueConfiguration(inner, path, out);
    }
  }
  return out;
}

/**
 * The active configuration of a state value as trace records flatten it. Parallel regions are
 * joined by commas and every region after the first is written relative to the parallel state
 * (`running.lane.idle,overlay.quiet`), so each segment is resolved against the machine: relative
 * to the nearest ancestor of the segment before it where it names a state.
 */
export function recordConfiguration(model: ChartModel, flat: string): Set<string> {
  const out = new Set<string>(['']);
  if (!flat) return out;
  let previous = '';
  for (const segment of flat.split(',')) {
    const bases = ancestorsOf(previous).reverse();
    const resolved = bases.map((b) => (b ? `${b}.${segment}` : segment)).find((p) => model.byPath.has(p)) ?? segment;
    for (const p of ancestorsOf(resolved)) out.add(p);
    previous = resolved;
  }
  return out;
}

/** True when `ancestor` is `path` or contains it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);
}
