/**
 * The selected stickman's action queue: items with icon and label, add (menu of the registry's
 * actions), edit (the action editor), reorder (drag and drop, or ↑ / ↓), delete. Editable in
 * EDIT and DIRECT (each change one undo step); in PLAY a read-only live view: pending, running
 * with a progress bar, then done / skipped / cancelled / blocked from the run's action records.
 */
import { createMemo, createSignal, For, Show } from 'solid-js';
import { actionSpec, type ActionSpec } from '../../core/actions/registry';
import { appendAction, moveAction, removeAction, updateAction } from '../../core/scene/edit';
import type { ActionPayload, QueueItem } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { actionText, objectNamer } from '../state/actionText';
import { ActionIcon } from './ActionIcon';
import { ActionEditor } from './ActionEditor';
import { ActionMenuItems } from './ActionMenu';
import { createReorderable } from '../state/reorderable';
import { OverlayLaneLegend } from './OverlayLaneLegend';
import { PlanIcon } from './PlanIcon';
import { planQueueSteps } from '../../streams/preview/queuePlan';

type Editing = { mode: 'add'; spec: ActionSpec } | { mode: 'edit'; id: string; spec: ActionSpec } | null;

/** `dropped`: never started because stop_queue emptied the lane. */
export type ItemStatus = 'pending' | 'running' | 'done' | 'skipped' | 'cancelled' | 'blocked' | 'dropped';

const STATUS_TEXT: Record<ItemStatus, string> = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  skipped: 'skipped',
  cancelled: 'cancelled',
  blocked: 'blocked',
  dropped: 'dropped',
};

const payloadOf = (item: QueueItem): ActionPayload => {
  const { id: _id, ...rest } = item;
  return rest as ActionPayload;
};

export interface QueuePanelProps {
  editor: Editor;
  /** Whose queue: a stickman's id, or the camera's (`camera`). */
  rigId: string;
  /** The kinds "+ Add" offers (default: a stickman's; the camera's queue offers the camera's). */
  specs?: readonly ActionSpec[];
  /** What an empty queue says while authoring. */
  emptyText?: string;
  /** A new action starts with its stage pick (the camera: drag the framing, click whom to follow). */
  pickOnAdd?: boolean;
  /** PLAY offers "Stop queue" (stop_queue); false where no runtime command stops this queue (the camera's). */
  stoppable?: boolean;
}

