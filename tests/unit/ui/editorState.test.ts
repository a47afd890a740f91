/**
 * The editor's jobs, each on its own: the document session (history, live changes), stage picks,
 * autosave and notices; and the Editor that puts them together with the mode rules.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StageController } from '../../../streams/stage/stageController';
import { moveObject } from '../../../core/scene/edit';
import { loadSceneText } from '../../../core/scene/io';
import type { SceneDocument } from '../../../core/scene/schema';
import { DocumentSession, type DocumentStage } from '../../../ui/state/documentSession';
import { CaptureSession } from '../../../ui/state/captures';
import { Autosave, AUTOSAVE_KEY } from '../../../ui/state/autosave';
import { MAX_NOTICES, NoticeBoard, INFO_NOTICE_MS } from '../../../ui/state/notices';
import { Editor } from '../../../ui/state/editor';
import { ground, prop, scene } from '../../helpers/scenes';
import { MemoryStorage } from '../../helpers/memoryStorage';

const base = (): SceneDocument => scene([ground(1400), prop('box', 'box', [500, 1000])]);
const boxAt = (doc: SceneDocument) => doc.objects.find((o) => o.id === 'box')!.position;

/** A stage that records what it was shown and can be told to refuse documents. */
function fakeStage(doc: SceneDocument) {
  let current = doc;
  const stage: DocumentStage & { shown: SceneDocument[]; refuse: boolean } = {
    get document() {
      return current;
    },
    shown: [],
    refuse: false,
    setDocument(d) {
      // Putting back the document already on stage (the session's restore) always works.
      if (stage.refuse && d !== current) throw new Error('no thanks');
      current = d;
      stage.shown.push(d);
    },
  };
  return stage;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DocumentSession', () => {
  const session = (doc = base()) => {
    const stage = fakeStage(doc);
    const refused: unknown[] = [];
    const shown: SceneDocument[] = [];
    const s = new DocumentSession(stage, { shown: (d) => shown.push(d), refused: (e) => refused.push(e) });
    return { s, stage, refused, shown };
  };

  it('commits an edit as one undo step, puts it on stage, and undoes and redoes it', () => {
    const { s, stage, shown } = session();
    expect(s.commit((d) => moveObject(d, 'box', [600, 1000]))).toBe(true);
    expect(boxAt(stage.document)).toEqual([600, 1000]);
    expect(shown).toHaveLength(1);
    expect(s.historyDepth()).toEqual({ undo: 1, redo: 0 });
    s.undo();
    expect(boxAt(s.doc())).toEqual([500, 1000]);
    expect(s.historyDepth()).toEqual({ undo: 0, redo: 1 });
    s.redo();
    expect(boxAt(stage.document)).toEqual([600, 1000]);
  });

  it('an edit that changes nothing records nothing; an edit that throws reaches the caller', () => {
    const { s } = session();
    expect(s.commit((d) => d)).toBe(true);
    expect(s.historyDepth().undo).toBe(0);
    expect(() => s.commit(() => { throw new Error('bad edit'); })).toThrow('bad edit');
    expect(s.historyDepth().undo).toBe(0);
  });

  it('a document the stage refuses is not recorded and the old one stays', () => {
    const { s, stage, refused } = session();
    stage.refuse = true;
    expect(s.commit((d) => moveObject(d, 'box', [700, 1000]))).toBe(false);
    expect(refused).toHaveLength(1);
    expect(boxAt(s.present)).toEqual([500, 1000]);
    expect(s.historyDepth().undo).toBe(0);
  });

  it('a live change with many previews is one undo step back to where it started', () => {
    const { s } = session();
    const ended = vi.fn();
    s.onTransientEnd(ended);
    s.beginTransient();
    for (let x = 510; x <= 600; x += 10) s.transient((d) => moveObject(d, 'box', [x, 1000]));
    expect(s.historyDepth().undo).toBe(0); // previews record nothing yet
    s.finishTransient();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(s.historyDepth().undo).toBe(1);
    s.undo();
    expect(boxAt(s.present)).toEqual([500, 1000]);
  });

  it('cancelling a live change restores the start and records nothing; a throwing preview is ignored', () => {
    const { s } = session();
    const ended = vi.fn();
    s.onTransientEnd(ended);
    s.beginTransient();
    s.transient((d) => moveObject(d, 'box', [800, 1000]));
    s.transient(() => { throw new Error('not a usable preview'); });
    expect(boxAt(s.present)).toEqual([800, 1000]);
    s.cancelTransient();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(boxAt(s.present)).toEqual([500, 1000]);
    expect(s.historyDepth().undo).toBe(0);
    expect(s.isTransient).toBe(false);
  });

  it('an edit during a live change first records the live change', () => {
    const { s } = session();
    s.beginTransient();
    s.transient((d) => moveObject(d, 'box', [550, 1000]));
    s.commit((d) => moveObject(d, 'box', [560, 1000]));
    expect(s.isTransient).toBe(false);
    expect(s.historyDepth().undo).toBe(2);
  });
});

