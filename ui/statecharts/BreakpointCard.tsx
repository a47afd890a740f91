/**
 * "Paused at a breakpoint" (issue 21): what was hit — the state entered or edge taken, or the stage
 * event and the When it matched — at which tick, with Resume. Shown beside the bottom panel's tabs,
 * so it is seen whichever tab is open; it closes by itself on resume, a step, a seek, RESET and a
 * mode change (StatechartSession), or with ×.
 */
import { Show } from 'solid-js';
import type { Editor } from '../state/editor';
import type { StatechartSession } from './session';

export function BreakpointCard(props: { editor: Editor; session: StatechartSession }) {
  return (
    <Show when={props.session.lastHit()}>
      {(hit) => (
        <div class="bp-card" data-testid="breakpoint-card" role="status">
          <strong>Paused at a breakpoint</strong>
          <span class="bp-what" data-testid="breakpoint-card-what" title={props.session.describeHit(hit())}>
            {props.session.describeHit(hit())}
          </span>
          <span class="muted">
            #{hit().record.tick} · {hit().record.t.toFixed(2)} s ·{' '}
            {(() => {
              const r = hit().record;
              return r.type === 'event' ? 'stage event' : `${r.event} · ${r.from} → ${r.to}`;
            })()}
            {props.session.moreHits() ? ` · +${props.session.moreHits()} more in this step` : ''}
          </span>
          <button type="button" class="small-btn primary" data-testid="breakpoint-card-resume" onClick={() => void props.editor.run.play()}>
            Resume
          </button>
          <button type="button" class="icon-btn" title="Dismiss" aria-label="Dismiss" onClick={() => props.session.dismissHit()}>
            ×
          </button>
        </div>
      )}
    </Show>
  );
}
