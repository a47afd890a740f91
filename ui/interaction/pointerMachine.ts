/**
 * The stage pointer as a state machine: what a press, a move and a release mean depends on the
 * mode, the tool, a pending stage pick and what is under the pointer, and this machine is the
 * one place that decides it. Hit testing stays in core/geometry/hitTest and
 * ui/state/selectionGeometry (through ./picking); every effect goes through the Editor or the
 * host (view, cursor, pointer capture).
 *
 * Resting states (the pointer is up):
 *   idle       hover feedback; a press selects, starts a drag, pans, directs, or (PLAY) grabs;
 *   placing    a palette item follows the pointer as a ghost; a click places it;
 *   capturing  a panel asked for a stage point or an object; a click answers it.
 * The resting states share their handlers; their `always` transitions keep the state in step
 * with the editor (a tool chosen in the palette, a pick started from a panel) after every event.
 *
 * Pressed states (pointer captured, `pressed.*`):
 *   pointing     pressed, not yet moved DRAG_THRESHOLD_PX: a release is a click;
 *   translating  moving the selection (every selected object together), or a stickman's marker (pose);
 *   rotating     a rotate handle (one object's, or the multi-selection's about its centre);
 *   resizing     a corner handle (the opposite corner stays put; Alt resizes about the centre);
 *   framing      a rectangle dragged for a rectangle pick (a camera's framing): released, it answers the pick;
 *   selecting    a marquee on empty stage, or on terrain with Alt held (EDIT): dragged left to
 *                right it selects what lies wholly inside it, right to left what it touches;
 *   panning      dragging the view;
 *   grabbing     PLAY: holding a prop or a stickman with the mouse (controller grab commands).
 * Each drag is one undo step: it begins a live change on leaving `pointing` and records it on
 * release; a pointercancel throws it away; a drag ended elsewhere (Esc, a mode change) sends
 * `drag.ended` and the machine lets go.
 *
 * Modifiers: Shift or Ctrl on a press adds an object to the selection or takes it out; Alt on a
 * press over terrain starts a marquee instead of grabbing the terrain (to box what stands on it); while
 * dragging, Ctrl bypasses grid snapping, Shift snaps rotation to 15° and keeps a resize's
 * aspect, Alt resizes about the centre.
 */
import { and, assign, not, raise, setup, type SnapshotFrom } from 'xstate';
import { appendAction, rotateObjects, translateObjects, updateObject } from '../../core/scene/edit';
import type { StageObject } from '../../core/scene/schema';
import type { MarkerName } from '../../core/rig/markers';
import type { Editor, Vec2 } from '../state/editor';
import { cornerCursor, resizePatch, rotatePatch, type Corner } from '../state/selectionGeometry';
import { markerDragPose } from '../state/markerPose';
import { ACTOR_KINDS, GRABBABLE_KINDS, modelOfKind, objectOfKind } from '../../objects/core/models';
import { gridPoint } from '../state/grid';
import { groupTurn, marqueeBetween, objectsInMarquee } from '../state/groupSelection';
import { walkTargetAt } from '../state/walkTarget';
import { handMovedView } from '../state/directorView';
import { handleAt, objectAt, objectOfKindsAt, popupAnchor, selectedStickmanId } from './picking';

/** Screen px a press must travel before it becomes a drag (so a click never nudges). */
export const DRAG_THRESHOLD_PX = 3;

/** The camera the pointer drives (the StageView in the browser, a Camera2D in tests). */
export interface PointerView {
  readonly zoom: number;
  screenToStage(x: number, y: number): Vec2;
  stageToScreen(p: Vec2): Vec2;
  panBy(dx: number, dy: number): void;
  zoomAt(x: number, y: number, factor: number): void;
}

/** Everything the machine acts on besides the Editor. */
export interface PointerHost {
  readonly editor: Editor;
  readonly view: PointerView;
  setCursor(cursor: string): void;
  /** DIRECT: the "walk here" preview: where the walk would go, and the pointer it was aimed from. */
  setWalkHover(hover: WalkHover | null): void;
  capturePointer(pointerId: number): void;
  releasePointer(pointerId: number): void;
}

export interface WalkHover {
  target: Vec2;
  from: Vec2;
}

