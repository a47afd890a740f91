/**
 * The editor: the document session and the modes, and the services the canvas and the panels
 * use directly:
 *
 * - `tools` — selection and tools: selected and hovered objects, the active tool, the marquee,
 *   stage picks, and the edits of the selection (./selectionTools);
 * - `clipboard` — copy, cut and paste of the selection (./selectionClipboard);
 * - `files` — new, open and save (./sceneFiles);
 * - `prefs` — what this browser remembers: the autosave, the debug and snap toggles (./persistence);
 * - `notices` — the errors, warnings and infos shown over the stage (./notices);
 * - `run` — the PLAY run: play, pause, reset, steps, what the panels show of it (./runControl);
 * - `gestures` — the built-in and scene gestures, and saving a stickman's pose as one (./gestureLibrary);
 * - `playback` — PLAY speed and the camera following a stickman; `layout` — the bottom panel's height.
 *
 * The editor itself decides what may happen in which mode, applies every document change as an
 * undo step (./documentSession) and holds the view state. It owns no simulation: every document
 * change goes through `controller.setDocument`, every mode change through `controller.send`.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { StageController } from '../../streams';
import type { SceneDocument, StageObject } from '../../core/scene/schema';
import { EditError, findObject } from '../../core/scene/edit';
import { isActor } from '../../objects/core/models';
import { DocumentSession, type Edit } from './documentSession';
import { errorText, issueLines, NoticeBoard } from './notices';
import { RunControl } from './runControl';
import { Playback } from './playback';
import type { TextClipboard } from './clipboard';
import { PanelLayout } from './panelLayout';
import { SelectionTools } from './selectionTools';
import { SelectionClipboard } from './selectionClipboard';
import { SceneFiles } from './sceneFiles';
import { Persistence } from './persistence';
import { RunStarts } from './runStarts';
import { GestureLibrary } from './gestureLibrary';

export { AUTOSAVE_DELAY_MS, AUTOSAVE_KEY, REJECTED_AUTOSAVE_KEY } from './autosave';
export { issueLines, MAX_ISSUES_SHOWN, type Notice } from './notices';
export { DEBUG_KEY, SNAP_KEY } from './persistence';
export { geometryIssues, objectCounts } from './sceneFiles';
export type { Tool } from './selectionTools';
export type { Capture } from './captures';
export type { ActionRun } from './liveRun';

export type Vec2 = [number, number];
export type ModeState = { mode: 'EDIT' | 'DIRECT' | 'PLAY'; paused: boolean };

/** The Direct popup: which stickman, where (CSS px inside the stage host). */
export interface DirectPopupState {
  rigId: string;
  at: Vec2;
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

export class Editor {
  readonly mode: Accessor<ModeState>;
  readonly zoom: Accessor<number>;
  readonly helpOpen: Accessor<boolean>;
  /** Space is held in EDIT/DIRECT: a left drag pans. */
  readonly spaceHeld: Accessor<boolean>;
  readonly setSpaceHeld: (b: boolean) => void;
  readonly directPopup: Accessor<DirectPopupState | null>;

  readonly notices = new NoticeBoard();
  /** RESET, New and Open: what shows one run starts over (the timeline). */
  readonly runStarts = new RunStarts();
  readonly playback = new Playback();
  readonly layout: PanelLayout;
  readonly prefs: Persistence;
  readonly tools: SelectionTools;
  readonly clipboard: SelectionClipboard;
  readonly files: SceneFiles;
  readonly run: RunControl;
  readonly gestures: GestureLibrary;

  view: ViewCommands | null = null;

  private readonly session: DocumentSession;
  private readonly setModeSignal: (m: ModeState) => void;
  private readonly setZoomSignal: (z: number) => void;
  private readonly setHelpOpen: (b: boolean) => void;
  private readonly setDirectPopupSignal: (p: DirectPopupState | null) => void;
  private lastMode: ModeState['mode'];

