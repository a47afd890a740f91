/**
 * The editor: the one object the canvas and the panels talk to. It decides what may happen in
 * which mode and holds the selection, the active tool and the view state; the jobs behind it
 * live in their own modules:
 *
 * - `documentSession` — the document, its undo history and live changes (drags);
 * - `captures` — pending stage picks (a point or an object);
 * - `autosave` — writing the document to browser storage;
 * - `notices` — the errors, warnings and infos shown over the stage;
 * - `liveRun` — the frame and queue item runs of the current PLAY run;
 * - `playback` — PLAY speed and the camera following a stickman;
 * - `clipboard` — copied objects (scene JSON on the system clipboard);
 * - `panelLayout` — the bottom panel's remembered height.
 *
 * It owns no simulation: every document change goes through `controller.setDocument`, every
 * mode change through `controller.send`.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import { documentFrame, initPhysics, type FrameSnapshot, type StageController } from '../../streams';
import type { ObjectKind, SceneDocument, StageObject } from '../../core/scene/schema';
import { loadSceneText, saveSceneText } from '../../core/scene/io';
import type { SceneIssue } from '../../core/scene/errors';
import {
  createObject,
  deleteObjects,
  duplicateObjects,
  EditError,
  extractObjects,
  findObject,
  lastObject,
  newScene,
  pasteScene,
  updateObject,
  type ObjectSpec,
} from '../../core/scene/edit';
import { DocumentSession, type Edit } from './documentSession';
import { CaptureSession, type Capture } from './captures';
import { Autosave } from './autosave';
import { errorText, issueLines, NoticeBoard, type Notice } from './notices';
import { LiveRun, type ActionRun } from './liveRun';
import type { PaletteItem } from './palette';
import { Playback } from './playback';
import { SceneClipboard, type TextClipboard } from './clipboard';
import { PanelLayout } from './panelLayout';
import { RunStarts } from './runStarts';
import { gridPoint } from './grid';
import type { Marquee } from './groupSelection';

export { AUTOSAVE_DELAY_MS, AUTOSAVE_KEY, REJECTED_AUTOSAVE_KEY } from './autosave';
export { issueLines, MAX_ISSUES_SHOWN, type Notice } from './notices';
export type { Capture } from './captures';
export type { ActionRun } from './liveRun';

export type Vec2 = [number, number];
export type ModeState = { mode: 'EDIT' | 'DIRECT' | 'PLAY'; paused: boolean };

export type Tool = { type: 'select' } | { type: 'place'; item: PaletteItem };

/** The Direct popup: which stickman, where (CSS px inside the stage host). */
export interface DirectPopupState {
  rigId: string;
  at: Vec2;
}

/** The debug overlay toggle survives reloads. */
export const DEBUG_KEY = 'stickman-stage/debug-overlay';
/** So does grid snapping. */
export const SNAP_KEY = 'stickman-stage/grid-snap';

/** "3 stickmen, 1 prop, 2 terrain, 1 area" (kinds that occur, in this order). */
export function objectCounts(doc: SceneDocument): string {
  const n = (kind: ObjectKind) => doc.objects.filter((o) => o.kind === kind).length;
  const parts: string[] = [];
  const add = (count: number, one: string, many: string) => count && parts.push(`${count} ${count === 1 ? one : many}`);
  add(n('stickman'), 'stickman', 'stickmen');
  add(n('prop'), 'prop', 'props');
  add(n('terrain'), 'terrain piece', 'terrain pieces');
  add(n('area'), 'area', 'areas');
  return parts.length ? parts.join(', ') : 'no objects';
}

export interface EditorOptions {
  storage?: Storage | null;
  autosaveDelayMs?: number;
  historyLimit?: number;
  /** The system clipboard (navigator.clipboard); without it copies stay inside this editor. */
  clipboard?: TextClipboard | null;
}

/** View commands the canvas registers (fit, zoom) so the toolbar and the keyboard can call them. */
export interface ViewCommands {
  fit(): void;
  zoomBy(factor: number): void;
  stageToScreen(p: Vec2): Vec2;
  screenToStage(x: number, y: number): Vec2;
}

/**
 * Last line of defence before a loaded document reaches the stage: the loader already checks
 * terrain geometry, so this only catches a document that still cannot be drawn.
 */
