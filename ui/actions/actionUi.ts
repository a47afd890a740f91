/**
 * The UI part of each action kind, keyed by its core definition's type (core/actions/kinds): how
 * its stage field is captured (what the Direct popup and the action editor ask to click), what the
 * stage previews while one is being edited, and what it shows on the stage overlay. A kind missing
 * here fails the type check.
 */
import type { AnyActionDefinition } from '../../core/actions/kinds';
import type { ActionField, ActionSpec } from '../../core/actions/registry';
import type { ObjectKind, QueueItem } from '../../core/scene/schema';
import type { Capture } from '../state/captures';
import { OBJECT_KINDS, OBJECT_MODELS } from '../../objects/core/models';
import { focusThrow, type ThrowContext } from '../state/throwFocus';
import type { FieldEditorName } from './fieldEditor';

type Vec2 = [number, number];
export type ActionType = AnyActionDefinition['type'];
type ItemOf<T extends ActionType> = Extract<QueueItem, { type: T }>;

/**
 * How a stage point is picked: `surface` snaps it onto the walkable ground under the click (a walk
 * flag follows the pointer), `throw` previews the throw at the pointer, `free` takes the point as is.
 */
export type PointPick = 'surface' | 'throw' | 'free';

export interface ActionUi<T extends ActionType> {
  readonly point: PointPick;
  /**
   * While one is open in an action editor (its context known), what the stage previews at the
   * point its form holds; returns the cleanup. Absent: nothing.
   */
  preview?(editor: object, ctx: ThrowContext, point: Vec2 | null): () => void;
  /** DIRECT's stage overlay: where a queued one is flagged (a walk target), or null. */
  flag?(item: ItemOf<T>): Vec2 | null;
  /** Editors of its own for some of its fields, by field name (a gesture's picker); the others get the generic input. */
  fieldEditors?: Readonly<Record<string, FieldEditorName>>;
}

export const ACTION_UI: { readonly [T in ActionType]: ActionUi<T> } = {
  walk_to: { point: 'surface', flag: (item) => [item.target_position[0], item.target_position[1]] },
  wait: { point: 'free' },
  speak: { point: 'free' },
  face: { point: 'free' },
  gesture: { point: 'free', fieldEditors: { gesture_id: 'gesture' } },
  ragdoll: { point: 'free' },
  recover: { point: 'free' },
  pick_up_prop: { point: 'free' },
  drop_prop: { point: 'free' },
  throw_prop: { point: 'throw', preview: (editor, ctx, point) => focusThrow(editor, { ...ctx, target: point }) },
  camera_follow: { point: 'free' },
  camera_frame: { point: 'free' },
};

/** The UI part of a kind. */
export function actionUi(type: string): ActionUi<ActionType> | undefined {
  return Object.hasOwn(ACTION_UI, type) ? (ACTION_UI[type as ActionType] as ActionUi<ActionType>) : undefined;
}

/** The kind's own editor for `field`, if it brings one. */
export function fieldEditorFor(spec: ActionSpec, field: ActionField): FieldEditorName | undefined {
  const editors = actionUi(spec.type)?.fieldEditors;
  return editors && Object.hasOwn(editors, field.name) ? editors[field.name] : undefined;
}

/** Where a queued item is flagged on the stage, if its kind flags it. */
export function itemFlag(item: QueueItem): Vec2 | null {
  return (actionUi(item.type)?.flag as ((i: QueueItem) => Vec2 | null) | undefined)?.(item) ?? null;
}

/** The kinds of object `field` may name and pick on the stage (a pickup's prop; none for a field that names no object): each kind's `namedBy`. */
export function pickableKinds(field: ActionField): readonly ObjectKind[] {
  return OBJECT_KINDS.filter((k) => OBJECT_MODELS[k].namedBy.includes(field.kind));
}

export interface CaptureRequest {
  prompt: string;
  /** The throw a `throw` point previews (the rig, and the item when one is edited). */
  throwContext?: ThrowContext;
  pick: (value: unknown) => void;
  onCancel?: () => void;
}

/**
 * What clicking on the stage captures for `field` of `spec`: an object of the kinds the field
 * names, or a point picked as the kind says. Null for a field that is not captured on the stage.
 */
export function captureFor(spec: ActionSpec, field: ActionField, request: CaptureRequest): Capture | null {
  if (field.capture === 'stage_prop') {
    const kinds = pickableKinds(field);
    return kinds.length ? { kind: 'object', kinds, prompt: request.prompt, pick: request.pick, onCancel: request.onCancel } : null;
  }
  if (field.capture === 'stage_rect') return { kind: 'rect', prompt: request.prompt, pick: request.pick, onCancel: request.onCancel };
  if (field.capture !== 'stage_point') return null;
  const how = actionUi(spec.type)?.point ?? 'free';
  return {
    kind: 'point',
    prompt: request.prompt,
    pick: request.pick,
    onCancel: request.onCancel,
    surface: how === 'surface',
    throw: how === 'throw' ? request.throwContext : undefined,
  };
}
