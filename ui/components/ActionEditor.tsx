/**
 * The action editor: one form built from the kind's field specs (its definition), used by
 * the queue panel, the Direct popup and the When/Then editor. Point fields get numeric inputs and
 * a "Pick on stage" button, number fields min/max checks, text fields a text input, facing a
 * two-way choice, prop fields a prop list plus a stage pick; a kind may bring its own editor for a
 * field (ui/actions/actionUi `fieldEditors`: a gesture's picker). Nothing reaches the document until
 * the form reads clean; what the document still refuses is shown beside the field.
 */
import { createEffect, createSignal, For, Match, onCleanup, onMount, Show, Switch } from 'solid-js';
import { bareLabel, type ActionField, type ActionSpec } from '../../core/actions/registry';
import { isObjectField } from '../../core/actions/definition';
import { SCENE_LIMITS } from '../../core/scene/limits';
import { EditError } from '../../core/scene/edit';
import type { ActionPayload } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { ActionIcon } from './ActionIcon';
import { objectNamer, stageField } from '../state/actionText';
import type { ThrowContext } from '../state/throwFocus';
import { actionUi, captureFor, fieldEditorFor, pickableKinds } from '../actions/actionUi';
import { Dynamic } from 'solid-js/web';
import { FIELD_EDITORS } from '../actions/fieldEditors';

type Vec2 = [number, number];
import { fieldOfIssuePath, formFromValues, pointKeys, readActionForm, rectKeys, type FormErrors, type FormValues } from '../state/actionForm';

export interface ActionEditorProps {
  editor: Editor;
  spec: ActionSpec;
  /** Current values (editing) or a partial start (e.g. a point already picked). */
  initial?: Record<string, unknown>;
  submitLabel: string;
  /** Applies the action; may throw an EditError, shown in the form. */
  onSubmit: (payload: ActionPayload) => void;
  onCancel: () => void;
  testId?: string;
  /** Whose throw this is, for a throw_prop: the stage previews it while the form is open (ui/state/throwFocus). */
  throwContext?: ThrowContext;
  /** Start with the stage pick of the first field picked on the stage (a new camera action: drag its framing). */
  pickFirst?: boolean;
}

