/**
 * The Statecharts panel (bottom panel tab): pick an actor of the stage system (or a machine
 * definition), see its chart laid out by ELK, highlighted live while PLAY runs; click a state or
 * an edge to inspect it (details, the shortest paths to a state with a test skeleton), its gutter
 * dot or right click to toggle a breakpoint; break on stage events written with the rules' When
 * editor; export SVG.
 * Works offline: nothing here loads anything from outside the app.
 *
 * Budget (DESIGN.md §6b): only the selected actor is watched, and only while the panel is shown.
 */
import { createEffect, createMemo, createResource, createSignal, For, onCleanup, onMount, Show, untrack } from 'solid-js';
import type { Editor } from '../state/editor';
import { DEFINITION_PREFIX, liveActors, machineDefinitions, machineForActorId, machineOf, plannedActorIds, STAGE_ACTOR } from './actorCatalog';
import { ChartSvg } from './ChartSvg';
import { ContextTreeView } from './ContextTreeView';
import { chartLayoutOf } from './layoutService';
import { LIVE_POLL_MS, LiveActor } from './liveActor';
import { PathsList } from './PathsList';
import { modelOfMachine, type StatechartSession, type TransitionRecord } from './session';
import { downloadSvg } from './svgExport';
import { EventBreakpoints } from './EventBreakpoints';
import './statecharts.css';
import { isActor } from '../../objects/core/models';

type FocusTarget = { kind: 'state' | 'edge'; key: string } | null;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
/** Fitting never shrinks text below this; a bigger chart scrolls instead. */
const MIN_FIT = 0.7;
const MAX_SCALE = 2;

