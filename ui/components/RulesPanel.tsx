/**
 * The rules panel: every When/Then rule in document order (the order they are evaluated in),
 * with a one-line summary, enable/disable, reorder (drag and drop, or ↑ / ↓), delete, add and
 * edit. The When part is the WhenEditor (./WhenEditor, shared with the statecharts panel's event
 * breakpoints); the Then part is a list of reactions (actor, mode, action via the action editor). Validation errors are shown inline and
 * nothing invalid reaches the document (core/scene/edit checks every rule again).
 */
import { createMemo, createSignal, For, Show } from 'solid-js';
import { actionSpec, CAMERA_ACTIONS, STICKMAN_ACTIONS, TRIGGER_REGISTRY, triggerSpec } from '../../core/actions/registry';
import { CAMERA_ID } from '../../core/camera/actions';
import type { ReactiveMode } from '../../core/actions/lane';
import { addRule, EditError, moveRule, removeRule, setRuleEnabled, updateRule } from '../../core/scene/edit';
import type { ActionPayload, Rule } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { actionText, bareLabel, defaultValues, objectNamer, ruleSummary } from '../state/actionText';
import { ActionIcon } from './ActionIcon';
import { ActionEditor } from './ActionEditor';
import { EndpointPicker, WhenEditor } from './WhenEditor';
import { createReorderable } from '../state/reorderable';
import { ACTOR_KINDS, isActor } from '../../objects/core/models';

interface Reaction {
  key: number;
  actor: string;
  mode: ReactiveMode;
  action: ActionPayload | null;
  /** The action type being edited in the action editor, if open. */
  editingType: string | null;
}

interface Draft {
  id?: string;
  enabled: boolean;
  type: Rule['when']['type'];
  source: string;
  target: string;
  /** state_changed only: the new state the rule waits for (undefined: any change). */
  state?: RigStateFilter;
  then: Reaction[];
}

type RigStateFilter = NonNullable<Rule['when']['state']>;

type DraftErrors = { source?: string; target?: string; then?: string; reactions: Record<number, string>; general: string[] };

const MODES: readonly ReactiveMode[] = ['sequential', 'takeover', 'overlay'];
const MODE_HINT: Record<ReactiveMode, string> = {
  sequential: 'runs right after the current item, before the rest of the queue',
  takeover: 'cancels the current item and runs now',
  overlay: 'runs beside the queue without blocking it',
};

let reactionSeq = 0;

function draftOf(rule: Rule): Draft {
  return {
    id: rule.id,
    enabled: rule.enabled,
    type: rule.when.type,
    source: rule.when.source,
    target: rule.when.target,
    state: rule.when.state,
    then: rule.then.map((t) => ({ key: ++reactionSeq, actor: t.actor, mode: t.mode, action: t.action, editingType: null })),
  };
}

const modeAllowed = (mode: ReactiveMode, type: string | undefined) => mode !== 'overlay' || !!(type && actionSpec(type)?.overlay);

