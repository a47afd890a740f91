/**
 * The property panel of a multi-selection (issue 22): the fields all the selected objects share
 * (ui/state/multiEdit), each shown once with the value they share or "mixed", and an edit sets it
 * on every one of them as one undo step.
 */
import { createMemo, For, Match, Switch } from 'solid-js';
import type { StageObject } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { applyToAll, sharedFields, type SharedField } from '../state/multiEdit';
import { ColorField, NumberField } from './fields';

export function MultiSelectionPanel(props: { editor: Editor; ids: readonly string[] }) {
  const editor = props.editor;
  const objects = createMemo(() => props.ids.map((id) => editor.doc().objects.find((o) => o.id === id)).filter((o): o is StageObject => !!o));
  const shared = createMemo(() => sharedFields(objects()));
  const readOnly = () => editor.mode().mode !== 'EDIT';
  const setAll = (s: SharedField, value?: unknown) => editor.tryEdit((doc) => applyToAll(doc, s, value));
  const testId = (s: SharedField) => `multi-${s.field.id.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <div class="multi-selection" data-testid="multi-selection">
      <p class="note" data-testid="multi-count">{objects().length} objects selected{shared().length ? ': what they share' : ''}.</p>
      <fieldset disabled={readOnly()}>
        <legend>Together</legend>
        <For each={shared()} fallback={<p class="note small">They have no setting in common.</p>}>
          {(s) => (
            <Switch>
              <Match when={s.field.type === 'number' && s.field}>
                {(f) => (
                  <NumberField
                    label={f().label}
                    value={s.common as number | undefined}
                    rule={f().rule}
                    digits={f().digits}
                    suffix={f().suffix}
                    testId={testId(s)}
                    disabled={readOnly()}
                    placeholder={s.common === undefined ? 'mixed' : undefined}
                    commit={(v) => setAll(s, v)}
                  />
                )}
              </Match>
              <Match when={s.field.type === 'color' && s.field}>
                {(f) => <ColorField label={f().label} value={s.common as string | undefined} fallback="#808080" disabled={readOnly()} testId={testId(s)} commit={(v) => setAll(s, v)} />}
              </Match>
              <Match when={s.field.type === 'choice' && s.field}>
                {(f) => (
                  <label class="field field--inline">
                    <span class="field-label">{f().label}</span>
                    <select value={(s.common as string | undefined) ?? ''} data-testid={testId(s)} disabled={readOnly()} onChange={(e) => setAll(s, e.currentTarget.value)}>
                      <option value="" disabled>mixed</option>
                      <For each={(f() as { options: readonly { value: string; label: string }[] }).options}>{(opt) => <option value={opt.value}>{opt.label}</option>}</For>
                    </select>
                  </label>
                )}
              </Match>
              <Match when={s.field.type === 'toggle' && s.field}>
                {(f) => (
                  <label class="field field--inline">
                    <span class="field-label">{f().label}</span>
                    <input
                      type="checkbox"
                      checked={s.common === true}
                      ref={(el) => queueMicrotask(() => (el.indeterminate = s.common === undefined))}
                      data-testid={testId(s)}
                      disabled={readOnly()}
                      onChange={(e) => setAll(s, e.currentTarget.checked)}
                    />
                  </label>
                )}
              </Match>
              <Match when={s.field.type === 'button' && s.field}>
                {(f) => (
                  <div class="field field--inline">
                    <span class="field-label">{f().label}</span>
                    <button type="button" data-testid={testId(s)} title={`${(f() as { title: string }).title}: each of them, as one undo step`} disabled={readOnly()} onClick={() => setAll(s)}>
                      {(f() as { button: string }).button} each
                    </button>
                  </div>
                )}
              </Match>
            </Switch>
          )}
        </For>
      </fieldset>
    </div>
  );
}
