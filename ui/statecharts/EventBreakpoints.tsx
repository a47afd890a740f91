/**
 * Breakpoints on stage events (issue 21): each one a rule's When, written with the rules' own
 * WhenEditor ("when a prop hits Bo", "when anyone enters Goal", "when Ada is knocked over"). PLAY
 * pauses at the end of the step that dispatched a matching event (./breakpoints findHits).
 */
import { createMemo, createSignal, For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { whenSummary } from '../state/actionText';
import { WhenEditor } from '../components/WhenEditor';
import type { BreakWhen } from './breakpoints';
import type { StatechartSession } from './session';

export function EventBreakpoints(props: { editor: Editor; session: StatechartSession }) {
  const eventBreakpoints = createMemo(() => {
    props.session.breakpointsVersion();
    return props.session.breakpoints.list().filter((b) => b.kind === 'event');
  });
  /** The When being written for a new event breakpoint, or null. */
  const [eventDraft, setEventDraft] = createSignal<BreakWhen | null>(null);
  return (
    <details class="sc-section" open data-testid="statechart-event-breakpoints">
      <summary>Break on stage events ({eventBreakpoints().length})</summary>
      <ul class="sc-bp-list">
        <For each={eventBreakpoints()}>
          {(b) => (
            <li data-testid="statechart-event-bp">
              <span>{b.when ? whenSummary(b.when, props.editor.doc()) : b.key}</span>
              <button type="button" class="icon-btn" title="Remove" onClick={() => props.session.breakpoints.toggle(b.machine, b.kind, b.key, null)}>×</button>
            </li>
          )}
        </For>
      </ul>
      <Show
        when={eventDraft()}
        fallback={
          <button type="button" class="small-btn" data-testid="statechart-event-bp-add" onClick={() => setEventDraft({ type: 'collided', source: 'any', target: 'any' })}>
            + Break when…
          </button>
        }
      >
        {(w) => (
          <div class="sc-when" data-testid="statechart-event-bp-editor">
            <WhenEditor editor={props.editor} value={w()} onChange={(patch) => setEventDraft({ ...w(), ...patch })} />
            <p class="small muted">{whenSummary(w(), props.editor.doc())}: PLAY pauses at the end of the step that dispatched it.</p>
            <button
              type="button"
              class="small-btn primary"
              data-testid="statechart-event-bp-save"
              onClick={() => {
                const when = w();
                props.session.breakpoints.addEvent(when.type === 'state_changed' ? when : { type: when.type, source: when.source, target: when.target });
                setEventDraft(null);
              }}
            >
              Add breakpoint
            </button>
            <button type="button" class="small-btn" onClick={() => setEventDraft(null)}>
              Cancel
            </button>
          </div>
        )}
      </Show>
    </details>
  );
}