export function geometryIssues(doc: SceneDocument): SceneIssue[] {
  try {
    documentFrame(doc);
    return [];
  } catch (e) {
    return [{ path: '$', message: (e as Error).message }];
  }
}

export class Editor {
  readonly mode: Accessor<ModeState>;
  readonly selection: Accessor<readonly string[]>;
  readonly hoverId: Accessor<string | null>;
  readonly tool: Accessor<Tool>;
  readonly ghostAt: Accessor<Vec2 | null>;
  readonly physicsReady: Accessor<boolean>;
  readonly zoom: Accessor<number>;
  readonly helpOpen: Accessor<boolean>;
  /** Space is held in EDIT/DIRECT: a left drag pans. */
  readonly spaceHeld: Accessor<boolean>;
  /** RESET, New and Open: what shows one run starts over (the timeline). */
  readonly runStarts = new RunStarts();
  readonly setSpaceHeld: (b: boolean) => void;
  /** Debug overlay (probe rays, proxies, TerrainMotion labels) on/off. */
  readonly debugOn: Accessor<boolean>;
  readonly directPopup: Accessor<DirectPopupState | null>;
  /** Grid snapping for placing, moving and resizing (Ctrl held while dragging bypasses it). */
  readonly snapOn: Accessor<boolean>;
  /** The marquee being dragged on the stage (stage px), if any. */
  readonly marquee: Accessor<Marquee | null>;
  readonly setMarquee: (r: Marquee | null) => void;
  readonly playback = new Playback();
  readonly layout: PanelLayout;

  view: ViewCommands | null = null;

  private readonly session: DocumentSession;
  private readonly captures: CaptureSession;
  private readonly autosave: Autosave;
  private readonly board = new NoticeBoard();
  private readonly live: LiveRun;
  private readonly clipboard: SceneClipboard;

  private readonly setModeSignal: (m: ModeState) => void;
  private readonly setSelectionSignal: (ids: readonly string[]) => void;
  private readonly setHoverSignal: (id: string | null) => void;
  private readonly setToolSignal: (t: Tool) => void;
  private readonly setGhostSignal: (p: Vec2 | null) => void;
  private readonly setPhysicsReady: (b: boolean) => void;
  private readonly setZoomSignal: (z: number) => void;
  private readonly setHelpOpen: (b: boolean) => void;
  private readonly setDebugSignal: (b: boolean) => void;
  private readonly setDirectPopupSignal: (p: DirectPopupState | null) => void;
  private readonly setSnapSignal: (b: boolean) => void;
  private readonly storage: Storage | null;
  private lastMode: ModeState['mode'];
  private physics: Promise<void> | null = null;

  constructor(readonly controller: StageController, options: EditorOptions = {}) {
    this.storage = options.storage ?? null;
    [this.mode, this.setModeSignal] = createSignal<ModeState>(controller.mode, {
      equals: (a, b) => a.mode === b.mode && a.paused === b.paused,
    });
    [this.selection, this.setSelectionSignal] = createSignal<readonly string[]>([]);
    [this.hoverId, this.setHoverSignal] = createSignal<string | null>(null);
    [this.tool, this.setToolSignal] = createSignal<Tool>({ type: 'select' });
    [this.ghostAt, this.setGhostSignal] = createSignal<Vec2 | null>(null);
    [this.physicsReady, this.setPhysicsReady] = createSignal(false);
    [this.zoom, this.setZoomSignal] = createSignal(1);
    [this.helpOpen, this.setHelpOpen] = createSignal(false);
    [this.spaceHeld, this.setSpaceHeld] = createSignal(false);
    [this.directPopup, this.setDirectPopupSignal] = createSignal<DirectPopupState | null>(null);
    [this.marquee, this.setMarquee] = createSignal<Marquee | null>(null);
    this.layout = new PanelLayout(this.storage);
    this.clipboard = new SceneClipboard(options.clipboard ?? null);

    this.autosave = new Autosave(this.storage, () => controller.document, (title, details) => this.notify('warning', title, details), options.autosaveDelayMs);
    this.session = new DocumentSession(
      controller,
      {
        shown: (doc) => {
          this.forgetMissing(doc);
          this.autosave.schedule();
        },
        refused: (e) => this.notify('error', 'That change was refused', [errorText(e)]),
      },
      options.historyLimit,
    );
    this.captures = new CaptureSession((id) => this.object(id)?.kind);
    this.live = new LiveRun(controller);

    let debug = false;
    try {
      debug = this.storage?.getItem(DEBUG_KEY) === '1';
    } catch {
      /* storage is optional */
    }
    [this.debugOn, this.setDebugSignal] = createSignal(debug);
    if (debug) controller.setDebug(true);
    let snap = false;
    try {
      snap = this.storage?.getItem(SNAP_KEY) === '1';
    } catch {
      /* storage is optional */
    }
    [this.snapOn, this.setSnapSignal] = createSignal(snap);
    this.lastMode = controller.mode.mode;
    controller.actor.subscribe(() => this.onModeChange());
  }

