/**
 * Field editors a kind may bring for its fields (ui/actions/actionUi.ts `fieldEditors`), in place of
 * the action editor's generic input for the field's kind: a gesture's picker with previews. Kinds
 * name them here; the components are in ui/actions/fieldEditors.tsx (a table typed by these names,
 * so a name without a component fails the type check), which keeps this list loadable in Node.
 */
import type { JSX } from 'solid-js';
import type { ActionField } from '../../core/actions/registry';
import type { Editor } from '../state/editor';

export type FieldEditorName = 'gesture';

export interface FieldEditorProps {
  editor: Editor;
  field: ActionField;
  /** The form's text for the field. */
  value: string;
  set: (value: string) => void;
  /** The editor's test id and the field's name: `<form>-<field>`. */
  testId: string;
}

export type FieldEditor = (props: FieldEditorProps) => JSX.Element;