export function ActionEditor(props: ActionEditorProps) {
  const editor = props.editor;
  const tid = () => props.testId ?? 'action-editor';
  const [form, setForm] = createSignal<FormValues>(formFromValues(props.spec, props.initial));
  const [errors, setErrors] = createSignal<FormErrors>({});
  const [formError, setFormError] = createSignal<string | null>(null);
  const [picking, setPicking] = createSignal<string | null>(null);

  const set = (key: string, value: string) => {
    setForm({ ...form(), [key]: value });
    if (errors()[key]) {
      const next = { ...errors() };
      delete next[key];
      setErrors(next);
    }
  };

  /** The objects of the scene field `f` may name (a pickup's props). */
  const pickable = (f: ActionField) => editor.doc().objects.filter((o) => pickableKinds(f).includes(o.kind));

  /** Starts the stage pick `f` asks for (a point as the kind picks it, a rectangle dragged, or an object), filling the field with what is picked. */
  const pickOnStage = (f: ActionField) => {
    const done = () => setPicking(null);
    /** Fills `keys` with `values` and clears their errors. */
    const fill = (keys: readonly string[], values: readonly number[]) => {
      done();
      const next = { ...form() };
      keys.forEach((k, i) => (next[k] = String(values[i])));
      setForm(next);
      const errs = { ...errors() };
      for (const k of [...keys, f.name]) delete errs[k];
      setErrors(errs);
    };
    const request =
      f.capture === 'stage_point'
        ? { prompt: `Click the ${f.label.toLowerCase()} on the stage`, throwContext: props.throwContext, pick: (value: unknown) => fill(pointKeys(f), value as Vec2) }
        : f.capture === 'stage_rect'
          ? { prompt: `Drag the ${f.label.toLowerCase()} on the stage`, pick: (value: unknown) => fill(rectKeys(f), value as number[]) }
          : {
              prompt: f.kind === 'prop' ? 'Click a prop on the stage' : 'Click a stickman or a prop on the stage',
              pick: (id: unknown) => {
                done();
                set(f.name, id as string);
              },
            };
    const capture = captureFor(props.spec, f, { ...request, onCancel: done });
    if (!capture) return;
    setPicking(f.name);
    editor.tools.startCapture(capture);
  };

  // A new action of a kind picked on the stage starts with its pick (its fields still empty).
  onMount(() => {
    const f = props.pickFirst ? stageField(props.spec) : undefined;
    if (f && !props.initial) pickOnStage(f);
  });

  onCleanup(() => {
    if (picking()) editor.tools.cancelCapture();
  });

  // While one is open here, the stage previews what its kind previews (a throw's guide) at the point the fields hold.
  createEffect(() => {
    const ctx = props.throwContext;
    const preview = actionUi(props.spec.type)?.preview;
    const field = props.spec.fields.find((f) => f.kind === 'point');
    if (!preview || !ctx || !field) return;
    const [kx, ky] = pointKeys(field);
    const x = Number.parseFloat(form()[kx] ?? '');
    const y = Number.parseFloat(form()[ky] ?? '');
    onCleanup(preview(editor, ctx, Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null));
  });

  const submit = (e?: Event) => {
    e?.preventDefault();
    setFormError(null);
    const r = readActionForm(props.spec, form());
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    try {
      props.onSubmit(r.payload);
      setErrors({});
    } catch (err) {
      if (err instanceof EditError && err.issues.length) {
        const next: FormErrors = {};
        const rest: string[] = [];
        for (const i of err.issues) {
          const key = fieldOfIssuePath(props.spec, i.path);
          if (key) next[key] = i.message;
          else rest.push(`${i.path}: ${i.message}`);
        }
        setErrors(next);
        if (rest.length) setFormError(rest.join('; '));
      } else setFormError(String((err as Error)?.message ?? err));
    }
  };

  const errorFor = (f: ActionField) => {
    const e = errors();
    if (f.kind === 'point') {
      const [kx, ky] = pointKeys(f);
      return e[f.name] ?? e[kx] ?? e[ky];
    }
    return e[f.name];
  };

  return (
    <form
      class="action-editor"
      data-testid={tid()}
      data-action-type={props.spec.type}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !picking()) {
          e.preventDefault();
          e.stopPropagation();
          props.onCancel();
        }
      }}
    >
      <div class="action-editor-head">
        <ActionIcon type={props.spec.type} />
        <strong>{bareLabel(props.spec)}</strong>
      </div>
      <Show when={props.spec.fields.length === 0}>
        <p class="note small">No settings.</p>
      </Show>
      <For each={props.spec.fields}>
        {(f) => (
          <div class="ae-field" classList={{ invalid: !!errorFor(f) }} data-field={f.name}>
            <span class="field-label">
              {f.label}
              {f.optional && !f.choices ? <span class="muted"> (optional)</span> : null}
            </span>
            <Switch>
              <Match when={fieldEditorFor(props.spec, f)}>
                {(own) => <Dynamic component={FIELD_EDITORS[own()]} editor={editor} field={f} value={form()[f.name] ?? ''} set={(v: string) => set(f.name, v)} testId={`${tid()}-${f.name}`} />}
              </Match>
              <Match when={f.kind === 'point'}>
                <div class="ae-point">
                  <input
                    type="text"
                    inputmode="decimal"
                    aria-label={`${f.label} x`}
                    placeholder="x"
                    value={form()[pointKeys(f)[0]] ?? ''}
                    data-testid={`${tid()}-${f.name}-x`}
                    onInput={(e) => set(pointKeys(f)[0], e.currentTarget.value)}
                  />
                  <input
                    type="text"
                    inputmode="decimal"
                    aria-label={`${f.label} y`}
                    placeholder="y"
                    value={form()[pointKeys(f)[1]] ?? ''}
                    data-testid={`${tid()}-${f.name}-y`}
                    onInput={(e) => set(pointKeys(f)[1], e.currentTarget.value)}
                  />
                  <button
                    type="button"
                    class="pick"
                    classList={{ active: picking() === f.name }}
                    data-testid={`${tid()}-${f.name}-pick`}
                    title="Pick the point on the stage (Esc cancels)"
                    onClick={() => (picking() === f.name ? editor.tools.cancelCapture() : pickOnStage(f))}
                  >
                    {picking() === f.name ? 'Picking… (Esc)' : <><ActionIcon type="target" /> Pick on stage</>}
                  </button>
                </div>
              </Match>
              <Match when={f.kind === 'number'}>
                <span class="field-input">
                  <input
                    type="text"
                    inputmode="decimal"
                    aria-label={f.label}
                    placeholder={f.optional ? 'auto' : undefined}
                    value={form()[f.name] ?? ''}
                    data-testid={`${tid()}-${f.name}`}
                    onInput={(e) => set(f.name, e.currentTarget.value)}
                  />
                  <Show when={f.unit}>
                    <span class="suffix">{f.unit}</span>
                  </Show>
                </span>
              </Match>
              <Match when={f.kind === 'text'}>
                <input
                  type="text"
                  aria-label={f.label}
                  placeholder={f.placeholder}
                  value={form()[f.name] ?? ''}
                  maxLength={SCENE_LIMITS.maxStringLength}
                  data-testid={`${tid()}-${f.name}`}
                  onInput={(e) => set(f.name, e.currentTarget.value)}
                />
              </Match>
              <Match when={f.kind === 'facing'}>
                <div class="segmented" role="radiogroup" aria-label={f.label}>
                  <For each={['LEFT', 'RIGHT'] as const}>
                    {(d) => (
                      <button
                        type="button"
                        role="radio"
                        aria-checked={form()[f.name] === d}
                        classList={{ active: form()[f.name] === d }}
                        data-testid={`${tid()}-${f.name}-${d.toLowerCase()}`}
                        onClick={() => set(f.name, d)}
                      >
                        {d === 'LEFT' ? '← Left' : 'Right →'}
                      </button>
                    )}
                  </For>
                </div>
              </Match>
              <Match when={f.choices}>
                <div class="segmented" role="radiogroup" aria-label={f.label}>
                  <For each={f.choices}>
                    {(c) => (
                      <button
                        type="button"
                        role="radio"
                        aria-checked={(form()[f.name] || f.default) === c.value}
                        classList={{ active: (form()[f.name] || f.default) === c.value }}
                        data-testid={`${tid()}-${f.name}-${c.value}`}
                        onClick={() => set(f.name, c.value)}
                      >
                        {c.label}
                      </button>
                    )}
                  </For>
                </div>
              </Match>
              <Match when={f.kind === 'rect'}>
                <div class="ae-point">
                  <For each={rectKeys(f)}>
                    {(k, i) => (
                      <input
                        type="text"
                        inputmode="decimal"
                        aria-label={`${f.label} ${['x0', 'y0', 'x1', 'y1'][i()]}`}
                        placeholder={['x0', 'y0', 'x1', 'y1'][i()]}
                        value={form()[k] ?? ''}
                        data-testid={`${tid()}-${f.name}-${['x0', 'y0', 'x1', 'y1'][i()]}`}
                        onInput={(e) => set(k, e.currentTarget.value)}
                      />
                    )}
                  </For>
                  <Show when={f.capture === 'stage_rect'}>
                    <button type="button" class="pick" classList={{ active: picking() === f.name }} data-testid={`${tid()}-${f.name}-pick`} title="Drag the rectangle on the stage (Esc cancels)" onClick={() => (picking() === f.name ? editor.tools.cancelCapture() : pickOnStage(f))}>
                      {picking() === f.name ? 'Dragging… (Esc)' : <><ActionIcon type="target" /> Drag</>}
                    </button>
                  </Show>
                </div>
              </Match>
              <Match when={isObjectField(f)}>
                <div class="ae-point">
                  <select value={form()[f.name] ?? ''} aria-label={f.label} data-testid={`${tid()}-${f.name}`} onChange={(e) => set(f.name, e.currentTarget.value)}>
                    <option value="">choose…</option>
                    <Show when={form()[f.name] && !pickable(f).some((o) => o.id === form()[f.name])}>
                      <option value={form()[f.name]}>{form()[f.name]} (missing)</option>
                    </Show>
                    <For each={pickable(f)}>{(o) => <option value={o.id}>{objectNamer(editor.doc())(o.id)}</option>}</For>
                  </select>
                  <button type="button" class="pick" classList={{ active: picking() === f.name }} data-testid={`${tid()}-${f.name}-pick`} title={f.kind === 'prop' ? 'Click the prop on the stage (Esc cancels)' : 'Click a stickman or a prop on the stage (Esc cancels)'} onClick={() => (picking() === f.name ? editor.tools.cancelCapture() : pickOnStage(f))}>
                    {picking() === f.name ? 'Picking… (Esc)' : <><ActionIcon type="target" /> Pick</>}
                  </button>
                </div>
              </Match>
            </Switch>
            <Show when={errorFor(f)}>
              <span class="field-error" role="alert" data-testid={`${tid()}-${f.name}-error`}>
                {errorFor(f)}
              </span>
            </Show>
          </div>
        )}
      </For>
      <Show when={formError()}>
        <p class="field-error" role="alert">
          {formError()}
        </p>
      </Show>
      <div class="ae-actions">
        <button type="submit" class="primary" data-testid={`${tid()}-submit`}>
          {props.submitLabel}
        </button>
        <button type="button" data-testid={`${tid()}-cancel`} onClick={() => props.onCancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
