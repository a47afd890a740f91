/** The live transition timeline: records$ newest first, filterable by actor, kind and text. */
import { createMemo, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { actorMatches, TIMELINE_LIMIT, TimelineBuffer, type TimelineEntry } from '../state/timelineBuffer';

const KINDS = ['transition', 'event', 'action', 'rule', 'warning'] as const;
const MAX_ROWS = 300;

export function Timeline(props: { editor: Editor }) {
  const [entries, setEntries] = createSignal<readonly TimelineEntry[]>([]);
  const [actors, setActors] = createSignal<readonly string[]>([]);
  const [actor, setActor] = createSignal('');
  const [kind, setKind] = createSignal('');
  const [text, setText] = createSignal('');
  const buffer = new TimelineBuffer((e, a) => {
    setEntries(e);
    if (a !== actors()) setActors(a);
  });

  onMount(() => buffer.attach(props.editor.controller.records$));
  onCleanup(() => buffer.dispose());

  const filtered = createMemo(() => {
    const a = actor();
    const k = kind();
    const q = text().trim().toLowerCase();
    const out: TimelineEntry[] = [];
    for (const e of entries()) {
      if (k && e.kind !== k) continue;
      if (a && !actorMatches(e.actor, a)) continue;
      if (q && !e.text.toLowerCase().includes(q) && !e.actor.toLowerCase().includes(q)) continue;
      out.push(e);
      if (out.length >= MAX_ROWS) break;
    }
    return out;
  });

  return (
    <section class="timeline" data-testid="timeline" aria-label="Transition timeline">
      <div class="timeline-bar">
        <h3>Timeline</h3>
        <select value={actor()} onChange={(e) => setActor(e.currentTarget.value)} data-testid="timeline-actor" title="Filter by actor">
          <option value="">all actors</option>
          <For each={actors()}>{(a) => <option value={a}>{a}</option>}</For>
        </select>
        <select value={kind()} onChange={(e) => setKind(e.currentTarget.value)} data-testid="timeline-kind" title="Filter by record type">
          <option value="">all records</option>
          <For each={KINDS}>{(k) => <option value={k}>{k}s</option>}</For>
        </select>
        <input type="search" placeholder="filter text…" value={text()} onInput={(e) => setText(e.currentTarget.value)} data-testid="timeline-text" />
        <span class="muted" data-testid="timeline-count">
          {filtered().length} shown · {entries().length}/{TIMELINE_LIMIT} kept
        </span>
        <button onClick={() => buffer.clear()} title="Clear the timeline">
          Clear
        </button>
      </div>
      <div class="timeline-list" role="log" aria-live="off">
        <Show when={filtered().length} fallback={<p class="note">No records yet. Press PLAY to see transitions and stage events.</p>}>
          <table>
            <tbody>
              <For each={filtered()}>
                {(e) => (
                  <tr class={`rec rec-${e.kind}`} data-testid="timeline-row">
                    <td class="t">{e.record.t.toFixed(2)}</td>
                    <td class="tick">#{e.record.tick}</td>
                    <td class="kind">{e.kind}</td>
                    <td class="actor" title={e.actor}>
                      <button class="link" onClick={() => setActor(e.actor === actor() ? '' : e.actor)}>
                        {e.actor}
                      </button>
                    </td>
                    <td class="text">{e.text}</td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </Show>
      </div>
    </section>
  );
}
