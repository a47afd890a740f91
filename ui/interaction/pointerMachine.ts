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
 *   translating  moving an object, or a stickman's marker (pose);
 *   rotating     the rotate handle;  resizing  the resize handle;
 *   panning      dragging the view;
 *   grabbing     PLAY: holding a prop or a stickman with the mouse (controller grab commands).
 * Each drag is one undo step: it begins a live change on leaving `pointing` and records it on
 * release; a pointercancel throws it away; a drag ended elsewhere (Esc, a mode change) sends
 * `drag.ended` and the machine lets go.
 */
import { and, assign, not, raise, setup, type SnapshotFrom } from 'xstate';
import { appendAction, moveObject, updateObject } from '../../core/scene/edit';
import type { StageObject } from '../../core/scene/schema';
import type { MarkerName } from '../../core/rig/markers';
import type { Editor, Vec2 } from '../state/editor';
import { resizePatch, rotatePatch } from '../state/selectionGeometry';
import { markerDragPose } from '../state/markerPose';
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
  /** DIRECT: the "walk here" preview under the pointer. */
  setWalkHover(p: Vec2 | null): void;
  capturePointer(pointerId: number): void;
  releasePointer(pointerId: number): void;
}

/** Pointer events in canvas CSS px (screen), as the DOM reports them. */
interface PointerAt {
  pointerId: number;
  screen: Vec2;
  shift: boolean;
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
  | { type: 'drag.ended' };

/** What a press started on, decided when the button went down. */
export type Press =
  | { kind: 'move'; id: string; offset: Vec2 }
  | { kind: 'marker'; id: string; marker: MarkerName }
  | { kind: 'rotate'; id: string }
  | { kind: 'resize'; id: string; start: StageObject }
  /** DIRECT with a stickman selected: a click adds a walk to `at`; a drag pans. */
  | { kind: 'walk'; rigId: string; at: Vec2 }
  /** PLAY on empty stage: a click does nothing; a drag pans. */
  | { kind: 'playPan' }
  /**
   * PLAY on a prop or a stickman: a drag grabs it at `at` (the stage point pressed); a click on a
   * stickman shows its live queue.
   */
  | { kind: 'grab'; id: string; target: 'prop' | 'stickman'; at: Vec2 };

export interface PointerContext {
  host: PointerHost;
  pointerId: number | null;
  /** Screen point of the press, and of the last move seen while pressed. */
  start: Vec2;
  last: Vec2;
  press: Press | null;
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

/** Guards of the drag previews' source object, which may have gone (undo, deletion). */
const objectIn = (doc: { objects: readonly StageObject[] }, id: string) => doc.objects.find((o) => o.id === id);

/** PLAY: what a press would grab (props before stickmen, as picking orders them). */
const GRABBABLE = ['prop', 'stickman'] as const;
const grabbableAt = (c: PointerContext, e: PointerInput) => objectOfKindsAt(editorOf(c), zoomOf(c), stageAt(c, e), GRABBABLE);

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
    capturePending: ({ context }) => editorOf(context).capture() !== null,
    pointCapturePending: ({ context }) => editorOf(context).capture()?.kind === 'point',
    objectCapturePending: ({ context }) => editorOf(context).capture()?.kind === 'object',
    placePending: ({ context }) => editorOf(context).tool().type === 'place',
    stickmanUnderPointer: ({ context, event }) => objectOfKindsAt(editorOf(context), zoomOf(context), stageAt(context, event), ['stickman']) !== null,
    stickmanSelected: ({ context }) => selectedStickmanId(editorOf(context)) !== null,
    grabbableUnderPointer: ({ context, event }) => grabbableAt(context, event) !== null,
    handleUnderPointer: ({ context, event }) => handleAt(editorOf(context), zoomOf(context), stageAt(context, event)) !== null,
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
      return { press: { kind: 'grab', id: hit.id, target: hit.kind as 'prop' | 'stickman', at: stageAt(context, event) } as Press };
    }),
    pressWalk: assign(({ context, event }) => ({
      press: { kind: 'walk', rigId: selectedStickmanId(editorOf(context))!, at: stageAt(context, event) } as Press,
    })),
    pressHandle: assign(({ context, event }) => {
      const editor = editorOf(context);
      const h = handleAt(editor, zoomOf(context), stageAt(context, event))!;
      const id = editor.selection()[0];
      const press: Press =
        h.kind === 'marker' && h.marker ? { kind: 'marker', id, marker: h.marker } : h.kind === 'rotate' ? { kind: 'rotate', id } : { kind: 'resize', id, start: editor.object(id)! };
      return { press };
    }),
    pressObject: assign(({ context, event }) => {
      const p = stageAt(context, event);
      const hit = objectAt(editorOf(context), zoomOf(context), p)!;
      const o = editorOf(context).object(hit.id)!;
      return { press: { kind: 'move', id: hit.id, offset: [p[0] - o.position[0], p[1] - o.position[1]] } as Press };
    }),
    selectPressed: ({ context, event }) => {
      const editor = editorOf(context);
      const hit = objectAt(editor, zoomOf(context), stageAt(context, event));
      if (hit && !editor.selection().includes(hit.id)) editor.select([hit.id]);
    },
    deselect: ({ context }) => editorOf(context).select([]),
    closePopup: ({ context }) => editorOf(context).closeDirectPopup(),

    // ------------------------------------------------------------ clicks
    completePointCapture: ({ context, event }) => editorOf(context).completePointCapture(stageAt(context, event)),
    completeObjectCapture: ({ context, event }) => {
      const editor = editorOf(context);
      const capture = editor.capture();
      if (capture?.kind !== 'object') return;
      const hit = objectOfKindsAt(editor, zoomOf(context), stageAt(context, event), capture.kinds);
      if (hit) editor.completeObjectCapture(hit.id);
    },
    placeHere: ({ context, event }) => {
      editorOf(context).placeAt(stageAt(context, event), withPointer(event).shift);
    },
    openDirectPopup: ({ context, event }) => {
      const editor = editorOf(context);
      const hit = objectOfKindsAt(editor, zoomOf(context), stageAt(context, event), ['stickman'])!;
      editor.select([hit.id]);
      editor.openDirectPopup(hit.id, popupAnchor(editor, (p) => context.host.view.stageToScreen(p), hit.id));
    },
    addWalk: ({ context }) => {
      const press = context.press;
      if (press?.kind !== 'walk') return;
      const editor = editorOf(context);
      const target = rounded(press.at);
      editor.closeDirectPopup();
      editor.direct(`Adding a walk for ${press.rigId}`, (doc) => appendAction(doc, press.rigId, { type: 'walk_to', target_position: target }));
      // The new target is drawn where the preview was; the preview returns when the pointer moves.
      context.host.setWalkHover(null);
    },
    inspectPressed: ({ context }) => {
      const press = context.press;
      if (press?.kind === 'grab' && press.target === 'stickman') editorOf(context).inspect(press.id);
    },

    // ------------------------------------------------------------ PLAY grab (controller commands, traced)
    /** Takes hold where the press was, so the grabbed point is the one under the cursor then. */
    startGrab: ({ context }) => {
      const press = context.press;
      if (press?.kind !== 'grab') return;
      editorOf(context).controller.grabStart(press.id, press.at);
      editorOf(context).setHover(press.id);
    },
    moveGrab: ({ context, event }) => editorOf(context).controller.grabMove(stageAt(context, event)),
    endGrab: ({ context }) => editorOf(context).controller.grabEnd(),

    // ------------------------------------------------------------ drags
    beginDrag: ({ context }) => {
      editorOf(context).beginTransient();
    },
    previewMove: ({ context, event }) => {
      const press = context.press;
      if (press?.kind !== 'move') return;
      const p = stageAt(context, event);
      const to: Vec2 = rounded([p[0] - press.offset[0], p[1] - press.offset[1]]);
      editorOf(context).transient((doc) => moveObject(doc, press.id, to));
    },
    previewMarker: ({ context, event }) => {
      const press = context.press;
      if (press?.kind !== 'marker') return;
      const p = stageAt(context, event);
      editorOf(context).transient((doc) => {
        const o = objectIn(doc, press.id);
        if (!o || o.kind !== 'stickman') return doc;
        const pose = markerDragPose(o, press.marker, p);
        return pose ? updateObject(doc, press.id, { pose }) : doc;
      });
    },
    previewRotate: ({ context, event }) => {
      const press = context.press;
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
      const p = stageAt(context, event);
      const keepAspect = withPointer(event).shift;
      editorOf(context).transient((doc) => {
        const o = objectIn(doc, press.id);
        const patch = o && resizePatch(doc, o, press.start, p, keepAspect);
        return patch ? updateObject(doc, press.id, patch) : doc;
      });
    },
    commitDrag: ({ context }) => editorOf(context).endTransient(),
    cancelDrag: ({ context }) => editorOf(context).cancelTransient(),

    // ------------------------------------------------------------ view
    panView: ({ context, event }) => {
      const s = withPointer(event).screen;
      context.host.view.panBy(s[0] - context.last[0], s[1] - context.last[1]);
    },
    zoomAtPointer: ({ context, event }) => {
      const e = asWheel(event);
      const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.0015;
      const factor = Math.exp(-Math.max(-500, Math.min(500, e.deltaY)) * unit);
      context.host.view.zoomAt(e.screen[0], e.screen[1], factor);
      editorOf(context).setZoom(context.host.view.zoom);
      editorOf(context).closeDirectPopup();
    },

    // ------------------------------------------------------------ hover feedback
    showCursor: ({ context }, params: { cursor: string }) => context.host.setCursor(params.cursor),
    clearWalkHover: ({ context }) => context.host.setWalkHover(null),
    hoverPointCapture: ({ context, event }) => {
      const editor = editorOf(context);
      editor.setCapturePointer(rounded(stageAt(context, event)));
      editor.setHover(null);
      context.host.setCursor('crosshair');
    },
    hoverObjectCapture: ({ context, event }) => {
      const editor = editorOf(context);
      const capture = editor.capture();
      const hit = capture?.kind === 'object' ? objectOfKindsAt(editor, zoomOf(context), stageAt(context, event), capture.kinds) : null;
      editor.setHover(hit?.id ?? null);
      context.host.setCursor(hit ? 'pointer' : 'crosshair');
    },
    moveGhost: ({ context, event }) => {
      editorOf(context).setGhost(stageAt(context, event));
      context.host.setCursor('copy');
    },
    hoverDirect: ({ context, event }) => {
      const editor = editorOf(context);
      const p = stageAt(context, event);
      const hit = objectOfKindsAt(editor, zoomOf(context), p, ['stickman']);
      editor.setHover(hit?.id ?? null);
      const walk = !hit && selectedStickmanId(editor) !== null;
      context.host.setWalkHover(walk ? rounded(p) : null);
      context.host.setCursor(hit ? 'pointer' : walk ? 'crosshair' : 'default');
    },
    hoverHandle: ({ context, event }) => {
      const editor = editorOf(context);
      const h = handleAt(editor, zoomOf(context), stageAt(context, event));
      editor.setHover(editor.selection()[0] ?? null);
      context.host.setCursor(h?.kind === 'rotate' ? 'alias' : h?.kind === 'marker' ? 'move' : 'nwse-resize');
    },
    /** PLAY: what a press would grab is outlined and the cursor offers to grab it. */
    hoverPlay: ({ context, event }) => {
      const hit = grabbableAt(context, event);
      editorOf(context).setHover(hit?.id ?? null);
      context.host.setCursor(hit ? 'grab' : 'default');
    },
    hoverObject: ({ context, event }) => {
      const hit = objectAt(editorOf(context), zoomOf(context), stageAt(context, event));
      editorOf(context).setHover(hit?.id ?? null);
      context.host.setCursor(hit ? 'move' : 'default');
    },
    clearHover: ({ context }) => {
      const editor = editorOf(context);
      editor.setGhost(null);
      editor.setHover(null);
      editor.setCapturePointer(null);
      context.host.setWalkHover(null);
    },
    /** After a release, the resting state gives its hover feedback for where the pointer is. */
    hoverAgain: raise(({ event }) => {
      const e = withPointer(event);
      return { type: 'pointer.move' as const, pointerId: e.pointerId, screen: e.screen, shift: e.shift };
    }),
  },
}).createMachine({
  id: 'pointer',
  context: ({ input }) => ({ host: input.host, pointerId: null, start: [0, 0], last: [0, 0], press: null }),
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
              { guard: and([{ type: 'pressIs', params: { kind: 'grab' as const } }, 'inPlay']), target: 'grabbing', actions: ['startGrab', 'moveGrab', { type: 'showCursor', params: { cursor: 'grabbing' } }] },
              { guard: not('canEdit'), target: '#pointer.idle' },
              { guard: { type: 'pressIs', params: { kind: 'move' } }, target: 'translating', actions: ['beginDrag', 'previewMove'] },
              { guard: { type: 'pressIs', params: { kind: 'marker' } }, target: 'translating', actions: ['beginDrag', 'previewMarker'] },
              { guard: { type: 'pressIs', params: { kind: 'rotate' } }, target: 'rotating', actions: ['beginDrag', 'previewRotate'] },
              { guard: { type: 'pressIs', params: { kind: 'resize' } }, target: 'resizing', actions: ['beginDrag', 'previewResize'] },
            ],
            'pointer.up': [
              { guard: not('samePointer') },
              { guard: { type: 'pressIs', params: { kind: 'walk' } }, target: '#pointer.idle', actions: 'addWalk' },
              { guard: { type: 'pressIs', params: { kind: 'grab' } }, target: '#pointer.idle', actions: ['inspectPressed', 'hoverAgain'] },
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
      { guard: 'pointCapturePending', actions: 'completePointCapture' },
      { guard: 'objectCapturePending', actions: 'completeObjectCapture' },
      { guard: 'placePending', actions: 'placeHere' },
      { guard: and(['inDirect', 'stickmanUnderPointer']), actions: 'openDirectPopup' },
      { guard: and(['inDirect', 'stickmanSelected']), target: toPointing, actions: ['beginPress', 'pressWalk'] },
      { guard: 'inDirect', target: toPanning, actions: ['deselect', 'beginPress', 'closePopup', grabbing] },
      { guard: 'handleUnderPointer', target: toPointing, actions: ['beginPress', 'pressHandle'] },
      { guard: 'objectUnderPointer', target: toPointing, actions: ['selectPressed', 'beginPress', 'pressObject'] },
      { target: toPanning, actions: ['deselect', 'beginPress', 'closePopup', grabbing] },
    ],
    'pointer.move': [
      { guard: 'inPlay', actions: 'hoverPlay' },
      { guard: 'spaceHeld', actions: grab },
      { guard: 'pointCapturePending', actions: ['clearWalkHover', 'hoverPointCapture'] },
      { guard: 'objectCapturePending', actions: ['clearWalkHover', 'hoverObjectCapture'] },
      { guard: 'placePending', actions: 'moveGhost' },
      { guard: 'inDirect', actions: 'hoverDirect' },
      { guard: 'handleUnderPointer', actions: 'hoverHandle' },
      { actions: 'hoverObject' },
    ],
    'pointer.leave': { actions: 'clearHover' },
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
export type PointerStateName = 'idle' | 'placing' | 'capturing' | 'pointing' | 'translating' | 'rotating' | 'resizing' | 'panning' | 'grabbing';

/** The one state the pointer is in (the leaf of `pressed.*`). */
export function pointerStateOf(snapshot: PointerSnapshot): PointerStateName {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : v.pressed) as PointerStateName;
}
