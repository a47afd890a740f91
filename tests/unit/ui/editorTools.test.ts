/**
 * The editor's tools beyond single edits: the object clipboard (scene JSON on the system
 * clipboard, between two editors as between two tabs), Open and New as undo steps with a
 * confirmation, grid snapping's toggle, playback (frame step, speed, camera follow and a manual
 * pan) and the bottom panel's remembered height.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StageController } from '../../../streams/stage/stageController';
import { initPhysics } from '../../../streams/physics/rapier';
import { saveSceneText } from '../../../core/scene/io';
import type { SceneDocument } from '../../../core/scene/schema';
import { Editor, objectCounts, SNAP_KEY } from '../../../ui/state/editor';
import { PASTE_OFFSET, type TextClipboard } from '../../../ui/state/clipboard';
import { SPEEDS } from '../../../ui/state/playback';
import { BOTTOM_PANEL_KEY, MIN_BOTTOM_PANEL_PX, MIN_STAGE_PX, PanelLayout } from '../../../ui/state/panelLayout';
import { ground, prop, scene } from '../../helpers/scenes';
import { MemoryStorage } from '../../helpers/memoryStorage';

/** The system clipboard two tabs share. */
class FakeClipboard implements TextClipboard {
  text = '';
  refuse = false;
  async writeText(text: string) {
    if (this.refuse) throw new Error('denied');
    this.text = text;
  }
  async readText() {
    if (this.refuse) throw new Error('denied');
    return this.text;
  }
}

const doc = (): SceneDocument =>
  scene(
    [
      ground(1400),
      prop('box', 'box', [1000, 1000]),
      { kind: 'stickman', id: 'bo', name: 'Bo', position: [2000, 1400] },
      { kind: 'area', id: 'goal', name: 'Goal', position: [3000, 1300], size: [200, 200] },
    ],
    {
      queues: { bo: [{ id: 'a1', type: 'walk_to', target_position: [3000, 1400] }] },
      rules: [{ id: 'r1', when: { type: 'entered_area', source: 'bo', target: 'goal' }, then: [{ actor: 'bo', mode: 'overlay', action: { type: 'speak', text: 'Made it' } }] }],
    },
  );

const editors: Editor[] = [];
const editorOn = (d = doc(), clipboard: TextClipboard | null = null, storage: Storage | null = null) => {
  const e = new Editor(new StageController(d), { clipboard, storage });
  editors.push(e);
  return e;
};

beforeAll(async () => {
  await initPhysics();
});

afterEach(() => {
  vi.useRealTimers();
  while (editors.length) editors.pop()!.controller.dispose();
});

const ids = (e: Editor) => e.doc().objects.map((o) => o.id);
const pos = (e: Editor, id: string) => e.object(id)?.position;
const lastNotice = (e: Editor) => e.notices.notices()[e.notices.notices().length - 1];