export function RulesPanel(props: { editor: Editor }) {
  const editor = props.editor;
  const rules = createMemo(() => editor.doc().rules);
  const readOnly = () => editor.mode().mode === 'PLAY';
  const [draft, setDraft] = createSignal<Draft | null>(null);
  let listEl: HTMLOListElement | undefined;

  const change = (label: string, fn: Parameters<Editor['direct']>[1]) => editor.direct(label, fn);
  const move = (id: string, to: number) => {
    change('Reordering rules', (d) => moveRule(d, id, to));
    queueMicrotask(() => listEl?.querySelector<HTMLElement>(`[data-rule-id="${id}"]`)?.focus());
  };
  const remove = (id: string) => {
    const at = rules().findIndex((r) => r.id === id);
    if (change('Deleting the rule', (d) => removeRule(d, id))) {
      if (draft()?.id === id) setDraft(null);
      queueMicrotask(() => {
        const rows = listEl?.querySelectorAll<HTMLElement>('[data-testid="rule-row"]');
        if (rows && rows.length) rows[Math.min(at, rows.length - 1)].focus();
      });
    }
  };

  const newDraft = (): Draft => {
    const sel = editor.tools.selection();
    const stick = editor.doc().objects.find((o) => isActor(o) && sel.includes(o.id)) ?? editor.doc().objects.find(isActor);
    const t = TRIGGER_REGISTRY[0];
    // A stickman selected on stage is the likely subject: start the rule from it.
    return { enabled: true, type: t.type, source: stick && sel.includes(stick.id) ? stick.id : 'any', target: 'any', then: [] };
  };

  const reorder = createReorderable({
    ids: () => rules().map((r) => r.id),
    move,
    remove,
    edit: (id) => {
      const rule = rules().find((r) => r.id === id);
      if (rule) setDraft(draftOf(rule));
    },
    readOnly,
  });

  return (
    <div class="rules-panel" data-testid="rules-panel">
      <Show
        when={draft()}
        fallback={
          <>
            <div class="rules-bar">
              <span class="muted small">Evaluated top to bottom; every matching, enabled rule runs.</span>
              <Show when={readOnly()}>
                <span class="muted small">· read-only during PLAY</span>
              </Show>
              <button type="button" class="small-btn primary" data-testid="rule-add" disabled={readOnly()} onClick={() => setDraft(newDraft())}>
                + Add rule
              </button>
            </div>
            <Show when={rules().length} fallback={<p class="note">No rules yet. A rule says: When something happens on stage → a stickman does something.</p>}>
              <ol
                class="rlist"
                ref={listEl}
                data-testid="rule-list"
                {...reorder.list}
              >
                <For each={rules()}>
                  {(rule, index) => (
                    <li
                      class="rrow"
                      classList={{ disabled: !rule.enabled, ...reorder.rowClasses(rule.id, index(), rules().length) }}
                      tabindex="0"
                      draggable={!readOnly()}
                      data-testid="rule-row"
                      data-rule-id={rule.id}
                      {...reorder.row(rule.id, index)}
                      onDblClick={() => !readOnly() && setDraft(draftOf(rule))}
                    >
                      <span class="grip" aria-hidden="true" title="Drag to reorder">
                        ⋮⋮
                      </span>
                      <input
                        type="checkbox"
                        checked={rule.enabled}
                        disabled={readOnly()}
                        title={rule.enabled ? 'Enabled (uncheck to disable)' : 'Disabled'}
                        aria-label={`Rule ${rule.id} enabled`}
                        data-testid="rule-enabled"
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          if (!change(on ? 'Enabling the rule' : 'Disabling the rule', (d) => setRuleEnabled(d, rule.id, on))) e.currentTarget.checked = rule.enabled;
                        }}
                      />
                      <code class="rid">{rule.id}</code>
                      <ActionIcon type={rule.when.type} />
                      <span class="rsummary" title={ruleSummary(rule, editor.doc())} data-testid="rule-summary">
                        {ruleSummary(rule, editor.doc())}
                      </span>
                      <span class="qbtns">
                        <button type="button" class="icon-btn" title="Edit (Enter)" aria-label="Edit" data-testid="rule-edit" disabled={readOnly()} onClick={() => setDraft(draftOf(rule))}>
                          ✎
                        </button>
                        <button type="button" class="icon-btn" title="Move up (Alt+↑)" aria-label="Move up" data-testid="rule-up" disabled={readOnly() || index() === 0} onClick={() => move(rule.id, index() - 1)}>
                          ↑
                        </button>
                        <button
                          type="button"
                          class="icon-btn"
                          title="Move down (Alt+↓)"
                          aria-label="Move down"
                          data-testid="rule-down"
                          disabled={readOnly() || index() === rules().length - 1}
                          onClick={() => move(rule.id, index() + 1)}
                        >
                          ↓
                        </button>
                        <button type="button" class="icon-btn danger" title="Delete (Delete)" aria-label="Delete" data-testid="rule-delete" disabled={readOnly()} onClick={() => remove(rule.id)}>
                          ×
                        </button>
                      </span>
                    </li>
                  )}
                </For>
              </ol>
            </Show>
          </>
        }
      >
        {(d) => <RuleEditor editor={editor} draft={d()} setDraft={setDraft} onClose={() => setDraft(null)} />}
      </Show>
    </div>
  );
}