  // ------------------------------------------------------------------ what the jobs expose

  get doc(): Accessor<SceneDocument> {
    return this.session.doc;
  }

  get historyDepth(): Accessor<{ undo: number; redo: number }> {
    return this.session.historyDepth;
  }

  get notices(): Accessor<readonly Notice[]> {
    return this.board.notices;
  }

  get lastSaved(): Accessor<string | null> {
    return this.autosave.lastSaved;
  }

  /** The pending stage pick, if any. */
  get capture(): Accessor<Capture | null> {
    return this.captures.capture;
  }

  /** Where the pointer is during a point pick (the ghost marker). */
  get capturePointer(): Accessor<Vec2 | null> {
    return this.captures.pointer;
  }

  get setCapturePointer(): (p: Vec2 | null, aim?: Vec2 | null) => void {
    return this.captures.setPointer;
  }

  /** During a walk-target pick: the pointer, when the pick was snapped onto the ground away from it. */
  get captureAim(): Accessor<Vec2 | null> {
    return this.captures.aim;
  }

  /** The latest frame in PLAY (one update per simulated step shown). */
  get liveFrame(): Accessor<FrameSnapshot> {
    return this.live.liveFrame;
  }

  get setLiveFrame(): (f: FrameSnapshot) => void {
    return this.live.setLiveFrame;
  }

  /** Queue item runs of the current PLAY run, keyed `rigId/actionId`; cleared on PLAY and RESET. */
  get actionRuns(): Accessor<ReadonlyMap<string, ActionRun>> {
    return this.live.actionRuns;
  }

  // ------------------------------------------------------------------ mode

  /** Editing happens in EDIT only (reads the controller, so it is exact even inside a batch). */
  canEdit(): boolean {
    return this.controller.mode.mode === 'EDIT';
  }

  /** Queues and rules are directed in EDIT and DIRECT (never during PLAY). */
  canDirect(): boolean {
    return this.controller.mode.mode !== 'PLAY';
  }

  /** EDIT and DIRECT may select; in PLAY the stage belongs to the runtime. */
  canSelect(): boolean {
    return this.controller.mode.mode !== 'PLAY';
  }

  /** Starts loading Rapier; PLAY waits for it. */
  preparePhysics(): Promise<void> {
    this.physics ??= initPhysics().then(
      () => this.setPhysicsReady(true),
      (e: unknown) => {
        this.physics = null;
        this.notify('error', 'The physics engine failed to load', [errorText(e)]);
        throw e;
      },
    );
    return this.physics;
  }

  async play(): Promise<void> {
    this.finishInteraction();
    try {
      await this.preparePhysics();
    } catch {
      return;
    }
    const m = this.controller.mode;
    if (m.mode === 'PLAY') {
      if (m.paused) this.send({ type: 'ui.resume' });
      return;
    }
    this.send({ type: 'ui.play' });
  }

  pause(): void {
    if (this.controller.mode.mode === 'PLAY' && !this.controller.mode.paused) this.send({ type: 'ui.pause' });
  }

  togglePlayPause(): void {
    const m = this.controller.mode;
    if (m.mode === 'PLAY' && !m.paused) this.pause();
    else void this.play();
  }

  /** RESET: rewinds PLAY to the document and holds at t = 0. */
  reset(): void {
    if (this.controller.mode.mode === 'PLAY') {
      this.live.clearRuns();
      this.runStarts.fire('reset');
      this.send({ type: 'ui.reset' });
      this.live.showCurrentFrame();
    }
  }

  /** A seek restored the keyframe of `tick`: the panels show the run as it was there. */
  restored(tick: number): void {
    this.live.rewindTo(tick);
    this.live.showCurrentFrame();
  }

