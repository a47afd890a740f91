/**
 * The When part of a rule (issue 21: one editor for rules and for the statecharts panel's event
 * breakpoints): a trigger from TRIGGER_REGISTRY, a source and a target picked on the stage
 * (filtered by the kinds the trigger allows, given the other end: a stickman's contacts with
 * terrain are never offered) or `any`, and for state_changed the new state. It edits a value it
 * is given and reports each change as a patch; saving is the caller's.
 */
import { createMemo, createSignal, For, Show } from 'solid-js';
import { endpointKinds, TRIGGER_REGISTRY, triggerSpec, type EndpointKind } from '../../core/actions/registry';
import type { ObjectKind, Rule } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { objectName, RIG_STATE_PHRASES } from '../state/actionText';
import { ActionIcon } from './ActionIcon';

export type When = Rule['when'];
type RigStateFilter = NonNullable<When['state']>;
/** The state filter's choices, in the order a fall goes. */
const RIG_STATES: readonly RigStateFilter[] = ['RAGDOLL', 'RECOVERING', 'ANIMATED'];

export interface WhenErrors {
  source?: string;
  target?: string;
}

export function WhenEditor(props: { editor: Editor; value: Pick<When, 'type' | 'source' | 'target' | 'state'>; errors?: WhenErrors; onChange: (patch: Partial<When>) => void }) {
  const editor = props.editor;
  const spec = () => triggerSpec(props.value.type) ?? TRIGGER_REGISTRY[0];
  /** The kind of a rule end, or null for `any` (or an object no longer in the scene). */
  const kindOf = (id: string): EndpointKind | null => (editor.doc().objects.find((o) => o.id === id)?.kind as EndpointKind | undefined) ?? null;

  const setTrigger = (type: Rule['when']['type']) => {
    const t = triggerSpec(type);
    if (!t) return;
    const keep = (id: string, kinds: readonly EndpointKind[]) => (id === 'any' || (kindOf(id) && kinds.includes(kindOf(id)!)) ? id : 'any');
    const source = keep(props.value.source, t.source.kinds);
    props.onChange({ type, source, target: t.target ? keep(props.value.target, endpointKinds(t, 'target', kindOf(source))) : 'any', state: type === 'state_changed' ? props.value.state : undefined });
  };

  return (
    <>
      <h5>
        When <ActionIcon type={props.value.type} />
      </h5>
      <label class="ep">
        <span class="field-label">Trigger</span>
        <select value={props.value.type} data-testid="rule-trigger" onChange={(e) => setTrigger(e.currentTarget.value as Rule['when']['type'])}>
          <For each={TRIGGER_REGISTRY}>
            {(t) => (
              <option value={t.type}>
                {t.label} ({t.type})
              </option>
            )}
          </For>
        </select>
      </label>
      <EndpointPicker
        editor={editor}
        label={spec().source.label}
        kinds={endpointKinds(spec(), 'source', kindOf(props.value.target))}
        value={props.value.source}
        allowAny
        error={props.errors?.source}
        testId="rule-source"
        onChange={(id) => props.onChange({ source: id })}
      />
      <Show when={spec().target}>
        <EndpointPicker
          editor={editor}
          label={spec().target!.label}
          kinds={endpointKinds(spec(), 'target', kindOf(props.value.source))}
          value={props.value.target}
          allowAny
          error={props.errors?.target}
          testId="rule-target"
          onChange={(id) => props.onChange({ target: id })}
        />
      </Show>
      <Show when={props.value.type === 'state_changed'}>
        <label class="ep">
          <span class="field-label">New state</span>
          <select
            value={props.value.state ?? ''}
            data-testid="rule-state"
            title="Fire only when the stickman enters this state"
            onChange={(e) => props.onChange({ state: (e.currentTarget.value || undefined) as RigStateFilter | undefined })}
          >
            <option value="">any change</option>
            <For each={RIG_STATES}>{(s) => <option value={s}>{RIG_STATE_PHRASES[s]}</option>}</For>
          </select>
        </label>
      </Show>
    </>
  );
}

export function EndpointPicker(props: {
  editor: Editor;
  label: string;
  kinds: readonly EndpointKind[];
  value: string;
  allowAny: boolean;
  error?: string;
  testId: string;
  onChange: (id: string) => void;
}) {
  const editor = props.editor;
  const [picking, setPicking] = createSignal(false);
  const options = createMemo(() => editor.doc().objects.filter((o) => (props.kinds as readonly string[]).includes(o.kind)));
  const pick = () => {
    if (picking()) {
      editor.tools.cancelCapture();
      return;
    }
    setPicking(true);
    editor.tools.startCapture({
      kind: 'object',
      prompt: `${props.label}: click a ${props.kinds.join(' or ')} on the stage`,
      kinds: props.kinds as readonly ObjectKind[],
      pick: (id) => {
        setPicking(false);
        props.onChange(id);
      },
      onCancel: () => setPicking(false),
    });
  };
  const offered = () => props.value === 'any' || options().some((o) => o.id === props.value);
  const exists = () => editor.doc().objects.some((o) => o.id === props.value);
  return (
    <label class="ep" classList={{ invalid: !!props.error }}>
      <span class="field-label">{props.label}</span>
      <span class="ep-row">
        <select value={props.value} data-testid={props.testId} onChange={(e) => props.onChange(e.currentTarget.value)}>
          <Show when={props.allowAny}>
            <option value="any">any</option>
          </Show>
          <Show when={!props.allowAny && props.value === ''}>
            <option value="">choose…</option>
          </Show>
          <Show when={!offered() && props.value !== ''}>
            <option value={props.value}>
              {props.value} {exists() ? '(never fires here)' : '(missing)'}
            </option>
          </Show>
          <For each={options()}>{(o) => <option value={o.id}>{objectName(editor.doc(), o.id)}</option>}</For>
        </select>
        <Show when={editor.mode().mode !== 'PLAY'}>
          <button type="button" class="pick" classList={{ active: picking() }} data-testid={`${props.testId}-pick`} title="Click the object on the stage (Esc cancels)" onClick={pick}>
          {picking() ? 'Picking… (Esc)' : <ActionIcon type="target" />}
        </button>
        </Show>
      </span>
      <Show when={props.error}>
        <span class="field-error" role="alert">
          {props.error}
        </span>
      </Show>
    </label>
  );
}