describe('clipboard', () => {
  it('copies in one editor and pastes in another through the system clipboard: new ids, an offset, queues and rules along', async () => {
    const system = new FakeClipboard();
    const a = editorOn(doc(), system);
    const b = editorOn(doc(), system);
    a.tools.select(['bo', 'goal']);
    expect(await a.clipboard.copySelection()).toBe(true);
    expect(JSON.parse(system.text)).toMatchObject({ format: 'stickman-stage/scene', objects: [{ id: 'bo' }, { id: 'goal' }] });

    const pasted = await b.clipboard.paste();
    expect(pasted).toEqual(['bo-1', 'goal-1']);
    expect(b.tools.selection()).toEqual(['bo-1', 'goal-1']);
    // Sideways, so what stood on the ground still does.
    expect(pos(b, 'bo-1')).toEqual([2000 + PASTE_OFFSET, 1400]);
    expect(b.object('bo-1')).toMatchObject({ name: 'Bo' });
    expect(b.doc().queues['bo-1']).toEqual([expect.objectContaining({ type: 'walk_to', target_position: [3040, 1400] })]);
    expect(b.doc().rules.map((r) => [r.when.source, r.when.target, r.then[0].actor])).toEqual([['bo', 'goal', 'bo'], ['bo-1', 'goal-1', 'bo-1']]);
    expect(b.historyDepth().undo).toBe(1);
    // The source editor is unchanged.
    expect(ids(a)).toEqual(['ground', 'box', 'bo', 'goal']);
  });

  it('each paste of the same copy lands one offset further; undo takes one paste back at a time', async () => {
    const e = editorOn(doc(), new FakeClipboard());
    e.tools.select(['box']);
    await e.clipboard.copySelection();
    await e.clipboard.paste();
    await e.clipboard.paste();
    expect(pos(e, 'box-1')).toEqual([1040, 1000]);
    expect(pos(e, 'box-2')).toEqual([1080, 1000]);
    e.undo();
    expect(ids(e)).toEqual(['ground', 'box', 'bo', 'goal', 'box-1']);
  });

  it('cut deletes the selection (one undo step) and a paste brings it back under new ids', async () => {
    const e = editorOn(doc(), new FakeClipboard());
    e.tools.select(['box', 'goal']);
    expect(await e.clipboard.cutSelection()).toBe(true);
    expect(ids(e)).toEqual(['ground', 'bo']);
    // The rule naming the goal went with it.
    expect(e.doc().rules).toEqual([]);
    expect(e.historyDepth().undo).toBe(1);
    await e.clipboard.paste();
    expect(ids(e)).toEqual(['ground', 'bo', 'box-1', 'goal-1']);
  });

  it('without the system clipboard (refused), copy and paste still work inside the tab, and say so', async () => {
    const system = new FakeClipboard();
    system.refuse = true;
    const e = editorOn(doc(), system);
    e.tools.select(['box']);
    await e.clipboard.copySelection();
    expect(lastNotice(e).details.join(' ')).toMatch(/this tab only/);
    expect(await e.clipboard.paste()).toEqual(['box-1']);
  });

  it('text that is not a scene pastes nothing and says so; the document is untouched', async () => {
    const system = new FakeClipboard();
    system.text = 'https://example.com';
    const e = editorOn(doc(), system);
    const before = e.doc();
    expect(await e.clipboard.paste()).toEqual([]);
    expect(e.doc()).toBe(before);
    expect(lastNotice(e)).toMatchObject({ title: 'Nothing to paste' });
  });

  it('pasting needs EDIT', async () => {
    const e = editorOn(doc(), new FakeClipboard());
    e.tools.select(['box']);
    await e.clipboard.copySelection();
    e.enterDirect();
    expect(await e.clipboard.paste()).toEqual([]);
    expect(ids(e)).toHaveLength(4);
  });
});

describe('Open and New', () => {
  it('Open confirms the file name and what it loaded, and Ctrl+Z brings the previous scene back', () => {
    const e = editorOn();
    const other = scene([ground(1400), { kind: 'stickman', id: 's1', position: [100, 1400] }, { kind: 'stickman', id: 's2', position: [300, 1400] }, prop('ball', 'ball', [500, 500])]);
    expect(e.files.loadText(saveSceneText(other), 'race.scene.json')).toBe(true);
    expect(ids(e)).toEqual(['ground', 's1', 's2', 'ball']);
    expect(lastNotice(e)).toMatchObject({ kind: 'info', title: 'Opened race.scene.json' });
    expect(lastNotice(e).details[0]).toBe('2 stickmen, 1 prop, 1 terrain piece · 0 rules');
    e.undo();
    expect(ids(e)).toEqual(['ground', 'box', 'bo', 'goal']);
    e.redo();
    expect(ids(e)).toEqual(['ground', 's1', 's2', 'ball']);
  });

  it('New is one undo step too', () => {
    const e = editorOn();
    e.files.newScene();
    expect(ids(e)).toEqual(['ground']);
    e.undo();
    expect(ids(e)).toEqual(['ground', 'box', 'bo', 'goal']);
  });

  it('objectCounts names only the kinds there are', () => {
    expect(objectCounts(doc())).toBe('1 stickman, 1 prop, 1 terrain piece, 1 area');
    expect(objectCounts(scene([]))).toBe('no objects');
  });
});

