/**
 * Browser entry: builds the stage controller on the autosaved scene (or the demo scene), mounts
 * the Solid UI and exposes a small read-only debug handle on `window.__stage` for tests.
 */
import { render } from 'solid-js/web';
import { StageController, type FrameSnapshot } from '../streams';
import { loadSceneText } from '../core/scene/io';
import { newScene } from '../core/scene/edit';
import type { SceneDocument } from '../core/scene/schema';
import demoText from '../scenes/demo.scene.json?raw';
import { App } from './App';
import { AUTOSAVE_KEY, Editor, geometryIssues, issueLines, REJECTED_AUTOSAVE_KEY, type Vec2 } from './state/editor';
import { attachStatelyInspector } from './inspect';
import { takeStudioFor, type TakeStudio } from './transport/takeStudio';
import { exportJobFor } from './transport/ExportPanel';
import './styles.css';

function safeStorage(): Storage | null {
  try {
    const s = window.localStorage;
    s.getItem(AUTOSAVE_KEY);
    return s;
  } catch {
    return null;
  }
}

type StartNotice = { kind: 'error' | 'warning' | 'info'; title: string; details: string[] };

function initialScene(storage: Storage | null): { doc: SceneDocument; notices: StartNotice[] } {
  const notices: StartNotice[] = [];
  const demo = loadSceneText(demoText);
  let fallback: SceneDocument;
  if (demo.ok && geometryIssues(demo.scene).length === 0) fallback = demo.scene;
  else {
    fallback = newScene({ name: 'Untitled' });
    notices.push({ kind: 'error', title: 'The demo scene failed to load; opened an empty stage', details: demo.ok ? issueLines(geometryIssues(demo.scene)) : issueLines(demo.issues) });
  }
  const stored = storage?.getItem(AUTOSAVE_KEY) ?? null;
  if (stored === null) return { doc: fallback, notices };
  const restored = loadSceneText(stored);
  const issues = restored.ok ? geometryIssues(restored.scene) : restored.issues;
  if (restored.ok && issues.length === 0) {
    notices.push({ kind: 'info', title: 'Restored your autosaved scene', details: [] });
    return { doc: restored.scene, notices };
  }
  try {
    storage?.setItem(REJECTED_AUTOSAVE_KEY, stored);
  } catch {
    /* keeping a copy is best effort */
  }
  notices.push({
    kind: 'warning',
    title: 'The autosaved scene could not be restored; opened the demo scene instead',
    details: [...issueLines(issues, 4), `A copy of the stored text was kept in localStorage["${REJECTED_AUTOSAVE_KEY}"].`],
  });
  return { doc: fallback, notices };
}

const storage = safeStorage();
const start = initialScene(storage);
const controller = new StageController(start.doc);
// The system clipboard carries copied objects between tabs (absent outside a secure context).
const clipboard = typeof navigator !== 'undefined' && navigator.clipboard ? navigator.clipboard : null;
const editor = new Editor(controller, { storage, clipboard });
for (const n of start.notices) editor.notices.notify(n.kind, n.title, n.details);
if (!storage) editor.notices.notify('warning', 'Browser storage is unavailable: autosave is off', []);
void editor.run.preparePhysics().catch(() => undefined);
// Takes record every PLAY run from the first one on (issue 14).
const takes = takeStudioFor(editor);

declare global {
  interface Window {
    __stage?: {
      mode(): { mode: 'EDIT' | 'DIRECT' | 'PLAY'; paused: boolean };
      objects(): Array<{ id: string; kind: string; position: [number, number] }>;
      frame(): FrameSnapshot;
      controller: StageController;
      selection(): string[];
      /** Selects these objects, as clicks would (benchmarks toggle the queue panel mid-PLAY with it). */
      select(ids: string[]): void;
      physicsReady(): boolean;
      stageToScreen(p: Vec2): Vec2 | null;
      screenToStage(x: number, y: number): Vec2 | null;
      history(): { undo: number; redo: number };
      /** Takes: the recording, the transport, the last export (issue 14). */
      takes: TakeStudio;
      lastExport(): Blob | null;
      lastExportResult(): { frames: number; fps: number; overlaysDrawn: number; cappedAt: number | null } | null;
    };
  }
}

window.__stage = {
  mode: () => ({ ...controller.mode }),
  objects: () => controller.document.objects.map((o) => ({ id: o.id, kind: o.kind, position: [o.position[0], o.position[1]] as [number, number] })),
  frame: () => controller.frame$.value,
  controller,
  selection: () => [...editor.tools.selection()],
  select: (ids) => editor.tools.select(ids),
  physicsReady: () => editor.run.physicsReady(),
  stageToScreen: (p) => editor.view?.stageToScreen(p) ?? null,
  screenToStage: (x, y) => editor.view?.screenToStage(x, y) ?? null,
  history: () => ({ ...editor.historyDepth() }),
  takes,
  lastExport: () => exportJobFor(takes).lastBlob,
  lastExportResult: () => exportJobFor(takes).lastResult,
};

const params = new URLSearchParams(window.location.search);
if (params.get('inspect') === 'stately') void attachStatelyInspector(editor);

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
render(() => <App editor={editor} />, root);
