/**
 * Export settings and progress (issue 14): WebM/VP9, MP4/H.264 or GIF; frame rate; size; the
 * camera (the director's when the scene has one, as on screen, the whole stage, or following a
 * stickman); the debug overlay only when asked. A progress bar with Cancel; the app stays usable
 * meanwhile.
 */
import { createEffect, createSignal, For, onCleanup, Show } from 'solid-js';
import { popoverOpened } from '../popovers';
import type { Editor } from '../state/editor';
import type { TakeStudio } from './takeStudio';
import { cameraChoiceFor, cameraOptions } from './export/exportCamera';
import { EXPORT_SIZES, ExportJob, GIF_CHOICES, VIDEO_RATES, type CameraChoice, type ExportChoices } from './export/exportJob';
import { oneEach } from '../../core/data/oneEach';

/** The studio's one export job. */
export const exportJobFor = oneEach((studio: TakeStudio) => new ExportJob(studio));

export function ExportPanel(props: { editor: Editor; studio: TakeStudio; disabled?: boolean }) {
  const job = exportJobFor(props.studio);
  const [open, setOpen] = createSignal(false);
  // While open, Esc closes it wherever the focus is (ui/popovers.ts).
  createEffect(() => {
    if (!open()) return;
    const forget = popoverOpened(() => setOpen(false));
    onCleanup(forget);
  });
  const [choices, setChoices] = createSignal<ExportChoices>({ format: 'webm', fps: 30, size: '1280x720', camera: 'view', debug: false });
  const set = (patch: Partial<ExportChoices>) => setChoices({ ...choices(), ...patch });
  // The camera picked here; until then (or when the scene no longer offers it) the scene's default: its director's camera if it has one.
  const [cameraPicked, setCameraPicked] = createSignal<CameraChoice | null>(null);
  const camera = () => cameraChoiceFor(props.editor.doc(), cameraPicked());
  const rates = () => (choices().format === 'gif' ? GIF_CHOICES : VIDEO_RATES);
  const setFormat = (format: ExportChoices['format']) => {
    const gif = format === 'gif';
    set({ format, fps: gif ? 15 : 30, size: gif ? '640x360' : choices().size === '640x360' ? '1280x720' : choices().size });
  };
  const progress = () => {
    const s = job.state();
    return s.kind === 'running' ? s.done / Math.max(1, s.total) : s.kind === 'done' ? 1 : 0;
  };

  return (
    <div class="transport-export">
      <button data-testid="take-export" disabled={props.disabled && !open()} classList={{ toggled: open() }} title="Export the take as a video or a GIF" onClick={() => setOpen(!open())}>
        Export…
      </button>
      <Show when={open() && !props.disabled}>
        <div
          class="transport-export-panel"
          data-testid="export-panel"
          onKeyDown={(e) => {
            // Inside its fields too (the key handler leaves Esc to a focused field).
            if (e.key === 'Escape') {
              e.preventDefault();
              setOpen(false);
            }
          }}
        >
          <label for="export-format">Format</label>
          <select id="export-format" data-testid="export-format" value={choices().format} onChange={(e) => setFormat(e.currentTarget.value as ExportChoices['format'])} disabled={job.running}>
            <option value="webm">WebM video (VP9)</option>
            <option value="mp4">MP4 video (H.264)</option>
            <option value="gif">GIF</option>
          </select>
          <label for="export-fps">Frame rate</label>
          <select id="export-fps" data-testid="export-fps" value={String(choices().fps)} onChange={(e) => set({ fps: Number(e.currentTarget.value) })} disabled={job.running}>
            <For each={rates()}>{(r) => <option value={String(r)}>{r} fps</option>}</For>
          </select>
          <label for="export-size">Size</label>
          <select id="export-size" data-testid="export-size" value={choices().size} onChange={(e) => set({ size: e.currentTarget.value })} disabled={job.running}>
            <For each={EXPORT_SIZES}>{(s) => <option value={s}>{s.replace('x', ' × ')}</option>}</For>
          </select>
          <label for="export-camera">Camera</label>
          <select id="export-camera" data-testid="export-camera" value={camera()} onChange={(e) => setCameraPicked(e.currentTarget.value as CameraChoice)} disabled={job.running}>
            <For each={cameraOptions(props.editor.doc())}>{(o) => <option value={o.value}>{o.label}</option>}</For>
          </select>
          <label class="wide">
            <input type="checkbox" data-testid="export-debug" checked={choices().debug} onChange={(e) => set({ debug: e.currentTarget.checked })} disabled={job.running} /> Debug overlay in the export
          </label>
          <Show
            when={job.running}
            fallback={
              <button class="primary wide" data-testid="export-start" onClick={() => void job.start({ ...choices(), camera: camera() })}>
                Export the take ({(props.studio.length() / 60).toFixed(1)} s)
              </button>
            }
          >
            <progress class="transport-progress wide" data-testid="export-progress" value={progress()} max="1" />
            <button class="wide" data-testid="export-cancel" onClick={() => job.cancel()}>
              Cancel
            </button>
          </Show>
          <span class="wide muted" data-testid="export-status">
            {(() => {
              const s = job.state();
              if (s.kind === 'running') return `Frame ${s.done} of ${s.total}…`;
              if (s.kind === 'done') return `${s.name}: ${s.result.frames} frames, ${(s.result.blob.size / 1024).toFixed(0)} KB (${s.result.framesPerSecond.toFixed(1)} frames/s)`;
              if (s.kind === 'failed') return `Failed: ${s.message}`;
              if (s.kind === 'cancelled') return 'Cancelled.';
              return 'Rendered offline at a fixed rate: the result does not depend on playback speed.';
            })()}
          </span>
          <Show when={job.state().kind === 'done'}>
            <button class="link wide" data-testid="export-download" onClick={() => job.download()}>
              Download again
            </button>
          </Show>
        </div>
      </Show>
    </div>
  );
}