/** Pointer events in canvas CSS px (screen), as the DOM reports them. */
interface PointerAt {
  pointerId: number;
  screen: Vec2;
  shift: boolean;
  /** Ctrl or ⌘. */
  ctrl: boolean;
  alt: boolean;
}
type DownEvent = { type: 'pointer.down'; button: number } & PointerAt;
type MoveEvent = { type: 'pointer.move' } & PointerAt;
type UpEvent = { type: 'pointer.up' } & PointerAt;
type WheelEvent = { type: 'wheel'; screen: Vec2; deltaY: number; deltaMode: number };
export type PointerInput =
  | DownEvent
  | MoveEvent
  | UpEvent
  | { type: 'pointer.cancel'; pointerId: number }
  | { type: 'pointer.leave' }
  | WheelEvent
  /** A live change ended outside the machine (Esc, a mode change, another edit). */
  | { type: 'drag.ended' }
  /** PLAY: the simulation stepped, so what is under a still pointer may have changed. */
  | { type: 'stage.stepped' };

/** What a click (a release without a drag) on a pressed object does to the selection. */
type ClickSelects = 'nothing' | 'only-this' | 'remove-this';

/** What a press started on, decided when the button went down. */
export type Press =
  /** Moves every selected object; `offset` is the pointer from the grabbed object's position. */
  | { kind: 'move'; id: string; offset: Vec2; start: Vec2; click: ClickSelects }
  | { kind: 'marker'; id: string; marker: MarkerName }
  | { kind: 'rotate'; id: string }
  /** The multi-selection's rotate handle: everything turns about `pivot`. */
  | { kind: 'rotateGroup'; ids: readonly string[]; pivot: Vec2; from: Vec2 }
  | { kind: 'resize'; id: string; start: StageObject; corner: Corner }
  /**
   * Empty stage in EDIT (or terrain with Alt): a drag draws a marquee; `base` is the selection it
   * adds to (Shift/Ctrl); `over` the terrain it started on, never taken by it.
   */
  | { kind: 'marquee'; base: readonly string[]; over: string | null }
  /** DIRECT with a stickman selected: a click adds a walk to `at`; a drag pans. */
  | { kind: 'walk'; rigId: string; at: Vec2 }
  /** A rectangle pick is pending: a drag from the press frames the rectangle (a click does nothing). */
  | { kind: 'frame' }
  /** PLAY on empty stage: a click does nothing; a drag pans. */
  | { kind: 'playPan' }
  /**
   * PLAY on a prop or a stickman: a drag grabs it at `at` (the stage point pressed); a click on a
   * stickman shows its live queue.
   */
  | { kind: 'grab'; id: string; actor: boolean; at: Vec2 };

export interface PointerContext {
  host: PointerHost;
  pointerId: number | null;
  /** Screen point of the press, and of the last move seen while pressed. */
  start: Vec2;
  last: Vec2;
  press: Press | null;
  /** PLAY, pointer up: where it last hovered (screen), to re-check as the stage moves under it. */
  hoverAt: Vec2 | null;
}

// Each guard and action below is only referenced from handlers of the events it reads, so these
// narrowings hold; they exist because setup() types every implementation with the whole union.
const withPointer = (e: PointerInput) => e as DownEvent | MoveEvent | UpEvent;
const asDown = (e: PointerInput) => e as DownEvent;
const asWheel = (e: PointerInput) => e as WheelEvent;

const editorOf = (c: PointerContext): Editor => c.host.editor;
const modeOf = (c: PointerContext) => c.host.editor.mode().mode;
const zoomOf = (c: PointerContext) => c.host.view.zoom;
const stageAt = (c: PointerContext, e: PointerInput): Vec2 => {
  const s = withPointer(e).screen;
  return c.host.view.screenToStage(s[0], s[1]);
};
const rounded = (p: Vec2): Vec2 => [Math.round(p[0]), Math.round(p[1])];
/** Shift or Ctrl: the press adds to the selection or takes out of it. */
const additive = (e: PointerInput) => withPointer(e).shift || withPointer(e).ctrl;
/** Grid snapping applies to this event: it is on and Ctrl does not bypass it. */
const snapping = (c: PointerContext, e: PointerInput) => editorOf(c).prefs.snapOn() && !withPointer(e).ctrl;
/** The walk target for a stage point: on the walkable surface under it. */
const walkTarget = (c: PointerContext, p: Vec2) => walkTargetAt(editorOf(c).doc(), p).target;

/** Guards of the drag previews' source object, which may have gone (undo, deletion). */
const objectIn = (doc: { objects: readonly StageObject[] }, id: string) => doc.objects.find((o) => o.id === id);