  enterEdit(): void {
    this.finishInteraction();
    this.send({ type: 'ui.edit' });
  }

  enterDirect(): void {
    this.finishInteraction();
    this.setTool({ type: 'select' });
    this.send({ type: 'ui.direct' });
  }

  private send(command: Parameters<StageController['send']>[0]): void {
    try {
      this.controller.send(command);
    } catch (e) {
      this.notify('error', `The stage could not handle ${command.type}`, [errorText(e)]);
    }
    const snapshot = this.controller.actor.getSnapshot() as { status?: string; error?: unknown };
    if (snapshot.status === 'error') {
      this.notify('error', 'The stage stopped after an error; reload the page (your scene is autosaved)', [errorText(snapshot.error)]);
    }
  }

  private onModeChange(): void {
    const m = this.controller.mode;
    const changed = m.mode !== this.lastMode;
    const entersPlay = changed && m.mode === 'PLAY';
    this.lastMode = m.mode;
    batch(() => {
      if (m.mode !== 'EDIT') {
        this.finishInteraction();
        this.setToolSignal({ type: 'select' });
        this.setGhostSignal(null);
      }
      if (changed) {
        this.cancelCapture();
        this.closeDirectPopup();
      }
      if (entersPlay) {
        this.live.clearRuns();
        this.live.showCurrentFrame();
      }
      if (m.mode === 'PLAY') this.setHoverSignal(null);
      this.setModeSignal(m);
    });
  }

  // ------------------------------------------------------------------ document + history

  /** Drops selected and hovered ids that are no longer in `doc`. */
  private forgetMissing(doc: SceneDocument): void {
    const ids = this.selection();
    const kept = ids.filter((id) => doc.objects.some((o) => o.id === id));
    if (kept.length !== ids.length) this.setSelectionSignal(kept);
    const hover = this.hoverId();
    if (hover && !doc.objects.some((o) => o.id === hover)) this.setHoverSignal(null);
  }

  /** Applies one edit as one undo step. Refused outside EDIT; an EditError becomes a notice. */
  edit(label: string, fn: Edit): boolean {
    if (!this.canEdit()) return false;
    return this.apply(label, fn);
  }

  /** Like edit, for queues and rules: allowed in EDIT and DIRECT. */
  direct(label: string, fn: Edit): boolean {
    if (!this.canDirect()) return false;
    return this.apply(label, fn);
  }

  /** Like edit, but throws the EditError to the caller (property fields show it beside the input). */
  tryEdit(fn: Edit): void {
    if (!this.canEdit()) throw new EditError('switch to EDIT to change the scene');
    this.commitOrThrow(fn);
  }

  /** Like tryEdit, for queues and rules (EDIT and DIRECT): throws the EditError to the caller. */
  tryDirect(fn: Edit): void {
    if (!this.canDirect()) throw new EditError('queues and rules cannot change during PLAY; switch to EDIT or DIRECT');
    this.commitOrThrow(fn);
  }

  private apply(label: string, fn: Edit): boolean {
    try {
      return this.session.commit(fn);
    } catch (e) {
      this.notify('error', `${label} failed`, e instanceof EditError && e.issues.length ? issueLines(e.issues) : [errorText(e)]);
      return false;
    }
  }

  private commitOrThrow(fn: Edit): void {
    if (!this.session.commit(fn)) throw new EditError('the stage refused the change');
  }

  /** Starts a live change (a drag): previews replace the document, `endTransient` records one step. */
  beginTransient(): boolean {
    if (!this.canEdit()) return false;
    this.session.beginTransient();
    return true;
  }

  /** One preview of a live change. Invalid previews are ignored (the last good one stays). */
  transient(fn: Edit): void {
    this.session.transient(fn);
  }

  /**
   * One preview computed from the document the live change started from (a group move or turn
   * is worked out from where the objects were, so previews never accumulate rounding).
   */
  transientFromStart(fn: Edit): void {
    this.session.transientFromStart(fn);
  }

  /** Records the live change as one undo step (nothing if the document did not change). */
  endTransient(): void {
    this.session.finishTransient();
  }

  /** Throws a live change away, restoring the document it started from. */
  cancelTransient(): void {
    this.session.cancelTransient();
  }

  get isTransient(): boolean {
    return this.session.isTransient;
  }

