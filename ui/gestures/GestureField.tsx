/**
 * The gesture action's `gesture_id` field in the action editor (wired in ui/actions/actionUi.ts):
 * the built-in and scene gestures by name, each with its preview.
 */
import type { FieldEditorProps } from '../actions/fieldEditor';
import { GesturePicker } from './GesturePicker';

export function GestureField(props: FieldEditorProps) {
  return <GesturePicker gestures={props.editor.gestures.all()} value={props.value} choose={props.set} testId={props.testId} label={props.field.label} />;
}
