/**
 * The property panel's inputs. Every field validates what was typed before anything reaches the
 * document: non-finite or malformed numbers are refused here, and values the schema rejects (out
 * of range) come back as EditErrors; both are shown under the field.
 */
import { createEffect, createSignal, on, Show } from 'solid-js';
import { EditError } from '../../core/scene/edit';
import { SCENE_LIMITS } from '../../core/scene/limits';
import { formatNumber, parseNumberInput, type NumberRule } from '../state/numbers';

export function errorText(e: unknown): string {
  if (e instanceof EditError && e.issues.length) {
    const i = e.issues[0];
    const field = i.path.replace(/^\$\.objects\[\d+\]\.?/, '');
    return field ? `${field}: ${i.message}` : i.message;
  }
  return String((e as Error)?.message ?? e);
}

export interface NumberFieldProps {
  label: string;
  value: number | undefined;
  rule?: NumberRule;
  placeholder?: string;
  digits?: number;
  disabled?: boolean;
  testId?: string;
  suffix?: string;
  commit: (value: number | undefined) => void;
}

export function NumberField(props: NumberFieldProps) {
  const [text, setText] = createSignal(formatNumber(props.value, props.digits));
  const [error, setError] = createSignal<string | null>(null);
  createEffect(
    on(
      () => props.value,
      (v, prev) => {
        // Any document change re-runs this; only a change of THIS value resets the field.
        if (v === prev) return;
        setText(formatNumber(v, props.digits));
        setError(null);
      },
      { defer: true },
    ),
  );
  const apply = (raw: string) => {
    const parsed = parseNumberInput(raw, props.rule);
    if (!parsed.ok) {
      setError(parsed.reason);
      return;
    }
    if (parsed.value === props.value) {
      setError(null);
      setText(formatNumber(props.value, props.digits));
      return;
    }
    try {
      props.commit(parsed.value);
      setError(null);
      setText(formatNumber(props.value, props.digits));
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <label class="field" classList={{ invalid: !!error() }}>
      <span class="field-label">{props.label}</span>
      <span class="field-input">
        <input
          type="text"
          inputmode="decimal"
          spellcheck={false}
          value={text()}
          placeholder={props.placeholder}
          disabled={props.disabled}
          data-testid={props.testId}
          aria-invalid={!!error()}
          onInput={(e) => setText(e.currentTarget.value)}
          onChange={(e) => apply(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter commits through the change event; Esc restores the document's value.
            if (e.key === 'Escape') {
              setText(formatNumber(props.value, props.digits));
              setError(null);
              e.currentTarget.blur();
            }
          }}
        />
        <Show when={props.suffix}>
          <span class="suffix">{props.suffix}</span>
        </Show>
      </span>
      <Show when={error()}>
        <span class="field-error" role="alert" data-testid={props.testId ? `${props.testId}-error` : undefined}>
          {error()}
        </span>
      </Show>
    </label>
  );
}

export function TextField(props: { label: string; value: string | undefined; placeholder?: string; disabled?: boolean; testId?: string; commit: (v: string | undefined) => void }) {
  const [error, setError] = createSignal<string | null>(null);
  createEffect(on(() => props.value, (v, prev) => v !== prev && setError(null), { defer: true }));
  return (
    <label class="field" classList={{ invalid: !!error() }}>
      <span class="field-label">{props.label}</span>
      <input
        type="text"
        value={props.value ?? ''}
        placeholder={props.placeholder}
        disabled={props.disabled}
        data-testid={props.testId}
        maxLength={SCENE_LIMITS.maxStringLength}
        onChange={(e) => {
          try {
            const v = e.currentTarget.value.trim();
            props.commit(v === '' ? undefined : v);
            setError(null);
          } catch (err) {
            setError(errorText(err));
          }
        }}
      />
      <Show when={error()}>
        <span class="field-error" role="alert">
          {error()}
        </span>
      </Show>
    </label>
  );
}

export function ColorField(props: { label: string; value: string | undefined; fallback: string; disabled?: boolean; testId?: string; commit: (v: string | undefined) => void }) {
  return (
    <label class="field field--inline">
      <span class="field-label">{props.label}</span>
      <input type="color" value={props.value ?? props.fallback} disabled={props.disabled} data-testid={props.testId} onChange={(e) => props.commit(e.currentTarget.value)} />
      <Show when={props.value && !props.disabled}>
        <button class="link" type="button" onClick={() => props.commit(undefined)}>
          default
        </button>
      </Show>
    </label>
  );
}

