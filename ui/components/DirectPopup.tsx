/**
 * The Direct popup (DIRECT mode): click a stickman, choose an action from the registry, and it is
 * appended to that stickman's queue. What an action needs is captured first: a point on the stage
 * for stage_point fields (crosshair + ghost marker, Esc cancels) or a prop for stage_prop ones
 * (Pick Up: click the prop), typed fields and choices in a small inline form. Unsupported
 * actions are listed, disabled, as "coming later".
 */
import { createEffect, createMemo, createSignal, on, onCleanup, Show } from 'solid-js';
import type { ActionSpec } from '../../core/actions/registry';
import { appendAction } from '../../core/scene/edit';
import type { ActionPayload } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { actionText, bareLabel, completesOnPick, defaultValues, objectName, objectNamer, stageField } from '../state/actionText';
import { ActionIcon } from './ActionIcon';
import { ActionMenuItems } from './ActionMenu';
import { ActionEditor } from './ActionEditor';
import { captureFor } from '../actions/actionUi';
import { isKind } from '../../objects/core/models';

type Step = { type: 'menu' } | { type: 'form'; spec: ActionSpec; initial: Record<string, unknown> } | { type: 'picking'; spec: ActionSpec };

const POPUP_WIDTH = 236;

export function DirectPopup(props: { editor: Editor; hostSize: () => { width: number; height: number } }) {
  const editor = props.editor;
  const state = () => editor.directPopup();
  const [step, setStep] = createSignal<Step>({ type: 'menu' });
  const [added, setAdded] = createSignal<ActionPayload | null>(null);
  // Every opening starts at the menu.
  createEffect(
    on(state, () => {
      setStep({ type: 'menu' });
      setAdded(null);
    }),
  );

  const rig = createMemo(() => {
    const s = state();
    if (!s) return undefined;
    const o = editor.doc().objects.find((x) => x.id === s.rigId);
    return isKind(o, 'stickman') ? o : undefined;
  });

  const append = (payload: ActionPayload) => {
    const id = rig()!.id;
    editor.tryDirect((d) => appendAction(d, id, payload));
    setAdded(payload);
    setStep({ type: 'menu' });
  };

  const choose = (spec: ActionSpec) => {
    setAdded(null);
    const initial = defaultValues(spec);
    const field = stageField(spec);
    if (field) {
      const who = rig()?.name ?? rig()?.id;
      const picked = (value: unknown) => {
        const values = { ...initial, [field.name]: value };
        if (completesOnPick(spec)) {
          try {
            append({ type: spec.type, ...values } as ActionPayload);
          } catch (e) {
            editor.notices.notify('error', 'The action was not added', [String((e as Error)?.message ?? e)]);
            setStep({ type: 'menu' });
          }
        } else setStep({ type: 'form', spec, initial: values });
      };
      const onCancel = () => {
        if (step().type === 'picking') setStep({ type: 'menu' });
      };
      const prompt = field.capture === 'stage_prop'
        ? `${who}: click the ${field.label.toLowerCase()} to ${bareLabel(spec).toLowerCase().replace(/ prop$/, '')}`
        : `${who}: click the ${field.label.toLowerCase()} on the stage`;
      // A throw target previews the throw, appended after the whole queue, at the pointer.
      const capture = captureFor(spec, field, { prompt, throwContext: { rigId: rig()!.id }, pick: picked, onCancel });
      if (capture) {
        setStep({ type: 'picking', spec });
        editor.tools.startCapture(capture);
      }
      return;
    }
    if (spec.fields.length === 0) {
      append({ type: spec.type } as ActionPayload);
      return;
    }
    setStep({ type: 'form', spec, initial });
  };

  // The popup never scrolls (a scrolling layer over the WebGL canvas mis-composites in software
  // rendering); it is measured and kept inside the stage instead.
  const [popupHeight, setPopupHeight] = createSignal(260);
  let ro: ResizeObserver | null = null;
  const measure = (el: HTMLDivElement) => {
    ro?.disconnect();
    ro = new ResizeObserver(() => setPopupHeight(el.offsetHeight));
    ro.observe(el);
  };
  onCleanup(() => ro?.disconnect());

  const position = () => {
    const s = state()!;
    const { width, height } = props.hostSize();
    const x = Math.max(8, Math.min(s.at[0], width - POPUP_WIDTH - 8));
    const y = Math.max(8, Math.min(s.at[1], height - popupHeight() - 8));
    return { left: `${x}px`, top: `${y}px` };
  };

  return (
    <Show when={state() && rig() && step().type !== 'picking'}>
      <div
        ref={measure}
        class="direct-popup"
        role="dialog"
        aria-label={`Direct ${rig()!.id}`}
        data-testid="direct-popup"
        style={position()}
        onPointerDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            if (step().type === 'form') setStep({ type: 'menu' });
            else editor.closeDirectPopup();
          }
        }}
      >
        <div class="popup-head">
          <strong>Direct {objectName(editor.doc(), rig()!.id)}</strong>
          <button class="close" aria-label="Close" data-testid="direct-close" onClick={() => editor.closeDirectPopup()}>
            ×
          </button>
        </div>
        <Show when={step().type === 'menu'}>
          <Show when={added()}>
            <p class="added" data-testid="direct-added">
              Added <ActionIcon type={added()!.type} /> {actionText(added()!, objectNamer(editor.doc()))}
            </p>
          </Show>
          <div class="direct-actions" role="menu">
            <ActionMenuItems testIdPrefix="direct-" itemClass="direct-action" hint={(spec) => `${bareLabel(spec)}: append to the queue`} choose={choose} />
          </div>
          <p class="note small">Tip: with a stickman selected, click empty stage to add a walk there.</p>
        </Show>
        <Show when={step().type === 'form' ? (step() as Extract<Step, { type: 'form' }>) : null} keyed>
          {(s) => <ActionEditor editor={editor} spec={s.spec} initial={s.initial} submitLabel="Add to queue" testId="direct-form" throwContext={{ rigId: rig()!.id }} onSubmit={append} onCancel={() => setStep({ type: 'menu' })} />}
        </Show>
      </div>
    </Show>
  );
}
