import { For, Show } from 'solid-js';
import type { Editor } from '../state/editor';

/** Errors (load failures with JSON path + reason, refused edits), warnings and short info toasts. */
export function Notices(props: { editor: Editor }) {
  return (
    <div class="notices" aria-live="polite" data-testid="notices">
      <For each={props.editor.notices.notices()}>
        {(n) => (
          <div class={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-testid={`notice-${n.kind}`}>
            <div class="notice-head">
              <strong>{n.title}</strong>
              <button class="close" title="Dismiss" aria-label="Dismiss" onClick={() => props.editor.notices.dismiss(n.id)}>
                ×
              </button>
            </div>
            <Show when={n.details.length}>
              <ul>
                <For each={n.details}>{(d) => <li>{d}</li>}</For>
              </ul>
            </Show>
          </div>
        )}
      </For>
    </div>
  );
}
