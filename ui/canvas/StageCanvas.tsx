/**
 * The stage canvas: a StageView drawn from frame snapshots by the frame driver, plus the pointer
 * tools (place, select, move, rotate, resize, marker handles, pan, zoom, stage picks, DIRECT
 * clicks). It sends edits to the Editor; it never touches the document or the simulation itself.
 */
import { createMemo, createSignal, onCleanup, onMount, Show } from 'solid-js';
import { StageView, type ViewOverlay } from '../../render';
import { documentFrame, startFrameDriver, type FrameSnapshot } from '../../streams';
import { hitHandle, hitTestAll, rigBox } from '../../core/geometry/hitTest';
import { appendAction, createObject, moveObject, updateObject, type ObjectSpec } from '../../core/scene/edit';
import type { ObjectKind, StageObject } from '../../core/scene/schema';
import { markerToWorld } from '../../core/rig/facing';
import { MARKER_NAMES, type MarkerName } from '../../core/rig/markers';
import type { Editor, Vec2 } from '../state/editor';
import { HANDLE_GRAB_RADIUS_PX, handlesFor, resizePatch, rotatePatch, selectionShape } from '../state/selectionGeometry';
import { markerDragPose } from '../state/markerPose';
import { DirectPopup } from '../components/DirectPopup';

type UiHandle = { id: string; kind: 'rotate' | 'resize' | 'marker'; position: Vec2; marker?: MarkerName };

/** Screen px a press must travel before it becomes a move (so a click never nudges). */
const DRAG_THRESHOLD_PX = 3;
const HIT_TOLERANCE_PX = 4;

type Drag =
  | { type: 'pan'; pointerId: number; last: Vec2; start: Vec2 }
  | { type: 'move'; pointerId: number; id: string; offset: Vec2; startScreen: Vec2; began: boolean }
  | { type: 'rotate'; pointerId: number; id: string }
  | { type: 'resize'; pointerId: number; id: string; start: StageObject }
  | { type: 'marker'; pointerId: number; id: string; marker: MarkerName }
  /** DIRECT with a stickman selected: a click on empty stage adds a walk there; a drag pans. */
  | { type: 'directClick'; pointerId: number; rigId: string; at: Vec2; startScreen: Vec2; last: Vec2; panning: boolean };

