/**
 * The stage canvas: a StageView drawn from frame snapshots by the frame driver, plus the pointer
 * tools (place, select, move, rotate, resize, pan, zoom). It sends edits to the Editor; it never
 * touches the document or the simulation itself.
 */
import { createMemo, createSignal, onCleanup, onMount, Show } from 'solid-js';
import { StageView, type ViewOverlay } from '../../render';
import { documentFrame, startFrameDriver, type FrameSnapshot } from '../../streams';
import { hitHandle, hitTest } from '../../core/geometry/hitTest';
import { createObject, moveObject, updateObject, type ObjectSpec } from '../../core/scene/edit';
import type { ObjectKind, StageObject } from '../../core/scene/schema';
import type { Editor, Vec2 } from '../state/editor';
import { HANDLE_GRAB_RADIUS_PX, handlesFor, resizePatch, rotatePatch, selectionShape } from '../state/selectionGeometry';

/** Screen px a press must travel before it becomes a move (so a click never nudges). */
const DRAG_THRESHOLD_PX = 3;
const HIT_TOLERANCE_PX = 4;

type Drag =
  | { type: 'pan'; pointerId: number; last: Vec2 }
  | { type: 'move'; pointerId: number; id: string; offset: Vec2; startScreen: Vec2; began: boolean }
  | { type: 'rotate'; pointerId: number; id: string }
  | { type: 'resize'; pointerId: number; id: string; start: StageObject };

