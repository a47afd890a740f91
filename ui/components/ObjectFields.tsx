/**
 * An object kind's property-panel fieldsets, drawn from its model's field descriptions
 * (objects/<kind>/model.ts `panel`): one component per field type, nothing per kind.
 */
import { For, Show } from 'solid-js';
import type { ObjectPatch } from '../../core/scene/edit';
import type { SceneDocument, StageObject } from '../../core/scene/schema';
import type { PanelField, PanelRow, PanelSection } from '../../objects/core/objectModel';
import { formatNumber } from '../state/numbers';
import { ColorField, NumberField, TextField } from './fields';

// The panel works on whichever kind is selected: its fields are typed for that kind's objects.
type Field = PanelField<StageObject>;

export interface FieldContext {
  o: () => StageObject;
  doc: () => SceneDocument;
  readOnly: () => boolean;
  /** Applies one field's patch as one undo step; throws an EditError for the field to show. */
  patch: (p: ObjectPatch) => void;
}

const defaultText = (v: number | undefined) => (v === undefined ? 'default' : `${formatNumber(v, 3)} (default)`);

/** One field of a model, as its type says. */
export function FieldView(props: { field: Field; ctx: FieldContext }) {
  const f = props.field;
  const { o, doc, readOnly } = props.ctx;
  const commit = (p: unknown) => props.ctx.patch(p as ObjectPatch);
  switch (f.type) {
    case 'number':
      return (
        <NumberField
          label={f.label}
          value={f.get(o())}
          rule={f.rule}
          digits={f.digits}
          suffix={f.suffix}
          testId={f.testId}
          disabled={readOnly()}
          placeholder={f.defaultValue ? defaultText(f.defaultValue(o(), doc())) : f.placeholder}
          commit={(v) => commit(f.set(o(), v))}
        />
      );
    case 'text':
      return <TextField label={f.label} value={f.get(o())} placeholder={f.placeholder?.(o())} disabled={readOnly()} testId={f.testId} commit={(v) => commit(f.set(o(), v))} />;
    case 'color':
      return <ColorField label={f.label} value={f.get(o())} fallback={f.fallback(o(), doc())} disabled={readOnly()} testId={f.testId} commit={(v) => commit(f.set(o(), v))} />;
    case 'choice':
      return (
        <label class="field field--inline">
          <span class="field-label">{f.label}</span>
          <select value={f.get(o())} data-testid={f.testId} disabled={readOnly()} onChange={(e) => commit(f.set(o(), e.currentTarget.value))}>
            <For each={f.options}>{(opt) => <option value={opt.value}>{opt.label}</option>}</For>
          </select>
        </label>
      );
    case 'toggle':
      return (
        <label class="field field--inline">
          <span class="field-label">{f.label}</span>
          <input type="checkbox" checked={f.get(o())} data-testid={f.testId} disabled={readOnly()} onChange={(e) => commit(f.set(o(), e.currentTarget.checked))} />
        </label>
      );
    case 'button':
      return (
        <div class="field field--inline">
          <span class="field-label">{f.label}</span>
          <span class="field-value" data-testid={f.testId}>
            {f.show(o())}
          </span>
          <button type="button" data-testid={f.buttonTestId} title={f.title} disabled={readOnly() || (f.enabled ? !f.enabled(o()) : false)} onClick={() => commit(f.press(o()))}>
            {f.button}
          </button>
        </div>
      );
  }
}

function RowView(props: { row: PanelRow<StageObject>; ctx: FieldContext }) {
  const shown = (f: Field) => !f.when || f.when(props.ctx.o());
  const row = props.row;
  if (Array.isArray(row)) {
    const fields = row as readonly Field[];
    return (
      <Show when={fields.some(shown)}>
        <div class="row">
          <For each={fields}>{(f) => <Show when={shown(f)}>{<FieldView field={f} ctx={props.ctx} />}</Show>}</For>
        </div>
      </Show>
    );
  }
  const f = row as Field;
  return <Show when={shown(f)}>{<FieldView field={f} ctx={props.ctx} />}</Show>;
}

/** One fieldset of a model's panel. */
export function SectionView(props: { section: PanelSection<StageObject>; ctx: FieldContext }) {
  const s = props.section;
  return (
    <fieldset disabled={props.ctx.readOnly()} data-section={s.id}>
      <legend>{s.legend(props.ctx.o(), props.ctx.doc())}</legend>
      <Show when={s.note}>
        <p class="note small">{s.note}</p>
      </Show>
      <For each={s.rows}>{(row) => <RowView row={row} ctx={props.ctx} />}</For>
      <Show when={s.editNote && !props.ctx.readOnly()}>
        <p class="note small">{s.editNote}</p>
      </Show>
    </fieldset>
  );
}
