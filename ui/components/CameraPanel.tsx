/**
 * The camera in the side panel (issue 23): an entry that picks the camera's queue, and the panel
 * that lists it like a stickman's queue — its own kinds to add (a framing dragged on the stage, a
 * follow of whoever is clicked, a wait), edited, reordered and deleted as one undo step each.
 */
import { Show } from 'solid-js';
import { CAMERA_ID } from '../../core/camera/actions';
import { CAMERA_ACTIONS } from '../../core/actions/registry';
import type { Editor } from '../state/editor';
import { cameraItems, cameraQueueFor } from '../state/cameraQueue';
import { QueuePanel } from './QueuePanel';

/** The button that shows the camera's queue (in the scene's panel, when nothing is selected). */
export function CameraEntry(props: { editor: Editor }) {
  const count = () => cameraItems(props.editor.doc()).length;
  return (
    <button type="button" class="camera-entry" data-testid="select-camera" title="The director’s camera: its queue of shots (PLAY and exports are shot through it)" onClick={() => cameraQueueFor(props.editor).pick()}>
      Camera queue <span class="muted">({count()} {count() === 1 ? 'shot' : 'shots'})</span>
    </button>
  );
}

export function CameraPanel(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <div class="prop-body" data-testid="camera-panel">
      <div class="prop-head">
        <span class="kind-badge kind-camera">camera</span>
        <strong class="obj-id" data-testid="selected-id">
          Camera
        </strong>
        <button type="button" class="icon-btn" title="Close (Esc)" aria-label="Close the camera's queue" data-testid="camera-close" onClick={() => cameraQueueFor(editor).close()}>
          ×
        </button>
      </div>
      <p class="note small">
        The director’s camera: PLAY and exports are shot through it (the toolbar’s Director toggle, V, switches it on and off). Its framings are drawn on the stage while this is open.
      </p>
      <Show when={editor.mode().mode === 'EDIT'}>
        <p class="note small">DIRECT (D) drags framings and picks whom to follow on the stage.</p>
      </Show>
      <QueuePanel
        editor={editor}
        rigId={CAMERA_ID}
        specs={CAMERA_ACTIONS}
        pickOnAdd
        stoppable={false}
        emptyText="No shots yet: + Add a framing (drag it on the stage) or a follow (click whom to follow)."
      />
    </div>
  );
}
