/**
 * The live transition timeline: records$ newest first, filterable by actor, kind and text.
 *
 * Virtualized (DESIGN.md §6b): rows have one fixed height, a spacer gives the list its full
 * height, and only the rows in view (plus an overscan) exist in the DOM, so a run with thousands
 * of records costs a few dozen rows, re-laid out at most four times a second (the buffer's rate).
 * Contact events are summarised in one row of counts above the list; their records are listed
 * only under the "contacts" filter, so they never bury the transitions and actions.
 *
 * Linked with the Statecharts panel: a transition row's "chart" link shows it on its actor's chart,
 * a chart edge can filter the list to its records, and a breakpoint hit scrolls to its record.
 */
import { createEffect, createMemo, createSignal, For, Index, on, onCleanup, onMount, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { actorMatches, TimelineBuffer, type TimelineEntry, type TimelineView } from '../state/timelineBuffer';
import { LandingNotes } from '../state/landingNotes';
import type { ContactSummary, PairCount } from '../state/contactFolds';
import { anchoredScrollTop, rowWindow } from '../state/virtualWindow';
import type { StatechartSession } from '../statecharts/session';
import type { TraceRecord } from '../../streams';

const KINDS = [
  ['transition', 'transitions'],
  ['event', 'events'],
  ['contact', 'contacts'],
  ['action', 'actions'],
  ['rule', 'rules'],
  ['command', 'commands'],
  ['warning', 'warnings'],
] as const;
/** Must match `.timeline-row` height in styles.css. */
export const TIMELINE_ROW_HEIGHT = 18;
const OVERSCAN_ROWS = 20;

function contactText(s: ContactSummary): string {
  const pair = (p: PairCount) => `${p.a || '?'}↔${p.b || '?'} ×${p.collided + p.separated}`;
  const top = s.top.length ? ` · most: ${s.top.map(pair).join(', ')}` : '';
  const other = s.other.collided + s.other.separated;
  return `${s.collided} collided · ${s.separated} separated · ${s.pairs} pair${s.pairs === 1 ? '' : 's'}${other ? ` (+${other} beyond the pair cap)` : ''}${top}`;
}

export function Timeline(props: { editor: Editor; visible: boolean; statecharts?: StatechartSession }) {
  let list!: HTMLDivElement;
  // A landing's row shows its fall height, read from the `physics.landed` machine event.
  const landings = new LandingNotes(() => props.editor.controller.tick);
  const buffer = new TimelineBuffer((next) => publish(next), { detail: (r) => landings.detail(r) });
  const [view, setView] = createSignal<TimelineView>(buffer.snapshot());
  const [actor, setActor] = createSignal('');
  const [kind, setKind] = createSignal('');
  const [text, setText] = createSignal('');
  const [scrollTop, setScrollTop] = createSignal(0);
  const [viewportHeight, setViewportHeight] = createSignal(0);
  /** A record to scroll to (a breakpoint hit) and the row last scrolled to. */
  const [revealTarget, setRevealTarget] = createSignal<TraceRecord | null>(null);
  const [revealedSeq, setRevealedSeq] = createSignal(-1);

  const query = () => text().trim().toLowerCase();
  const filtered = createMemo(() => {
    const a = actor();
    const k = kind();
    const q = query();
    const entries = view().entries;
    // Contacts are listed only when asked for: elsewhere their counts stand in for them.
    const charts = props.statecharts;
    const edge = charts?.edgeFilter();
    return entries.filter(
      (e) =>
        (k ? e.kind === k : e.kind !== 'contact') &&
        (!a || actorMatches(e.actor, a)) &&
        (!q || e.text.toLowerCase().includes(q) || e.actor.toLowerCase().includes(q)) &&
        (!edge || charts!.passesEdgeFilter(e.record)),
    );
  });

  const contacts = createMemo<ContactSummary | null>(() => {
    const v = view();
    const k = kind();
    if (v.contacts.total === 0 || (k && k !== 'contact')) return null;
    const a = actor();
    const q = query();
    const keep = a || q ? (p: PairCount) => (!a || actorMatches(p.a, a) || actorMatches(p.b, a)) && (!q || p.a.toLowerCase().includes(q) || p.b.toLowerCase().includes(q)) : undefined;
    const s = v.contacts.summary(3, keep);
    return s.collided + s.separated > 0 ? s : null;
  });

  const kept = createMemo(() => view().kinds.reduce((n, k) => n + k.kept, 0));
  const keptTitle = createMemo(() =>
    view()
      .kinds.map((k) => `${k.kind}: ${k.kept}/${k.cap}${k.evicted ? ` (${k.evicted} older dropped)` : ''}`)
      .join('\n'),
  );

  const range = createMemo(() => rowWindow(scrollTop(), viewportHeight(), TIMELINE_ROW_HEIGHT, filtered().length, OVERSCAN_ROWS));
  const rows = createMemo(() => {
    const { start, end } = range();
    return filtered().slice(start, end);
  });

  /** Keeps the row being read in place while new records arrive above it. */
  function publish(next: TimelineView): void {
    const top = list?.scrollTop ?? 0;
    const anchor = top >= TIMELINE_ROW_HEIGHT ? filtered()[Math.floor(top / TIMELINE_ROW_HEIGHT)] : undefined;
    setView(next);
    if (!anchor) return;
    const restored = anchoredScrollTop(filtered(), anchor.seq, top % TIMELINE_ROW_HEIGHT, TIMELINE_ROW_HEIGHT);
    if (restored !== null && restored !== top) {
      list.scrollTop = restored;
      setScrollTop(list.scrollTop);
    }
  }

  // A new filter starts reading from the newest record.
  createEffect(
    on([actor, kind, text], () => {
      if (list) list.scrollTop = 0;
      setScrollTop(0);
    }, { defer: true }),
  );
  createEffect(() => buffer.setActive(props.visible));

  // A breakpoint hit: scroll its record into view once it is listed (filters that hide it are cleared).
  createEffect(() => {
    const r = props.statecharts?.reveal();
    if (r) setRevealTarget(r.record);
  });
  createEffect(() => {
    const target = revealTarget();
    if (!target || !props.visible) return;
    const index = filtered().findIndex((e) => e.record === target);
    if (index < 0) {
      if (view().entries.some((e) => e.record === target) && (actor() || kind() || text() || props.statecharts?.edgeFilter())) {
        setActor('');
        setKind('');
        setText('');
        props.statecharts?.filterTimeline(null);
      }
      return;
    }
    const seq = filtered()[index].seq;
    setRevealTarget(null);
    setRevealedSeq(seq);
    // After the filter effects above have run (a new filter scrolls to the top).
    requestAnimationFrame(() => {
      const i = filtered().findIndex((e) => e.seq === seq);
      if (i < 0 || !list) return;
      list.scrollTop = Math.max(0, i * TIMELINE_ROW_HEIGHT - (list.clientHeight - TIMELINE_ROW_HEIGHT) / 2);
      setScrollTop(list.scrollTop);
    });
  });

  onMount(() => {
    buffer.attach(props.editor.controller.records$);
    const inspection = props.editor.controller.actor.system.inspect(landings.observe);
    onCleanup(() => inspection.unsubscribe());
    const measure = () => setViewportHeight(list.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(list);
    onCleanup(() => ro.disconnect());
  });
  onCleanup(() => buffer.dispose());

  const row = (e: () => TimelineEntry) => (
    <div class={`timeline-row rec rec-${e().kind}`} classList={{ revealed: e().seq === revealedSeq() }} data-testid="timeline-row" data-seq={e().seq} data-revealed={e().seq === revealedSeq() ? 'true' : undefined}>
      <span class="t">{e().record.t.toFixed(2)}</span>
      <span class="tick">#{e().record.tick}</span>
      <span class="kind">{e().kind}</span>
      <span class="actor" title={e().actor}>
        <button class="link" onClick={() => setActor(e().actor === actor() ? '' : e().actor)}>
          {e().actor}
        </button>
      </span>
      <span class="text" title={e().text}>
        <Show when={props.statecharts && e().record.type === 'transition'}>
          <button class="link timeline-chart-link" data-testid="timeline-chart-link" title="Show this transition on its actor's statechart" onClick={() => props.statecharts!.showTransition(e().record as Extract<TraceRecord, { type: 'transition' }>)}>
            chart
          </button>{' '}
        </Show>
        {e().text}
      </span>
    </div>
  );

  return (
    <section class="timeline" data-testid="timeline" aria-label="Transition timeline">
      <div class="timeline-bar">
        <h3>Timeline</h3>
        <select value={actor()} onChange={(e) => setActor(e.currentTarget.value)} data-testid="timeline-actor" title="Filter by actor">
          <option value="">all actors</option>
          <For each={view().actors}>{(a) => <option value={a}>{a}</option>}</For>
        </select>
        <select value={kind()} onChange={(e) => setKind(e.currentTarget.value)} data-testid="timeline-kind" title="Filter by record type">
          <option value="">all records</option>
          <For each={KINDS}>{([k, label]) => <option value={k}>{label}</option>}</For>
        </select>
        <input type="search" placeholder="filter text…" value={text()} onInput={(e) => setText(e.currentTarget.value)} data-testid="timeline-text" />
        <Show when={props.statecharts?.edgeFilter()}>
          {(f) => (
            <span class="timeline-edge-filter" data-testid="timeline-edge-filter" title="Only the records of this statechart edge">
              edge {f().label}
              <button class="link" title="Show all records" onClick={() => props.statecharts!.filterTimeline(null)}>
                ×
              </button>
            </span>
          )}
        </Show>
        <span class="muted" data-testid="timeline-count" title={keptTitle()}>
          {filtered().length} shown · {kept()} kept
        </span>
        <button onClick={() => buffer.clear()} title="Clear the timeline">
          Clear
        </button>
      </div>
      <Show when={contacts()}>
        {(s) => (
          <div class="timeline-contacts" data-testid="timeline-contacts" title="Contacts are counted per pair of objects; the latest are kept as records">
            <span class="kind">contacts</span>
            <span class="text">{contactText(s())}</span>
            <Show when={kind() !== 'contact'}>
              <button class="link" data-testid="timeline-list-contacts" onClick={() => setKind('contact')}>
                list the latest
              </button>
            </Show>
          </div>
        )}
      </Show>
      <div class="timeline-list" role="log" aria-live="off" ref={list} onScroll={() => setScrollTop(list.scrollTop)}>
        <Show when={filtered().length} fallback={<p class="note">No records yet. Press PLAY to see transitions and stage events.</p>}>
          <div class="timeline-spacer" style={{ height: `${filtered().length * TIMELINE_ROW_HEIGHT}px` }}>
            <div class="timeline-rows" style={{ transform: `translateY(${range().start * TIMELINE_ROW_HEIGHT}px)` }}>
              <Index each={rows()}>{row}</Index>
            </div>
          </div>
        </Show>
      </div>
    </section>
  );
}
