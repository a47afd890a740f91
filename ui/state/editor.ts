/**
 * The editor's state: the undo history of the document, the selection, the active tool, the
 * notices shown in the page and the autosave. It owns no simulation: every document change goes
 * through `controller.setDocument`, every mode change through `controller.send`. The canvas and
 * the panels read these signals and call these methods; nothing else mutates the document.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import { documentFrame, initPhysics, type FrameSnapshot, type StageController } from '../../streams';
import type { ObjectKind, SceneDocument, StageObject } from '../../core/scene/schema';
import { loadSceneText, saveSceneText } from '../../core/scene/io';
import type { SceneIssue } from '../../core/scene/errors';
import { createObject, deleteObject, duplicateObject, EditError, findObject, lastObject, newScene, updateObject, type ObjectSpec } from '../../core/scene/edit';
import { commit, commitFrom, createHistory, redo, replace, undo, type History } from './history';
import type { PaletteItem } from './palette';

export type Vec2 = [number, number];
export type ModeState = { mode: 'EDIT' | 'DIRECT' | 'PLAY'; paused: boolean };

export interface Notice {
  id: number;
  kind: 'error' | 'warning' | 'info';
  title: string;
  details: string[];
}

export type Tool = { type: 'select' } | { type: 'place'; item: PaletteItem };

/**
 * A pending pick on the stage: a point (walk targets, throw targets) or an object of some kinds
 * (rule sources and targets, actors, props). The canvas completes it on the next click; Esc,
 * a mode change or starting another pick cancels it.
 */
export type Capture =
  | { kind: 'point'; prompt: string; pick: (p: Vec2) => void; onCancel?: () => void }
  | { kind: 'object'; prompt: string; kinds: readonly ObjectKind[]; pick: (id: string) => void; onCancel?: () => void };

/** What happened to one queue item in the current PLAY run (from the 'action' trace records). */
export interface ActionRun {
  phase: 'started' | 'finished';
  outcome?: string;
}

/** The Direct popup: which stickman, where (CSS px inside the stage host). */
export interface DirectPopupState {
  rigId: string;
  at: Vec2;
}

export const AUTOSAVE_KEY = 'stickman-stage/autosave/v1';
/** The debug overlay toggle survives reloads. */
export const DEBUG_KEY = 'stickman-stage/debug-overlay';
/** Where a stored autosave that failed to load is kept, so a bad restore never destroys work. */
export const REJECTED_AUTOSAVE_KEY = 'stickman-stage/autosave/rejected';
export const AUTOSAVE_DELAY_MS = 400;
export const MAX_ISSUES_SHOWN = 8;

export interface EditorOptions {
  storage?: Storage | null;
  autosaveDelayMs?: number;
  historyLimit?: number;
}

/** View commands the canvas registers (fit, zoom) so the toolbar and the keyboard can call them. */
export interface ViewCommands {
  fit(): void;
  zoomBy(factor: number): void;
  stageToScreen(p: Vec2): Vec2;
  screenToStage(x: number, y: number): Vec2;
}

