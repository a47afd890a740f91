/** "Paths to a state": the shortest event paths from the initial state, each with a copyable Vitest skeleton. */
import { createResource, createSignal, For, Show } from 'solid-js';
import type { AnyStateMachine } from 'xstate';
import { pathSpecFor } from './pathCatalog';
import { pathsFor } from './pathsService';
import { eventText, vitestSkeleton, type EventPath } from './shortestPaths';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function PathsList(props: { machine: AnyStateMachine; statePath: string }) {
  const [result] = createResource(() => ({ machine: props.machine, path: props.statePath }), (q) => pathsFor(q.machine, q.path));
  const [copied, setCopied] = createSignal<{ text: string; ok: boolean } | null>(null);
  const copy = async (path: EventPath) => {
    const text = vitestSkeleton(pathSpecFor(props.machine), props.statePath, path);
    setCopied({ text, ok: await copyText(text) });
  };
  return (
    <div class="sc-paths" data-testid="statechart-paths">
      <Show when={!result.loading} fallback={<p class="note small">Searching the machine's graph…</p>}>
        <Show when={result()?.error}>{(err) => <p class="note small sc-error">The search stopped: {err()}</p>}</Show>
        <Show when={result() && !result()!.error && result()!.paths.length === 0}>
          <p class="note small">No path reaches this state with the events the catalog sends.</p>
        </Show>
        <ol class="sc-path-list">
          <For each={result()?.paths ?? []}>
            {(p) => (
              <li data-testid="statechart-path">
                <span class="sc-path-events" title={p.events.map(eventText).join('\n')}>
                  {p.events.length ? p.events.map((e) => e.type).join(' → ') : '(the initial state)'}
                </span>
                <button type="button" class="small-btn" data-testid="statechart-copy-test" onClick={() => void copy(p)} title="Copy a Vitest test that replays this path">
                  Copy test
                </button>
              </li>
            )}
          </For>
        </ol>
        <Show when={copied()}>
          {(c) => (
            <div class="sc-skeleton">
              <p class="note small">{c().ok ? 'Copied to the clipboard:' : 'The clipboard refused; select and copy:'}</p>
              <textarea readonly rows={6} data-testid="statechart-skeleton" value={c().text} onFocus={(e) => e.currentTarget.select()} />
            </div>
          )}
        </Show>
      </Show>
    </div>
  );
}