describe('grid snapping toggle', () => {
  it('is off by default and remembered once switched', () => {
    const storage = new MemoryStorage();
    const e = editorOn(doc(), null, storage);
    expect(e.prefs.snapOn()).toBe(false);
    e.prefs.toggleSnap();
    expect(e.prefs.snapOn()).toBe(true);
    expect(storage.getItem(SNAP_KEY)).toBe('1');
    expect(editorOn(doc(), null, storage).prefs.snapOn()).toBe(true);
  });
});

describe('playback', () => {
  it('frame step from EDIT enters PLAY paused one step in; each step after adds exactly one', async () => {
    const e = editorOn();
    await e.run.stepFrame();
    expect(e.mode()).toEqual({ mode: 'PLAY', paused: true });
    expect(e.controller.tick).toBe(1);
    await e.run.stepFrame();
    expect(e.controller.tick).toBe(2);
    // Stepping a running stage pauses it first.
    await e.run.play();
    expect(e.mode().paused).toBe(false);
    await e.run.stepFrame();
    expect(e.mode()).toEqual({ mode: 'PLAY', paused: true });
    expect(e.controller.tick).toBe(3);
  });

  it('speed steps through ¼×, ½×, 1×, 2× and stops at the ends', () => {
    const e = editorOn();
    expect(e.playback.speed()).toBe(1);
    e.playback.stepSpeed(1);
    expect(e.playback.speed()).toBe(2);
    e.playback.stepSpeed(1);
    expect(e.playback.speed()).toBe(2);
    for (let i = 0; i < 5; i++) e.playback.stepSpeed(-1);
    expect(e.playback.speed()).toBe(0.25);
    e.playback.setSpeed(3);
    expect(e.playback.speed()).toBe(0.25);
    expect([...SPEEDS]).toEqual([0.25, 0.5, 1, 2]);
  });

  it('camera follow: the selected stickman in PLAY (else the first); a manual pan holds it; choosing a stickman resumes it', async () => {
    const two = scene([ground(1400), { kind: 'stickman', id: 'ann', position: [500, 1400] }, { kind: 'stickman', id: 'bo', position: [2000, 1400] }]);
    const e = editorOn(two);
    e.playback.toggleFollow();
    expect(e.followTarget()).toBeNull(); // not in PLAY
    await e.run.play();
    expect(e.followTarget()).toBe('ann');
    e.tools.inspect('bo');
    expect(e.followTarget()).toBe('bo');
    e.playback.holdFollow();
    expect(e.followTarget()).toBeNull();
    expect(e.playback.followOn()).toBe(true);
    e.tools.inspect('bo');
    expect(e.followTarget()).toBe('bo');
    // A held follow resumes from the toggle too; a second press switches it off.
    e.playback.holdFollow();
    e.playback.toggleFollow();
    expect(e.followTarget()).toBe('bo');
    e.playback.toggleFollow();
    expect(e.followTarget()).toBeNull();
    // A pan with follow off holds nothing.
    e.playback.holdFollow();
    e.playback.toggleFollow();
    expect(e.followTarget()).toBe('bo');
  });
});

describe('bottom panel height', () => {
  it('clamps to leave the stage room, and is remembered only when asked', () => {
    const storage = new MemoryStorage();
    const layout = new PanelLayout(storage);
    expect(layout.bottomHeight()).toBeNull();
    expect(layout.setBottomHeight(10, 700)).toBe(MIN_BOTTOM_PANEL_PX);
    expect(layout.setBottomHeight(2000, 700)).toBe(700 - MIN_STAGE_PX);
    expect(layout.setBottomHeight(333.4, 700)).toBe(333);
    expect(storage.getItem(BOTTOM_PANEL_KEY)).toBeNull();
    layout.remember();
    expect(new PanelLayout(storage).bottomHeight()).toBe(333);
  });

  it('ignores a stored height that makes no sense', () => {
    const storage = new MemoryStorage();
    storage.setItem(BOTTOM_PANEL_KEY, 'NaN');
    expect(new PanelLayout(storage).bottomHeight()).toBeNull();
  });
});