  /** Calls `listener` whenever a live change ends, however it ends. Returns the unsubscribe. */
  onTransientEnd(listener: () => void): () => void {
    return this.session.onTransientEnd(listener);
  }

  /** Ends whatever the pointer was doing (a drag becomes an undo step). */
  finishInteraction(): void {
    this.session.finishTransient();
  }

  /** Undo/redo work in EDIT and DIRECT (queue and rule edits are made in both). */
  undo(): void {
    if (this.canDirect()) this.session.undo();
  }

  redo(): void {
    if (this.canDirect()) this.session.redo();
  }

  object(id: string): StageObject | undefined {
    return findObject(this.doc(), id);
  }

  // ------------------------------------------------------------------ selection and tools

  select(ids: readonly string[]): void {
    if (!this.canSelect() && ids.length) return;
    this.setSelectionSignal(ids);
  }

  /** Ctrl+A: every object on the stage, in document order (EDIT only; false elsewhere). */
  selectAll(): boolean {
    if (this.mode().mode !== 'EDIT' || !this.canEdit()) return false;
    this.select(this.doc().objects.map((o) => o.id));
    return true;
  }

  /** Shift/Ctrl-click: adds `id` to the selection, or takes it out if it is in. */
  toggleSelected(id: string): void {
    const ids = this.selection();
    this.select(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
  }

  /** PLAY: a click on a stickman shows its live queue (selection without editing) and is the one the camera follows. */
  inspect(id: string | null): void {
    if (this.controller.mode.mode !== 'PLAY') return;
    const o = id ? this.object(id) : undefined;
    this.setSelectionSignal(o ? [o.id] : []);
    if (o?.kind === 'stickman') this.playback.resumeFollow();
  }

  setHover(id: string | null): void {
    this.setHoverSignal(id);
  }

  setTool(tool: Tool): void {
    batch(() => {
      this.setToolSignal(tool);
      if (tool.type === 'select') this.setGhostSignal(null);
    });
  }

  startPlacing(item: PaletteItem): void {
    if (!this.canEdit()) {
      this.notify('info', 'Switch to EDIT (E) to place objects', []);
      return;
    }
    this.finishInteraction();
    this.setTool({ type: 'place', item });
  }

  setGhost(p: Vec2 | null): void {
    this.setGhostSignal(p);
  }

  /** Places the active palette item at `p` (on the grid when `snap`). Returns the new id. */
  placeAt(p: Vec2, keepTool = false, snap = false): string | null {
    const tool = this.tool();
    if (tool.type !== 'place') return null;
    const at = gridPoint(p, snap);
    let id: string | null = null;
    const ok = this.edit(`Placing ${tool.item.label.toLowerCase()}`, (doc) => {
      const next = createObject(doc, tool.item.kind, tool.item.spec as ObjectSpec<ObjectKind>, at);
      id = lastObject(next)?.id ?? null;
      return next;
    });
    if (!ok) return null;
    batch(() => {
      if (id) this.setSelectionSignal([id]);
      if (!keepTool) this.setTool({ type: 'select' });
    });
    return id;
  }

  deleteSelection(): void {
    const ids = this.selection();
    if (!ids.length || !this.canEdit()) return;
    this.edit(ids.length === 1 ? `Deleting ${ids[0]}` : `Deleting ${ids.length} objects`, (doc) => deleteObjects(doc, ids));
    this.setSelectionSignal([]);
  }

  /** Copies the selection 40 px away under new ids (one undo step) and selects the copies. */
  duplicateSelection(): void {
    const ids = this.selection();
    if (!ids.length || !this.canEdit()) return;
    let created: string[] = [];
    const ok = this.edit('Duplicating', (doc) => {
      const next = duplicateObjects(doc, ids);
      created = next.objects.slice(doc.objects.length).map((o) => o.id);
      return next;
    });
    if (ok) this.setSelectionSignal(created);
  }

  // ------------------------------------------------------------------ clipboard

  /** Ctrl+C: the selection (with its queues and its own rules) as scene JSON on the clipboard. */
  async copySelection(): Promise<boolean> {
    const ids = this.selection();
    if (!ids.length || !this.canSelect()) return false;
    let text: string;
    try {
      text = saveSceneText(extractObjects(this.doc(), ids));
    } catch (e) {
      this.notify('error', 'The selection could not be copied', [errorText(e)]);
      return false;
    }
    const where = await this.clipboard.write(text);
    const what = ids.length === 1 ? ids[0] : `${ids.length} objects`;
    this.notify('info', `Copied ${what}`, where === 'tab' ? ['The system clipboard refused it: paste works in this tab only.'] : []);
    return true;
  }

  /** Ctrl+X: copy, then delete (one undo step). */
  async cutSelection(): Promise<boolean> {
    if (!this.canEdit() || !this.selection().length) return false;
    if (!(await this.copySelection())) return false;
    this.deleteSelection();
    return true;
  }

  /**
   * Ctrl+V: adds the objects on the clipboard (scene JSON, from this tab or another) under new
   * ids, offset from where they were copied; one undo step; the pasted objects become the
   * selection. `text` overrides the clipboard (tests, a paste event's data).
   */
  async paste(text?: string): Promise<string[]> {
    if (!this.canEdit()) {
      this.notify('info', 'Switch to EDIT (E) to paste objects', []);
      return [];
    }
    const clip = text ?? (await this.clipboard.read());
    const loaded = clip ? loadSceneText(clip) : null;
    if (!clip || !loaded?.ok) {
      this.notify('info', 'Nothing to paste', [clip ? 'The clipboard holds no Stickman Stage objects.' : 'Copy objects first (Ctrl+C).']);
      return [];
    }
    const offset = this.clipboard.nextOffset(clip);
    let ids: string[] = [];
    const ok = this.edit('Pasting', (doc) => {
      const pasted = pasteScene(doc, loaded.scene, offset);
      ids = pasted.ids;
      return pasted.doc;
    });
    if (!ok) return [];
    this.setSelectionSignal(ids);
    return ids;
  }

  /** Flips the facing of every selected stickman (one undo step). */
  flipSelection(): void {
    const ids = this.selection().filter((id) => this.object(id)?.kind === 'stickman');
    if (!ids.length || !this.canEdit()) return;
    this.edit(ids.length === 1 ? `Flipping ${ids[0]}` : 'Flipping', (doc) =>
      ids.reduce((d, id) => {
        const o = d.objects.find((x) => x.id === id);
        return o && o.kind === 'stickman' ? updateObject(d, id, { facing: o.facing === 'RIGHT' ? 'LEFT' : 'RIGHT' }) : d;
      }, doc),
    );
  }

  // ------------------------------------------------------------------ stage picks, popup, debug

  /** Starts a pick on the stage (cancelling any other one). Not in PLAY. */
  startCapture(c: Capture): void {
    if (!this.canDirect()) return;
    this.setTool({ type: 'select' });
    this.captures.start(c);
  }

  /** Esc / mode change: ends the pick without a value. */
  cancelCapture(): void {
    this.captures.cancel();
  }

  /** The canvas completes a point pick. */
  completePointCapture(p: Vec2): void {
    this.captures.completePoint(p);
  }

  /** The canvas completes an object pick (the id must be of one of the kinds asked for). */
  completeObjectCapture(id: string): void {
    this.captures.completeObject(id);
  }

  openDirectPopup(rigId: string, at: Vec2): void {
    if (this.controller.mode.mode !== 'DIRECT') return;
    this.setDirectPopupSignal({ rigId, at });
  }

  closeDirectPopup(): void {
    if (this.directPopup()) this.setDirectPopupSignal(null);
  }

  /** Grid snapping on/off (persisted in localStorage). */
  toggleSnap(on?: boolean): void {
    const next = on ?? !this.snapOn();
    this.setSnapSignal(next);
    try {
      this.storage?.setItem(SNAP_KEY, next ? '1' : '0');
    } catch {
      /* best effort */
    }
  }

  // ------------------------------------------------------------------ playback

  /**
   * Runs exactly one fixed step and holds there (PAUSED): from EDIT or DIRECT it enters PLAY
   * first, so the first step shown is t = 1/60 s.
   */
  async stepFrame(): Promise<void> {
    const inPlay = () => this.controller.mode.mode === 'PLAY';
    if (!inPlay()) {
      await this.play();
      // PLAY may not have started (physics failed to load, the scene refused).
      if (!inPlay()) return;
    }
    this.pause();
    try {
      this.controller.stepFrame();
    } catch (e) {
      this.notify('error', 'The simulation stopped with an error', [errorText(e)]);
    }
  }

  /**
   * The stickman the camera follows now, in PLAY while follow runs: the selected one (a click on
   * a stickman selects it), or the first stickman when none is selected.
   */
  followTarget(): string | null {
    if (this.mode().mode !== 'PLAY' || !this.playback.following()) return null;
    const ids = this.selection();
    const selected = ids.find((id) => this.object(id)?.kind === 'stickman');
    return selected ?? this.doc().objects.find((o) => o.kind === 'stickman')?.id ?? null;
  }

  /** The Follow toggle (a held follow resumes). */
  toggleFollow(): void {
    this.playback.toggleFollow();
  }

  /** The view was panned by hand: a running follow holds rather than pull the camera back. */
  noteManualPan(): void {
    this.playback.holdFollow();
  }

  /** Debug overlay on/off (persisted in localStorage). */
  toggleDebug(on?: boolean): void {
    const next = on ?? !this.debugOn();
    this.setDebugSignal(next);
    try {
      this.controller.setDebug(next);
    } catch (e) {
      this.notify('error', 'The debug overlay could not be switched', [errorText(e)]);
    }
    try {
      this.storage?.setItem(DEBUG_KEY, next ? '1' : '0');
    } catch {
      /* best effort */
    }
  }

  // ------------------------------------------------------------------ files

  /** Replaces the scene (new / open): one undo step, back to EDIT first. */
  private replaceScene(doc: SceneDocument, label: string): boolean {
    if (this.controller.mode.mode !== 'EDIT') this.enterEdit();
    const ok = this.edit(label, () => doc);
    if (ok) {
      this.runStarts.fire('scene');
      this.setSelectionSignal([]);
      this.setTool({ type: 'select' });
      this.view?.fit();
    }
    return ok;
  }

  newScene(): void {
    if (this.replaceScene(newScene({ name: 'Untitled' }), 'New scene')) {
      this.notify('info', 'New scene', ['Ctrl+Z brings the previous scene back.']);
    }
  }

  /**
   * Opens a scene file's text. A rejected file is reported with the JSON path and reason of each
   * issue and the scene on stage stays exactly as it was.
   */
  loadText(text: string, source = 'the file'): boolean {
    const result = loadSceneText(text);
    const issues = result.ok ? geometryIssues(result.scene) : result.issues;
    if (!result.ok || issues.length) {
      this.notify('error', `Could not open ${source}: the scene was not changed`, issueLines(issues));
      return false;
    }
    const ok = this.replaceScene(result.scene, `Opening ${source}`);
    if (ok) {
      const doc = result.scene;
      const details = [`${objectCounts(doc)} · ${doc.rules.length} rule${doc.rules.length === 1 ? '' : 's'}`, 'Ctrl+Z brings the previous scene back.'];
      if (result.migratedFrom) details.push(`Migrated from version ${result.migratedFrom}; saving writes 1.1.`);
      this.notify('info', `Opened ${source}`, details);
      // Placeholders for missing prop assets, actions naming props that are not there (they skip when run).
      if (result.warnings.length) this.notify('warning', `${source} opened with ${result.warnings.length === 1 ? 'a warning' : 'warnings'}`, issueLines(result.warnings));
    }
    return ok;
  }

  saveText(): string | null {
    try {
      return saveSceneText(this.controller.document);
    } catch (e) {
      const issues = (e as { issues?: SceneIssue[] }).issues;
      this.notify('error', 'The scene could not be saved', issues ? issueLines(issues) : [errorText(e)]);
      return null;
    }
  }

  fileName(): string {
    const base = (this.doc().name ?? 'scene').trim().replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'scene';
    return `${base}.scene.json`;
  }

  /** Writes the pending autosave now (also called when the page is hidden). */
  flushAutosave(): void {
    this.autosave.flush();
  }

  // ------------------------------------------------------------------ notices, view

  notify(kind: Notice['kind'], title: string, details: string[]): number {
    return this.board.notify(kind, title, details);
  }

  dismiss(id: number): void {
    this.board.dismiss(id);
  }

  setZoom(z: number): void {
    this.setZoomSignal(z);
  }

  toggleHelp(open?: boolean): void {
    this.setHelpOpen(open ?? !this.helpOpen());
  }

  fit(): void {
    this.view?.fit();
  }
}
