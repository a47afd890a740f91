/**
 * The export the transport bar runs: its settings, progress and result as Solid signals, one at a
 * time, cancellable. The finished file is downloaded and kept (for a second download, and for
 * tests that read it back).
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { Editor } from '../../state/editor';
import { errorText } from '../../state/notices';
import type { TakeStudio } from '../takeStudio';
import { downloadBlob } from '../takeFiles';
import { ExportCancelled, exportTake, type ExportResult, type ExportSettings } from './exportTake';
import type { ExportCamera, StageRect } from './exportView';
import { isActor } from '../../../objects/core/models';

/** `director`: the scene's directed camera (issue 23), the default when the scene has one. */
export type CameraChoice = 'view' | 'stage' | 'follow' | 'director';

export interface ExportChoices {
  format: 'webm' | 'mp4' | 'gif';
  fps: number;
  size: string;
  camera: CameraChoice;
  debug: boolean;
}

export const EXPORT_SIZES = ['1280x720', '1920x1080', '854x480', '640x360'] as const;
export const VIDEO_RATES = [30, 60] as const;
export const GIF_CHOICES = [10, 15, 20, 30] as const;

export type JobState = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'done'; result: ExportResult; name: string } | { kind: 'failed'; message: string } | { kind: 'cancelled' };

export class ExportJob {
  readonly state: Accessor<JobState>;
  private readonly setState: (s: JobState) => void;
  private abort: AbortController | null = null;
  /** The last finished file and what was made of it (tests read them back). */
  lastBlob: Blob | null = null;
  lastResult: ExportResult | null = null;

  constructor(private readonly studio: TakeStudio) {
    [this.state, this.setState] = createSignal<JobState>({ kind: 'idle' });
  }

  get running(): boolean {
    return this.state().kind === 'running';
  }

  /** Starts an export of the current take; resolves when it ends (done, failed or cancelled). */
  async start(choices: ExportChoices): Promise<JobState> {
    if (this.running) return this.state();
    const editor = this.studio.editor;
    const take = this.studio.session.take();
    if (!take || take.length === 0) {
      editor.notices.notify('warning', 'Nothing to export yet: play the scene first', []);
      return this.state();
    }
    const [width, height] = choices.size.split('x').map(Number);
    const settings: ExportSettings = {
      kind: choices.format === 'gif' ? 'gif' : 'video',
      container: choices.format === 'mp4' ? 'mp4' : 'webm',
      fps: choices.fps,
      width,
      height,
      camera: cameraOf(editor, choices.camera),
      debug: choices.debug,
    };
    const abort = new AbortController();
    this.abort = abort;
    this.setState({ kind: 'running', done: 0, total: 1 });
    let state: JobState;
    try {
      const result = await exportTake(take, settings, { signal: abort.signal, onProgress: (done, total) => this.setState({ kind: 'running', done, total }) });
      const name = this.studio.fileName().replace(/\.take\.json$/, `.${choices.format}`);
      this.lastBlob = result.blob;
      this.lastResult = result;
      downloadBlob(result.blob, name);
      state = { kind: 'done', result, name };
      const cut = result.cappedAt !== null ? [`Cut at ${result.cappedAt.toFixed(2)} s to stay under the size cap.`] : [];
      editor.notices.notify('info', `Exported ${name}`, [`${result.frames} frames at ${result.fps} fps, ${width}×${height}, ${(result.blob.size / 1024).toFixed(0)} KB · ${result.framesPerSecond.toFixed(1)} frames/s`, ...cut]);
    } catch (e) {
      state = e instanceof ExportCancelled ? { kind: 'cancelled' } : { kind: 'failed', message: errorText(e) };
      if (state.kind === 'failed') editor.notices.notify('error', 'The export failed', [state.message]);
    } finally {
      this.abort = null;
    }
    batch(() => this.setState(state));
    return state;
  }

  cancel(): void {
    this.abort?.abort();
  }

  download(): void {
    const s = this.state();
    if (s.kind === 'done') downloadBlob(s.result.blob, s.name);
  }
}

/** The export camera for a choice: the on-screen view's rectangle, the whole stage, or a follow. */
function cameraOf(editor: Editor, choice: CameraChoice): ExportCamera {
  if (choice === 'stage') return { kind: 'stage' };
  if (choice === 'director') return { kind: 'director' };
  const rect = screenRect(editor);
  if (choice === 'follow') {
    const doc = editor.doc();
    const selected = editor.tools.selection().find((id) => doc.objects.some((o) => o.id === id && isActor(o)));
    const rigId = editor.followTarget() ?? selected ?? doc.objects.find(isActor)?.id;
    if (rigId) return { kind: 'follow', rigId, rect };
  }
  return { kind: 'view', rect };
}

/** What the stage canvas shows now, in stage px (the whole stage when it is not on screen). */
function screenRect(editor: Editor): StageRect {
  const host = document.querySelector<HTMLElement>('[data-testid="stage-host"]');
  const view = editor.view;
  const doc = editor.doc();
  if (!host || !view) return { minX: 0, minY: 0, maxX: doc.stage.width, maxY: doc.stage.height };
  const r = host.getBoundingClientRect();
  const a = view.screenToStage(0, 0);
  const b = view.screenToStage(r.width, r.height);
  return { minX: a[0], minY: a[1], maxX: b[0], maxY: b[1] };
}
