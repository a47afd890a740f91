/** The keyboard help: every UI command with keys (the list the key handler dispatches by), in its order, then the pointer gestures. */
import { For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { helpRows } from '../commands';

export function HelpOverlay(props: { editor: Editor }) {
  const rows = helpRows();
  return (
    <Show when={props.editor.helpOpen()}>
      <div class="help-backdrop" onClick={() => props.editor.toggleHelp(false)}>
        <div class="help" role="dialog" aria-label="Keyboard shortcuts" data-testid="help" onClick={(e) => e.stopPropagation()}>
          <div class="notice-head">
            <h2>Keyboard shortcuts</h2>
            <button class="close" aria-label="Close" onClick={() => props.editor.toggleHelp(false)}>
              ×
            </button>
          </div>
          <table>
            <tbody>
              <For each={rows}>
                {(s) => (
                  <tr>
                    <th>
                      <kbd>{s.keys}</kbd>
                    </th>
                    <td>{s.does}</td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
          <p class="note">Objects change in EDIT. Queues and rules change in EDIT and DIRECT (the Rules tab is beside the Timeline); DIRECT previews every walk target. In PLAY the stage belongs to the simulation; RESET rewinds it, EDIT restores the authored scene.</p>
        </div>
      </div>
    </Show>
  );
}
