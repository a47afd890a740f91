/**
 * What one action kind is, in one place (seed phase 11 §5): its payload schema, the editor fields
 * that capture that payload, how it looks (label, icon) and reads (queue/timeline text, rule
 * phrase), whether it may run as an overlay and whether this build runs it. The registry, the
 * scene schema's payload union and every editor are built from the list in ./kinds; adding a
 * kind is one definition there plus its runtime part (machines/actionKinds `ACTION_RUNTIME`,
 * keyed by every kind: the type check asks for it).
 */
import type { z } from 'zod';
import type { Glyph } from './glyph';
import type { PlanFold } from '../props/throwPlan';

/** `gesture`: a gesture's id, a built-in or one of the scene's own (issue 23). */
export type FieldKind = 'point' | 'number' | 'text' | 'facing' | 'prop' | 'hand' | 'object' | 'rect' | 'gesture';

/** The field kinds whose value is an object's id (a pickup's prop, the camera's follow target): what an object kind's `namedBy` lists. */
export const OBJECT_FIELD_KINDS: readonly FieldKind[] = ['prop', 'object'];

/** Does `field` name an object (its value an object id, renamed with it, picked on the stage)? */
export const isObjectField = (field: { kind: FieldKind }): boolean => OBJECT_FIELD_KINDS.includes(field.kind);

/** How a field's value is captured in the editor. */
/** `stage_rect`: a rectangle dragged on the stage (a camera's framing), or typed. */
export type CaptureKind = 'stage_point' | 'typed' | 'choice' | 'stage_prop' | 'stage_rect';

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
  /** Shown after a number input ("s"). */
  unit?: string;
  /** A `choice` field's options, in the order the editor shows them. */
  choices?: readonly { value: string; label: string }[];
}

/**
 * How the UI names an object in an action's text: a stickman's or area's name, a mark on a
 * reference that resolves to nothing. Without one, texts use the id.
 */
export type ObjectNamer = (id: string) => string;

/**
 * The scene format's value schemas a payload is built from. The scene schema passes its own
 * (so an action's point is checked exactly like any other point in the file); a definition never
 * builds value checks of its own.
 */
export interface PayloadSchemas {
  point: z.ZodType<[number, number]>;
  seconds: z.ZodType<number>;
  text: z.ZodType<string>;
  facing: z.ZodType<'RIGHT' | 'LEFT'>;
  objectId: z.ZodType<string>;
  /** A gesture's id (a built-in `builtin:*` or the scene's own). */
  gestureId: z.ZodType<string>;
  /** Which hand a pickup uses: `auto` lets the grip choice decide. */
  hand: z.ZodType<'auto' | 'left' | 'right'>;
  /** How many stage px a camera view spans. */
  viewWidth: z.ZodType<number>;
  /** A stage rectangle [x0, y0, x1, y1], x1 > x0 and y1 > y0. */
  rect: z.ZodType<[number, number, number, number]>;
}

/** Who runs a kind: a stickman, the directed camera (issue 23), or both (a wait). */
export type Performer = 'stickman' | 'camera' | 'both';

/** The payload a definition describes: its type tag plus what its shape parses to. */
export type PayloadOf<T extends string, S extends z.ZodRawShape> = { type: T } & z.output<z.ZodObject<S>>;

export interface ActionDefinition<T extends string = string, S extends z.ZodRawShape = z.ZodRawShape> {
  type: T;
  /** Menu label; a trailing "…" says the action asks for more (a point, a text). */
  label: string;
  icon: Glyph;
  /** Allowed as an overlay reaction (runs beside the queue without blocking it). */
  overlay: boolean;
  /** Who may run it (absent: a stickman). */
  performer?: Performer;
  /** The payload's fields besides `type`, built from the scene's value schemas. */
  payload: (schemas: PayloadSchemas) => S;
  /** The editor form: one field per payload key, in form order. */
  fields: readonly ActionField[];
  // Method syntax on purpose: a definition of one kind must be usable where any kind's is expected.
  /** How the action reads in the queue, the Direct popup and the timeline: "Walk to (1500, 1400)". */
  text(action: PayloadOf<T, S>, name?: ObjectNamer): string;
  /** The action as a verb phrase in a rule summary: "walks to (1500, 1400)". */
  phrase(action: PayloadOf<T, S>, name?: ObjectNamer): string;
  /**
   * What a pending one does to a queued throw's prediction (core/props/throwPlan): the prop the
   * rig will hold, where it will stand. Absent: neither changes. The item may be a draft an
   * editor holds, with fields still missing.
   */
  plan?(action: Partial<PayloadOf<T, S>>, fold: PlanFold): void;
}

/** Declares one action kind; the generics keep its type tag and payload precise for the union. */
export function defineAction<const T extends string, S extends z.ZodRawShape>(
  definition: ActionDefinition<T, S>,
): ActionDefinition<T, S> {
  return definition;
}
