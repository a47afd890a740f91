/** The field editors kinds name (./fieldEditor.ts), as components. */
import type { FieldEditor, FieldEditorName } from './fieldEditor';
import { GestureField } from '../gestures/GestureField';

export const FIELD_EDITORS: { readonly [N in FieldEditorName]: FieldEditor } = {
  gesture: GestureField,
};