describe('CaptureSession', () => {
  const kinds = new Map([['box', 'prop' as const], ['stick', 'stickman' as const]]);

  it('a point pick is answered once, rounded; a non-finite point is ignored', () => {
    const c = new CaptureSession((id) => kinds.get(id));
    const pick = vi.fn();
    c.start({ kind: 'point', prompt: 'where?', pick });
    c.setPointer([1, 2]);
    c.completePoint([Number.NaN, 3]);
    expect(c.capture()).not.toBeNull();
    c.completePoint([10.4, 20.6]);
    expect(pick).toHaveBeenCalledWith([10, 21]);
    expect(c.capture()).toBeNull();
    expect(c.pointer()).toBeNull();
  });

  it('an object pick accepts only the kinds asked for', () => {
    const c = new CaptureSession((id) => kinds.get(id));
    const pick = vi.fn();
    c.start({ kind: 'object', prompt: 'which prop?', kinds: ['prop'], pick });
    c.completeObject('stick');
    c.completeObject('missing');
    expect(pick).not.toHaveBeenCalled();
    c.completeObject('box');
    expect(pick).toHaveBeenCalledWith('box');
  });

  it('starting another pick cancels the pending one; cancel ends it without a value', () => {
    const c = new CaptureSession((id) => kinds.get(id));
    const first = { kind: 'point' as const, prompt: '1', pick: vi.fn(), onCancel: vi.fn() };
    const second = { kind: 'point' as const, prompt: '2', pick: vi.fn(), onCancel: vi.fn() };
    c.start(first);
    c.start(second);
    expect(first.onCancel).toHaveBeenCalledTimes(1);
    c.cancel();
    expect(second.onCancel).toHaveBeenCalledTimes(1);
    expect(second.pick).not.toHaveBeenCalled();
    expect(c.capture()).toBeNull();
  });
});

describe('Autosave', () => {
  it('writes the document after the delay, once for a burst of changes, and flushes on demand', () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    let doc = base();
    const a = new Autosave(storage, () => doc, () => undefined, 400);
    a.schedule();
    vi.advanceTimersByTime(300);
    doc = moveObject(doc, 'box', [900, 1000]);
    a.schedule();
    vi.advanceTimersByTime(300);
    expect(storage.getItem(AUTOSAVE_KEY)).toBeNull();
    vi.advanceTimersByTime(100);
    const saved = loadSceneText(storage.getItem(AUTOSAVE_KEY)!);
    expect(saved.ok && boxAt(saved.scene)).toEqual([900, 1000]);
    expect(a.lastSaved()).not.toBeNull();

    doc = moveObject(doc, 'box', [950, 1000]);
    a.schedule();
    a.flush();
    const flushed = loadSceneText(storage.getItem(AUTOSAVE_KEY)!);
    expect(flushed.ok && boxAt(flushed.scene)).toEqual([950, 1000]);
  });

  it('warns once while storage keeps failing', () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    storage.failing = true;
    const warn = vi.fn();
    const a = new Autosave(storage, base, warn, 10);
    for (let i = 0; i < 3; i += 1) {
      a.schedule();
      vi.advanceTimersByTime(10);
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/Autosave failed/);
  });
});