/** PLAY: what a press would grab (props before stickmen, as picking orders them). */
const grabbableAt = (c: PointerContext, e: PointerInput) => objectOfKindsAt(editorOf(c), zoomOf(c), stageAt(c, e), GRABBABLE_KINDS);
/** The topmost object under the pointer, if it is scenery (terrain). */
const backdropAt = (c: PointerContext, e: PointerInput): string | null => {
  const hit = objectAt(editorOf(c), zoomOf(c), stageAt(c, e));
  return hit && modelOfKind(editorOf(c).object(hit.id)?.kind)?.backdrop ? hit.id : null;
};

export const pointerMachine = setup({
  types: {
    context: {} as PointerContext,
    events: {} as PointerInput,
    input: {} as { host: PointerHost },
  },
  guards: {
    /** Middle button anywhere; Space + left outside PLAY. */
    isPanPress: ({ context, event }) => {
      const e = asDown(event);
      return e.button === 1 || (e.button === 0 && editorOf(context).spaceHeld() && modeOf(context) !== 'PLAY');
    },
    isSecondaryPress: ({ event }) => asDown(event).button !== 0,
    inPlay: ({ context }) => modeOf(context) === 'PLAY',
    inDirect: ({ context }) => modeOf(context) === 'DIRECT',
    spaceHeld: ({ context }) => editorOf(context).spaceHeld(),
    capturePending: ({ context }) => editorOf(context).tools.capture() !== null,
    pointCapturePending: ({ context }) => editorOf(context).tools.capture()?.kind === 'point',
    objectCapturePending: ({ context }) => editorOf(context).tools.capture()?.kind === 'object',
    rectCapturePending: ({ context }) => editorOf(context).tools.capture()?.kind === 'rect',
    placePending: ({ context }) => editorOf(context).tools.tool().type === 'place',
    stickmanUnderPointer: ({ context, event }) => objectOfKindsAt(editorOf(context), zoomOf(context), stageAt(context, event), ACTOR_KINDS) !== null,
    stickmanSelected: ({ context }) => selectedStickmanId(editorOf(context)) !== null,
    grabbableUnderPointer: ({ context, event }) => grabbableAt(context, event) !== null,
    hoverPointKnown: ({ context }) => context.hoverAt !== null,
    handleUnderPointer: ({ context, event }) => handleAt(editorOf(context), zoomOf(context), stageAt(context, event)) !== null,
    /** Alt on a press whose topmost object is scenery (terrain): the press starts a marquee over it. */
    altOnTerrain: ({ context, event }) => withPointer(event).alt && backdropAt(context, event) !== null,
    objectUnderPointer: ({ context, event }) => {
      const hit = objectAt(editorOf(context), zoomOf(context), stageAt(context, event));
      return hit !== null && editorOf(context).object(hit.id) !== undefined;
    },
    samePointer: ({ context, event }) => 'pointerId' in event && event.pointerId === context.pointerId,
    pastThreshold: ({ context, event }) => {
      const s = withPointer(event).screen;
      return Math.hypot(s[0] - context.start[0], s[1] - context.start[1]) >= DRAG_THRESHOLD_PX;
    },
    pressIs: ({ context }, params: { kind: Press['kind'] }) => context.press?.kind === params.kind,
    canEdit: ({ context }) => editorOf(context).canEdit(),
  },
  actions: {
    // ------------------------------------------------------------ presses
    beginPress: assign(({ event }) => {
      const e = asDown(event);
      return { pointerId: e.pointerId, start: e.screen, last: e.screen, press: null };
    }),
    trackPointer: assign(({ event }) => ({ last: withPointer(event).screen })),
    capturePointer: ({ context }) => {
      if (context.pointerId !== null) context.host.capturePointer(context.pointerId);
    },
    releasePointer: ({ context }) => {
      if (context.pointerId !== null) context.host.releasePointer(context.pointerId);
    },
    pressPlayPan: assign({ press: { kind: 'playPan' } as Press }),
    pressGrab: assign(({ context, event }) => {
      const hit = grabbableAt(context, event)!;
      return { press: { kind: 'grab', id: hit.id, actor: !!modelOfKind(hit.kind)?.actor, at: stageAt(context, event) } as Press };
    }),
    pressWalk: assign(({ context, event }) => ({
      press: { kind: 'walk', rigId: selectedStickmanId(editorOf(context))!, at: stageAt(context, event) } as Press,
    })),
    pressHandle: assign(({ context, event }) => {
      const editor = editorOf(context);
      const h = handleAt(editor, zoomOf(context), stageAt(context, event))!;
      const ids = editor.tools.selection();
      const id = ids[0];
      let press: Press;
      if (h.kind === 'marker' && h.marker) press = { kind: 'marker', id, marker: h.marker };
      else if (h.kind === 'rotate' && h.pivot) press = { kind: 'rotateGroup', ids, pivot: h.pivot, from: h.position };
      else if (h.kind === 'rotate') press = { kind: 'rotate', id };
      else press = { kind: 'resize', id, start: editor.object(id)!, corner: h.corner ?? [1, 1] };
      return { press };
    }),
    /**
     * A press on an object: plain, it selects that object unless it is already selected (then a
     * drag moves the whole selection and a click narrows it to this one); with Shift or Ctrl it
     * adds the object (a click on a selected one takes it out).
     */
    pressObject: assign(({ context, event }) => {
      const editor = editorOf(context);
      const p = stageAt(context, event);
      const hit = objectAt(editor, zoomOf(context), p)!;
      const o = editor.object(hit.id)!;
      const selected = editor.tools.selection().includes(hit.id);
      let click: ClickSelects = 'nothing';
      if (additive(event)) {
        if (selected) click = 'remove-this';
        else editor.tools.select([...editor.tools.selection(), hit.id]);
      } else if (selected) {
        if (editor.tools.selection().length > 1) click = 'only-this';
      } else editor.tools.select([hit.id]);
      const start: Vec2 = [o.position[0], o.position[1]];
      return { press: { kind: 'move', id: hit.id, offset: [p[0] - start[0], p[1] - start[1]], start, click } as Press };
    }),
    /** The click half of pressObject, on release without a drag. */
    clickSelects: ({ context }) => {
      const press = context.press;
      if (press?.kind !== 'move') return;
      const editor = editorOf(context);
      if (press.click === 'only-this') editor.tools.select([press.id]);
      else if (press.click === 'remove-this') editor.tools.select(editor.tools.selection().filter((id) => id !== press.id));
    },
    pressMarquee: assign(({ context, event }) => {
      const editor = editorOf(context);
      const base = additive(event) ? editor.tools.selection() : [];
      if (!additive(event)) editor.tools.select([]);
      const over = withPointer(event).alt ? backdropAt(context, event) : null;
      return { press: { kind: 'marquee', base, over } as Press };
    }),
    pressFrame: assign({ press: { kind: 'frame' } as Press }),
    /** The rectangle from the press to the pointer, drawn as the marquee while it is dragged. */
    previewFrame: ({ context, event }) => editorOf(context).tools.setMarquee(marqueeBetween(context.host.view.screenToStage(context.start[0], context.start[1]), stageAt(context, event))),
    completeFrame: ({ context, event }) => editorOf(context).tools.completeRectCapture(context.host.view.screenToStage(context.start[0], context.start[1]), stageAt(context, event)),
    deselect: ({ context }) => editorOf(context).tools.select([]),
    closePopup: ({ context }) => editorOf(context).closeDirectPopup(),

    // ------------------------------------------------------------ clicks
    completePointCapture: ({ context, event }) => {
      const editor = editorOf(context);
      const p = stageAt(context, event);
      const capture = editor.tools.capture();
      editor.tools.completePointCapture(capture?.kind === 'point' && capture.surface ? walkTarget(context, p) : p);
    },
    completeObjectCapture: ({ context, event }) => {
      const editor = editorOf(context);
      const capture = editor.tools.capture();
      if (capture?.kind !== 'object') return;
      const hit = objectOfKindsAt(editor, zoomOf(context), stageAt(context, event), capture.kinds);
      if (hit) editor.tools.completeObjectCapture(hit.id);
    },
    placeHere: ({ context, event }) => {
      editorOf(context).tools.placeAt(stageAt(context, event), withPointer(event).shift, snapping(context, event));
    },
    openDirectPopup: ({ context, event }) => {
      const editor = editorOf(context);
      const hit = objectOfKindsAt(editor, zoomOf(context), stageAt(context, event), ACTOR_KINDS)!;
      editor.tools.select([hit.id]);
      editor.openDirectPopup(hit.id, popupAnchor(editor, (p) => context.host.view.stageToScreen(p), hit.id));
    },
    addWalk: ({ context }) => {
      const press = context.press;
      if (press?.kind !== 'walk') return;
      const editor = editorOf(context);
      const target = walkTarget(context, press.at);
      editor.closeDirectPopup();
      editor.direct(`Adding a walk for ${press.rigId}`, (doc) => appendAction(doc, press.rigId, { type: 'walk_to', target_position: target }));
      // The new target is drawn where the preview was; the preview returns when the pointer moves.
      context.host.setWalkHover(null);
    },
    inspectPressed: ({ context }) => {
      const press = context.press;
      if (press?.kind === 'grab' && press.actor) editorOf(context).tools.inspect(press.id);
    },

    // ------------------------------------------------------------ PLAY grab (controller commands, traced)
    /** Takes hold where the press was, so the grabbed point is the one under the cursor then. */
    startGrab: ({ context }) => {
      const press = context.press;
      if (press?.kind !== 'grab') return;
      editorOf(context).controller.grabStart(press.id, press.at);
      editorOf(context).tools.setHover(press.id);
    },
    moveGrab: ({ context, event }) => editorOf(context).controller.grabMove(stageAt(context, event)),
    endGrab: ({ context }) => editorOf(context).controller.grabEnd(),

    // ------------------------------------------------------------ drags
    beginDrag: ({ context }) => {
      editorOf(context).beginTransient();
    },
    /** The grabbed object follows the pointer (on the grid when snapping); the rest of the selection moves by as much. */
    previewMove: ({ context, event }) => {
      const press = context.press;
      if (press?.kind !== 'move') return;
      const editor = editorOf(context);
      const p = stageAt(context, event);
      const to = gridPoint([p[0] - press.offset[0], p[1] - press.offset[1]], snapping(context, event));
      const ids = editor.tools.selection().includes(press.id) ? editor.tools.selection() : [press.id];
      editor.transientFromStart((doc) => translateObjects(doc, ids, [to[0] - press.start[0], to[1] - press.start[1]]));
    },
    previewMarker: ({ context, event }) => {
      const press = context.press;
      if (press?.kind !== 'marker') return;
      const p = stageAt(context, event);
      editorOf(context).transient((doc) => {
        const o = objectOfKind(doc.objects, 'stickman', press.id);
        if (!o) return doc;
        const pose = markerDragPose(o, press.marker, p);
        return pose ? updateObject(doc, press.id, { pose }) : doc;
      });
    },
    previewRotate: ({ context, event }) => {
      const press = context.press;
      if (press?.kind === 'rotateGroup') {
        const angle = groupTurn(press.pivot, press.from, stageAt(context, event), withPointer(event).shift);
        editorOf(context).transientFromStart((doc) => rotateObjects(doc, press.ids, press.pivot, angle));
        return;
      }
      if (press?.kind !== 'rotate') return;
      const p = stageAt(context, event);
      const snap = withPointer(event).shift;
      editorOf(context).transient((doc) => {
        const o = objectIn(doc, press.id);
        const patch = o && rotatePatch(o, p, snap);
        return patch ? updateObject(doc, press.id, patch) : doc;
      });
    },
    previewResize: ({ context, event }) => {
      const press = context.press;
      if (press?.kind !== 'resize') return;
      const e = withPointer(event);
      const p = gridPoint(stageAt(context, event), snapping(context, event));
      const options = { corner: press.corner, keepAspect: e.shift, centred: e.alt };
      editorOf(context).transient((doc) => {
        const o = objectIn(doc, press.id);
        const patch = o && resizePatch(doc, o, press.start, p, options);
        return patch ? updateObject(doc, press.id, patch) : doc;
      });
    },
    /** The marquee from the press to the pointer; the selection shows what it takes in as it grows. */
    previewMarquee: ({ context, event }) => {
      const press = context.press;
      if (press?.kind !== 'marquee') return;
      const editor = editorOf(context);
      const m = marqueeBetween(context.host.view.screenToStage(context.start[0], context.start[1]), stageAt(context, event));
      editor.tools.setMarquee(m);
      const inside = objectsInMarquee(editor.doc(), editor.controller.frame$.value, m, press.over);
      editor.tools.select([...press.base, ...inside.filter((id) => !press.base.includes(id))]);
    },
    endMarquee: ({ context }) => editorOf(context).tools.setMarquee(null),
    cancelMarquee: ({ context }) => {
      const press = context.press;
      const editor = editorOf(context);
      editor.tools.setMarquee(null);
      if (press?.kind === 'marquee') editor.tools.select(press.base);
    },
    commitDrag: ({ context }) => editorOf(context).endTransient(),
    cancelDrag: ({ context }) => editorOf(context).cancelTransient(),

    // ------------------------------------------------------------ view
    panView: ({ context, event }) => {
      const s = withPointer(event).screen;
      context.host.view.panBy(s[0] - context.last[0], s[1] - context.last[1]);
      editorOf(context).playback.holdFollow();
      handMovedView(editorOf(context));
    },
    zoomAtPointer: ({ context, event }) => {
      const e = asWheel(event);
      const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.0015;
      const factor = Math.exp(-Math.max(-500, Math.min(500, e.deltaY)) * unit);
      handMovedView(editorOf(context));
      context.host.view.zoomAt(e.screen[0], e.screen[1], factor);
      editorOf(context).setZoom(context.host.view.zoom);
      editorOf(context).closeDirectPopup();
    },

    // ------------------------------------------------------------ hover feedback
    showCursor: ({ context }, params: { cursor: string }) => context.host.setCursor(params.cursor),
    clearWalkHover: ({ context }) => context.host.setWalkHover(null),
    hoverPointCapture: ({ context, event }) => {
      const editor = editorOf(context);
      const p = stageAt(context, event);
      const capture = editor.tools.capture();
      const onSurface = capture?.kind === 'point' && !!capture.surface;
      editor.tools.setCapturePointer(onSurface ? walkTarget(context, p) : rounded(p), onSurface ? rounded(p) : null);
      editor.tools.setHover(null);
      context.host.setCursor('crosshair');
    },
    hoverObjectCapture: ({ context, event }) => {
      const editor = editorOf(context);
      const capture = editor.tools.capture();
      const hit = capture?.kind === 'object' ? objectOfKindsAt(editor, zoomOf(context), stageAt(context, event), capture.kinds) : null;
      editor.tools.setHover(hit?.id ?? null);
      context.host.setCursor(hit ? 'pointer' : 'crosshair');
    },
    moveGhost: ({ context, event }) => {
      editorOf(context).tools.setGhost(gridPoint(stageAt(context, event), snapping(context, event)));
      context.host.setCursor('copy');
    },
    hoverDirect: ({ context, event }) => {
      const editor = editorOf(context);
      const p = stageAt(context, event);
      const hit = objectOfKindsAt(editor, zoomOf(context), p, ACTOR_KINDS);
      editor.tools.setHover(hit?.id ?? null);
      const walk = !hit && selectedStickmanId(editor) !== null;
      context.host.setWalkHover(walk ? { target: walkTarget(context, p), from: rounded(p) } : null);
      context.host.setCursor(hit ? 'pointer' : walk ? 'crosshair' : 'default');
    },
    hoverHandle: ({ context, event }) => {
      const editor = editorOf(context);
      const h = handleAt(editor, zoomOf(context), stageAt(context, event));
      editor.tools.setHover(editor.tools.selection().length === 1 ? editor.tools.selection()[0] : null);
      context.host.setCursor(h?.kind === 'rotate' ? 'alias' : h?.kind === 'marker' ? 'move' : cornerCursor(h?.corner));
    },
    /** PLAY: what a press would grab is outlined and the cursor offers to grab it. */
    rememberHoverPoint: assign(({ event }) => ({ hoverAt: withPointer(event).screen })),
    forgetHoverPoint: assign({ hoverAt: null }),
    hoverPlay: ({ context }) => {
      const at = context.hoverAt;
      const hit = at ? objectOfKindsAt(editorOf(context), zoomOf(context), context.host.view.screenToStage(at[0], at[1]), GRABBABLE_KINDS) : null;
      editorOf(context).tools.setHover(hit?.id ?? null);
      context.host.setCursor(hit ? 'grab' : 'default');
    },
    hoverObject: ({ context, event }) => {
      const hit = objectAt(editorOf(context), zoomOf(context), stageAt(context, event));
      editorOf(context).tools.setHover(hit?.id ?? null);
      context.host.setCursor(hit ? 'move' : 'default');
    },
    clearHover: ({ context }) => {
      const editor = editorOf(context);
      editor.tools.setGhost(null);
      editor.tools.setHover(null);
      editor.tools.setCapturePointer(null);
      context.host.setWalkHover(null);
    },
    /** After a release, the resting state gives its hover feedback for where the pointer is. */
    hoverAgain: raise(({ event }) => {
      const e = withPointer(event);
      return { type: 'pointer.move' as const, pointerId: e.pointerId, screen: e.screen, shift: e.shift, ctrl: e.ctrl, alt: e.alt };
    }),
  },
}).createMachine({
  id: 'pointer',
  context: ({ input }) => ({ host: input.host, pointerId: null, start: [0, 0], last: [0, 0], press: null, hoverAt: null }),
  initial: 'idle',
  on: {
    wheel: { actions: 'zoomAtPointer' },
  },
  states: {
    idle: {
      always: [
        { guard: 'capturePending', target: 'capturing' },
        { guard: 'placePending', target: 'placing' },
      ],
      on: restingHandlers(),
    },
    placing: {
      always: [
        { guard: 'capturePending', target: 'capturing' },
        { guard: not('placePending'), target: 'idle' },
      ],
      on: restingHandlers(),
    },
    capturing: {
      always: [{ guard: not('capturePending'), target: 'idle' }],
      on: restingHandlers(),
    },
    pressed: {
      entry: 'capturePointer',
      // The press itself stays in context until the next one: release actions run after exit.
      exit: 'releasePointer',
      initial: 'pointing',
      on: {
        'pointer.cancel': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: 'cancelDrag' }],
      },
      states: {
        pointing: {
          on: {
            'pointer.move': [
              { guard: not('samePointer') },
              { guard: not('pastThreshold') }, // still a click
              { guard: { type: 'pressIs', params: { kind: 'walk' } }, target: 'panning', actions: ['closePopup', 'clearWalkHover', { type: 'showCursor', params: { cursor: 'grabbing' } }, 'panView', 'trackPointer'] },
              { guard: { type: 'pressIs', params: { kind: 'playPan' } }, target: 'panning', actions: [{ type: 'showCursor', params: { cursor: 'grabbing' } }, 'panView', 'trackPointer'] },
              { guard: { type: 'pressIs', params: { kind: 'frame' } }, target: 'framing', actions: 'previewFrame' },
              { guard: and([{ type: 'pressIs', params: { kind: 'grab' as const } }, 'inPlay']), target: 'grabbing', actions: ['startGrab', 'moveGrab', { type: 'showCursor', params: { cursor: 'grabbing' } }] },
              { guard: not('canEdit'), target: '#pointer.idle' },
              { guard: { type: 'pressIs', params: { kind: 'move' } }, target: 'translating', actions: ['beginDrag', 'previewMove'] },
              { guard: { type: 'pressIs', params: { kind: 'marker' } }, target: 'translating', actions: ['beginDrag', 'previewMarker'] },
              { guard: { type: 'pressIs', params: { kind: 'rotate' } }, target: 'rotating', actions: ['beginDrag', 'previewRotate'] },
              { guard: { type: 'pressIs', params: { kind: 'rotateGroup' } }, target: 'rotating', actions: ['beginDrag', 'previewRotate'] },
              { guard: { type: 'pressIs', params: { kind: 'resize' } }, target: 'resizing', actions: ['beginDrag', 'previewResize'] },
              { guard: { type: 'pressIs', params: { kind: 'marquee' } }, target: 'selecting', actions: 'previewMarquee' },
            ],
            'pointer.up': [
              { guard: not('samePointer') },
              { guard: { type: 'pressIs', params: { kind: 'walk' } }, target: '#pointer.idle', actions: 'addWalk' },
              { guard: { type: 'pressIs', params: { kind: 'grab' } }, target: '#pointer.idle', actions: ['inspectPressed', 'hoverAgain'] },
              { guard: { type: 'pressIs', params: { kind: 'move' } }, target: '#pointer.idle', actions: ['clickSelects', 'hoverAgain'] },
              { target: '#pointer.idle', actions: 'hoverAgain' },
            ],
          },
        },
        translating: {
          on: {
            'pointer.move': [
              { guard: not('samePointer') },
              { guard: { type: 'pressIs', params: { kind: 'marker' } }, actions: 'previewMarker' },
              { actions: 'previewMove' },
            ],
            ...dragEndHandlers(),
          },
        },
        rotating: {
          on: {
            'pointer.move': [{ guard: not('samePointer') }, { actions: 'previewRotate' }],
            ...dragEndHandlers(),
          },
        },
        resizing: {
          on: {
            'pointer.move': [{ guard: not('samePointer') }, { actions: 'previewResize' }],
            ...dragEndHandlers(),
          },
        },
        framing: {
          on: {
            'pointer.move': [{ guard: not('samePointer') }, { actions: 'previewFrame' }],
            'pointer.up': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: ['endMarquee', 'completeFrame', 'hoverAgain'] }],
            'pointer.cancel': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: 'endMarquee' }],
          },
        },
        selecting: {
          on: {
            'pointer.move': [{ guard: not('samePointer') }, { actions: 'previewMarquee' }],
            'pointer.up': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: ['previewMarquee', 'endMarquee', 'hoverAgain'] }],
            'pointer.cancel': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: 'cancelMarquee' }],
          },
        },
        panning: {
          on: {
            'pointer.move': [{ guard: not('samePointer') }, { actions: ['panView', 'trackPointer'] }],
            'pointer.up': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: 'hoverAgain' }],
          },
        },
        grabbing: {
          on: {
            'pointer.move': [
              { guard: not('samePointer') },
              // PLAY ended under the hand (EDIT, a load): the runtime and its grab are gone.
              { guard: not('inPlay'), target: '#pointer.idle', actions: 'hoverAgain' },
              { actions: 'moveGrab' },
            ],
            // Letting go throws with the cursor's velocity (the runtime measures and clamps it).
            'pointer.up': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: ['endGrab', 'hoverAgain'] }],
            'pointer.cancel': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: 'endGrab' }],
          },
        },
      },
    },
  },
});