export function StageCanvas(props: { editor: Editor; onFrame?: (frame: FrameSnapshot) => void }) {
  const editor = props.editor;
  const controller = editor.controller;
  let host!: HTMLDivElement;
  let canvas!: HTMLCanvasElement;
  const [cursor, setCursor] = createSignal('default');
  const [renderError, setRenderError] = createSignal<string | null>(null);

  const ghost = createMemo<ViewOverlay['ghost']>(() => {
    const tool = editor.tool();
    const at = editor.ghostAt();
    if (tool.type !== 'place' || !at || editor.mode().mode !== 'EDIT') return null;
    try {
      const doc = editor.doc();
      const ghostDoc = createObject({ ...doc, objects: [], queues: {}, rules: [] }, tool.item.kind, tool.item.spec as ObjectSpec<ObjectKind>, [
        Math.round(at[0]),
        Math.round(at[1]),
      ]);
      const f = documentFrame(ghostDoc);
      return { terrain: f.terrain, props: f.props, areas: f.areas, rigs: f.rigs };
    } catch {
      return null;
    }
  });

  const handles = createMemo(() => {
    const ids = editor.selection();
    if (editor.mode().mode !== 'EDIT' || ids.length !== 1) return [];
    const doc = editor.doc();
    const o = doc.objects.find((x) => x.id === ids[0]);
    if (!o) return [];
    const shape = selectionShape(doc, controller.frame$.value, o);
    return shape ? handlesFor(shape, editor.zoom()).map((h) => ({ ...h, id: `${o.id}:${h.kind}` })) : [];
  });

  const overlay = createMemo<ViewOverlay>(() => {
    const mode = editor.mode().mode;
    if (mode === 'PLAY') return { selectedIds: [], hoverId: null, ghost: null, handles: [] };
    const doc = editor.doc();
    const walkTargets: Array<{ rigId: string; position: [number, number]; label?: string }> = [];
    if (mode === 'DIRECT') {
      for (const [rigId, items] of Object.entries(doc.queues)) {
        for (const item of items) if (item.type === 'walk_to') walkTargets.push({ rigId, position: [item.target_position[0], item.target_position[1]], label: item.id });
      }
    }
    return {
      selectedIds: editor.selection(),
      hoverId: editor.hoverId(),
      ghost: ghost(),
      handles: handles(),
      walkTargets,
    };
  });

  onMount(() => {
    const view = new StageView(canvas);
    const measure = () => {
      const r = host.getBoundingClientRect();
      view.resize(Math.max(1, r.width), Math.max(1, r.height), window.devicePixelRatio || 1);
    };
    measure();
    view.fit(controller.frame$.value.stage);
    editor.setZoom(view.zoom);
    const ro = new ResizeObserver(() => measure());
    ro.observe(host);

    editor.view = {
      fit: () => {
        view.fit(controller.frame$.value.stage);
        editor.setZoom(view.zoom);
      },
      zoomBy: (factor: number) => {
        const r = host.getBoundingClientRect();
        view.zoomAt(r.width / 2, r.height / 2, factor);
        editor.setZoom(view.zoom);
      },
      stageToScreen: (p) => view.stageToScreen(p),
      screenToStage: (x, y) => view.screenToStage(x, y),
    };

    // The driver steps the controller; a runtime failure pauses the stage instead of killing the loop.
    let stepFailed = false;
    const steppable = {
      step: (count: number) => {
        try {
          return controller.step(count);
        } catch (e) {
          if (!stepFailed) editor.notify('error', 'The simulation stopped with an error (stage paused)', [String((e as Error)?.message ?? e)]);
          stepFailed = true;
          editor.pause();
          return 0;
        }
      },
    };
    let lastTick = -1;
    let lastRenderError = '';
    const stop = startFrameDriver(
      steppable,
      { now: () => performance.now(), requestFrame: (cb) => requestAnimationFrame(cb), cancelFrame: (h) => cancelAnimationFrame(h) },
      (alpha) => {
        const [prev, cur] = controller.interpolationPair();
        try {
          view.render(prev, cur, alpha, overlay());
          if (lastRenderError) {
            lastRenderError = '';
            setRenderError(null);
          }
        } catch (e) {
          const msg = String((e as Error)?.message ?? e);
          if (msg !== lastRenderError) {
            lastRenderError = msg;
            setRenderError(msg);
            console.error(e);
          }
        }
        if (cur.tick !== lastTick) {
          lastTick = cur.tick;
          props.onFrame?.(cur);
        }
        if (cur.tick === 0) stepFailed = false;
      },
    );

    // ---------------------------------------------------------------- pointer tools
    let drag: Drag | null = null;
    const local = (e: PointerEvent | WheelEvent | MouseEvent): Vec2 => {
      const r = canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    const toStage = (s: Vec2): Vec2 => view.screenToStage(s[0], s[1]);
    const frameForPicking = () => controller.frame$.value;

    const pick = (p: Vec2) => hitTest(frameForPicking(), p, { tolerance: HIT_TOLERANCE_PX / view.zoom });

    const onPointerDown = (e: PointerEvent) => {
      if (drag) return;
      const s = local(e);
      const p = toStage(s);
      const mode = editor.mode().mode;
      const startPan = () => {
        drag = { type: 'pan', pointerId: e.pointerId, last: s };
        canvas.setPointerCapture(e.pointerId);
        setCursor('grabbing');
      };
      if (e.button === 1 || (e.button === 0 && editor.spaceHeld() && mode !== 'PLAY')) {
        e.preventDefault();
        startPan();
        return;
      }
      if (e.button !== 0) return;
      if (mode === 'PLAY') {
        startPan();
        return;
      }
      const tool = editor.tool();
      if (tool.type === 'place') {
        editor.placeAt(p, e.shiftKey);
        return;
      }
      if (mode === 'EDIT') {
        const h = hitHandle(handles(), p, HANDLE_GRAB_RADIUS_PX / view.zoom);
        if (h) {
          const id = editor.selection()[0];
          const start = editor.object(id);
          if (start && editor.beginTransient()) {
            drag = h.kind === 'rotate' ? { type: 'rotate', pointerId: e.pointerId, id } : { type: 'resize', pointerId: e.pointerId, id, start };
            canvas.setPointerCapture(e.pointerId);
          }
          return;
        }
      }
      const hit = pick(p);
      if (!hit) {
        editor.select([]);
        startPan();
        return;
      }
      if (!editor.selection().includes(hit.id)) editor.select([hit.id]);
      if (mode === 'EDIT') {
        const o = editor.object(hit.id);
        if (!o) return;
        drag = { type: 'move', pointerId: e.pointerId, id: hit.id, offset: [p[0] - o.position[0], p[1] - o.position[1]], startScreen: s, began: false };
        canvas.setPointerCapture(e.pointerId);
      }
    };

    const updateHover = (s: Vec2) => {
      const mode = editor.mode().mode;
      if (mode === 'PLAY') {
        setCursor('grab');
        return;
      }
      const p = toStage(s);
      if (editor.spaceHeld()) {
        setCursor('grab');
        return;
      }
      if (editor.tool().type === 'place') {
        editor.setGhost(p);
        setCursor('copy');
        return;
      }
      if (mode === 'EDIT') {
        const h = hitHandle(handles(), p, HANDLE_GRAB_RADIUS_PX / view.zoom);
        if (h) {
          editor.setHover(editor.selection()[0] ?? null);
          setCursor(h.kind === 'rotate' ? 'alias' : 'nwse-resize');
          return;
        }
      }
      const hit = pick(p);
      editor.setHover(hit?.id ?? null);
      setCursor(hit ? (mode === 'EDIT' ? 'move' : 'pointer') : 'default');
    };

    const onPointerMove = (e: PointerEvent) => {
      const s = local(e);
      if (!drag) {
        updateHover(s);
        return;
      }
      if (e.pointerId !== drag.pointerId) return;
      const p = toStage(s);
      switch (drag.type) {
        case 'pan':
          view.panBy(s[0] - drag.last[0], s[1] - drag.last[1]);
          drag.last = s;
          return;
        case 'move': {
          if (!drag.began) {
            if (Math.hypot(s[0] - drag.startScreen[0], s[1] - drag.startScreen[1]) < DRAG_THRESHOLD_PX) return;
            if (!editor.beginTransient()) {
              drag = null;
              return;
            }
            drag.began = true;
          } else if (!editor.isTransient) {
            drag = null; // cancelled with Esc
            return;
          }
          const id = drag.id;
          const to: Vec2 = [Math.round(p[0] - drag.offset[0]), Math.round(p[1] - drag.offset[1])];
          editor.transient((doc) => moveObject(doc, id, to));
          return;
        }
        case 'rotate': {
          if (!editor.isTransient) {
            drag = null;
            return;
          }
          const id = drag.id;
          editor.transient((doc) => {
            const o = doc.objects.find((x) => x.id === id);
            const patch = o && rotatePatch(o, p, e.shiftKey);
            return patch ? updateObject(doc, id, patch) : doc;
          });
          return;
        }
        case 'resize': {
          if (!editor.isTransient) {
            drag = null;
            return;
          }
          const { id, start } = drag;
          editor.transient((doc) => {
            const o = doc.objects.find((x) => x.id === id);
            const patch = o && resizePatch(doc, o, start, p, e.shiftKey);
            return patch ? updateObject(doc, id, patch) : doc;
          });
          return;
        }
      }
    };

    const endDrag = (e: PointerEvent, cancelled: boolean) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      if (drag.type !== 'pan') {
        if (cancelled) editor.cancelTransient();
        else editor.endTransient();
      }
      drag = null;
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
      updateHover(local(e));
    };

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const s = local(e);
      const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.0015;
      const factor = Math.exp(-Math.max(-500, Math.min(500, e.deltaY)) * unit);
      view.zoomAt(s[0], s[1], factor);
      editor.setZoom(view.zoom);
    };

    const onLeave = () => {
      if (!drag) {
        editor.setGhost(null);
        editor.setHover(null);
      }
    };

    const up = (e: PointerEvent) => endDrag(e, false);
    const cancel = (e: PointerEvent) => endDrag(e, true);
    const noMenu = (e: MouseEvent) => e.preventDefault();
    const noMiddleScroll = (e: MouseEvent) => {
      if (e.button === 1) e.preventDefault();
    };
    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointermove', onPointerMove);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', cancel);
    canvas.addEventListener('pointerleave', onLeave);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    canvas.addEventListener('contextmenu', noMenu);
    canvas.addEventListener('mousedown', noMiddleScroll);

    onCleanup(() => {
      stop();
      ro.disconnect();
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', cancel);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('contextmenu', noMenu);
      canvas.removeEventListener('mousedown', noMiddleScroll);
      editor.view = null;
      view.dispose();
    });
  });

  const effectiveCursor = () => (editor.spaceHeld() && editor.mode().mode !== 'PLAY' ? 'grab' : cursor());

  return (
    <div class="stage-host" ref={host} data-testid="stage-host">
      <canvas ref={canvas} class="stage-canvas" data-testid="stage-canvas" style={{ cursor: effectiveCursor() }} />
      <Show when={editor.tool().type === 'place'}>
        <div class="stage-hint">Click to place · Shift+click to place more · Esc cancels</div>
      </Show>
      <Show when={renderError()}>
        <div class="stage-hint stage-hint--error">Drawing failed: {renderError()}</div>
      </Show>
    </div>
  );
}
