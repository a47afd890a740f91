/**
 * The stage canvas: a StageView drawn from frame snapshots by the frame driver, and the pointer
 * machine (ui/interaction) fed with the canvas's DOM events. It draws the editor's state (selection,
 * hover, handles, ghost, walk targets); it never touches the document or the simulation itself.
 */
import { createMemo, createSignal, onCleanup, onMount, Show } from 'solid-js';
import { StageView, type ViewOverlay } from '../../render';
import { documentFrame, startFrameDriver, type FrameSnapshot } from '../../streams';
import { createObject, type ObjectSpec } from '../../core/scene/edit';
import { rigBox } from '../../core/geometry/hitTest';
import type { ObjectKind } from '../../core/scene/schema';
import type { Editor, Vec2 } from '../state/editor';
import { selectionHandlesOf, type UiHandle } from '../interaction/picking';
import { startPointerSession } from '../interaction/pointerSession';
import type { WalkHover } from '../interaction/pointerMachine';
import { groupBox } from '../state/groupSelection';
import { GRID_SIZE } from '../state/grid';
import { bindCanvasPointer } from '../interaction/domPointer';
import { DirectPopup } from '../components/DirectPopup';
import { isKind } from '../../objects/core/models';
import { panelOf } from '../../objects/ui/panels';
import { itemFlag } from '../actions/actionUi';
import { throwFocusOf } from '../state/throwFocus';
import { nearGuide, queuedThrowOf } from '../state/queuedThrow';
import { throwGuide, type ThrowGuide } from '../state/throwGuide';
import { directedViewDriver } from '../state/directorView';
import { cameraQueueFor, cameraShots } from '../state/cameraQueue';

