/**
 * The gestures offered by name, each with its small preview (played while hovered or chosen):
 * the built-ins first, then the scene's own. Used wherever an action names a gesture (the Direct
 * popup, the queue's action editor, a rule's reaction — they share the action editor).
 */
import { createSignal, For, Show } from 'solid-js';
import type { Gesture } from '../../core/gestures';
import { GesturePreview } from './GesturePreview';

export function GesturePicker(props: { gestures: readonly Gesture[]; value: string; choose: (id: string) => void; testId: string; label: string }) {
  const [hovered, setHovered] = createSignal<string | null>(null);
  const missing = () => props.value !== '' && !props.gestures.some((g) => g.id === props.value);
  return (
    <div class="gesture-picker" role="radiogroup" aria-label={props.label} data-testid={props.testId}>
      <For each={props.gestures}>
        {(g) => (
          <button
            type="button"
            role="radio"
            class="gesture-choice"
            classList={{ active: props.value === g.id }}
            aria-checked={props.value === g.id}
            title={`${g.name}: ${g.body === 'whole' ? 'whole body' : 'arms'}${g.loop ? ', loops' : ''}`}
            data-testid={`${props.testId}-${g.id}`}
            data-gesture-id={g.id}
            onClick={() => props.choose(g.id)}
            onPointerEnter={() => setHovered(g.id)}
            onPointerLeave={() => setHovered((h) => (h === g.id ? null : h))}
            onFocus={() => setHovered(g.id)}
            onBlur={() => setHovered((h) => (h === g.id ? null : h))}
          >
            <GesturePreview gesture={g} playing={hovered() === g.id || props.value === g.id} testId={`${props.testId}-${g.id}-preview`} />
            <span class="gesture-name">{g.name}</span>
          </button>
        )}
      </For>
      <Show when={missing()}>
        <span class="field-error" data-testid={`${props.testId}-missing`}>
          “{props.value}” is not a gesture of this scene: choose another
        </span>
      </Show>
    </div>
  );
}
