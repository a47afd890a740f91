/**
 * ActionRegistry and TriggerRegistry (seed phase 11 §5): the one list of action and trigger kinds.
 * The runtime, the schema checks and every editor (queue panel, Direct popup, When/Then editor)
 * read these tables; there is no second list in the UI.
 */
import type { StageEventType } from '../events';

export type FieldKind = 'point' | 'number' | 'text' | 'facing' | 'prop';

/** How a field's value is captured in the editor. */
export type CaptureKind = 'stage_point' | 'typed' | 'choice' | 'stage_prop';

export interface ActionField {
  name: string;
  label: string;
  kind: FieldKind;
  capture: CaptureKind;
  optional?: boolean;
  min?: number;
  max?: number;
  default?: unknown;
  placeholder?: string;
}

export interface ActionSpec {
  type: string;
  label: string;
  icon: string;
  fields: ActionField[];
  /** Allowed as an overlay reaction (runs beside the queue without blocking it). */
  overlay: boolean;
  /** False for kinds that later work adds; they are listed so the UI can show what is coming. */
  supported: boolean;
}

export const ACTION_REGISTRY: readonly ActionSpec[] = [
  {
    type: 'walk_to', label: 'Walk to…', icon: '🚶', overlay: false, supported: true,
    fields: [{ name: 'target_position', label: 'Target', kind: 'point', capture: 'stage_point' }],
  },
  {
    type: 'wait', label: 'Wait', icon: '⏳', overlay: false, supported: true,
    fields: [{ name: 'seconds', label: 'Seconds', kind: 'number', capture: 'typed', min: 0, max: 3600, default: 1 }],
  },
  {
    type: 'speak', label: 'Speak…', icon: '💬', overlay: true, supported: true,
    fields: [
      { name: 'text', label: 'Text', kind: 'text', capture: 'typed', default: 'Hello!', placeholder: 'What they say' },
      { name: 'seconds', label: 'Seconds', kind: 'number', capture: 'typed', min: 0, max: 3600, default: 2, optional: true },
    ],
  },
  {
    type: 'face', label: 'Face', icon: '↔️', overlay: true, supported: true,
    fields: [{ name: 'direction', label: 'Direction', kind: 'facing', capture: 'choice', default: 'RIGHT' }],
  },
  { type: 'ragdoll', label: 'Ragdoll', icon: '🫠', overlay: false, supported: false, fields: [] },
  { type: 'recover', label: 'Recover', icon: '🧍', overlay: false, supported: false, fields: [] },
  {
    type: 'pick_up_prop', label: 'Pick Up Prop…', icon: '🫴', overlay: false, supported: false,
    fields: [{ name: 'target_prop_id', label: 'Prop', kind: 'prop', capture: 'stage_prop' }],
  },
  { type: 'drop_prop', label: 'Drop Prop', icon: '⬇️', overlay: false, supported: false, fields: [] },
  {
    type: 'throw_prop', label: 'Throw Prop…', icon: '🏹', overlay: false, supported: false,
    fields: [{ name: 'target_position', label: 'Target', kind: 'point', capture: 'stage_point' }],
  },
];

export const SUPPORTED_ACTIONS = ACTION_REGISTRY.filter((a) => a.supported);

export function actionSpec(type: string): ActionSpec | undefined {
  return ACTION_REGISTRY.find((a) => a.type === type);
}

/** Speech without an explicit duration lasts long enough to read. */
export function defaultSpeechSeconds(text: string): number {
  return Math.min(8, Math.max(1.5, 0.3 + text.length * 0.06));
}

export type EndpointKind = 'stickman' | 'prop' | 'terrain' | 'area';

export interface TriggerSpec {
  type: StageEventType;
  label: string;
  icon: string;
  source: { label: string; kinds: EndpointKind[] };
  target: { label: string; kinds: EndpointKind[] } | null;
  /**
   * Why this trigger cannot fire in this build yet (editors show it disabled with this note);
   * absent when it fires. Files using it still load: the rule waits for the feature.
   */
  pending?: string;
}

export const TRIGGER_REGISTRY: readonly TriggerSpec[] = [
  { type: 'collided', label: 'collides with', icon: '💥', source: { label: 'Who', kinds: ['stickman', 'prop'] }, target: { label: 'What', kinds: ['prop', 'terrain', 'stickman'] } },
  { type: 'separated', label: 'stops touching', icon: '↔', source: { label: 'Who', kinds: ['stickman', 'prop'] }, target: { label: 'What', kinds: ['prop', 'terrain', 'stickman'] } },
  { type: 'entered_area', label: 'enters', icon: '📥', source: { label: 'Who', kinds: ['stickman', 'prop'] }, target: { label: 'Area', kinds: ['area'] } },
  { type: 'exited_area', label: 'leaves', icon: '📤', source: { label: 'Who', kinds: ['stickman', 'prop'] }, target: { label: 'Area', kinds: ['area'] } },
  { type: 'arrived', label: 'arrives', icon: '🏁', source: { label: 'Stickman', kinds: ['stickman'] }, target: null },
  { type: 'action_started', label: 'starts an action', icon: '▶', source: { label: 'Stickman', kinds: ['stickman'] }, target: null },
  { type: 'action_finished', label: 'finishes an action', icon: '⏹', source: { label: 'Stickman', kinds: ['stickman'] }, target: null },
  { type: 'queue_finished', label: 'finishes the queue', icon: '✅', source: { label: 'Stickman', kinds: ['stickman'] }, target: null },
  { type: 'speech_finished', label: 'finishes speaking', icon: '💬', source: { label: 'Stickman', kinds: ['stickman'] }, target: null },
  {
    type: 'state_changed', label: 'changes state', icon: '🔁', source: { label: 'Stickman', kinds: ['stickman'] }, target: null,
    // Rig states (ANIMATED · RAGDOLL · RECOVERING) only change once ragdoll and recovery exist.
    pending: 'fires once ragdoll and recovery exist',
  },
];

export function triggerSpec(type: string): TriggerSpec | undefined {
  return TRIGGER_REGISTRY.find((t) => t.type === type);
}
