/**
 * What one kind of stage object is (tldraw's ShapeUtil, split by layer): this is the pure part,
 * the `model.ts` of each kind folder — its part of the document schema, what a new one starts
 * as, its id prefix, its selection box and handles, and its property-panel fields as data. The
 * other layers' parts (physics, frame view, drawing, panel extras) live beside it in the same
 * folder and are joined by their own exhaustive registries (see docs/design-notes.md).
 *
 * Core layer: imports nothing but core/ and zod.
 */
import type { z } from 'zod';
import type { HitScene, OrientedBox } from '../../core/geometry/hitTest';
import type { Facing } from '../../core/rig/facing';
import type { MarkerPose } from '../../core/rig/markers';
import type { Vec2 } from '../../core/geometry/vec';
import type { SceneDocument } from '../../core/scene/schema';
import type { ResolvedProp } from '../../core/props/resolve';
import type { FieldKind } from '../../core/actions/definition';

/** The fields every stage object has, whatever its kind. */
export interface ObjectBase {
  readonly kind: string;
  readonly id: string;
  readonly file_id: number;
  readonly position: readonly [number, number];
}

/** Identity is allocated, never edited: a patch cannot hold these. */
export type IdentityKey = 'kind' | 'id' | 'file_id' | 'stage_object_id';

/** A shallow patch of one object of kind O (a key set to `undefined` removes that optional field). */
export type KindPatch<O> = Partial<Omit<O, IdentityKey>>;

/** A number the panel refuses before the schema sees it (the schema still has the last word). */
export interface NumberRange {
  min?: number;
  max?: number;
  integer?: boolean;
  /** Empty input means "use the default" (the field is removed). */
  optional?: boolean;
}

interface FieldBase<O> {
  /** Stable across kinds for the same meaning (`size.width`, `color`): a multi-selection edits fields by id. */
  readonly id: string;
  readonly label: string;
  /** The input's data-testid. */
  readonly testId?: string;
  /** Only for some objects of the kind (a terrain's `steps` for stairs). Absent: always. */
  when?(o: O): boolean;
}

export interface NumberField<O> extends FieldBase<O> {
  readonly type: 'number';
  readonly rule?: NumberRange;
  readonly digits?: number;
  readonly suffix?: string;
  get(o: O): number | undefined;
  set(o: O, value: number | undefined): KindPatch<O>;
  /** Shown while the (optional) field is empty. */
  readonly placeholder?: string;
  /** What an empty optional field means (a prop template's mass), shown as its placeholder. */
  defaultValue?(o: O, doc: SceneDocument): number | undefined;
}

export interface TextField<O> extends FieldBase<O> {
  readonly type: 'text';
  get(o: O): string | undefined;
  set(o: O, value: string | undefined): KindPatch<O>;
  placeholder?(o: O): string | undefined;
}

export interface ColorField<O> extends FieldBase<O> {
  readonly type: 'color';
  get(o: O): string | undefined;
  set(o: O, value: string | undefined): KindPatch<O>;
  /** The colour drawn while the field is unset. */
  fallback(o: O, doc: SceneDocument): string;
}

export interface ChoiceField<O> extends FieldBase<O> {
  readonly type: 'choice';
  readonly options: readonly { readonly value: string; readonly label: string }[];
  get(o: O): string;
  set(o: O, value: string): KindPatch<O>;
}

export interface ToggleField<O> extends FieldBase<O> {
  readonly type: 'toggle';
  get(o: O): boolean;
  set(o: O, value: boolean): KindPatch<O>;
}

/** A value shown as text with one button that changes it (flip facing, reset the pose). */
export interface ButtonField<O> extends FieldBase<O> {
  readonly type: 'button';
  readonly button: string;
  readonly title: string;
  /** The data-testid of the button (`testId` is the shown value's). */
  readonly buttonTestId?: string;
  show(o: O): string;
  enabled?(o: O): boolean;
  press(o: O): KindPatch<O>;
}

export type PanelField<O> = NumberField<O> | TextField<O> | ColorField<O> | ChoiceField<O> | ToggleField<O> | ButtonField<O>;
/** One field, or several on one line (width and height). */
export type PanelRow<O> = PanelField<O> | readonly PanelField<O>[];

/** One fieldset of the property panel. */
export interface PanelSection<O> {
  readonly id: string;
  legend(o: O, doc: SceneDocument): string;
  /** Shown under the legend. */
  readonly note?: string;
  /** Shown under the fields while the object can be edited. */
  readonly editNote?: string;
  readonly rows: readonly PanelRow<O>[];
}

export interface Issue {
  path: string;
  message: string;
}

/** What the loader has worked out once per document, for every object's checks. */
export interface LoadContext {
  readonly doc: SceneDocument;
  /** The prop template of a spawn_id (built-in or embedded asset), resolved once per spawn_id. */
  template(spawnId: string): ResolvedProp | undefined;
  /** An embedded asset whose shape was refused (its props are not checked again). */
  badAsset(spawnId: string): boolean;
}

/** What a stickman's figure looks like right now (the shown frame's rig), for its box and handles. */
export interface LiveFigure {
  readonly id: string;
  readonly root: Vec2;
  readonly facing: Facing;
  readonly markers: MarkerPose;
  readonly parts: readonly { readonly start: Readonly<Vec2>; readonly end: Readonly<Vec2> }[];
  readonly headCenter: Readonly<Vec2>;
  readonly headRadius: number;
}

export interface GeometryContext {
  readonly doc: SceneDocument;
  /** The figure of a stickman as shown, or null (not in the frame). */
  figure(id: string): LiveFigure | null;
}

/** The selection box of one object and what its box handles may do. */
export interface SelectionShape {
  box: OrientedBox;
  rotatable: boolean;
  resizable: boolean;
}