function RuleEditor(props: { editor: Editor; draft: Draft; setDraft: (d: Draft | null) => void; onClose: () => void }) {
  const editor = props.editor;
  const d = () => props.draft;
  const [errors, setErrors] = createSignal<DraftErrors>({ reactions: {}, general: [] });
  const spec = () => triggerSpec(d().type) ?? TRIGGER_REGISTRY[0];
  const update = (patch: Partial<Draft>) => {
    props.setDraft({ ...d(), ...patch });
    // An error about what just changed is stale now.
    const e = errors();
    if ((patch.then && patch.then.length && e.then) || (patch.source && e.source) || (patch.target && e.target)) {
      setErrors({ ...e, then: patch.then ? undefined : e.then, source: patch.source ? undefined : e.source, target: patch.target ? undefined : e.target });
    }
  };
  const updateReaction = (key: number, patch: Partial<Reaction>) => update({ then: d().then.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const stickmen = createMemo(() => editor.doc().objects.filter(isActor));
  const addReaction = () => {
    const src = d().source;
    const actor = stickmen().some((o) => o.id === src) ? src : (stickmen()[0]?.id ?? '');
    const first = STICKMAN_ACTIONS.find((a) => a.type === 'speak') ?? STICKMAN_ACTIONS[0];
    update({ then: [...d().then, { key: ++reactionSeq, actor, mode: first.overlay ? 'overlay' : 'sequential', action: null, editingType: first.type }] });
  };

  const save = () => {
    const errs: DraftErrors = { reactions: {}, general: [] };
    if (d().then.length === 0) errs.then = 'add at least one reaction (Then …)';
    for (const r of d().then) {
      if (!r.actor) errs.reactions[r.key] = 'choose the stickman who acts';
      else if (r.editingType) errs.reactions[r.key] = 'finish the action (Apply) or cancel it';
      else if (!r.action) errs.reactions[r.key] = 'choose an action';
      else if (!modeAllowed(r.mode, r.action.type)) errs.reactions[r.key] = `${r.action.type} cannot run as an overlay`;
    }
    if (errs.then || Object.keys(errs.reactions).length) {
      setErrors(errs);
      return;
    }
    const state = d().type === 'state_changed' ? d().state : undefined;
    const when = { type: d().type, source: d().source, target: spec().target ? d().target : 'any', ...(state ? { state } : {}) };
    const then = d().then.map((r) => ({ actor: r.actor, mode: r.mode, action: r.action! }));
    try {
      const id = d().id;
      if (id) editor.tryDirect((doc) => updateRule(doc, id, { enabled: d().enabled, when, then }));
      else editor.tryDirect((doc) => addRule(doc, { enabled: d().enabled, when, then }));
      props.onClose();
    } catch (e) {
      if (e instanceof EditError && e.issues.length) {
        for (const i of e.issues) {
          const m = i.path.match(/\.when\.(source|target)$/);
          const t = i.path.match(/\.then\[(\d+)\]/);
          if (m) errs[m[1] as 'source' | 'target'] = i.message;
          else if (t && d().then[Number(t[1])]) errs.reactions[d().then[Number(t[1])].key] = `${i.path.replace(/^\$\.rules\[\d+\]\.then\[\d+\]\.?/, '')}: ${i.message}`;
          else errs.general.push(`${i.path}: ${i.message}`);
        }
      } else errs.general.push(String((e as Error)?.message ?? e));
      setErrors(errs);
    }
  };

  return (
    <div
      class="rule-editor"
      data-testid="rule-editor"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !editor.tools.capture() && !e.defaultPrevented) {
          e.preventDefault();
          props.onClose();
        }
      }}
    >
      <div class="re-head">
        <strong>{d().id ? `Edit rule ${d().id}` : 'New rule'}</strong>
        <label class="inline-check">
          <input type="checkbox" checked={d().enabled} data-testid="rule-editor-enabled" onChange={(e) => update({ enabled: e.currentTarget.checked })} /> enabled
        </label>
        <span class="re-preview muted" title="Summary">
          {ruleSummary(
            { when: { type: d().type, source: d().source, target: d().target, state: d().state }, then: d().then.filter((r) => r.action).map((r) => ({ actor: r.actor, mode: r.mode, action: r.action! })) },
            editor.doc(),
          )}
        </span>
        <span class="spacer" />
        <button type="button" class="primary" data-testid="rule-save" onClick={save}>
          Save rule
        </button>
        <button type="button" data-testid="rule-cancel" onClick={() => props.onClose()}>
          Cancel
        </button>
      </div>
      <div class="re-body">
        <section class="re-when">
          <WhenEditor editor={editor} value={d()} errors={errors()} onChange={(patch) => update(patch)} />
        </section>
        <section class="re-then">
          <h5>
            Then
            <button type="button" class="small-btn" data-testid="rule-add-reaction" onClick={addReaction} disabled={d().then.length >= 50}>
              + Add reaction
            </button>
          </h5>
          <Show when={errors().then}>
            <span class="field-error" role="alert">
              {errors().then}
            </span>
          </Show>
          <For each={d().then.map((x) => x.key)}>
            {(key, index) => {
              // Rows are keyed by the reaction's key, so editing one keeps its form (and focus).
              const r = d().then.find((x) => x.key === key)!;
              const cur = () => d().then.find((x) => x.key === key) ?? r;
              const editingSpec = () => {
                const t = cur().editingType;
                return t ? actionSpec(t) : undefined;
              };
              const typeForMode = () => cur().editingType ?? cur().action?.type;
              return (
                <div class="reaction" data-testid="rule-reaction" classList={{ invalid: !!errors().reactions[key] }}>
                  <div class="reaction-row">
                    <span class="qnum">{index() + 1}</span>
                    <EndpointPicker
                      editor={editor}
                      label="Actor"
                      kinds={ACTOR_KINDS}
                      value={cur().actor}
                      allowAny={false}
                      testId="reaction-actor"
                      onChange={(id) => updateReaction(key, { actor: id })}
                    />
                    <label class="ep">
                      <span class="field-label">Mode</span>
                      <select value={cur().mode} data-testid="reaction-mode" title={MODE_HINT[cur().mode]} onChange={(e) => updateReaction(key, { mode: e.currentTarget.value as ReactiveMode })}>
                        <For each={MODES.filter((m) => modeAllowed(m, typeForMode()) || m === cur().mode)}>
                          {(m) => (
                            <option value={m} disabled={!modeAllowed(m, typeForMode())}>
                              {m}
                            </option>
                          )}
                        </For>
                      </select>
                    </label>
                    <label class="ep">
                      <span class="field-label">Action</span>
                      <Show
                        when={cur().editingType}
                        fallback={
                          <span class="ep-row">
                            <span class="reaction-action" data-testid="reaction-action">
                              {(() => {
                                const a = cur().action;
                                return a ? (
                                  <>
                                    <ActionIcon type={a.type} /> {actionText(a, objectNamer(editor.doc()))}
                                  </>
                                ) : (
                                  '—'
                                );
                              })()}
                            </span>
                            <button type="button" class="icon-btn" aria-label="Edit the action" data-testid="reaction-edit" onClick={() => updateReaction(key, { editingType: cur().action?.type ?? STICKMAN_ACTIONS[0].type })}>
                              ✎
                            </button>
                          </span>
                        }
                      >
                        <select
                          value={cur().editingType!}
                          data-testid="reaction-type"
                          onChange={(e) => {
                            const type = e.currentTarget.value;
                            updateReaction(key, { editingType: type, mode: modeAllowed(cur().mode, type) ? cur().mode : 'sequential' });
                          }}
                        >
                          <For each={cur().actor === CAMERA_ID ? CAMERA_ACTIONS : STICKMAN_ACTIONS}>
                            {(a) => (
                              <option value={a.type}>{bareLabel(a)}</option>
                            )}
                          </For>
                        </select>
                      </Show>
                    </label>
                    <button
                      type="button"
                      class="icon-btn danger"
                      aria-label="Remove the reaction"
                      title="Remove the reaction"
                      data-testid="reaction-remove"
                      onClick={() => update({ then: d().then.filter((x) => x.key !== key) })}
                    >
                      ×
                    </button>
                  </div>
                  <Show when={editingSpec()} keyed>
                    {(s) => (
                      <ActionEditor
                        editor={editor}
                        spec={s}
                        initial={(() => {
                          const a = cur().action;
                          return a && a.type === s.type ? (a as unknown as Record<string, unknown>) : defaultValues(s);
                        })()}
                        submitLabel="Apply"
                        testId="reaction-editor"
                        throwContext={cur().actor && cur().actor !== 'any' ? { rigId: cur().actor, rule: true } : undefined}
                        onSubmit={(payload) => updateReaction(key, { action: payload, editingType: null, mode: modeAllowed(cur().mode, payload.type) ? cur().mode : 'sequential' })}
                        onCancel={() => (cur().action ? updateReaction(key, { editingType: null }) : update({ then: d().then.filter((x) => x.key !== key) }))}
                      />
                    )}
                  </Show>
                  <Show when={errors().reactions[key]}>
                    <span class="field-error" role="alert" data-testid="reaction-error">
                      {errors().reactions[key]}
                    </span>
                  </Show>
                </div>
              );
            }}
          </For>
        </section>
      </div>
      <Show when={errors().general.length}>
        <ul class="field-error" role="alert">
          <For each={errors().general}>{(m) => <li>{m}</li>}</For>
        </ul>
      </Show>
    </div>
  );
}