export function StageCanvas(props: { editor: Editor; onFrame?: (frame: FrameSnapshot) => void }) {
  const editor = props.editor;
  const controller = editor.controller;
  let host!: HTMLDivElement;
  let canvas!: HTMLCanvasElement;
  const [cursor, setCursor] = createSignal('default');
  const [renderError, setRenderError] = createSignal<string | null>(null);
  const [hostSize, setHostSize] = createSignal({ width: 1, height: 1 });
  /** DIRECT: the pointer is over empty stage with a stickman selected (a click walks there). */
  const [walkHover, setWalkHover] = createSignal<WalkHover | null>(null);

  const selectedStickman = () => {
    const ids = editor.tools.selection();
    if (ids.length !== 1) return null;
    const o = editor.object(ids[0]);
    return isKind(o, 'stickman') ? o : null;
  };

  const ghost = createMemo<ViewOverlay['ghost']>(() => {
    const tool = editor.tools.tool();
    const at = editor.tools.ghostAt();
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

  // Follows the selection, the mode, a pending pick, the document and the zoom (it reads each).
  const handles = createMemo<UiHandle[]>(() => selectionHandlesOf(editor, editor.zoom()));

  /**
   * The throw guide: at the pointer while a throw point is picked, else at the target of a
   * throw_prop open in an action editor. Recomputed as the pointer, the form or the document
   * changes; the preview's physics world is cached per document, so a move costs one solve and
   * one shape cast along the arc.
   */
  const guide = createMemo<ThrowGuide | null>(() => {
    if (editor.mode().mode === 'PLAY') return null;
    const cap = editor.tools.capture();
    const focus = throwFocusOf(editor);
    const picking = cap?.kind === 'point' && cap.throw ? { ctx: cap.throw, at: editor.tools.capturePointer() } : null;
    // With no pick and no form open, a stickman selected in DIRECT shows its first queued throw (issue 22).
    const queued = !picking && !focus ? queuedThrowOf(editor) : null;
    const ctx = picking?.ctx ?? focus ?? queued;
    const raw = picking ? picking.at : focus ? focus.target : queued?.target ?? null;
    if (!ctx || !raw) return null;
    // Rapier arrives a moment after the page: the guide gains its contact point then.
    editor.run.physicsReady();
    try {
      return throwGuide(editor.doc(), ctx, raw);
    } catch {
      return null;
    }
  });

  const overlay = createMemo<ViewOverlay>(() => {
    const mode = editor.mode().mode;
    // PLAY outlines only what a press would grab (the pointer machine sets the hover).
    if (mode === 'PLAY') return { selectedIds: [], hoverId: editor.tools.hoverId(), ghost: null, handles: [] };
    const doc = editor.doc();
    const walkTargets: Array<{ rigId: string; position: [number, number]; label?: string; from?: Vec2 | null }> = [];
    if (mode === 'DIRECT') {
      // Every queued item its kind flags (a walk_to's target), labelled with the stickman and its place in the queue.
      for (const [rigId, items] of Object.entries(doc.queues)) {
        const o = doc.objects.find((x) => x.id === rigId);
        const who = (isKind(o, 'stickman') && o.name) || rigId;
        items.forEach((item, i) => {
          const flag = itemFlag(item);
          if (flag) walkTargets.push({ rigId, position: flag, label: `${who} #${i + 1}` });
        });
      }
      const w = walkHover();
      const sel = selectedStickman();
      // The "walk here" ghost stays off a throw guide it would cover (issue 22).
      if (w && sel && !editor.tools.capture() && !nearGuide(guide()?.preview, w.target)) walkTargets.push({ rigId: sel.id, position: w.target, from: w.from, label: `${sel.name ?? sel.id}: walk here` });
    }
    const cap = editor.tools.capture();
    const at = editor.tools.capturePointer();
    // A throw target shows its guide instead of a walk flag.
    if (cap?.kind === 'point' && !cap.throw && at) walkTargets.push({ rigId: 'capture', position: at, from: editor.tools.captureAim(), label: `(${Math.round(at[0])}, ${Math.round(at[1])})` });
    const ids = editor.tools.selection();
    const one = ids.length === 1 ? doc.objects.find((o) => o.id === ids[0]) : undefined;
    return {
      grips: one ? panelOf(one).grips?.(doc, one) ?? [] : [],
      snapGrid: mode === 'EDIT' && editor.prefs.snapOn() ? GRID_SIZE : null,
      marquee: editor.tools.marquee(),
      groupBox: mode === 'EDIT' && ids.length > 1 ? groupBox(doc, controller.frame$.value, ids) : null,
      selectedIds: editor.tools.selection(),
      hoverId: editor.tools.hoverId(),
      ghost: ghost(),
      handles: handles(),
      walkTargets,
      throwGuide: guide()?.overlay ?? null,
      // The camera's framings while its queue is the one shown (ui/state/cameraQueue).
      cameraShots: cameraQueueFor(editor).shown() ? cameraShots(doc) : null,
    };
  });

  onMount(() => {
    const view = new StageView(canvas);
    const measure = () => {
      const r = host.getBoundingClientRect();
      view.resize(Math.max(1, r.width), Math.max(1, r.height), window.devicePixelRatio || 1);
      setHostSize({ width: r.width, height: r.height });
      // A fitted view fits again when the window (or the bottom panel) changes its size.
      editor.setZoom(view.zoom);
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
          if (!stepFailed) editor.notices.notify('error', 'The simulation stopped with an error (stage paused)', [String((e as Error)?.message ?? e)]);
          stepFailed = true;
          editor.run.pause();
          return 0;
        }
      },
    };
    let lastTick = -1;
    let lastRenderError = '';
    let lastDrawAt = performance.now();
    /** PLAY camera follow: the view eases toward the followed stickman's figure (render/cameraFollow). */
    let following = false;
    const follow = (cur: FrameSnapshot) => {
      const now = performance.now();
      const dt = (now - lastDrawAt) / 1000;
      lastDrawAt = now;
      const id = editor.followTarget();
      if (!id && following) {
        // Follow switched off, held or PLAY left: a view it took from a fit goes back to the fit.
        view.endFollow();
        editor.setZoom(view.zoom);
      }
      following = !!id;
      const rig = id ? cur.rigs.find((r) => r.id === id) : undefined;
      const box = rig ? rigBox(rig) : null;
      if (box) view.followTo(box.center, dt);
    };
    /** PLAY shows the director's camera from the frames (ui/state/directorView). */
    const directed = directedViewDriver(editor, view);
    const stop = startFrameDriver(
      steppable,
      { now: () => performance.now(), requestFrame: (cb) => requestAnimationFrame(cb), cancelFrame: (h) => cancelAnimationFrame(h) },
      (alpha) => {
        const [prev, cur] = controller.interpolationPair();
        follow(cur);
        directed(prev, cur, alpha);
        try {
          const base = overlay();
          // Debug data changes every step: read it from the frame drawn, not from a memo.
          const ov: ViewOverlay = editor.prefs.debugOn() ? { ...base, debug: { enabled: true, ...(cur.debug ?? {}) } } : base;
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
          if (cur.mode === 'PLAY') {
            editor.run.setLiveFrame(cur);
            // The stage moved under the pointer: the PLAY hover outline follows what is there now.
            pointer.send({ type: 'stage.stepped' });
          }
        }
        if (cur.tick === 0) stepFailed = false;
      },
      { speed: () => editor.playback.speed() },
    );

    // ---------------------------------------------------------------- pointer
    // The pointer machine decides what presses, moves and releases mean (ui/interaction).
    const pointer = startPointerSession({
      editor,
      view,
      setCursor,
      setWalkHover,
      capturePointer: (id) => canvas.setPointerCapture(id),
      releasePointer: (id) => {
        if (canvas.hasPointerCapture(id)) canvas.releasePointerCapture(id);
      },
    });
    // Tests and debugging read the pointer state off the canvas.
    const showPointerState = pointer.actor.subscribe(() => (canvas.dataset.pointerState = pointer.state()));
    canvas.dataset.pointerState = pointer.state();
    const unbindPointer = bindCanvasPointer(canvas, pointer);

    onCleanup(() => {
      stop();
      ro.disconnect();
      unbindPointer();
      showPointerState.unsubscribe();
      pointer.stop();
      editor.view = null;
      view.dispose();
    });
  });

  const effectiveCursor = () => {
    if (editor.spaceHeld() && editor.mode().mode !== 'PLAY') return 'grab';
    if (editor.tools.capture() && cursor() !== 'pointer') return 'crosshair';
    return cursor();
  };

  return (
    <div class="stage-host" ref={host} data-testid="stage-host">
      <canvas ref={canvas} class="stage-canvas" data-testid="stage-canvas" style={{ cursor: effectiveCursor() }} />
      <DirectPopup editor={editor} hostSize={hostSize} />
      <Show when={editor.tools.capture()}>
        <div class="stage-hint stage-hint--capture" data-testid="capture-hint">
          {editor.tools.capture()!.prompt} · Esc cancels
        </div>
      </Show>
      <Show when={guide()}>
        <div class="stage-hint stage-hint--throw" classList={{ 'stage-hint--unreachable': guide()!.preview.status === 'unreachable' }} data-testid="throw-preview-hint" data-status={guide()!.preview.status}>
          {guide()!.hint}
        </div>
      </Show>
      <Show when={!editor.tools.capture() && editor.tools.tool().type === 'place'}>
        <div class="stage-hint">Click to place · Shift+click to place more · Esc cancels</div>
      </Show>
      <Show when={!editor.tools.capture() && editor.mode().mode === 'DIRECT' && !editor.directPopup()}>
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