/**
 * The handlers idle, placing and capturing share. They read the editor on every event, so an
 * event that arrives before `always` has caught up (the tool changed between two events) still
 * gets the right answer; `always` then moves to the resting state that matches.
 */
function restingHandlers() {
  const toPanning = '#pointer.pressed.panning';
  const toPointing = '#pointer.pressed.pointing';
  const grabbing = { type: 'showCursor', params: { cursor: 'grabbing' } } as const;
  const grab = { type: 'showCursor', params: { cursor: 'grab' } } as const;
  return {
    'pointer.down': [
      { guard: 'isPanPress', target: toPanning, actions: ['beginPress', 'closePopup', grabbing] },
      { guard: 'isSecondaryPress' },
      { guard: and(['inPlay', 'grabbableUnderPointer']), target: toPointing, actions: ['beginPress', 'pressGrab'] },
      { guard: 'inPlay', target: toPointing, actions: ['beginPress', 'pressPlayPan'] },
      { guard: 'rectCapturePending', target: toPointing, actions: ['beginPress', 'pressFrame'] },
      { guard: 'pointCapturePending', actions: 'completePointCapture' },
      { guard: 'objectCapturePending', actions: 'completeObjectCapture' },
      { guard: 'placePending', actions: 'placeHere' },
      { guard: and(['inDirect', 'stickmanUnderPointer']), actions: 'openDirectPopup' },
      { guard: and(['inDirect', 'stickmanSelected']), target: toPointing, actions: ['beginPress', 'pressWalk'] },
      { guard: 'inDirect', target: toPanning, actions: ['deselect', 'beginPress', 'closePopup', grabbing] },
      { guard: 'handleUnderPointer', target: toPointing, actions: ['beginPress', 'pressHandle'] },
      // EDIT, Alt on terrain: a marquee over it (objects standing on the ground can be boxed).
      { guard: 'altOnTerrain', target: toPointing, actions: ['beginPress', 'pressMarquee', { type: 'showCursor', params: { cursor: 'crosshair' } }] },
      { guard: 'objectUnderPointer', target: toPointing, actions: ['beginPress', 'pressObject'] },
      // EDIT, empty stage: a click deselects, a drag draws a marquee.
      { target: toPointing, actions: ['beginPress', 'pressMarquee', { type: 'showCursor', params: { cursor: 'crosshair' } }] },
    ],
    'pointer.move': [
      { guard: 'inPlay', actions: ['rememberHoverPoint', 'hoverPlay'] },
      { guard: 'spaceHeld', actions: grab },
      { guard: 'rectCapturePending', actions: ['clearWalkHover', { type: 'showCursor', params: { cursor: 'crosshair' } }] },
      { guard: 'pointCapturePending', actions: ['clearWalkHover', 'hoverPointCapture'] },
      { guard: 'objectCapturePending', actions: ['clearWalkHover', 'hoverObjectCapture'] },
      { guard: 'placePending', actions: 'moveGhost' },
      { guard: 'inDirect', actions: 'hoverDirect' },
      { guard: 'handleUnderPointer', actions: 'hoverHandle' },
      { actions: 'hoverObject' },
    ],
    'pointer.leave': { actions: ['clearHover', 'forgetHoverPoint'] },
    // PLAY: things move under a still pointer (a thrown box flies off): the outline follows what is there now.
    'stage.stepped': { guard: and(['inPlay', 'hoverPointKnown']), actions: 'hoverPlay' },
  } as const;
}

/** Releasing records the drag; a drag ended elsewhere just lets go. */
function dragEndHandlers() {
  return {
    'pointer.up': [{ guard: not('samePointer') }, { target: '#pointer.idle', actions: ['commitDrag', 'hoverAgain'] }],
    'drag.ended': { target: '#pointer.idle' },
  } as const;
}

export type PointerSnapshot = SnapshotFrom<typeof pointerMachine>;
export type PointerStateName = 'idle' | 'placing' | 'capturing' | 'pointing' | 'translating' | 'rotating' | 'resizing' | 'framing' | 'selecting' | 'panning' | 'grabbing';

/** The one state the pointer is in (the leaf of `pressed.*`). */
export function pointerStateOf(snapshot: PointerSnapshot): PointerStateName {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : v.pressed) as PointerStateName;
}
