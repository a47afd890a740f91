/**
 * TriggerRegistry (seed phase 11 §5): the stage events a rule's "When" can name, with who may be
 * the source and the target. The scene schema and the rules editor read this table.
 */
import type { StageEventType } from '../events';
import { circle, path, type Glyph } from './glyph';
import type { ObjectKind } from '../../objects/core/schemas';

/** Rules name objects of the document's kinds (a renamed or removed kind fails the type check here). */
export type EndpointKind = ObjectKind;

export interface TriggerSpec {
  type: StageEventType;
  label: string;
  icon: Glyph;
  source: { label: string; kinds: readonly EndpointKind[] };
  target: { label: string; kinds: readonly EndpointKind[] } | null;
  /**
   * The (source kind, target kind) pairs that can fire, when not every combination of the two
   * lists can (contacts: a stickman's feet touch terrain all the time, so stickman → terrain is
   * not offered). Absent: any source kind with any target kind.
   */
  pairs?: readonly (readonly [source: EndpointKind, target: EndpointKind])[];
}

const WHO = { label: 'Who', kinds: ['stickman', 'prop'] } as const;
const STICKMAN = { label: 'Stickman', kinds: ['stickman'] } as const;
/** The prop a stickman picked up, dropped or threw. */
const HELD_PROP = { label: 'Prop', kinds: ['prop'] } as const;
const CONTACT_TARGET = { label: 'What', kinds: ['prop', 'terrain', 'stickman'] } as const;
/** Contacts that fire (the runtime's ordering: a stickman is the source of its contacts; a prop of its own with props and terrain). */
const CONTACT_PAIRS = [
  ['stickman', 'stickman'],
  ['stickman', 'prop'],
  ['prop', 'prop'],
  ['prop', 'terrain'],
] as const;

const BUBBLE = 'M2 3.5a1.5 1.5 0 0 1 1.5-1.5h9a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3.5 3v-3A1.5 1.5 0 0 1 2 9.5z';

export const TRIGGER_REGISTRY: readonly TriggerSpec[] = [
  {
    type: 'collided', label: 'collides with', source: WHO, target: CONTACT_TARGET, pairs: CONTACT_PAIRS,
    icon: [path('M8 1.5l1.2 3.8 3.6-1.6-1.6 3.6 3.8 1.2-3.8 1.2 1.6 3.6-3.6-1.6L8 15.5l-1.2-3.8-3.6 1.6 1.6-3.6L1 8.5l3.8-1.2-1.6-3.6 3.6 1.6z')],
  },
  {
    type: 'separated', label: 'stops touching', source: WHO, target: CONTACT_TARGET, pairs: CONTACT_PAIRS,
    icon: [path('M6 3.5v9M10 3.5v9M6 8H1.5M3.5 6 1.5 8l2 2M10 8h4.5M12.5 6l2 2-2 2')],
  },
  { type: 'entered_area', label: 'enters', source: WHO, target: { label: 'Area', kinds: ['area'] }, icon: [path('M7 2.5h6.5v11H7M1.5 8h8M7 5.5 9.5 8 7 10.5')] },
  { type: 'exited_area', label: 'leaves', source: WHO, target: { label: 'Area', kinds: ['area'] }, icon: [path('M9 2.5H2.5v11H9M6 8h8.5M12 5.5 14.5 8 12 10.5')] },
  { type: 'left_stage', label: 'falls off the stage', source: WHO, target: null, icon: [circle(12, 3.5, 1.8), path('M1.5 6.5h6v8M12 7.5v7M10 12.5l2 2 2-2')] },
  { type: 'arrived', label: 'arrives', source: STICKMAN, target: null, icon: [path('M3.5 14.5v-13M3.5 2h9l-2 3 2 3h-9')] },
  { type: 'action_started', label: 'starts an action', source: STICKMAN, target: null, icon: [path('M4.5 2.5v11l9-5.5z')] },
  { type: 'action_finished', label: 'finishes an action', source: STICKMAN, target: null, icon: [path('M3.5 3.5h9v9h-9z')] },
  { type: 'queue_finished', label: 'finishes the queue', source: STICKMAN, target: null, icon: [path('M2 8.5 6 12.5 14 3.5')] },
  { type: 'speech_finished', label: 'finishes speaking', source: STICKMAN, target: null, icon: [path(`${BUBBLE}M5.5 6.5l1.8 1.8 3.2-3.3`)] },
  {
    type: 'state_changed', label: 'changes state', source: STICKMAN, target: null,
    icon: [path('M13.5 6.5A5.5 5.5 0 0 0 3.2 5M2.5 9.5A5.5 5.5 0 0 0 12.8 11M3 2v3.2h3.2M13 14v-3.2H9.8')],
  },
  // Seed phase 11 §5: fired once per committed interactor transition (never from cleanup or a failed attempt).
  { type: 'prop_picked_up', label: 'picks up', source: STICKMAN, target: HELD_PROP, icon: [path('M3 9.5h10v5H3zM8 7.5V1.5M5.5 4 8 1.5 10.5 4')] },
  { type: 'prop_dropped', label: 'drops', source: STICKMAN, target: HELD_PROP, icon: [path('M3 1.5h10v5H3zM8 8.5v6M5.5 12 8 14.5l2.5-2.5')] },
  { type: 'prop_thrown', label: 'throws', source: STICKMAN, target: HELD_PROP, icon: [circle(3, 12.5, 1.6), path('M3.5 10c1.5-6 7-8 10-5M14 2.5l-.5 3-3-.5')] },
];

export function triggerSpec(type: string): TriggerSpec | undefined {
  return TRIGGER_REGISTRY.find((t) => t.type === type);
}

/**
 * The kinds one end of a rule may be, given the kind of the other end (null: `any` or not chosen
 * yet). Without pairs, or with the other end open, that is the end's whole list.
 */
export function endpointKinds(spec: TriggerSpec, end: 'source' | 'target', other: EndpointKind | null): readonly EndpointKind[] {
  const own = end === 'source' ? spec.source.kinds : (spec.target?.kinds ?? []);
  if (!spec.pairs || other === null) return own;
  const pairs = spec.pairs;
  return own.filter((k) => pairs.some(([s, t]) => (end === 'source' ? s === k && t === other : s === other && t === k)));
}