/** Which corner a resize handle sits on, in the box's own frame: (+1, +1) is bottom-right. */
export type Corner = readonly [1 | -1, 1 | -1];

export interface ResizeOptions {
  /** The corner being dragged (default bottom-right). */
  corner?: Corner;
  /** Shift: scale uniformly from the size at the start of the drag. */
  keepAspect?: boolean;
  /** Alt: resize about the centre (both opposite sides move) instead of keeping the opposite corner fixed. */
  centred?: boolean;
}

/** A handle of one selected object that is not a box handle (a stickman's hands, feet and pelvis). */
export interface PointHandle {
  /** Unique within the object. */
  readonly id: string;
  readonly position: Vec2;
  /** What dragging it moves (a marker name). */
  readonly target: string;
}

/** A palette button that places an object of the kind. */
export interface PaletteEntry {
  readonly key: string;
  readonly label: string;
  readonly group: PaletteGroup;
  /** The createObject spec (shape, spawn_id, colour …). */
  readonly spec: Readonly<Record<string, unknown>>;
  readonly hint: string;
}
export const PALETTE_GROUPS = ['Terrain', 'Props', 'Actors', 'Areas'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

/** A stage-space box (px): what a crowd of one kind is counted on (core/scene/crowding). */
export interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * How many of a kind may start inside one another (issue 24): overlapping pairs of props cost the
 * physics engine's first steps, stacked stickmen every step. A kind without it is never crowded.
 */
export interface CrowdingPart<O> {
  /** What the refusal calls them ("props"). */
  readonly plural: string;
  /** Why so many overlapping pairs of them are refused. */
  readonly why: string;
  /** Its box as authored. */
  extent(o: O, doc: SceneDocument): Extent;
}

/** How a click finds it in the frame shown (objects/core/picking). */
export interface PickPart {
  /** Kinds are tried in ascending rank: 0 first (props before stickmen before areas before terrain). */
  readonly rank: number;
  /** The ids of its frame list under `p`, topmost (last drawn) first (topmostHits). */
  hits(scene: HitScene, p: Readonly<Vec2>, reach: { tolerance: number; limbHalfWidth: number }): string[];
}

export interface ObjectModel<O extends ObjectBase> {
  readonly kind: O['kind'];
  /** Its variant of the document's `objects` union. */
  readonly schema: z.ZodType<O, unknown>;
  /** The colour it is drawn in while its `color` is unset. */
  readonly defaultColor: string;
  /** Has a `rotation` a user may turn (the panel's rotation field, the rotate handle, group rotation). */
  readonly rotatable: boolean;
  /** May own a queue and act in rules (the `then` actor, a queue key). */
  readonly actor: boolean;
  /** PLAY: a press takes hold of it and drags it; letting go throws it. */
  readonly grabbable: boolean;
  /** Scenery: Alt+press on it starts a marquee over it instead of moving it. */
  readonly backdrop: boolean;
  /** The action fields that may name it, by field kind (a pickup's `prop`, the camera's `object`). */
  readonly namedBy: readonly FieldKind[];
  /** The prop asset (`spawn_id`) it is made from: an extract keeps that asset, importing it restores the object. */
  assetOf?(o: O): string;
  /** What flipping it (X) changes: a stickman faces the other way. Absent: it has nothing to flip. */
  flip?(o: O): KindPatch<O>;
  /** How many of it may start inside one another (absent: any number). */
  readonly crowding?: CrowdingPart<O>;
  /** Keys that always equal the object's id (kept in step on create, duplicate, paste and rename). */
  readonly idMirrors: readonly string[];
  /** What createObject fills in before the caller's spec (the spec itself decides a terrain's shape). */
  defaults(spec: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** The readable prefix of a new id (`block`, `ball`, `stick` …), from a spec or an existing object. */
  idPrefix(spec: Readonly<Record<string, unknown>>): string;
  /** Errors a loaded object has that its schema cannot express (a terrain that cannot be built). */
  loadIssues?(o: O, path: string, ctx: LoadContext): Issue[];
  /** What loads but cannot be fully used (a prop whose asset is missing). */
  loadWarnings?(o: O, path: string, doc: SceneDocument): Issue[];
  /** What an edit may not make of it beyond its schema (a prop of a spawn_id nothing supplies). */
  editIssues?(o: O, path: string, doc: SceneDocument): Issue[];
  /** It stands in for something missing (a prop whose asset is not in the scene): inert, and actions naming it are skipped. */
  placeholder?(o: O, doc: SceneDocument): boolean;
  /** How a click on the stage finds it. */
  readonly pick: PickPart;
  /** The selection box, or null if it has none right now. */
  selection(o: O, ctx: GeometryContext): SelectionShape | null;
  /** The patch that resizes `o` by dragging a corner of its box, from `start` (the object when the drag began). */
  resize?(o: O, start: O, pointer: Vec2, options: ResizeOptions, doc: SceneDocument): KindPatch<O> | null;
  /** Handles of its own instead of the box's (a stickman's markers). */
  pointHandles?(o: O, ctx: GeometryContext): PointHandle[] | null;
  /** Property-panel fieldsets after the placement one, in order. */
  readonly panel: readonly PanelSection<O>[];
  /** Palette buttons that place one. */
  readonly palette: readonly PaletteEntry[];
  /** The colours a palette icon of `spec` is drawn in (what the placed object is drawn in). */
  iconColors(spec: Readonly<Record<string, unknown>>): { fill: string; stroke: string };
}

/** Declares one kind's model, typed for its object. */
export function defineObjectModel<O extends ObjectBase>(model: ObjectModel<O>): ObjectModel<O> {
  return model;
}
