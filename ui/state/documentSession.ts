/**
 * The document being edited and its undo history. Every change goes through here: it is put on
 * stage with `controller.setDocument` (a refused document leaves the old one on stage) and then
 * recorded in the history. A live change (a drag) replaces the present while it runs and becomes
 * one undo step when it ends.
 *
 * Permissions (EDIT only, EDIT or DIRECT) are the Editor's business, not this module's.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { SceneDocument } from '../../core/scene/schema';
import { commit, commitFrom, createHistory, redo, replace, undo, type History } from './history';

/** What the session needs from the stage: the document on it and a way to replace it. */
export interface DocumentStage {
  readonly document: SceneDocument;
  setDocument(doc: SceneDocument): void;
}

export interface DocumentSessionHooks {
  /** A new document is on stage (prune the selection, schedule the autosave). */
  shown(doc: SceneDocument): void;
  /** The stage refused a document; the previous one is back on stage. */
  refused(error: unknown): void;
}

export type Edit = (doc: SceneDocument) => SceneDocument;

export class DocumentSession {
  readonly doc: Accessor<SceneDocument>;
  readonly historyDepth: Accessor<{ undo: number; redo: number }>;

  private readonly setDoc: (d: SceneDocument) => void;
  private readonly setHistoryDepth: (d: { undo: number; redo: number }) => void;
  private history: History<SceneDocument>;
  /** The document a live change started from, while one runs. */
  private transientBase: SceneDocument | null = null;
  private readonly transientEndListeners = new Set<() => void>();

  constructor(
    private readonly stage: DocumentStage,
    private readonly hooks: DocumentSessionHooks,
    historyLimit?: number,
  ) {
    this.history = createHistory(stage.document, historyLimit);
    [this.doc, this.setDoc] = createSignal<SceneDocument>(stage.document, { equals: false });
    [this.historyDepth, this.setHistoryDepth] = createSignal({ undo: 0, redo: 0 });
  }

  get present(): SceneDocument {
    return this.history.present;
  }

  /**
   * Applies `fn` to the present document as one undo step (ending any live change first).
   * Whatever `fn` throws reaches the caller. Returns false if the stage refused the result.
   */
  commit(fn: Edit): boolean {
    this.finishTransient();
    const next = fn(this.history.present);
    if (next === this.history.present) return true;
    if (!this.show(next)) return false;
    this.setHistory(commit(this.history, next));
    return true;
  }

  undo(): void {
    this.finishTransient();
    this.travel(undo(this.history));
  }

  redo(): void {
    this.finishTransient();
    this.travel(redo(this.history));
  }

  // ---------------------------------------------------------------- live changes

  /** Starts a live change: previews replace the present, the end records one step. */
  beginTransient(): void {
    this.finishTransient();
    this.transientBase = this.history.present;
  }

  /** One preview of the live change. A preview that throws or is refused is ignored. */
  transient(fn: Edit): void {
    if (!this.transientBase) return;
    let next: SceneDocument;
    try {
      next = fn(this.history.present);
    } catch {
      return;
    }
    if (next !== this.history.present && this.show(next)) this.history = replace(this.history, next);
  }

  /** One preview computed from the document the live change started from. Throws and refusals are ignored, as for transient. */
  transientFromStart(fn: Edit): void {
    const base = this.transientBase;
    if (!base) return;
    let next: SceneDocument;
    try {
      next = fn(base);
    } catch {
      return;
    }
    if (next !== this.history.present && this.show(next)) this.history = replace(this.history, next);
  }

  get isTransient(): boolean {
    return this.transientBase !== null;
  }

  /** Records the live change as one undo step (nothing if the document did not change). */
  finishTransient(): void {
    const base = this.transientBase;
    if (!base) return;
    this.transientBase = null;
    this.setHistory(commitFrom(this.history, base, this.history.present));
    this.emitTransientEnd();
  }

  /** Throws the live change away, restoring the document it started from. */
  cancelTransient(): void {
    const base = this.transientBase;
    if (!base) return;
    this.transientBase = null;
    if (this.history.present !== base && this.show(base)) this.history = replace(this.history, base);
    this.emitTransientEnd();
  }

  /**
   * Calls `listener` whenever a live change ends, however it ends (the pointer let go, Esc
   * cancelled it, a mode change or another edit finished it). Returns the unsubscribe.
   */
  onTransientEnd(listener: () => void): () => void {
    this.transientEndListeners.add(listener);
    return () => this.transientEndListeners.delete(listener);
  }

  // ---------------------------------------------------------------- internals

  private emitTransientEnd(): void {
    for (const l of [...this.transientEndListeners]) l();
  }

  private travel(h: History<SceneDocument>): void {
    if (h === this.history) return;
    if (this.show(h.present)) this.setHistory(h);
  }

  private setHistory(h: History<SceneDocument>): void {
    this.history = h;
    this.setHistoryDepth({ undo: h.past.length, redo: h.future.length });
  }

  /** Puts `doc` on stage. Returns false (and keeps the old document) if the stage refuses it. */
  private show(doc: SceneDocument): boolean {
    const before = this.stage.document;
    try {
      this.stage.setDocument(doc);
    } catch (e) {
      try {
        this.stage.setDocument(before);
      } catch {
        /* the old document was on stage a moment ago; nothing more to do */
      }
      this.hooks.refused(e);
      return false;
    }
    batch(() => {
      this.setDoc(doc);
      this.hooks.shown(doc);
    });
    return true;
  }
}