export function StageCanvas(props: { editor: Editor; onFrame?: (frame: FrameSnapshot) => void }) {
  const editor = props.editor;
  const controller = editor.controller;
  let host!: HTMLDivElement;
  let canvas!: HTMLCanvasElement;
  const [cursor, setCursor] = createSignal('default');
  const [renderError, setRenderError] = createSignal<string | null>(null);
  const [hostSize, setHostSize] = createSignal({ width: 1, height: 1 });
  /** DIRECT: the pointer is over empty stage with a stickman selected (a click walks there). */
  const [walkHover, setWalkHover] = createSignal<Vec2 | null>(null);

  const selectedStickman = () => {
    const ids = editor.selection();
    if (ids.length !== 1) return null;
    const o = editor.object(ids[0]);
    return o && o.kind === 'stickman' ? o : null;
  };

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

  const handles = createMemo<UiHandle[]>(() => {
    const ids = editor.selection();
    if (editor.mode().mode !== 'EDIT' || ids.length !== 1 || editor.capture()) return [];
    const doc = editor.doc();
    const o = doc.objects.find((x) => x.id === ids[0]);
    if (!o) return [];
    if (o.kind === 'stickman') {
      // Five marker handles (hands, feet, pelvis) at the rig's marker world positions.
      const rig = controller.frame$.value.rigs.find((r) => r.id === o.id);
      if (!rig) return [];
      return MARKER_NAMES.map((name) => ({ id: `${o.id}:marker:${name}`, kind: 'marker' as const, marker: name, position: markerToWorld(rig.markers[name], rig.root, rig.facing) }));
    }
    const shape = selectionShape(doc, controller.frame$.value, o);
    return shape ? handlesFor(shape, editor.zoom()).map((h) => ({ ...h, id: `${o.id}:${h.kind}` })) : [];
  });

  const overlay = createMemo<ViewOverlay>(() => {
    const mode = editor.mode().mode;
    if (mode === 'PLAY') return { selectedIds: [], hoverId: null, ghost: null, handles: [] };
    const doc = editor.doc();
    const walkTargets: Array<{ rigId: string; position: [number, number]; label?: string }> = [];
    if (mode === 'DIRECT') {
      // Every queued walk_to, labelled with the stickman and its place in the queue.
      for (const [rigId, items] of Object.entries(doc.queues)) {
        const o = doc.objects.find((x) => x.id === rigId);
        const who = (o && o.kind === 'stickman' && o.name) || rigId;
        items.forEach((item, i) => {
          if (item.type === 'walk_to') walkTargets.push({ rigId, position: [item.target_position[0], item.target_position[1]], label: `${who} #${i + 1}` });
        });
      }
      const w = walkHover();
      const sel = selectedStickman();
      if (w && sel && !editor.capture()) walkTargets.push({ rigId: sel.id, position: w, label: `${sel.name ?? sel.id}: walk here` });
    }
    const cap = editor.capture();
    const at = editor.capturePointer();
    if (cap?.kind === 'point' && at) walkTargets.push({ rigId: 'capture', position: at, label: `(${Math.round(at[0])}, ${Math.round(at[1])})` });
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
      setHostSize({ width: r.width, height: r.height });
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
          const base = overlay();
          // Debug data changes every step: read it from the frame drawn, not from a memo.
          const ov: ViewOverlay = editor.debugOn() ? { ...base, debug: { enabled: true, ...(cur.debug ?? {}) } } : base;
          view.render(prev, cur, alpha, ov);
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
          if (cur.mode === 'PLAY') editor.setLiveFrame(cur);
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

    const pickAll = (p: Vec2) => hitTestAll(frameForPicking(), p, { tolerance: HIT_TOLERANCE_PX / view.zoom });
    const pick = (p: Vec2) => pickAll(p)[0] ?? null;
    /** The best hit among `kinds` only (captures, DIRECT). */
    const pickKinds = (p: Vec2, kinds: readonly string[]) => pickAll(p).find((h) => kinds.includes(h.kind)) ?? null;

    /** Screen point beside a stickman for its Direct popup (right of its figure, at head height). */
    const popupAnchor = (rigId: string): Vec2 => {
      const rig = frameForPicking().rigs.find((r) => r.id === rigId);
      const box = rig ? rigBox(rig) : null;
      if (!box) return [20, 20];
      const [x, y] = view.stageToScreen([box.center[0] + box.half[0], box.center[1] - box.half[1]]);
      return [x + 12, y];
    };

    const onPointerDown = (e: PointerEvent) => {
      if (drag) return;
      const s = local(e);
      const p = toStage(s);
      const mode = editor.mode().mode;
      const startPan = () => {
        drag = { type: 'pan', pointerId: e.pointerId, last: s, start: s };
        canvas.setPointerCapture(e.pointerId);
        setCursor('grabbing');
        editor.closeDirectPopup();
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
      // A pending pick takes the click.
      const cap = editor.capture();
      if (cap) {
        if (cap.kind === 'point') editor.completePointCapture(p);
        else {
          const hit = pickKinds(p, cap.kinds);
          if (hit) editor.completeObjectCapture(hit.id);
        }
        return;
      }
      const tool = editor.tool();
      if (tool.type === 'place') {
        editor.placeAt(p, e.shiftKey);
        return;
      }
      if (mode === 'DIRECT') {
        // DIRECT directs stickmen: a stickman opens its Direct popup; with one selected, a click
        // elsewhere adds a walk there (a drag pans).
        const hit = pickKinds(p, ['stickman']);
        if (hit) {
          editor.select([hit.id]);
          editor.openDirectPopup(hit.id, popupAnchor(hit.id));
          return;
        }
        const sel = selectedStickman();
        if (sel) {
          drag = { type: 'directClick', pointerId: e.pointerId, rigId: sel.id, at: p, startScreen: s, last: s, panning: false };
          canvas.setPointerCapture(e.pointerId);
          return;
        }
        editor.select([]);
        startPan();
        return;
      }
      const h = hitHandle(handles(), p, HANDLE_GRAB_RADIUS_PX / view.zoom);
      if (h) {
        const id = editor.selection()[0];
        const start = editor.object(id);
        if (start && editor.beginTransient()) {
          drag =
            h.kind === 'marker' && h.marker
              ? { type: 'marker', pointerId: e.pointerId, id, marker: h.marker }
              : h.kind === 'rotate'
                ? { type: 'rotate', pointerId: e.pointerId, id }
                : { type: 'resize', pointerId: e.pointerId, id, start };
          canvas.setPointerCapture(e.pointerId);
        }
        return;
      }
      const hit = pick(p);
      if (!hit) {
        editor.select([]);
        startPan();
        return;
      }
      if (!editor.selection().includes(hit.id)) editor.select([hit.id]);
      const o = editor.object(hit.id);
      if (!o) return;
      drag = { type: 'move', pointerId: e.pointerId, id: hit.id, offset: [p[0] - o.position[0], p[1] - o.position[1]], startScreen: s, began: false };
      canvas.setPointerCapture(e.pointerId);
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
      const cap = editor.capture();
      if (cap) {
        setWalkHover(null);
        if (cap.kind === 'point') {
          editor.setCapturePointer([Math.round(p[0]), Math.round(p[1])]);
          editor.setHover(null);
          setCursor('crosshair');
        } else {
          const hit = pickKinds(p, cap.kinds);
          editor.setHover(hit?.id ?? null);
          setCursor(hit ? 'pointer' : 'crosshair');
        }
        return;
      }
      if (editor.tool().type === 'place') {
        editor.setGhost(p);
        setCursor('copy');
        return;
      }
      if (mode === 'DIRECT') {
        const hit = pickKinds(p, ['stickman']);
        editor.setHover(hit?.id ?? null);
        const walk = !hit && selectedStickman();
        setWalkHover(walk ? [Math.round(p[0]), Math.round(p[1])] : null);
        setCursor(hit ? 'pointer' : walk ? 'crosshair' : 'default');
        return;
      }
      const h = hitHandle(handles(), p, HANDLE_GRAB_RADIUS_PX / view.zoom);
      if (h) {
        editor.setHover(editor.selection()[0] ?? null);
        setCursor(h.kind === 'rotate' ? 'alias' : h.kind === 'marker' ? 'move' : 'nwse-resize');
        return;
      }
      const hit = pick(p);
      editor.setHover(hit?.id ?? null);
      setCursor(hit ? 'move' : 'default');
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
        case 'directClick': {
          if (!drag.panning) {
            if (Math.hypot(s[0] - drag.startScreen[0], s[1] - drag.startScreen[1]) < DRAG_THRESHOLD_PX) return;
            drag.panning = true;
            setWalkHover(null);
            setCursor('grabbing');
            editor.closeDirectPopup();
          }
          view.panBy(s[0] - drag.last[0], s[1] - drag.last[1]);
          drag.last = s;
          return;
        }
        case 'marker': {
          if (!editor.isTransient) {
            drag = null; // cancelled with Esc
            return;
          }
          const { id, marker } = drag;
          editor.transient((doc) => {
            const o = doc.objects.find((x) => x.id === id);
            if (!o || o.kind !== 'stickman') return doc;
            const pose = markerDragPose(o, marker, p);
            return pose ? updateObject(doc, id, { pose }) : doc;
          });
          return;
        }
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
      if (drag.type === 'directClick') {
        const d = drag;
        drag = null;
        if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
        if (!d.panning && !cancelled) {
          // Quick path: a click on the stage appends a walk to that point.
          const target: [number, number] = [Math.round(d.at[0]), Math.round(d.at[1])];
          editor.closeDirectPopup();
          editor.direct(`Adding a walk for ${d.rigId}`, (doc) => appendAction(doc, d.rigId, { type: 'walk_to', target_position: target }));
          // The new target is drawn where the preview was; the preview returns when the pointer moves.
          setWalkHover(null);
          return;
        }
        updateHover(local(e));
        return;
      }
      if (drag.type !== 'pan') {
        if (cancelled) editor.cancelTransient();
        else editor.endTransient();
      } else if (!cancelled && editor.mode().mode === 'PLAY') {
        // PLAY: a click (no drag) on a stickman shows its live queue in the side panel.
        const s = local(e);
        if (Math.hypot(s[0] - drag.start[0], s[1] - drag.start[1]) < DRAG_THRESHOLD_PX) {
          const hit = pickKinds(toStage(s), ['stickman']);
          if (hit) editor.inspect(hit.id);
        }
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
      editor.closeDirectPopup();
    };

    const onLeave = () => {
      if (!drag) {
        editor.setGhost(null);
        editor.setHover(null);
        editor.setCapturePointer(null);
        setWalkHover(null);
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

  const effectiveCursor = () => {
    if (editor.spaceHeld() && editor.mode().mode !== 'PLAY') return 'grab';
    if (editor.capture() && cursor() !== 'pointer') return 'crosshair';
    return cursor();
  };

  return (
    <div class="stage-host" ref={host} data-testid="stage-host">
      <canvas ref={canvas} class="stage-canvas" data-testid="stage-canvas" style={{ cursor: effectiveCursor() }} />
      <DirectPopup editor={editor} hostSize={hostSize} />
      <Show when={editor.capture()}>
        <div class="stage-hint stage-hint--capture" data-testid="capture-hint">
          {editor.capture()!.prompt} · Esc cancels
        </div>
      </Show>
      <Show when={!editor.capture() && editor.tool().type === 'place'}>
        <div class="stage-hint">Click to place · Shift+click to place more · Esc cancels</div>
      </Show>
      <Show when={!editor.capture() && editor.mode().mode === 'DIRECT' && !editor.directPopup()}>
        <div class="stage-hint" data-testid="direct-hint">
          {selectedStickman() ? `Click the stage: ${selectedStickman()!.name ?? selectedStickman()!.id} walks there · Esc deselects` : 'Click a stickman to direct it'}
        </div>
      </Show>
      <Show when={renderError()}>
        <div class="stage-hint stage-hint--error">Drawing failed: {renderError()}</div>
      </Show>
    </div>
  );
}