describe('NoticeBoard', () => {
  it(`keeps the last ${MAX_NOTICES} notices and lets infos dismiss themselves`, () => {
    vi.useFakeTimers();
    const board = new NoticeBoard();
    for (let i = 0; i < MAX_NOTICES + 2; i += 1) board.notify('error', `e${i}`, []);
    expect(board.notices().map((n) => n.title)).toEqual(['e2', 'e3', 'e4', 'e5', 'e6']);
    board.notify('info', 'hello', []);
    expect(board.notices().some((n) => n.title === 'hello')).toBe(true);
    vi.advanceTimersByTime(INFO_NOTICE_MS);
    expect(board.notices().some((n) => n.title === 'hello')).toBe(false);
    const id = board.notices()[0].id;
    board.dismiss(id);
    expect(board.notices().some((n) => n.id === id)).toBe(false);
  });
});

describe('Editor puts the jobs together', () => {
  it('edits only in EDIT, directs in EDIT and DIRECT, and a mode change ends a drag as one step', () => {
    const controller = new StageController(base());
    const editor = new Editor(controller);
    expect(editor.beginTransient()).toBe(true);
    editor.transient((d) => moveObject(d, 'box', [640, 1000]));
    editor.enterDirect();
    expect(editor.isTransient).toBe(false);
    expect(editor.historyDepth().undo).toBe(1);
    expect(boxAt(controller.document)).toEqual([640, 1000]);
    expect(editor.edit('Moving', (d) => moveObject(d, 'box', [0, 0]))).toBe(false);
    expect(editor.direct('Moving', (d) => moveObject(d, 'box', [660, 1000]))).toBe(true);
    editor.undo();
    editor.undo();
    expect(boxAt(controller.document)).toEqual([500, 1000]);
    controller.dispose();
  });

  it('a failing edit becomes an error notice naming what was being done', () => {
    const controller = new StageController(base());
    const editor = new Editor(controller);
    expect(editor.edit('Moving the box', (d) => moveObject(d, 'box', [Number.NaN, 0]))).toBe(false);
    expect(editor.notices.notices().at(-1)).toMatchObject({ kind: 'error', title: 'Moving the box failed' });
    controller.dispose();
  });

  it('Ctrl+A (selectAll) selects every object in EDIT; Delete then empties the stage as one undo step, which restores it', () => {
    const controller = new StageController(base());
    const editor = new Editor(controller);
    const ids = controller.document.objects.map((o) => o.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(editor.tools.selectAll()).toBe(true);
    expect(editor.tools.selection()).toEqual(ids);
    editor.tools.deleteSelection();
    expect(controller.document.objects).toEqual([]);
    expect(editor.historyDepth().undo).toBe(1);
    editor.undo();
    expect(controller.document.objects.map((o) => o.id)).toEqual(ids);
    // Outside EDIT it leaves the key to the browser and changes nothing.
    editor.tools.select([]);
    editor.enterDirect();
    expect(editor.tools.selectAll()).toBe(false);
    expect(editor.tools.selection()).toEqual([]);
    controller.dispose();
  });

  it('a deleted object leaves the selection; a mode change cancels a pending pick', () => {
    const controller = new StageController(base());
    const editor = new Editor(controller);
    editor.tools.select(['box']);
    editor.tools.deleteSelection();
    expect(editor.tools.selection()).toEqual([]);
    const onCancel = vi.fn();
    editor.tools.startCapture({ kind: 'point', prompt: 'where?', pick: () => undefined, onCancel });
    editor.enterDirect();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(editor.tools.capture()).toBeNull();
    controller.dispose();
  });
});