export function issueLines(issues: readonly SceneIssue[], max = MAX_ISSUES_SHOWN): string[] {
  const lines = issues.slice(0, max).map((i) => `${i.path}: ${i.message}`);
  if (issues.length > max) lines.push(`… and ${issues.length - max} more`);
  return lines;
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
  readonly doc: Accessor<SceneDocument>;
  readonly mode: Accessor<ModeState>;
  readonly selection: Accessor<readonly string[]>;
  readonly hoverId: Accessor<string | null>;
  readonly tool: Accessor<Tool>;
  readonly ghostAt: Accessor<Vec2 | null>;
  readonly notices: Accessor<readonly Notice[]>;
  readonly historyDepth: Accessor<{ undo: number; redo: number }>;
  readonly physicsReady: Accessor<boolean>;
  readonly zoom: Accessor<number>;
  readonly helpOpen: Accessor<boolean>;
  readonly lastSaved: Accessor<string | null>;
  /** Space is held in EDIT/DIRECT: a left drag pans. */
  readonly spaceHeld: Accessor<boolean>;
  readonly setSpaceHeld: (b: boolean) => void;
  /** The pending stage pick, if any. */
  readonly capture: Accessor<Capture | null>;
  /** Where the pointer is during a point pick (the ghost marker). */
  readonly capturePointer: Accessor<Vec2 | null>;
  readonly setCapturePointer: (p: Vec2 | null) => void;
  /** Debug overlay (probe rays, proxies, TerrainMotion labels) on/off. */
  readonly debugOn: Accessor<boolean>;
  readonly directPopup: Accessor<DirectPopupState | null>;
  /** The latest frame in PLAY (one update per simulated step shown). */
  readonly liveFrame: Accessor<FrameSnapshot>;
  readonly setLiveFrame: (f: FrameSnapshot) => void;
  /** Queue item runs of the current PLAY run, keyed `rigId/actionId`; cleared on PLAY and RESET. */
  readonly actionRuns: Accessor<ReadonlyMap<string, ActionRun>>;

  view: ViewCommands | null = null;

  private readonly setDocSignal: (d: SceneDocument) => void;
  private readonly setModeSignal: (m: ModeState) => void;
  private readonly setSelectionSignal: (ids: readonly string[]) => void;
  private readonly setHoverSignal: (id: string | null) => void;
  private readonly setToolSignal: (t: Tool) => void;
  private readonly setGhostSignal: (p: Vec2 | null) => void;
  private readonly setNoticesSignal: (n: readonly Notice[]) => void;
  private readonly setHistoryDepth: (d: { undo: number; redo: number }) => void;
  private readonly setPhysicsReady: (b: boolean) => void;
  private readonly setZoomSignal: (z: number) => void;
  private readonly setHelpOpen: (b: boolean) => void;
  private readonly setLastSaved: (s: string | null) => void;
  private readonly setCaptureSignal: (c: Capture | null) => void;
  private readonly setDebugSignal: (b: boolean) => void;
  private readonly setDirectPopupSignal: (p: DirectPopupState | null) => void;
  private readonly setActionRuns: (m: ReadonlyMap<string, ActionRun>) => void;
  private lastMode: ModeState['mode'];

  private history: History<SceneDocument>;
  private transientBase: SceneDocument | null = null;
  private noticeSeq = 0;
  private autosaveTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly storage: Storage | null;
  private readonly autosaveDelay: number;
  private storageFailed = false;
  private physics: Promise<void> | null = null;

  constructor(readonly controller: StageController, options: EditorOptions = {}) {
    this.storage = options.storage ?? null;
    this.autosaveDelay = options.autosaveDelayMs ?? AUTOSAVE_DELAY_MS;
    this.history = createHistory(controller.document, options.historyLimit);
    [this.doc, this.setDocSignal] = createSignal<SceneDocument>(controller.document, { equals: false });
    [this.mode, this.setModeSignal] = createSignal<ModeState>(controller.mode, {
      equals: (a, b) => a.mode === b.mode && a.paused === b.paused,
    });
    [this.selection, this.setSelectionSignal] = createSignal<readonly string[]>([]);
    [this.hoverId, this.setHoverSignal] = createSignal<string | null>(null);
    [this.tool, this.setToolSignal] = createSignal<Tool>({ type: 'select' });
    [this.ghostAt, this.setGhostSignal] = createSignal<Vec2 | null>(null);
    [this.notices, this.setNoticesSignal] = createSignal<readonly Notice[]>([]);
    [this.historyDepth, this.setHistoryDepth] = createSignal({ undo: 0, redo: 0 });
    [this.physicsReady, this.setPhysicsReady] = createSignal(false);
    [this.zoom, this.setZoomSignal] = createSignal(1);
    [this.helpOpen, this.setHelpOpen] = createSignal(false);
    [this.lastSaved, this.setLastSaved] = createSignal<string | null>(null);
    [this.spaceHeld, this.setSpaceHeld] = createSignal(false);
    [this.capture, this.setCaptureSignal] = createSignal<Capture | null>(null);
    [this.capturePointer, this.setCapturePointer] = createSignal<Vec2 | null>(null);
    [this.directPopup, this.setDirectPopupSignal] = createSignal<DirectPopupState | null>(null);
    [this.liveFrame, this.setLiveFrame] = createSignal<FrameSnapshot>(controller.frame$.value, { equals: false });
    [this.actionRuns, this.setActionRuns] = createSignal<ReadonlyMap<string, ActionRun>>(new Map());
    let debug = false;
    try {
      debug = this.storage?.getItem(DEBUG_KEY) === '1';
    } catch {
      /* storage is optional */
    }
    [this.debugOn, this.setDebugSignal] = createSignal(debug);
    if (debug) controller.setDebug(true);
    this.lastMode = controller.mode.mode;
    controller.records$.subscribe((r) => {
      if (r.type !== 'action') return;
      const next = new Map(this.actionRuns());
      next.set(`${r.rig}/${r.id}`, r.phase === 'finished' ? { phase: 'finished', outcome: r.outcome } : { phase: 'started' });
      this.setActionRuns(next);
    });
    controller.actor.subscribe(() => this.onModeChange());
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
        this.notify('error', 'The physics engine failed to load', [String((e as Error)?.message ?? e)]);
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
      this.setActionRuns(new Map());
      this.send({ type: 'ui.reset' });
      this.setLiveFrame(this.controller.frame$.value);
    }
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
      this.notify('error', `The stage could not handle ${command.type}`, [String((e as Error)?.message ?? e)]);
    }
    const status = (this.controller.actor.getSnapshot() as { status?: string; error?: unknown }).status;
    if (status === 'error') {
      const err = (this.controller.actor.getSnapshot() as { error?: unknown }).error;
      this.notify('error', 'The stage stopped after an error; reload the page (your scene is autosaved)', [String((err as Error)?.message ?? err)]);
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
        this.setActionRuns(new Map());
        this.setLiveFrame(this.controller.frame$.value);
      }
      if (m.mode === 'PLAY') this.setHoverSignal(null);
      this.setModeSignal(m);
    });
  }

  // ------------------------------------------------------------------ document + history

  private syncHistoryDepth(): void {
    this.setHistoryDepth({ undo: this.history.past.length, redo: this.history.future.length });
  }

  /** Puts `doc` on stage. Returns false (and keeps the old document) if the stage refuses it. */
  private show(doc: SceneDocument): boolean {
    const before = this.controller.document;
    try {
      this.controller.setDocument(doc);
    } catch (e) {
      try {
        this.controller.setDocument(before);
      } catch {
        /* the old document was on stage a moment ago; nothing more to do */
      }
      this.notify('error', 'That change was refused', [String((e as Error)?.message ?? e)]);
      return false;
    }
    batch(() => {
      this.setDocSignal(doc);
      const ids = this.selection();
      const kept = ids.filter((id) => doc.objects.some((o) => o.id === id));
      if (kept.length !== ids.length) this.setSelectionSignal(kept);
      const hover = this.hoverId();
      if (hover && !doc.objects.some((o) => o.id === hover)) this.setHoverSignal(null);
    });
    this.scheduleAutosave();
    return true;
  }

  /** Applies one edit as one undo step. Refused outside EDIT; an EditError becomes a notice. */
  edit(label: string, fn: (doc: SceneDocument) => SceneDocument): boolean {
    if (!this.canEdit()) return false;
    return this.apply(label, fn);
  }

  /** Like edit, for queues and rules: allowed in EDIT and DIRECT. */
  direct(label: string, fn: (doc: SceneDocument) => SceneDocument): boolean {
    if (!this.canDirect()) return false;
    return this.apply(label, fn);
  }

  /** Like tryEdit, for queues and rules (EDIT and DIRECT): throws the EditError to the caller. */
  tryDirect(fn: (doc: SceneDocument) => SceneDocument): void {
    if (!this.canDirect()) throw new EditError('queues and rules cannot change during PLAY; switch to EDIT or DIRECT');
    this.commitOrThrow(fn);
  }

  private apply(label: string, fn: (doc: SceneDocument) => SceneDocument): boolean {
    this.finishTransient();
    let next: SceneDocument;
    try {
      next = fn(this.history.present);
    } catch (e) {
      this.reportEditError(label, e);
      return false;
    }
    if (next === this.history.present) return true;
    if (!this.show(next)) return false;
    this.history = commit(this.history, next);
    this.syncHistoryDepth();
    return true;
  }

  /** Like edit, but throws the EditError to the caller (property fields show it beside the input). */
  tryEdit(fn: (doc: SceneDocument) => SceneDocument): void {
    if (!this.canEdit()) throw new EditError('switch to EDIT to change the scene');
    this.commitOrThrow(fn);
  }

  private commitOrThrow(fn: (doc: SceneDocument) => SceneDocument): void {
    this.finishTransient();
    const next = fn(this.history.present);
    if (next === this.history.present) return;
    if (!this.show(next)) throw new EditError('the stage refused the change');
    this.history = commit(this.history, next);
    this.syncHistoryDepth();
  }

  private reportEditError(label: string, e: unknown): void {
    if (e instanceof EditError) this.notify('error', `${label} failed`, e.issues.length ? issueLines(e.issues) : [e.message]);
    else this.notify('error', `${label} failed`, [String((e as Error)?.message ?? e)]);
  }

  /** Starts a live change (a drag): previews replace the document, `endTransient` records one step. */
  beginTransient(): boolean {
    if (!this.canEdit()) return false;
    this.finishTransient();
    this.transientBase = this.history.present;
    return true;
  }

  /** One preview of a live change. Invalid previews are ignored (the last good one stays). */
  transient(fn: (doc: SceneDocument) => SceneDocument): void {
    if (!this.transientBase) return;
    let next: SceneDocument;
    try {
      next = fn(this.history.present);
    } catch {
      return;
    }
    if (next !== this.history.present && this.show(next)) this.history = replace(this.history, next);
  }

  /** Records the live change as one undo step (nothing if the document did not change). */
  endTransient(): void {
    this.finishTransient();
  }

  /** Throws a live change away, restoring the document it started from. */
  cancelTransient(): void {
    const base = this.transientBase;
    if (!base) return;
    this.transientBase = null;
    if (this.history.present !== base && this.show(base)) this.history = replace(this.history, base);
  }

  get isTransient(): boolean {
    return this.transientBase !== null;
  }

  private finishTransient(): void {
    const base = this.transientBase;
    if (!base) return;
    this.transientBase = null;
    this.history = commitFrom(this.history, base, this.history.present);
    this.syncHistoryDepth();
  }

  /** Ends whatever the pointer was doing (a drag becomes an undo step). */
  finishInteraction(): void {
    this.finishTransient();
  }

  /** Undo/redo work in EDIT and DIRECT (queue and rule edits are made in both). */
  undo(): void {
    if (!this.canDirect()) return;
    this.finishTransient();
    const h = undo(this.history);
    if (h === this.history) return;
    if (this.show(h.present)) {
      this.history = h;
      this.syncHistoryDepth();
    }
  }

  redo(): void {
    if (!this.canDirect()) return;
    this.finishTransient();
    const h = redo(this.history);
    if (h === this.history) return;
    if (this.show(h.present)) {
      this.history = h;
      this.syncHistoryDepth();
    }
  }

  object(id: string): StageObject | undefined {
    return findObject(this.doc(), id);
  }

  // ------------------------------------------------------------------ selection and tools

  select(ids: readonly string[]): void {
    if (!this.canSelect() && ids.length) return;
    this.setSelectionSignal(ids);
  }

  /** PLAY: a click on a stickman shows its live queue (selection without editing). */
  inspect(id: string | null): void {
    if (this.controller.mode.mode !== 'PLAY') return;
    const o = id ? this.object(id) : undefined;
    this.setSelectionSignal(o ? [o.id] : []);
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
    this.finishTransient();
    this.setTool({ type: 'place', item });
  }

  setGhost(p: Vec2 | null): void {
    this.setGhostSignal(p);
  }

  /** Places the active palette item at `p`. Returns the new id. */
  placeAt(p: Vec2, keepTool = false): string | null {
    const tool = this.tool();
    if (tool.type !== 'place') return null;
    const at: Vec2 = [Math.round(p[0]), Math.round(p[1])];
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
    this.edit(ids.length === 1 ? `Deleting ${ids[0]}` : 'Deleting', (doc) => ids.reduce((d, id) => deleteObject(d, id), doc));
    this.setSelectionSignal([]);
  }

  duplicateSelection(): void {
    const ids = this.selection();
    if (!ids.length || !this.canEdit()) return;
    const created: string[] = [];
    const ok = this.edit('Duplicating', (doc) =>
      ids.reduce((d, id) => {
        const next = duplicateObject(d, id);
        created.push(lastObject(next)!.id);
        return next;
      }, doc),
    );
    if (ok) this.setSelectionSignal(created);
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

  /** Starts a pick on the stage (cancelling any other one). */
  startCapture(c: Capture): void {
    if (!this.canDirect()) return;
    const prev = this.capture();
    batch(() => {
      this.setCaptureSignal(c);
      this.setCapturePointer(null);
      this.setTool({ type: 'select' });
    });
    prev?.onCancel?.();
  }

  /** Esc / mode change: ends the pick without a value. */
  cancelCapture(): void {
    const c = this.capture();
    if (!c) return;
    batch(() => {
      this.setCaptureSignal(null);
      this.setCapturePointer(null);
    });
    c.onCancel?.();
  }

  /** The canvas completes a point pick. */
  completePointCapture(p: Vec2): void {
    const c = this.capture();
    if (!c || c.kind !== 'point') return;
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) return;
    batch(() => {
      this.setCaptureSignal(null);
      this.setCapturePointer(null);
    });
    c.pick([Math.round(p[0]), Math.round(p[1])]);
  }

  /** The canvas completes an object pick (the id is already filtered by the capture's kinds). */
  completeObjectCapture(id: string): void {
    const c = this.capture();
    if (!c || c.kind !== 'object') return;
    const o = this.object(id);
    if (!o || !c.kinds.includes(o.kind)) return;
    batch(() => {
      this.setCaptureSignal(null);
      this.setCapturePointer(null);
    });
    c.pick(id);
  }

  openDirectPopup(rigId: string, at: Vec2): void {
    if (this.controller.mode.mode !== 'DIRECT') return;
    this.setDirectPopupSignal({ rigId, at });
  }

  closeDirectPopup(): void {
    if (this.directPopup()) this.setDirectPopupSignal(null);
  }

  /** Debug overlay on/off (persisted in localStorage). */
  toggleDebug(on?: boolean): void {
    const next = on ?? !this.debugOn();
    this.setDebugSignal(next);
    try {
      this.controller.setDebug(next);
    } catch (e) {
      this.notify('error', 'The debug overlay could not be switched', [String((e as Error)?.message ?? e)]);
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
    if (ok && result.migratedFrom) this.notify('info', `Opened ${source}`, [`Migrated from version ${result.migratedFrom}; saving writes 1.1.`]);
    return ok;
  }

  saveText(): string | null {
    try {
      return saveSceneText(this.controller.document);
    } catch (e) {
      const issues = (e as { issues?: SceneIssue[] }).issues;
      this.notify('error', 'The scene could not be saved', issues ? issueLines(issues) : [String((e as Error)?.message ?? e)]);
      return null;
    }
  }

  fileName(): string {
    const base = (this.doc().name ?? 'scene').trim().replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'scene';
    return `${base}.scene.json`;
  }

  // ------------------------------------------------------------------ autosave

  private scheduleAutosave(): void {
    if (!this.storage) return;
    if (this.autosaveTimer !== null) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => this.flushAutosave(), this.autosaveDelay);
  }

  /** Writes the pending autosave now (also called when the page is hidden). */
  flushAutosave(): void {
    if (this.autosaveTimer === null || !this.storage) return;
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = null;
    let text: string;
    try {
      text = saveSceneText(this.controller.document);
    } catch {
      return; // an unsaveable document is reported when the user saves; keep the last good autosave
    }
    try {
      this.storage.setItem(AUTOSAVE_KEY, text);
      this.storageFailed = false;
      this.setLastSaved(new Date().toLocaleTimeString());
    } catch (e) {
      if (!this.storageFailed) this.notify('warning', 'Autosave failed (browser storage unavailable or full)', [String((e as Error)?.message ?? e)]);
      this.storageFailed = true;
    }
  }

  // ------------------------------------------------------------------ notices, view

  notify(kind: Notice['kind'], title: string, details: string[]): number {
    const id = (this.noticeSeq += 1);
    const list = [...this.notices(), { id, kind, title, details }].slice(-5);
    this.setNoticesSignal(list);
    if (kind === 'info') setTimeout(() => this.dismiss(id), 4000);
    return id;
  }

  dismiss(id: number): void {
    this.setNoticesSignal(this.notices().filter((n) => n.id !== id));
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
