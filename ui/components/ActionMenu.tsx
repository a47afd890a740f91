/**
 * The registry's actions as a menu of buttons (Direct popup, queue "+ Add"). Kinds later work
 * adds are listed disabled with "coming later", so the menu never offers what cannot run.
 */
import { For } from 'solid-js';
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
          data-testid={`${props.testIdPrefix}${spec.type}`}
          title={props.hint(spec)}
          onClick={() => props.choose(spec)}
        >
          <ActionIcon type={spec.type} />
          <span>{bareLabel(spec)}</span>
        </button>
      )}
    </For>
  );
}
