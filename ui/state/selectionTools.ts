/**
 * Selection and tools: what is selected and hovered, the active tool (select, or placing a
 * palette item with its ghost), the marquee, the pending stage pick, and the edits made to the
 * selection (place, delete, duplicate, flip). The editor hands it out as `editor.tools`; it
 * edits through the editor's document session, so every change is one undo step and obeys the mode.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { ObjectKind, SceneDocument, StageObject } from '../../core/scene/schema';
import { createObject, deleteObjects, duplicateObjects, lastObject, updateObject, type ObjectPatch, type ObjectSpec } from '../../core/scene/edit';
import { isActor, modelOf } from '../../objects/core/models';
import type { Editor, Vec2 } from './editor';
import { CaptureSession, type Capture } from './captures';
import type { PaletteItem } from './palette';
import type { Marquee } from './groupSelection';
import { gridPoint } from './grid';

export type Tool = { type: 'select' } | { type: 'place'; item: PaletteItem };

export class SelectionTools {
  readonly selection: Accessor<readonly string[]>;
  readonly hoverId: Accessor<string | null>;
  readonly tool: Accessor<Tool>;
  /** Where the placing ghost is (stage px). */
  readonly ghostAt: Accessor<Vec2 | null>;
  /** The marquee being dragged on the stage (stage px), if any. */
  readonly marquee: Accessor<Marquee | null>;
  readonly setMarquee: (r: Marquee | null) => void;

  private readonly picks: CaptureSession;
  private readonly setSelectionSignal: (ids: readonly string[]) => void;
  private readonly setHoverSignal: (id: string | null) => void;
  private readonly setToolSignal: (t: Tool) => void;
  private readonly setGhostSignal: (p: Vec2 | null) => void;

  constructor(private readonly editor: Editor) {
    [this.selection, this.setSelectionSignal] = createSignal<readonly string[]>([]);
    [this.hoverId, this.setHoverSignal] = createSignal<string | null>(null);
    [this.tool, this.setToolSignal] = createSignal<Tool>({ type: 'select' });
    [this.ghostAt, this.setGhostSignal] = createSignal<Vec2 | null>(null);
    [this.marquee, this.setMarquee] = createSignal<Marquee | null>(null);
    this.picks = new CaptureSession((id) => editor.object(id)?.kind);
  }

  // ------------------------------------------------------------------ selection

  select(ids: readonly string[]): void {
    if (!this.editor.canSelect() && ids.length) return;
    this.setSelectionSignal(ids);
  }

  /** Ctrl+A: every object on the stage, in document order (EDIT only; false elsewhere). */
  selectAll(): boolean {
    if (this.editor.mode().mode !== 'EDIT' || !this.editor.canEdit()) return false;
    this.select(this.editor.doc().objects.map((o) => o.id));
    return true;
  }

  /** Shift/Ctrl-click: adds `id` to the selection, or takes it out if it is in. */
  toggleSelected(id: string): void {
    const ids = this.selection();
    this.select(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
  }

  /** PLAY: a click on a stickman shows its live queue (selection without editing) and is the one the camera follows. */
  inspect(id: string | null): void {
    if (this.editor.controller.mode.mode !== 'PLAY') return;
    const o = id ? this.editor.object(id) : undefined;
    this.setSelectionSignal(o ? [o.id] : []);
    if (isActor(o)) this.editor.playback.resumeFollow();
  }

  setHover(id: string | null): void {
    this.setHoverSignal(id);
  }

  /** Drops selected and hovered ids that are no longer in `doc`. */
  forgetMissing(doc: SceneDocument): void {
    const ids = this.selection();
    const kept = ids.filter((id) => doc.objects.some((o) => o.id === id));
    if (kept.length !== ids.length) this.setSelectionSignal(kept);
    const hover = this.hoverId();
    if (hover && !doc.objects.some((o) => o.id === hover)) this.setHoverSignal(null);
  }

  /** The mode changed (or paused): tools and picks that belong to EDIT or to the old mode end. */
  modeChanged(mode: 'EDIT' | 'DIRECT' | 'PLAY', changed: boolean): void {
    if (mode !== 'EDIT') {
      this.setToolSignal({ type: 'select' });
      this.setGhostSignal(null);
    }
    if (changed) this.cancelCapture();
    if (mode === 'PLAY') this.setHoverSignal(null);
  }

  // ------------------------------------------------------------------ tools

  setTool(tool: Tool): void {
    batch(() => {
      this.setToolSignal(tool);
      if (tool.type === 'select') this.setGhostSignal(null);
    });
  }

  startPlacing(item: PaletteItem): void {
    if (!this.editor.canEdit()) {
      this.editor.notices.notify('info', 'Switch to EDIT (E) to place objects', []);
      return;
    }
    this.editor.finishInteraction();
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
    const ok = this.editor.edit(`Placing ${tool.item.label.toLowerCase()}`, (doc) => {
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

  // ------------------------------------------------------------------ edits of the selection

  deleteSelection(): void {
    const ids = this.selection();
    if (!ids.length || !this.editor.canEdit()) return;
    this.editor.edit(ids.length === 1 ? `Deleting ${ids[0]}` : `Deleting ${ids.length} objects`, (doc) => deleteObjects(doc, ids));
    this.setSelectionSignal([]);
  }

  /** Copies the selection 40 px away under new ids (one undo step) and selects the copies. */
  duplicateSelection(): void {
    const ids = this.selection();
    if (!ids.length || !this.editor.canEdit()) return;
    let created: string[] = [];
    const ok = this.editor.edit('Duplicating', (doc) => {
      const next = duplicateObjects(doc, ids);
      created = next.objects.slice(doc.objects.length).map((o) => o.id);
      return next;
    });
    if (ok) this.setSelectionSignal(created);
  }

  /** Flips every selected object that flips (a stickman's facing; one undo step). */
  flipSelection(): void {
    const flips = (o: StageObject | undefined): o is StageObject => !!o && !!modelOf(o).flip;
    const ids = this.selection().filter((id) => flips(this.editor.object(id)));
    if (!ids.length || !this.editor.canEdit()) return;
    this.editor.edit(ids.length === 1 ? `Flipping ${ids[0]}` : 'Flipping', (doc) =>
      ids.reduce((d, id) => {
        const o = d.objects.find((x) => x.id === id);
        return flips(o) ? updateObject(d, id, modelOf(o).flip!(o) as ObjectPatch) : d;
      }, doc),
    );
  }

  // ------------------------------------------------------------------ stage picks

  /** The pending stage pick, if any. */
  get capture(): Accessor<Capture | null> {
    return this.picks.capture;
  }

  /** Where the pointer is during a point pick (the ghost marker). */
  get capturePointer(): Accessor<Vec2 | null> {
    return this.picks.pointer;
  }

  get setCapturePointer(): (p: Vec2 | null, aim?: Vec2 | null) => void {
    return this.picks.setPointer;
  }

  /** During a walk-target pick: the pointer, when the pick was snapped onto the ground away from it. */
  get captureAim(): Accessor<Vec2 | null> {
    return this.picks.aim;
  }

  /** Starts a pick on the stage (cancelling any other one). Not in PLAY. */
  startCapture(c: Capture): void {
    if (!this.editor.canDirect()) return;
    this.setTool({ type: 'select' });
    this.picks.start(c);
  }

  /** Esc / mode change: ends the pick without a value. */
  cancelCapture(): void {
    this.picks.cancel();
  }

  /** The canvas completes a point pick. */
  completePointCapture(p: Vec2): void {
    this.picks.completePoint(p);
  }

  /** The canvas completes a rectangle pick with the box dragged from `a` to `b`. */
  completeRectCapture(a: Vec2, b: Vec2): void {
    this.picks.completeRect(a, b);
  }

  /** The canvas completes an object pick (the id must be of one of the kinds asked for). */
  completeObjectCapture(id: string): void {
    this.picks.completeObject(id);
  }
}
