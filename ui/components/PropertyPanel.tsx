/**
 * The property panel for the selection: its placement, then its kind's fieldsets (drawn from the
 * kind's model, objects/<kind>/model.ts) and what its kind's UI part adds (objects/<kind>/panel.tsx).
 * Fields validate what was typed before anything reaches the document (./fields.tsx).
 */
import { createMemo, For, Show } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import { moveObject, updateObject, updateStage, type ObjectPatch } from '../../core/scene/edit';
import type { StageObject } from '../../core/scene/schema';
import { SCENE_LIMITS } from '../../core/scene/limits';
import { modelOf } from '../../objects/core/models';
import { panelOf } from '../../objects/ui/panels';
import type { PanelSection } from '../../objects/core/objectModel';
import type { Editor } from '../state/editor';
import { DEG } from '../state/numbers';
import { NumberField } from './fields';
import { SectionView, type FieldContext } from './ObjectFields';
import { MultiSelectionPanel } from './MultiSelectionPanel';
import { CameraEntry, CameraPanel } from './CameraPanel';
import { cameraQueueFor } from '../state/cameraQueue';

export function PropertyPanel(props: { editor: Editor }) {
  const editor = props.editor;
  /** Keyed by id (not by object), so an edit does not rebuild the panel and lose focus. */
  const selectedId = () => {
    const ids = editor.tools.selection();
    if (ids.length !== 1) return undefined;
    return editor.doc().objects.some((o) => o.id === ids[0]) ? ids[0] : undefined;
  };
  return (
    <aside class="properties" data-testid="properties" aria-label="Properties">
      <Show when={!cameraQueueFor(editor).shown()} fallback={<CameraPanel editor={editor} />}>
        <Show when={selectedId()} keyed fallback={<Show when={editor.tools.selection().length > 1} fallback={<SceneInfo editor={editor} />}><MultiSelectionPanel editor={editor} ids={editor.tools.selection()} /></Show>}>
          {(id) => <ObjectPanel editor={editor} id={id} />}
        </Show>
      </Show>
    </aside>
  );
}

function ObjectPanel(props: { editor: Editor; id: string }) {
  const editor = props.editor;
  const found = createMemo(() => editor.doc().objects.find((x) => x.id === props.id));
  // The panel is unmounted when the object goes away; until then keep the last object seen.
  let last: StageObject | undefined;
  const o = () => (last = found() ?? last)!;
  const readOnly = () => editor.mode().mode !== 'EDIT';

  /** Applies a patch as one undo step; throws EditError for the field to show. */
  const patch = (id: string, p: ObjectPatch) => editor.tryEdit((doc) => updateObject(doc, id, p));
  const move = (id: string, pos: [number, number]) => editor.tryEdit((doc) => moveObject(doc, id, pos));
  // The kind cannot change under one id: its model and UI part are fixed for this panel.
  const model = () => modelOf(o());
  const part = () => panelOf(o());
  const fields: FieldContext = { o, doc: () => editor.doc(), readOnly, patch: (p) => patch(o().id, p) };

  return (
    <div class="prop-body">
      <div class="prop-head">
        <span class={`kind-badge kind-${o().kind}`}>{o().kind}</span>
        <strong class="obj-id" data-testid="selected-id">
          {o().id}
        </strong>
      </div>
      <Show when={readOnly()}>
        <p class="note small">{editor.mode().mode === 'PLAY' ? 'The stage belongs to the runtime in PLAY.' : 'DIRECT: queue actions here or click the stickman; EDIT (E) changes objects.'}</p>
      </Show>
      <Dynamic component={part().top} editor={editor} o={o()} readOnly={readOnly()} />
      <fieldset disabled={readOnly()}>
        <legend>Placement</legend>
        <div class="row">
          <NumberField label="x" value={o().position[0]} testId="prop-x" disabled={readOnly()} commit={(v) => move(o().id, [v!, o().position[1]])} />
          <NumberField label="y" value={o().position[1]} testId="prop-y" disabled={readOnly()} commit={(v) => move(o().id, [o().position[0], v!])} />
        </div>
        <Show when={model().rotatable}>
          <NumberField
            label="rotation"
            suffix="°"
            digits={1}
            testId="prop-rotation"
            disabled={readOnly()}
            value={((o() as { rotation?: number }).rotation ?? 0) * DEG}
            commit={(v) => patch(o().id, { rotation: Math.round((v! / DEG) * 1e4) / 1e4 })}
          />
        </Show>
      </fieldset>
      <For each={model().panel as readonly PanelSection<StageObject>[]}>{(section) => <SectionView section={section} ctx={fields} />}</For>
      <Dynamic component={part().bottom} editor={editor} o={o()} readOnly={readOnly()} />
      <div class="prop-actions">
        <button disabled={readOnly()} data-testid="duplicate" title="Duplicate (Ctrl+D)" onClick={() => editor.tools.duplicateSelection()}>
          Duplicate
        </button>
        <button class="danger" disabled={readOnly()} data-testid="delete" title="Delete (Delete / Backspace)" onClick={() => editor.tools.deleteSelection()}>
          Delete
        </button>
      </div>
    </div>
  );
}

function SceneInfo(props: { editor: Editor }) {
  const doc = () => props.editor.doc();
  const stage = () => doc().stage;
  const count = (kind: StageObject['kind']) => doc().objects.filter((o) => o.kind === kind).length;
  const readOnly = () => props.editor.mode().mode === 'PLAY';
  // Stage settings are one undoable edit each, validated by the same schema as a loaded file.
  const setStage = (patch: Parameters<typeof updateStage>[1]) => props.editor.tryEdit((d) => updateStage(d, patch));
  return (
    <div class="prop-body">
      <div class="prop-head">
        <span class="kind-badge">scene</span>
        <strong>{doc().name ?? 'Untitled'}</strong>
      </div>
      <fieldset disabled={readOnly()}>
        <legend>Stage</legend>
        <div class="row">
          <NumberField label="width" value={stage().width} testId="stage-width" disabled={readOnly()} rule={{ min: 100, max: SCENE_LIMITS.maxStageSize }} suffix="px" commit={(v) => setStage({ width: v! })} />
          <NumberField label="height" value={stage().height} testId="stage-height" disabled={readOnly()} rule={{ min: 100, max: SCENE_LIMITS.maxStageSize }} suffix="px" commit={(v) => setStage({ height: v! })} />
        </div>
        <div class="row">
          {/* Gravity points straight down (the loader refuses any other direction), so only its strength is offered. */}
          <NumberField label="gravity ↓" value={stage().gravity[1]} testId="stage-gravity-y" disabled={readOnly()} rule={{ min: SCENE_LIMITS.minGravity, max: SCENE_LIMITS.maxGravity }} suffix="px/s²" commit={(v) => setStage({ gravity: [0, v!] })} />
        </div>
      </fieldset>
      <dl class="scene-info">
        <dt>objects</dt>
        <dd data-testid="object-count">{doc().objects.length}</dd>
        <dt>terrain · props</dt>
        <dd>
          {count('terrain')} · {count('prop')}
        </dd>
        <dt>stickmen · areas</dt>
        <dd>
          {count('stickman')} · {count('area')}
        </dd>
        <dt>rules</dt>
        <dd>{doc().rules.length}</dd>
      </dl>
      <CameraEntry editor={props.editor} />
      <p class="note">{props.editor.tools.selection().length > 1 ? `${props.editor.tools.selection().length} objects selected.` : 'Click an object on the stage to edit it.'}</p>
    </div>
  );
}
