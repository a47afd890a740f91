/**
 * The registry's actions as a menu of buttons (Direct popup, queue "+ Add"): the kinds a
 * stickman runs unless `specs` says otherwise (the camera's queue offers the camera's).
 */
import { For } from 'solid-js';
import { STICKMAN_ACTIONS, type ActionSpec } from '../../core/actions/registry';
import { bareLabel } from '../state/actionText';
import { ActionIcon } from './ActionIcon';

export function ActionMenuItems(props: { testIdPrefix: string; itemClass?: string; specs?: readonly ActionSpec[]; hint: (spec: ActionSpec) => string; choose: (spec: ActionSpec) => void }) {
  return (
    <For each={props.specs ?? STICKMAN_ACTIONS}>
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