export function QueuePanel(props: QueuePanelProps) {
  const editor = props.editor;
  // Own keys only: for a stickman called `toString` without a queue, queues[id] is a function.
  const items = createMemo(() => {
    const queues = editor.doc().queues;
    return Object.hasOwn(queues, props.rigId) ? queues[props.rigId] : [];
  });
  const mode = () => editor.mode().mode;
  const live = () => mode() === 'PLAY';
  const [editing, setEditing] = createSignal<Editing>(null);
  const [menuOpen, setMenuOpen] = createSignal(false);
  let listEl: HTMLOListElement | undefined;

  const queueState = createMemo(() => (live() ? editor.run.liveFrame().rigs.find((r) => r.id === props.rigId)?.queue : undefined));
  // What the rows read of it, as values: the frame is new every step, the running item and the
  // queue's state change a few times a run, and each row's status waits on these, not the frame.
  const currentId = createMemo(() => queueState()?.current ?? null);
  const stopped = createMemo(() => queueState()?.state === 'stopped');
  // What the planner predicts at t = 0 for each item, while authoring (EDIT, DIRECT); recomputed
  // with the document, so moving a prop or a wall or editing the queue updates the icons.
  const plan = createMemo(() => (live() ? null : planQueueSteps(editor.doc(), props.rigId)));

  const statusOf = (id: string): ItemStatus => {
    if (currentId() === id) return 'running';
    const run = editor.run.runsOf(props.rigId).get(id);
    if (!run) return stopped() ? 'dropped' : 'pending';
    if (run.phase === 'started') return 'running';
    switch (run.outcome) {
      case 'skipped':
      case 'cancelled':
      case 'blocked':
        return run.outcome;
      default:
        return 'done';
    }
  };
  const progressOf = (id: string) => {
    const q = queueState();
    return q && q.current === id ? Math.max(0, Math.min(1, q.progress)) : 0;
  };

  const change = (label: string, fn: Parameters<Editor['direct']>[1]) => editor.direct(label, fn);
  const remove = (id: string) => {
    const at = items().findIndex((i) => i.id === id);
    if (change('Removing the action', (d) => removeAction(d, props.rigId, id))) {
      if (editing()?.mode === 'edit' && (editing() as { id: string }).id === id) setEditing(null);
      // Keep the keyboard where it was: focus the item that took this one's place.
      queueMicrotask(() => {
        const rows = listEl?.querySelectorAll<HTMLElement>('[data-testid="queue-item"]');
        if (rows && rows.length) rows[Math.min(at, rows.length - 1)].focus();
      });
    }
  };
  const move = (id: string, to: number) => {
    change('Reordering the queue', (d) => moveAction(d, props.rigId, id, to));
    queueMicrotask(() => listEl?.querySelector<HTMLElement>(`[data-action-id="${id}"]`)?.focus());
  };

  const startAdd = (spec: ActionSpec) => {
    setMenuOpen(false);
    setEditing({ mode: 'add', spec });
  };

  const reorder = createReorderable({
    ids: () => items().map((i) => i.id),
    move,
    remove: (id) => remove(id),
    edit: (id) => {
      const item = items().find((i) => i.id === id);
      const spec = item && actionSpec(item.type);
      if (spec) setEditing({ mode: 'edit', id, spec });
    },
    readOnly: live,
  });

  return (
    <section class="queue-panel" data-testid="queue-panel" aria-label={`Queue of ${props.rigId}`}>
      <div class="panel-head">
        <h4>
          Queue <span class="muted">({items().length})</span>
        </h4>
        <Show when={live()}>
          <span class="muted small">live</span>
          <Show when={props.stoppable !== false}>
            <button
              class="small"
              data-testid="queue-stop"
              title="stop_queue: cancel the running action and drop the rest"
              disabled={!queueState() || queueState()!.state === 'stopped'}
              onClick={() => editor.controller.stopQueue(props.rigId)}
            >
              ■ Stop queue
            </button>
          </Show>
        </Show>
        <Show when={!live()}>
          <div
            class="menu-anchor"
            onFocusOut={(e) => {
              const next = e.relatedTarget as Node | null;
              if (!next || !e.currentTarget.contains(next)) setMenuOpen(false);
            }}
          >
            <button type="button" class="small-btn" data-testid="queue-add" aria-haspopup="menu" aria-expanded={menuOpen()} onClick={() => setMenuOpen(!menuOpen())}>
              + Add
            </button>
            <Show when={menuOpen()}>
              <div class="menu" role="menu" data-testid="queue-add-menu" onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), setMenuOpen(false))}>
                <ActionMenuItems testIdPrefix="queue-add-" specs={props.specs} hint={(spec) => spec.label} choose={startAdd} />
              </div>
            </Show>
          </div>
        </Show>
      </div>
      <Show when={items().length} fallback={<p class="note small">{live() ? 'No authored actions.' : (props.emptyText ?? 'No actions yet. + Add, or in DIRECT click the stickman.')}</p>}>
        <ol
          class="qlist"
          ref={listEl}
          data-testid="queue-list"
          {...reorder.list}
        >
          <For each={items()}>
            {(item, index) => {
              // A memo: the row's classes, label and badge change when its status does, not every step.
              const status = createMemo(() => (live() ? statusOf(item.id) : null));
              return (
                <li
                  class="qitem"
                  classList={{
                    ...reorder.rowClasses(item.id, index(), items().length),
                    [`st-${status()}`]: !!status(),
                    editing: editing()?.mode === 'edit' && (editing() as { id: string }).id === item.id,
                  }}
                  tabindex="0"
                  draggable={!live()}
                  data-testid="queue-item"
                  data-action-id={item.id}
                  data-status={status() ?? undefined}
                  aria-label={`${index() + 1}. ${actionText(payloadOf(item), objectNamer(editor.doc()))}${status() ? `, ${status()}` : ''}`}
                  {...reorder.row(item.id, index)}
                >
                  <span class="qnum">{index() + 1}</span>
                  <ActionIcon type={item.type} />
                  <span class="qtext" title={actionText(payloadOf(item), objectNamer(editor.doc()))}>
                    {actionText(payloadOf(item), objectNamer(editor.doc()))}
                  </span>
                  <Show when={plan()?.get(item.id)} keyed>
                    {(p) => <PlanIcon plan={p} />}
                  </Show>
                  <Show when={status()}>
                    <span class={`qstatus st-${status()}`} data-testid="queue-status">
                      {STATUS_TEXT[status()!]}
                    </span>
                  </Show>
                  <Show when={!live()}>
                    <span class="qbtns">
                      <button
                        type="button"
                        class="icon-btn"
                        title="Edit (Enter)"
                        aria-label="Edit"
                        data-testid="queue-edit"
                        onClick={() => {
                          const spec = actionSpec(item.type);
                          if (spec) setEditing({ mode: 'edit', id: item.id, spec });
                        }}
                      >
                        ✎
                      </button>
                      <button type="button" class="icon-btn" title="Move up (Alt+↑)" aria-label="Move up" data-testid="queue-up" disabled={index() === 0} onClick={() => move(item.id, index() - 1)}>
                        ↑
                      </button>
                      <button
                        type="button"
                        class="icon-btn"
                        title="Move down (Alt+↓)"
                        aria-label="Move down"
                        data-testid="queue-down"
                        disabled={index() === items().length - 1}
                        onClick={() => move(item.id, index() + 1)}
                      >
                        ↓
                      </button>
                      <button type="button" class="icon-btn danger" title="Delete (Delete)" aria-label="Delete" data-testid="queue-delete" onClick={() => remove(item.id)}>
                        ×
                      </button>
                    </span>
                  </Show>
                  <Show when={status() === 'running'}>
                    <span class="qprogress" aria-hidden="true">
                      <span style={{ width: `${Math.round(progressOf(item.id) * 100)}%` }} />
                    </span>
                  </Show>
                </li>
              );
            }}
          </For>
        </ol>
      </Show>
      <OverlayLaneLegend editor={editor} rigId={props.rigId} />
      <Show when={!live() && editing()} keyed>
        {(ed) => {
          const item = ed.mode === 'edit' ? items().find((i) => i.id === ed.id) : undefined;
          return (
            <ActionEditor
              editor={editor}
              spec={ed.spec}
              initial={item ? (payloadOf(item) as unknown as Record<string, unknown>) : undefined}
              submitLabel={ed.mode === 'add' ? 'Add to queue' : 'Save'}
              testId="queue-editor"
              pickFirst={props.pickOnAdd && ed.mode === 'add'}
              throwContext={{ rigId: props.rigId, actionId: ed.mode === 'edit' ? ed.id : undefined }}
              onSubmit={(payload) => {
                if (ed.mode === 'add') editor.tryDirect((d) => appendAction(d, props.rigId, payload));
                else editor.tryDirect((d) => updateAction(d, props.rigId, ed.id, payload));
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          );
        }}
      </Show>
    </section>
  );
}
