/**
 * The property panel for the selection. Every field validates what was typed before anything
 * reaches the document: non-finite or malformed numbers are refused here, and values the schema
 * rejects (out of range) come back as EditErrors; both are shown under the field.
 */
import { createEffect, createMemo, createSignal, Match, on, Show, Switch } from 'solid-js';
import { EditError, moveObject, updateObject, updateStage, type ObjectPatch } from '../../core/scene/edit';
import { findPropTemplate } from '../../core/props/resolve';
import type { AreaObject, PropObject, SceneDocument, StageObject, StickmanObject, TerrainObject } from '../../core/scene/schema';
import { SCENE_LIMITS } from '../../core/scene/limits';
import type { Editor } from '../state/editor';
import { DEG, formatNumber, parseNumberInput, type NumberRule } from '../state/numbers';
import { QueuePanel } from './QueuePanel';
import { PropGrips } from './GripEditor';

function errorText(e: unknown): string {
  if (e instanceof EditError && e.issues.length) {
    const i = e.issues[0];
    const field = i.path.replace(/^\$\.objects\[\d+\]\.?/, '');
    return field ? `${field}: ${i.message}` : i.message;
  }
  return String((e as Error)?.message ?? e);
}

interface NumberFieldProps {
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

function NumberField(props: NumberFieldProps) {
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

function TextField(props: { label: string; value: string | undefined; placeholder?: string; disabled?: boolean; testId?: string; commit: (v: string | undefined) => void }) {
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

function ColorField(props: { label: string; value: string | undefined; fallback: string; disabled?: boolean; testId?: string; commit: (v: string | undefined) => void }) {
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

export function PropertyPanel(props: { editor: Editor }) {
  const editor = props.editor;
  /** Keyed by id (not by object), so an edit does not rebuild the panel and lose focus. */
  const selectedId = () => {
    const ids = editor.selection();
    if (ids.length !== 1) return undefined;
    return editor.doc().objects.some((o) => o.id === ids[0]) ? ids[0] : undefined;
  };
  return (
    <aside class="properties" data-testid="properties" aria-label="Properties">
      <Show when={selectedId()} keyed fallback={<SceneInfo editor={editor} />}>
        {(id) => <ObjectPanel editor={editor} id={id} />}
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
      <Show when={o().kind === 'stickman' && readOnly()}>
        <QueuePanel editor={editor} rigId={o().id} />
      </Show>
      <fieldset disabled={readOnly()}>
        <legend>Placement</legend>
        <div class="row">
          <NumberField label="x" value={o().position[0]} testId="prop-x" disabled={readOnly()} commit={(v) => move(o().id, [v!, o().position[1]])} />
          <NumberField label="y" value={o().position[1]} testId="prop-y" disabled={readOnly()} commit={(v) => move(o().id, [o().position[0], v!])} />
        </div>
        <Show when={o().kind === 'terrain' || o().kind === 'prop' || o().kind === 'area'}>
          <NumberField
            label="rotation"
            suffix="°"
            digits={1}
            testId="prop-rotation"
            disabled={readOnly()}
            value={((o() as TerrainObject | PropObject | AreaObject).rotation ?? 0) * DEG}
            commit={(v) => patch(o().id, { rotation: Math.round((v! / DEG) * 1e4) / 1e4 })}
          />
        </Show>
      </fieldset>
      <Switch>
        <Match when={o().kind === 'terrain'}>
          <TerrainFields o={o() as TerrainObject} readOnly={readOnly()} patch={patch} />
        </Match>
        <Match when={o().kind === 'prop'}>
          <PropFields o={o() as PropObject} doc={editor.doc()} readOnly={readOnly()} patch={patch} />
          <PropGrips editor={editor} prop={o() as PropObject} readOnly={readOnly()} />
        </Match>
        <Match when={o().kind === 'stickman'}>
          <StickmanFields o={o() as StickmanObject} doc={editor.doc()} readOnly={readOnly()} patch={patch} />
        </Match>
        <Match when={o().kind === 'area'}>
          <AreaFields o={o() as AreaObject} readOnly={readOnly()} patch={patch} />
        </Match>
      </Switch>
      <Show when={o().kind === 'stickman' && !readOnly()}>
        <QueuePanel editor={editor} rigId={o().id} />
      </Show>
      <div class="prop-actions">
        <button disabled={readOnly()} data-testid="duplicate" title="Duplicate (Ctrl+D)" onClick={() => editor.duplicateSelection()}>
          Duplicate
        </button>
        <button class="danger" disabled={readOnly()} data-testid="delete" title="Delete (Delete / Backspace)" onClick={() => editor.deleteSelection()}>
          Delete
        </button>
      </div>
    </div>
  );
}

type PatchFn = (id: string, p: ObjectPatch) => void;

function TerrainFields(props: { o: TerrainObject; readOnly: boolean; patch: PatchFn }) {
  const o = () => props.o;
  const size = () => o().size ?? [0, 0];
  return (
    <fieldset disabled={props.readOnly}>
      <legend>Terrain · {o().shape}</legend>
      <Show when={o().shape !== 'polygon'}>
        <div class="row">
          <NumberField label="width" value={size()[0]} testId="terrain-width" disabled={props.readOnly} rule={{ min: 1, max: SCENE_LIMITS.maxSize }} commit={(v) => props.patch(o().id, { size: [v!, size()[1]] })} />
          <NumberField label="height" value={size()[1]} testId="terrain-height" disabled={props.readOnly} rule={{ min: 1, max: SCENE_LIMITS.maxSize }} commit={(v) => props.patch(o().id, { size: [size()[0], v!] })} />
        </div>
      </Show>
      <Show when={o().shape === 'stairs'}>
        <NumberField label="steps" value={o().steps} testId="terrain-steps" disabled={props.readOnly} rule={{ integer: true, min: 1, max: SCENE_LIMITS.maxStairsSteps }} commit={(v) => props.patch(o().id, { steps: v })} />
      </Show>
      <Show when={o().shape === 'ramp' || o().shape === 'stairs'}>
        <label class="field field--inline">
          <span class="field-label">rise</span>
          <select value={o().rise ?? 'right'} data-testid="terrain-rise" disabled={props.readOnly} onChange={(e) => props.patch(o().id, { rise: e.currentTarget.value as 'left' | 'right' })}>
            <option value="left">left side high</option>
            <option value="right">right side high</option>
          </select>
        </label>
      </Show>
      <NumberField label="friction" value={o().friction} placeholder="default" rule={{ min: 0, max: 1, optional: true }} testId="terrain-friction" disabled={props.readOnly} commit={(v) => props.patch(o().id, { friction: v })} />
      <ColorField label="colour" value={o().color} fallback="#5b6b7a" disabled={props.readOnly} commit={(v) => props.patch(o().id, { color: v })} />
    </fieldset>
  );
}

function PropFields(props: { o: PropObject; doc: SceneDocument; readOnly: boolean; patch: PatchFn }) {
  const o = () => props.o;
  const template = () => findPropTemplate(o().spawn_id, props.doc.prop_assets);
  const setPhysics = (key: 'mass' | 'gravity_scale' | 'friction' | 'restitution', v: number | undefined) => {
    const next: Record<string, number | undefined> = { ...(o().physics ?? {}), [key]: v };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    props.patch(o().id, { physics: Object.keys(next).length ? next : undefined });
  };
  const ph = () => o().physics ?? {};
  const def = (v: number | undefined) => (v === undefined ? 'default' : `${formatNumber(v, 3)} (default)`);
  return (
    <>
      <fieldset disabled={props.readOnly}>
        <legend>Prop · {template()?.name ?? `missing ${o().spawn_id}`}</legend>
        <div class="row">
          <NumberField label="scale x" value={o().scale[0]} digits={3} testId="prop-scale-x" disabled={props.readOnly} rule={{ min: 0.01, max: 100 }} commit={(v) => props.patch(o().id, { scale: [v!, o().scale[1]] })} />
          <NumberField label="scale y" value={o().scale[1]} digits={3} testId="prop-scale-y" disabled={props.readOnly} rule={{ min: 0.01, max: 100 }} commit={(v) => props.patch(o().id, { scale: [o().scale[0], v!] })} />
        </div>
        <ColorField label="colour" value={o().color} fallback={template()?.colors.fill ?? '#9aa4b1'} disabled={props.readOnly} commit={(v) => props.patch(o().id, { color: v })} />
      </fieldset>
      <fieldset disabled={props.readOnly}>
        <legend>Physics</legend>
        <p class="note small">Empty = the prop's default.</p>
        <div class="row">
          <NumberField label="mass (kg)" value={ph().mass} placeholder={def(template()?.mass)} digits={3} testId="prop-mass" disabled={props.readOnly} rule={{ optional: true }} commit={(v) => setPhysics('mass', v)} />
          <NumberField label="gravity scale" value={ph().gravity_scale} placeholder={def(template()?.gravity_scale)} digits={3} testId="prop-gravity" disabled={props.readOnly} rule={{ optional: true }} commit={(v) => setPhysics('gravity_scale', v)} />
        </div>
        <div class="row">
          <NumberField label="friction" value={ph().friction} placeholder={def(template()?.friction)} digits={3} testId="prop-friction" disabled={props.readOnly} rule={{ optional: true }} commit={(v) => setPhysics('friction', v)} />
          <NumberField label="restitution" value={ph().restitution} placeholder={def(template()?.restitution)} digits={3} testId="prop-restitution" disabled={props.readOnly} rule={{ optional: true }} commit={(v) => setPhysics('restitution', v)} />
        </div>
      </fieldset>
    </>
  );
}

function StickmanFields(props: { o: StickmanObject; doc: SceneDocument; readOnly: boolean; patch: PatchFn }) {
  const o = () => props.o;
  return (
    <fieldset disabled={props.readOnly}>
      <legend>Stickman</legend>
      <TextField label="name" value={o().name} placeholder={o().id} disabled={props.readOnly} testId="stick-name" commit={(v) => props.patch(o().id, { name: v })} />
      <div class="field field--inline">
        <span class="field-label">facing</span>
        <strong data-testid="stick-facing">{o().facing === 'RIGHT' ? 'right →' : '← left'}</strong>
        <button type="button" data-testid="stick-flip" title="Flip facing (X)" disabled={props.readOnly} onClick={() => props.patch(o().id, { facing: o().facing === 'RIGHT' ? 'LEFT' : 'RIGHT' })}>
          ⇆ Flip
        </button>
      </div>
      <div class="field field--inline">
        <span class="field-label">pose</span>
        <span class="muted small" data-testid="stick-pose">
          {o().pose ? 'authored' : 'default'}
        </span>
        <button type="button" data-testid="stick-reset-pose" title="Back to the default standing pose" disabled={props.readOnly || !o().pose} onClick={() => props.patch(o().id, { pose: undefined })}>
          Reset pose
        </button>
      </div>
      <Show when={!props.readOnly}>
        <p class="note small">Drag the blue dots (hands, feet, pelvis) on the stage to pose it.</p>
      </Show>
      <ColorField label="colour" value={o().color} fallback="#1d232b" disabled={props.readOnly} testId="stick-color" commit={(v) => props.patch(o().id, { color: v })} />
      <label class="field field--inline">
        <span class="field-label">auto recover</span>
        <input type="checkbox" checked={o().auto_recover} disabled={props.readOnly} onChange={(e) => props.patch(o().id, { auto_recover: e.currentTarget.checked })} />
      </label>
    </fieldset>
  );
}

function AreaFields(props: { o: AreaObject; readOnly: boolean; patch: PatchFn }) {
  const o = () => props.o;
  return (
    <fieldset disabled={props.readOnly}>
      <legend>Area</legend>
      <TextField label="name" value={o().name} placeholder={o().id} disabled={props.readOnly} testId="area-name" commit={(v) => props.patch(o().id, { name: v })} />
      <div class="row">
        <NumberField label="width" value={o().size[0]} testId="area-width" disabled={props.readOnly} rule={{ min: 1, max: SCENE_LIMITS.maxSize }} commit={(v) => props.patch(o().id, { size: [v!, o().size[1]] })} />
        <NumberField label="height" value={o().size[1]} testId="area-height" disabled={props.readOnly} rule={{ min: 1, max: SCENE_LIMITS.maxSize }} commit={(v) => props.patch(o().id, { size: [o().size[0], v!] })} />
      </div>
      <ColorField label="colour" value={o().color} fallback="#3fa7d6" disabled={props.readOnly} commit={(v) => props.patch(o().id, { color: v })} />
    </fieldset>
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
      <p class="note">{props.editor.selection().length > 1 ? `${props.editor.selection().length} objects selected.` : 'Click an object on the stage to edit it.'}</p>
    </div>
  );
}
