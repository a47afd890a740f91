/**
 * A button that runs one UI command (ui/commands.ts): its tooltip is the command's help text and
 * keys, it is disabled while the command cannot run, and a click performs it with the editor's
 * command context, exactly as its key does. The text is the label unless children give an icon.
 */
import type { JSX } from 'solid-js';
import type { Editor } from '../state/editor';
import { commandNamed, isEnabled, tooltipOf } from '../commands';
import { commandContextFor } from '../commandContext';

export function CommandButton(props: {
  editor: Editor;
  command: string;
  testid?: string;
  class?: string;
  classList?: Record<string, boolean | undefined>;
  /** Pressed state of a toggle (aria-pressed). */
  pressed?: boolean;
  /** A tooltip saying more than the command's help (the state it is in). */
  title?: string;
  children?: JSX.Element;
}) {
  const command = commandNamed(props.command);
  const context = commandContextFor(props.editor);
  return (
    <button
      class={props.class}
      classList={props.classList}
      data-testid={props.testid ?? command.name}
      data-command={command.name}
      title={props.title ?? tooltipOf(command)}
      aria-label={command.label}
      aria-pressed={props.pressed}
      disabled={!isEnabled(command, context)}
      onClick={() => command.perform(context)}
    >
      {props.children ?? command.label}
    </button>
  );
}
