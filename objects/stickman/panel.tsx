/**
 * A stickman in the UI: its palette icon, and its queue — on top while the stage is not being
 * edited (DIRECT queues actions there), under its fields in EDIT, after "Save pose as gesture". UI layer.
 */
import { Show } from 'solid-js';
import { QueuePanel } from '../../ui/components/QueuePanel';
import { SavePoseAsGesture } from '../../ui/gestures/SavePoseAsGesture';
import type { ObjectPanelPart } from '../ui/objectPanel';
import type { StickmanObject } from './model';

export const stickmanPanel: ObjectPanelPart<StickmanObject> = {
  icons: {
    stickman: (c) => (
      <g fill="none" stroke={c.stroke} stroke-width="1.8" stroke-linecap="round">
        <circle cx="12" cy="5" r="2.6" />
        <path d="M12 8v7M12 15l-3.5 6M12 15l3.5 6M12 10l-4.5 3M12 10l4.5 3" />
      </g>
    ),
  },
  top: (props) => (
    <Show when={props.readOnly}>
      <QueuePanel editor={props.editor} rigId={props.o.id} />
    </Show>
  ),
  bottom: (props) => (
    <Show when={!props.readOnly}>
      <SavePoseAsGesture editor={props.editor} o={props.o} />
      <QueuePanel editor={props.editor} rigId={props.o.id} />
    </Show>
  ),
};