  constructor(readonly controller: StageController, options: EditorOptions = {}) {
    const storage = options.storage ?? null;
    [this.mode, this.setModeSignal] = createSignal<ModeState>(controller.mode, {
      equals: (a, b) => a.mode === b.mode && a.paused === b.paused,
    });
    [this.zoom, this.setZoomSignal] = createSignal(1);
    [this.helpOpen, this.setHelpOpen] = createSignal(false);
    [this.spaceHeld, this.setSpaceHeld] = createSignal(false);
    [this.directPopup, this.setDirectPopupSignal] = createSignal<DirectPopupState | null>(null);
    this.layout = new PanelLayout(storage);
    this.run = new RunControl(controller, this.notices, this.runStarts, () => this.finishInteraction());
    this.prefs = new Persistence(storage, controller, this.notices, () => controller.document, options.autosaveDelayMs);
    this.tools = new SelectionTools(this);
    this.clipboard = new SelectionClipboard(this, options.clipboard ?? null);
    this.files = new SceneFiles(this);
    this.gestures = new GestureLibrary(this);
    this.session = new DocumentSession(
      controller,
      {
        shown: (doc) => {
          this.tools.forgetMissing(doc);
          this.prefs.scheduleAutosave();
        },
        refused: (e) => this.notices.notify('error', 'That change was refused', [errorText(e)]),
      },
      options.historyLimit,
    );
    this.lastMode = controller.mode.mode;
    controller.actor.subscribe(() => this.onModeChange());
  }

  get doc(): Accessor<SceneDocument> {
    return this.session.doc;
  }

  get historyDepth(): Accessor<{ undo: number; redo: number }> {
    return this.session.historyDepth;
  }

  object(id: string): StageObject | undefined {
    return findObject(this.doc(), id);
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

  enterEdit(): void {
    this.finishInteraction();
    this.run.send({ type: 'ui.edit' });
  }

  enterDirect(): void {
    this.finishInteraction();
    this.tools.setTool({ type: 'select' });
    this.run.send({ type: 'ui.direct' });
  }

  private onModeChange(): void {
    const m = this.controller.mode;
    const changed = m.mode !== this.lastMode;
    this.lastMode = m.mode;
    batch(() => {
      if (m.mode !== 'EDIT') this.finishInteraction();
      this.tools.modeChanged(m.mode, changed);
      if (changed) this.closeDirectPopup();
      if (changed) this.gestures.closePrompt();
      if (changed && m.mode === 'PLAY') this.run.started();
      this.setModeSignal(m);
    });
  }

  // ------------------------------------------------------------------ document + history

  /** Applies one edit as one undo step. Refused outside EDIT; an EditError becomes a notice. */
  edit(label: string, fn: Edit): boolean {
    return this.canEdit() && this.apply(label, fn);
  }

  /** Like edit, for queues and rules: allowed in EDIT and DIRECT. */
  direct(label: string, fn: Edit): boolean {
    return this.canDirect() && this.apply(label, fn);
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
      this.notices.notify('error', `${label} failed`, e instanceof EditError && e.issues.length ? issueLines(e.issues) : [errorText(e)]);
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

  /** One preview computed from the document the live change started from (no accumulated rounding). */
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

  // ------------------------------------------------------------------ popup, view, follow

  openDirectPopup(rigId: string, at: Vec2): void {
    if (this.controller.mode.mode !== 'DIRECT') return;
    this.setDirectPopupSignal({ rigId, at });
  }

  closeDirectPopup(): void {
    if (this.directPopup()) this.setDirectPopupSignal(null);
  }

  /**
   * The stickman the camera follows now, in PLAY while follow runs: the selected one (a click on
   * a stickman selects it), or the first stickman when none is selected.
   */
  followTarget(): string | null {
    if (this.mode().mode !== 'PLAY' || !this.playback.following()) return null;
    const selected = this.tools.selection().find((id) => isActor(this.object(id)));
    return selected ?? this.doc().objects.find(isActor)?.id ?? null;
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
