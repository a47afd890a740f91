/**
 * A stickman's "Save pose as gesture…" in EDIT (issue 23): the command's button, then a name field
 * with a preview of what will be saved. Save adds the gesture as one undo step; what is wrong (no
 * pose, a taken name) is said beside the field and nothing changes.
 */
import { createMemo, createSignal, Show } from 'solid-js';
import type { StickmanObject } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { CommandButton } from '../components/CommandButton';
import { gestureFromPose } from '../state/poseGesture';
import { sceneGestures } from '../state/gestureLibrary';
import { GesturePreview } from './GesturePreview';

export function SavePoseAsGesture(props: { editor: Editor; o: StickmanObject }) {
  const gestures = props.editor.gestures;
  const [name, setName] = createSignal('');
  const [error, setError] = createSignal<string | null>(null);
  const open = () => gestures.naming() === props.o.id;
  const ownGestures = () => sceneGestures(props.editor.doc()).map((g) => g.name);
  // What Save would add, as the preview shows it (the name does not change the motion).
  const draft = createMemo(() => {
    const made = gestureFromPose(props.o, 'draft', []);
    return made.ok ? made.gesture : null;
  });
  const save = (e: Event) => {
    e.preventDefault();
    try {
      gestures.savePose(props.o.id, name());
      setName('');
      setError(null);
    } catch (err) {
      setError(String((err as Error)?.message ?? err));
    }
  };
  const cancel = () => {
    gestures.closePrompt();
    setError(null);
  };
  return (
    <fieldset class="save-pose" data-testid="save-pose">
      <legend>Gesture</legend>
      <Show when={open()} fallback={<CommandButton editor={props.editor} command="save-pose-gesture" testid="save-pose-open" />}>
        <form class="save-pose-form" data-testid="save-pose-form" onSubmit={save} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), cancel())}>
          <Show when={draft()}>{(g) => <GesturePreview gesture={g()} playing={true} width={30} testId="save-pose-preview" />}</Show>
          <label class="field-label" for="save-pose-name">
            name
          </label>
          <input
            id="save-pose-name"
            type="text"
            ref={(el) => queueMicrotask(() => el.focus())}
            value={name()}
            placeholder="e.g. Hands up"
            data-testid="save-pose-name"
            onInput={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
          />
          <button type="submit" class="primary" data-testid="save-pose-submit">
            Save
          </button>
          <button type="button" data-testid="save-pose-cancel" onClick={cancel}>
            Cancel
          </button>
          <Show when={error()}>
            <span class="field-error" role="alert" data-testid="save-pose-error">
              {error()}
            </span>
          </Show>
        </form>
      </Show>
      <p class="note small" data-testid="save-pose-note">
        {ownGestures().length ? `This scene's gestures: ${ownGestures().join(', ')}. ` : ''}Saved gestures are offered with the built-ins wherever an action names one.
      </p>
    </fieldset>
  );
}