export function StatechartPanel(props: { editor: Editor; session: StatechartSession; visible: boolean }) {
  const controller = props.editor.controller;
  const session = props.session;
  let canvas: HTMLDivElement | undefined;
  let svgEl: SVGSVGElement | undefined;

  const [selected, setSelected] = createSignal<string>(STAGE_ACTOR);
  const [liveIds, setLiveIds] = createSignal<readonly string[]>([STAGE_ACTOR], { equals: sameList });
  const [focused, setFocused] = createSignal<FocusTarget>(null);
  const [onlyThisActor, setOnlyThisActor] = createSignal(false);
  const [contextOpen, setContextOpen] = createSignal(false);
  const [scale, setScale] = createSignal(1);
  const [pendingRecord, setPendingRecord] = createSignal<TransitionRecord | null>(null);
  /** The panel takes the window's whole lower part, for big charts (the stage stays above, refitted). */
  const [expanded, setExpandedSignal] = createSignal(false);
  const setExpanded = (on: boolean) => {
    setExpandedSignal(on);
    // After the layout changed: the stage view fits its new size, the chart its own.
    requestAnimationFrame(() => {
      props.editor.fit();
      if (!manualZoom()) fit();
    });
  };

  const isDefinition = () => selected().startsWith(DEFINITION_PREFIX);
  const stickmanIds = createMemo(() => props.editor.doc().objects.filter(isActor).map((o) => o.id), [], { equals: sameList });
  const planned = createMemo(() => plannedActorIds(stickmanIds()).filter((id) => !liveIds().includes(id)));
  const definitions = machineDefinitions();

  const machine = createMemo(() => machineForActorId(selected()) ?? machineOf(selected(), controller.actor.system.get(selected())));
  const model = createMemo(() => {
    const m = machine();
    return m ? modelOfMachine(m) : null;
  });
  // Laid out when first shown (the ELK worker starts only if the panel is ever opened).
  const [layoutResource] = createResource(() => props.visible && model(), (m) => chartLayoutOf(m));
  // While the next machine is laid out the resource still holds the previous layout: never pair them.
  const layout = Object.assign(() => {
    const l = layoutResource();
    return l && l.machineId === model()?.machineId ? l : undefined;
  }, { get loading() { return layoutResource.loading; }, get error() { return layoutResource.error as unknown; } });
  const live = createMemo(() => {
    const m = model();
    if (!m || isDefinition()) return null;
    const l = new LiveActor(controller, selected(), m);
    onCleanup(() => l.dispose());
    return l;
  });
  const active = () => live()?.active() ?? new Set<string>();
  const last = () => live()?.last() ?? { ids: new Set<string>(), n: 0, record: null };

  const refreshActors = () => setLiveIds([...liveActors(controller.actor).keys()]);

  // Watch the selected actor only while the panel is shown.
  createEffect(() => {
    if (!props.visible) return;
    const l = live();
    const withContext = contextOpen();
    untrack(() => {
      refreshActors();
      l?.poll(true);
    });
    const sub = controller.records$.subscribe((r) => l?.hear(r));
    let polls = 0;
    const timer = setInterval(() => {
      // The context tree is the costliest thing here to redraw: half as often as the rest.
      polls += 1;
      l?.poll(withContext && polls % 2 === 0);
      refreshActors();
    }, LIVE_POLL_MS);
    onCleanup(() => {
      sub.unsubscribe();
      clearInterval(timer);
    });
  });

  // Timeline → chart: select the record's actor and highlight the edges that explain it.
  createEffect(() => {
    const f = session.focus();
    if (!f) return;
    untrack(() => {
      setSelected(f.actor);
      setPendingRecord(f.record);
    });
  });
  // Breakpoint hit on a state or an edge: show its actor, with the breakpoint focused.
  createEffect(() => {
    const hit = session.lastHit();
    if (!hit || hit.record.type !== 'transition' || hit.breakpoint.kind === 'event') return;
    const record = hit.record;
    const kind = hit.breakpoint.kind;
    untrack(() => {
      setSelected(record.actor);
      setFocused({ kind, key: hit.breakpoint.key });
      setPendingRecord(record);
    });
  });
  createEffect(() => {
    const l = live();
    const record = pendingRecord();
    if (!l || !record || record.actor !== l.id) return;
    untrack(() => {
      l.showTransition(record);
      const first = [...l.last().ids][0];
      if (first && session.lastHit()?.record !== record) setFocused({ kind: 'edge', key: first });
      setPendingRecord(null);
    });
  });

  // Fit the chart when a new one appears, when the panel is shown, and when its size changes,
  // until the director zooms by hand.
  const [manualZoom, setManualZoom] = createSignal(false);
  createEffect(() => {
    const l = layout();
    if (!l || !props.visible) return;
    setManualZoom(false);
    untrack(() => fit());
  });
  onMount(() => {
    const ro = new ResizeObserver(() => {
      if (!manualZoom()) fit();
    });
    if (canvas) ro.observe(canvas);
    onCleanup(() => ro.disconnect());
  });
  function fit() {
    const l = layout();
    if (!l || !canvas) return;
    const w = canvas.clientWidth - 8;
    const h = canvas.clientHeight - 8;
    if (w <= 0 || h <= 0) return;
    setScale(Math.max(MIN_FIT, Math.min(1, w / l.width, h / l.height)));
  }
  const zoom = (factor: number) => {
    setManualZoom(true);
    setScale((s) => Math.min(MAX_SCALE, Math.max(0.2, s * factor)));
  };

  const breakpointKeys = createMemo(() => {
    session.breakpointsVersion();
    const m = model();
    if (!m) return new Set<string>();
    return new Set(session.breakpoints.list().filter((b) => b.machine === m.machineId).map((b) => `${b.kind}:${b.key}`));
  });
  const machineBreakpoints = createMemo(() => {
    session.breakpointsVersion();
    const m = model();
    return m ? session.breakpoints.list().filter((b) => b.machine === m.machineId && machineBreakpointsOnly(b)) : [];
  });
  const otherBreakpoints = createMemo(() => {
    session.breakpointsVersion();
    return session.breakpoints.list().filter((b) => b.kind !== 'event').length - machineBreakpoints().length;
  });

  const toggle = (kind: 'state' | 'edge', key: string) => {
    const m = model();
    if (!m) return;
    session.breakpoints.toggle(m.machineId, kind, key, onlyThisActor() && !isDefinition() ? selected() : null);
    setFocused({ kind, key });
  };
  /** A click inspects: details and paths, no breakpoint. */
  const inspect = (kind: 'state' | 'edge', key: string) => setFocused({ kind, key });
  const machineBreakpointsOnly = (b: { kind: string }) => b.kind !== 'event';

  const leaves = createMemo(() => {
    const m = model();
    const a = active();
    if (!m) return [];
    return [...a].filter((p) => p !== '' && !m.byPath.get(p)?.children.some((c) => a.has(c)));
  });
  // A chart bigger than the panel scrolls: keep the active states in view as they change.
  createEffect(() => {
    const l = layout();
    const paths = leaves();
    const k = scale();
    if (!l || !canvas || !props.visible || paths.length === 0) return;
    const boxes = paths.map((p) => l.states[p]).filter(Boolean);
    const x0 = Math.min(...boxes.map((b) => b.x)) * k;
    const y0 = Math.min(...boxes.map((b) => b.y)) * k;
    const x1 = Math.max(...boxes.map((b) => b.x + b.width)) * k;
    const y1 = Math.max(...boxes.map((b) => b.y + b.height)) * k;
    const c = canvas;
    const seen = x0 >= c.scrollLeft && x1 <= c.scrollLeft + c.clientWidth && y0 >= c.scrollTop && y1 <= c.scrollTop + c.clientHeight;
    if (!seen) c.scrollTo({ left: Math.max(0, (x0 + x1 - c.clientWidth) / 2), top: Math.max(0, (y0 + y1 - c.clientHeight) / 2) });
  });

  const status = () => {
    if (isDefinition()) return 'machine definition';
    if (!live()?.running()) return selected() === STAGE_ACTOR ? 'not running' : 'not running: starts in PLAY';
    return `live · ${leaves().join(', ') || '…'}`;
  };

  const focusedState = () => {
    const f = focused();
    return f?.kind === 'state' ? model()?.byPath.get(f.key) ?? null : null;
  };
  const focusedEdge = () => {
    const f = focused();
    return f?.kind === 'edge' ? model()?.byEdgeId.get(f.key) ?? null : null;
  };
  const focusedBreakpoint = () => {
    session.breakpointsVersion();
    const f = focused();
    const m = model();
    return f && m ? session.breakpoints.get(m.machineId, f.kind, f.key) ?? null : null;
  };

  const exportSvg = () => {
    if (svgEl) downloadSvg(svgEl, isDefinition() ? selected().slice(DEFINITION_PREFIX.length) : selected());
  };

  return (
    <section class="sc-panel" classList={{ 'sc-expanded': expanded() }} data-testid="statechart-panel" aria-label="Statecharts">
      <div class="sc-main">
        <div class="sc-bar">
          <select data-testid="statechart-actor" value={selected()} onChange={(e) => { setSelected(e.currentTarget.value); setFocused(null); }} title="Actor (or machine definition) to chart">
            <optgroup label="Live actors">
              <For each={liveIds()}>{(id) => <option value={id} selected={id === selected()}>{id}</option>}</For>
            </optgroup>
            <Show when={planned().length}>
              <optgroup label="Actors PLAY will start">
                <For each={planned()}>{(id) => <option value={id} selected={id === selected()}>{id}</option>}</For>
              </optgroup>
            </Show>
            <optgroup label="Machine definitions">
              <For each={definitions}>{(m) => <option value={`${DEFINITION_PREFIX}${m.id}`} selected={`${DEFINITION_PREFIX}${m.id}` === selected()}>{m.id} (definition)</option>}</For>
            </optgroup>
          </select>
          <span class="sc-status muted" data-testid="statechart-status" title={status()}>
            {status()}
          </span>
          <span class="sc-zoom">
            <button type="button" class="icon-btn" onClick={() => zoom(1 / 1.25)} title="Zoom out">−</button>
            <button type="button" class="small-btn" onClick={() => { setManualZoom(false); fit(); }} title="Fit the chart">Fit</button>
            <button type="button" class="icon-btn" onClick={() => zoom(1.25)} title="Zoom in">+</button>
            <button type="button" class="small-btn" data-testid="statechart-export" onClick={exportSvg} disabled={!layout()} title="Download the chart as an SVG file">
              SVG
            </button>
            <button type="button" class="small-btn" data-testid="statechart-expand" aria-pressed={expanded()} onClick={() => setExpanded(!expanded())} title={expanded() ? 'Back into the bottom panel' : 'Enlarge the panel over the stage'}>
              {expanded() ? 'Dock' : 'Enlarge'}
            </button>
          </span>
        </div>
        <div class="sc-canvas" ref={canvas} onWheel={(e) => {
          if (!e.ctrlKey) return;
          e.preventDefault();
          zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1);
        }}>
          <Show when={layout.error}>
            <p class="note sc-error">The chart could not be laid out: {String((layout.error as Error | undefined)?.message ?? layout.error)}</p>
          </Show>
          <Show when={model() && layout()} fallback={<p class="note small">{layout.loading ? 'Laying out the chart…' : 'Pick an actor.'}</p>}>
            <ChartSvg
              model={model()!}
              layout={layout()!}
              scale={scale()}
              ref={(el) => (svgEl = el)}
              marks={{
                active,
                last,
                flashing: () => live()?.flashing() ?? false,
                focused: () => focused()?.key ?? null,
                breakpoints: breakpointKeys,
              }}
              handlers={{ onState: (p) => inspect('state', p), onEdge: (id) => inspect('edge', id), onToggleBreakpoint: toggle }}
            />
          </Show>
        </div>
      </div>
      <aside class="sc-side">
        <details class="sc-section" open>
          <summary>Breakpoints ({machineBreakpoints().length}{otherBreakpoints() ? ` + ${otherBreakpoints()} elsewhere` : ''})</summary>
          <p class="note small">Click a state or an edge to inspect it. Its dot (or a right click) toggles a breakpoint: in PLAY the stage pauses at the end of the step that enters it or takes it.</p>
          <label class="sc-check">
            <input type="checkbox" data-testid="statechart-bp-actor-only" checked={onlyThisActor()} disabled={isDefinition()} onChange={(e) => setOnlyThisActor(e.currentTarget.checked)} />
            new ones for {isDefinition() ? 'every actor' : `${selected()} only`}
          </label>
          <ul class="sc-bp-list">
            <For each={machineBreakpoints()}>
              {(b) => (
                <li>
                  <button type="button" class="link" onClick={() => setFocused({ kind: b.kind as 'state' | 'edge', key: b.key })}>
                    {b.kind === 'state' ? b.key : model()?.byEdgeId.get(b.key)?.label ?? b.key}
                  </button>
                  <button
                    type="button"
                    class="link sc-scope"
                    disabled={isDefinition() && !b.actor}
                    title={b.actor ? 'Make it apply to every actor of the machine' : `Make it apply to ${selected()} only`}
                    onClick={() => session.breakpoints.setActor(b.machine, b.kind, b.key, b.actor ? null : selected())}
                  >
                    {b.actor ? `${b.actor} only` : 'any actor'}
                  </button>
                  <button type="button" class="icon-btn" title="Remove" onClick={() => session.breakpoints.toggle(b.machine, b.kind, b.key, null)}>×</button>
                </li>
              )}
            </For>
          </ul>
          <Show when={session.breakpoints.list().length > 0 && (session.breakpointsVersion(), true)}>
            <button type="button" class="small-btn" onClick={() => session.breakpoints.clear()}>Clear all</button>
          </Show>
        </details>
        <EventBreakpoints editor={props.editor} session={session} />
        <Show when={focusedState()}>
          {(s) => (
            <details class="sc-section" open data-testid="statechart-focus">
              <summary>State {s().path}</summary>
              <p class="small">
                {s().type}
                {focusedBreakpoint() ? ` · breakpoint (${focusedBreakpoint()!.actor ?? 'any actor'})` : ''}
              </p>
              <button type="button" class="small-btn" data-testid="statechart-bp-toggle" onClick={() => toggle('state', s().path)}>
                {focusedBreakpoint() ? 'Remove the breakpoint' : 'Set a breakpoint here'}
              </button>
              <h5>Shortest paths here</h5>
              <PathsList machine={machine()!} statePath={s().path} />
            </details>
          )}
        </Show>
        <Show when={focusedEdge()}>
          {(e) => (
            <details class="sc-section" open data-testid="statechart-focus">
              <summary>Edge {e().label}</summary>
              <p class="small">
                {e().source || model()?.machineId} → {e().targets.join(', ')}
                {focusedBreakpoint() ? ` · breakpoint (${focusedBreakpoint()!.actor ?? 'any actor'})` : ''}
              </p>
              <button type="button" class="small-btn" data-testid="statechart-bp-toggle" onClick={() => toggle('edge', e().id)}>
                {focusedBreakpoint() ? 'Remove the breakpoint' : 'Set a breakpoint on this edge'}
              </button>
              <Show when={e().actions.flat().length}>
                <p class="small muted">actions: {e().actions.map((a) => a.join(', ') || '—').join(' | ')}</p>
              </Show>
              <button
                type="button"
                class="small-btn"
                data-testid="statechart-filter-timeline"
                onClick={() => session.filterTimeline({ actor: isDefinition() ? null : selected(), machine: model()!.machineId, edgeId: e().id, label: `${isDefinition() ? `any ${model()!.machineId}` : selected()}: ${e().source || '(root)'} → ${e().targets.join(', ')} on ${e().event}` })}
              >
                Show its records in the timeline
              </button>
            </details>
          )}
        </Show>
        <details class="sc-section" open={contextOpen()} onToggle={(e) => setContextOpen(e.currentTarget.open)}>
          <summary>Context</summary>
          <Show when={contextOpen()}>
            <ContextTreeView context={() => live()?.context()} />
          </Show>
        </details>
      </aside>
    </section>
  );
}
