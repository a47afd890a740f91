/**
 * Runtime commands (DESIGN.md §6 step 1) on the running stage: applied at the start of the next
 * step and traced as a `command` record with the tick it took effect, so the document plus its
 * commands replays a run exactly. Each is defined once: its type and schema in
 * core/commands/definitions.ts, its apply in ./apply.ts.
 *
 * A command is checked against its schema when it is applied, whoever sent it (a typed caller, a
 * replayed take, a console call): anything else — `null`, an unknown type, a NaN — is refused with
 * a warning record and is not traced as a command (it did not happen), never thrown mid-step.
 */
import { commandDefinition, type CommandOf, type CommandType, type RuntimeCommand } from '../../../core/commands/definitions';
import { note, type StepState } from '../stepState';
import { COMMAND_APPLY } from './apply';

export type { CommandOf, CommandType, RuntimeCommand };
export type RuntimeCommandType = CommandType;

/** At most this much of a refused value is quoted in its warning. */
const QUOTE_CHARS = 60;

const quote = (value: unknown): string => {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  text ??= String(value);
  return text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text;
};

/** Checks `value` against its command's schema and applies it (traced first), or refuses it with a warning. */
export function applyCommand(s: StepState, value: unknown): void {
  const type = (value as { type?: unknown } | null)?.type;
  const definition = commandDefinition(type);
  const id = (value as { id?: unknown } | null)?.id;
  const object = typeof id === 'string' ? id : '';
  if (!definition) {
    s.sink.warnings.push({ message: `command: ${quote(value)} is not a runtime command; skipped`, object });
    return;
  }
  const checked = definition.schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
    s.sink.warnings.push({ message: `${definition.label}: ${where ? `${where} ` : ''}${issue.message}; skipped`, object });
    return;
  }
  // The record keeps the command as it was sent (its key order is the take's and the trace's bytes).
  note(s, { t: s.time, tick: s.tick, type: 'command', command: value as RuntimeCommand });
  (COMMAND_APPLY[definition.type] as (s: StepState, c: RuntimeCommand) => void)(s, checked.data);
}
