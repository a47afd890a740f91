/**
 * The live transition timeline: one run's records (issue 21), newest first, grouped under their
 * tick, filterable by actor (stickmen by name, each with its rig and children), kind and text.
 * New, Open, RESET and a new take start a new run; the previous one stays one click away (the
 * run menu). In PLAY it lists the records up to the stage's tick, so a seek shows the run as it
 * was there; clicking a row seeks the take to that row's tick (paused) and highlights a
 * transition on its actor's statechart.
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
import { actorMatches, entryMatches, TimelineBuffer, type TimelineEntry, type TimelineView } from '../state/timelineBuffer';
import { ActorChoices } from '../state/actorChoices';
import { takeStudioFor } from '../transport/takeStudio';
import { LandingNotes } from '../state/landingNotes';
import type { ContactSummary, PairCount } from '../state/contactFolds';
import { anchoredScrollTop, rowWindow } from '../state/virtualWindow';
import { timelineItems, type TimelineItem } from '../state/timelineItems';
import { followTake } from '../state/timelineRuns';
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
  const controller = props.editor.controller;
  const studio = takeStudioFor(props.editor);
  // A landing's row shows its fall height, read from the `physics.landed` machine event.
  const landings = new LandingNotes(() => controller.tick);
  const buffer = new TimelineBuffer((next) => publish(next), {
    detail: (r) => landings.detail(r),
    // In PLAY the stage may stand behind what the run recorded (a seek): list up to its tick.
    cursor: () => (controller.mode.mode === 'PLAY' ? controller.tick : Number.POSITIVE_INFINITY),
    seeking: () => studio.session.isSeeking,
  });
  const [current, setCurrent] = createSignal<TimelineView>(buffer.snapshot());
  const [previous, setPrevious] = createSignal<TimelineView | null>(null);
  /** Which run is listed: the current one, or the one before it. */
  const [run, setRun] = createSignal<'current' | 'previous'>('current');
  const view = () => (run() === 'previous' ? previous() ?? current() : current());
  const [actor, setActor] = createSignal('');
  const [kind, setKind] = createSignal('');
  const [text, setText] = createSignal('');
  const [scrollTop, setScrollTop] = createSignal(0);
  const [viewportHeight, setViewportHeight] = createSignal(0);
  /** A record to scroll to (a breakpoint hit) and the row last scrolled to. */
  const [revealTarget, setRevealTarget] = createSignal<TraceRecord | null>(null);
  const [revealedSeq, setRevealedSeq] = createSignal(-1);
  /** The row clicked last (its tick is where the take was sought). */
  const [chosenSeq, setChosenSeq] = createSignal(-1);

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
        (!a || entryMatches(e, a)) &&
        (!q || e.text.toLowerCase().includes(q) || e.actor.toLowerCase().includes(q)) &&
        (!edge || charts!.passesEdgeFilter(e.record)),
    );
  });
  /** The filtered rows with a heading row before each tick's rows. */
  const items = createMemo(() => timelineItems(filtered()));

  // The actor filter's choices (../state/actorChoices). The list of actors seen is the same array
  // until one is added: they are worked out again when it grows, not on every publish of the view.
  const seenActors = createMemo(() => view().actors);
  const choices = new ActorChoices();
  const actorChoices = createMemo(() => choices.of(props.editor.doc(), seenActors()));

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

  const range = createMemo(() => rowWindow(scrollTop(), viewportHeight(), TIMELINE_ROW_HEIGHT, items().length, OVERSCAN_ROWS));
  const rows = createMemo(() => {
    const { start, end } = range();
    return items().slice(start, end);
  });

  /** Keeps the row being read in place while new records arrive above it. */
  function publish(next: TimelineView): void {
    const top = list?.scrollTop ?? 0;
    const anchor = top >= TIMELINE_ROW_HEIGHT ? items()[Math.floor(top / TIMELINE_ROW_HEIGHT)] : undefined;
    setCurrent(next);
    setPrevious(buffer.previous);
    if (!anchor || run() === 'previous') return;
    const restored = anchoredScrollTop(items(), anchor.seq, top % TIMELINE_ROW_HEIGHT, TIMELINE_ROW_HEIGHT);
    if (restored !== null && restored !== top) {
      list.scrollTop = restored;
      setScrollTop(list.scrollTop);
    }
  }

  // A new filter (or the other run) starts reading from the newest record.
  createEffect(
    on([actor, kind, text, run], () => {
      if (list) list.scrollTop = 0;
      setScrollTop(0);
    }, { defer: true }),
  );
  createEffect(() => buffer.setActive(props.visible));
  // The stage's tick moved without a record (a seek arrived, a pause): list up to it.
  createEffect(on([studio.seekTarget, props.editor.mode], () => buffer.refresh(), { defer: true }));

  /** Seeks the take to a row's tick, paused; a transition is also highlighted on its chart. */
  async function choose(e: TimelineEntry): Promise<void> {
    if (run() === 'previous') return;
    setChosenSeq(e.seq);
    const r = e.record;
    if (r.type === 'transition') props.statecharts?.showTransition(r, { switchTab: false });
    const m = controller.mode;
    if (m.mode !== 'PLAY') {
      // The run on the list is the last take: PLAY it again, paused, if the scene is still its scene.
      const take = studio.session.take();
      if (!take || take.scene !== controller.document) {
        props.editor.notices.notify('info', 'This run is not the take on stage any more', ['The scene changed since it ran: press PLAY to record a new one.']);
        return;
      }
      studio.session.playNext(take);
      await props.editor.run.play();
      if (controller.mode.mode !== 'PLAY') {
        studio.session.playNext(null);
        return;
      }
      props.editor.run.pause();
    }
    studio.seekTo(r.tick);
  }

  // A breakpoint hit: scroll its record into view once it is listed (filters that hide it are cleared).
  createEffect(() => {
    const r = props.statecharts?.reveal();
    if (r) {
      setRun('current');
      setRevealTarget(r.record);
    }
  });
  createEffect(() => {
    const target = revealTarget();
    if (!target || !props.visible) return;
    const index = items().findIndex((i) => i.kind === 'row' && i.entry.record === target);
    if (index < 0) {
      if (view().entries.some((e) => e.record === target) && (actor() || kind() || text() || props.statecharts?.edgeFilter())) {
        setActor('');
        setKind('');
        setText('');
        props.statecharts?.filterTimeline(null);
      }
      return;
    }
    const seq = items()[index].seq;
    setRevealTarget(null);
    setRevealedSeq(seq);
    // After the filter effects above have run (a new filter scrolls to the top).
    requestAnimationFrame(() => {
      const i = items().findIndex((x) => x.seq === seq);
      if (i < 0 || !list) return;
      list.scrollTop = Math.max(0, i * TIMELINE_ROW_HEIGHT - (list.clientHeight - TIMELINE_ROW_HEIGHT) / 2);
      setScrollTop(list.scrollTop);
    });
  });

  onMount(() => {
    buffer.attach(controller.records$, controller.tick$);
    const inspection = controller.actor.system.inspect(landings.observe);
    onCleanup(() => inspection.unsubscribe());
    // RESET, New and Open start a new run; a branch or its undo drops the records after it.
    onCleanup(followTake(buffer, studio.session, props.editor.runStarts));
    const measure = () => setViewportHeight(list.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(list);
    onCleanup(() => ro.disconnect());
  });
  onCleanup(() => buffer.dispose());

  // Rows are reused by position (Index): everything in them reads the item through its accessor.
  const entryRow = (e: () => TimelineEntry) => (
    <div
      class={`timeline-row rec rec-${e().kind}`}
      classList={{ revealed: e().seq === revealedSeq(), chosen: e().seq === chosenSeq(), seekable: run() === 'current' }}
      data-testid="timeline-row"
      data-seq={e().seq}
      data-tick={e().record.tick}
      data-kind={e().kind}
      data-revealed={e().seq === revealedSeq() ? 'true' : undefined}
      title={run() === 'current' ? `#${e().record.tick}: click to see the stage at this step` : 'From the previous run'}
      onClick={() => void choose(e())}
    >
      <span class="kind">{e().kind}</span>
      <span class="actor" title={e().actor}>
        <button
          class="link"
          onClick={(ev) => {
            ev.stopPropagation();
            setActor(e().actor === actor() ? '' : e().actor);
          }}
        >
          {e().actor}
        </button>
      </span>
      <span class="text" title={e().text}>
        <Show when={props.statecharts && e().record.type === 'transition'}>
          <button
            class="link timeline-chart-link"
            data-testid="timeline-chart-link"
            title="Show this transition on its actor's statechart"
            onClick={(ev) => {
              ev.stopPropagation();
              props.statecharts!.showTransition(e().record as Extract<TraceRecord, { type: 'transition' }>);
            }}
          >
            chart
          </button>{' '}
        </Show>
        {e().text}
      </span>
    </div>
  );
  const row = (item: () => TimelineItem) => {
    // A slot may turn from a row into a heading and back: each side keeps reading its last own item
    // until Show swaps it out.
    let entry: TimelineEntry | undefined;
    let heading: Extract<TimelineItem, { kind: 'tick' }> | undefined;
    const entryOf = () => {
      const i = item();
      if (i.kind === 'row') entry = i.entry;
      return entry!;
    };
    const headingOf = () => {
      const i = item();
      if (i.kind === 'tick') heading = i;
      return heading!;
    };
    return (
      <Show when={item().kind === 'tick'} fallback={entryRow(entryOf)}>
        <div class="timeline-row timeline-tick" data-testid="timeline-tick" data-tick={headingOf().tick}>
          <span class="t">{headingOf().t.toFixed(2)} s</span>
          <span class="tick">#{headingOf().tick}</span>
        </div>
      </Show>
    );
  };

  return (
    <section class="timeline" data-testid="timeline" aria-label="Transition timeline">
      <div class="timeline-bar">
        <h3>Timeline</h3>
        <select value={run()} onChange={(e) => setRun(e.currentTarget.value as 'current' | 'previous')} data-testid="timeline-run" title="Which run to list">
          <option value="current">this run</option>
          <option value="previous" disabled={!previous()}>
            previous run{previous() ? ` (${previous()!.entries.length} records)` : ''}
          </option>
        </select>
        <select value={actor()} onChange={(e) => setActor(e.currentTarget.value)} data-testid="timeline-actor" title="Filter by actor: a stickman covers its rig, its children and the events that name it">
          <option value="">all actors</option>
          <For each={actorChoices().stickmen}>
            {(s) => (
              <optgroup label={s.name}>
                <option value={s.value}>{s.name} (all)</option>
                <For each={s.children}>{(c) => <option value={c}>{`${s.name} · ${c.slice(s.value.length + 1)}`}</option>}</For>
              </optgroup>
            )}
          </For>
          <optgroup label="Other">
            <option value="stage">stage</option>
            <For each={actorChoices().others}>{(o) => <option value={o.value}>{o.name}</option>}</For>
          </optgroup>
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
          {filtered().length} shown · {kept()} kept{Number.isFinite(view().cursor) && run() === 'current' ? ` · up to #${view().cursor}` : ''}
        </span>
        <button data-testid="timeline-clear" onClick={() => buffer.clear()} title="Clear the timeline">
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
        <Show when={items().length} fallback={<p class="note">{run() === 'previous' ? 'The previous run left no records.' : 'No records yet. Press PLAY to see transitions and stage events.'}</p>}>
          <div class="timeline-spacer" style={{ height: `${items().length * TIMELINE_ROW_HEIGHT}px` }}>
            <div class="timeline-rows" style={{ transform: `translateY(${range().start * TIMELINE_ROW_HEIGHT}px)` }}>
              <Index each={rows()}>{row}</Index>
            </div>
          </div>
        </Show>
      </div>
    </section>
  );
}
