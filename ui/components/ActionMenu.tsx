/**
 * The registry's actions as a menu of buttons (Direct popup, queue "+ Add"). Kinds later work
 * adds are listed disabled with "coming later", so the menu never offers what cannot run.
 */
import { For, Show } from 'solid-js';
import { ACTION_REGISTRY, type ActionSpec } from '../../core/actions/registry';
import { bareLabel } from '../state/actionText';
import { ActionIcon } from './ActionIcon';

export function ActionMenuItems(props: { testIdPrefix: string; itemClass?: string; hint: (spec: ActionSpec) => string; choose: (spec: ActionSpec) => void }) {
  return (
    <For each={ACTION_REGISTRY}>
      {(spec) => (
        <button
          type="button"
          role="menuitem"
          class={props.itemClass}
          disabled={!spec.supported}
          data-testid={`${props.testIdPrefix}${spec.type}`}
          title={spec.supported ? props.hint(spec) : `${bareLabel(spec)}: coming later`}
          onClick={() => props.choose(spec)}
        >
          <ActionIcon type={spec.type} />
          <span>{bareLabel(spec)}</span>
          <Show when={!spec.supported}>
            <span class="soon">coming later</span>
          </Show>
        </button>
      )}
    </For>
  );
}
