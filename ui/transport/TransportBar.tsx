/**
 * The transport bar of PLAY (issue 14): scrub the take to any tick, step one tick back or
 * forward, play from here, jump to the start or the end, see where a branch cut the take (and
 * undo it), save the take, export it. The stage shows exactly the frame the live run showed at
 * the tick under the thumb (re-simulated: ui/transport/takeStudio.ts).
 */
import { createMemo, For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import type { TakeStudio } from './takeStudio';
import { downloadTake } from './takeFiles';
import { copyTakeAsTest } from './copyAsTest';
import { ExportPanel } from './ExportPanel';
import { CommandButton } from '../components/CommandButton';
import './transport.css';

/** Marker buckets along the scrubber: enough for a pixel-ish resolution, few elements. */
const MARKER_BUCKETS = 240;

export function TransportBar(props: { editor: Editor; studio: TakeStudio }) {
  const editor = props.editor;
  const studio = props.studio;
  const shown = () => editor.mode().mode === 'PLAY';
  const playing = () => (editor.mode().mode === 'PLAY' && !editor.mode().paused) || studio.seekTarget() !== null;
  const thumb = () => studio.seekTarget() ?? studio.tick();
  const end = () => Math.max(studio.length(), studio.tick(), 1);
  const seconds = (t: number) => (t / 60).toFixed(2);
  const markers = createMemo(() => {
    const ticks = studio.commandTicks();
    const len = end();
    const buckets = new Set<number>();
    for (const t of ticks) buckets.add(Math.min(MARKER_BUCKETS - 1, Math.floor((t / len) * MARKER_BUCKETS)));
    return [...buckets].sort((a, b) => a - b);
  });

  // The last seek's cost, for the curious (a keyframe restored plus the steps after it).
  const lastSeekText = () => {
    const s = studio.lastSeek();
    return s ? ` · last seek: ${Math.round(s.ms)} ms, ${s.steps} step${s.steps === 1 ? '' : 's'} simulated` : '';
  };

  return (
    <Show when={shown()}>
      <div class="transport" data-testid="transport" classList={{ seeking: studio.seekTarget() !== null }}>
        <div class="transport-buttons" role="group" aria-label="Transport">
          <CommandButton editor={editor} command="seek-start" testid="transport-start">
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M3 2h2v12H3zM14 2v12L6 8z" fill="currentColor" /></svg>
          </CommandButton>
          <CommandButton editor={editor} command="step-back" testid="transport-step-back">
            ◀❚
          </CommandButton>
          <CommandButton editor={editor} command="play-pause" testid="transport-play" class="primary">
            {playing() ? '❚❚' : '▶'}
          </CommandButton>
          <CommandButton editor={editor} command="step-frame" testid="transport-step-forward">
            ❚▶
          </CommandButton>
          <CommandButton editor={editor} command="seek-end" testid="transport-end">
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M11 2h2v12h-2zM2 2v12l8-6z" fill="currentColor" /></svg>
          </CommandButton>
        </div>
        <div class="transport-track">
          <svg class="transport-markers" viewBox={`0 0 ${MARKER_BUCKETS} 1`} preserveAspectRatio="none" aria-hidden="true">
            <For each={markers()}>{(b) => <rect x={b} y="0" width="0.6" height="1" />}</For>
          </svg>
          <div class="transport-recorded" style={{ width: `${(studio.length() / end()) * 100}%` }} />
          <input
            type="range"
            class="transport-scrub"
            data-testid="transport-scrub"
            aria-label="Take position (steps)"
            min="0"
            max={String(end())}
            step="1"
            value={String(thumb())}
            onInput={(e) => studio.seekTo(Number(e.currentTarget.value))}
          />
        </div>
        <span class="transport-time" data-testid="transport-time" title={`Position in the take: seconds and step${lastSeekText()}`}>
          {seconds(thumb())} / {seconds(studio.length())} s · #<span data-testid="transport-tick">{thumb()}</span>
          <span class="muted"> / {studio.length()}</span>
        </span>
        <Show when={studio.branch()}>
          {(b) => (
            <span class="transport-branch" data-testid="transport-branch" title="A command behind the end of the take started a new branch there">
              Branched at #{b().tick} · {b().dropped} later command{b().dropped === 1 ? '' : 's'} dropped
              <button class="link" data-testid="transport-undo-branch" onClick={() => studio.undoBranch()}>
                Undo
              </button>
            </span>
          )}
        </Show>
        <div class="spacer" />
        <button data-testid="take-save" title="Download this take as .take.json (scene + commands; npm run sim -- --take replays it)" onClick={() => downloadTake(studio)}>
          Save take
        </button>
        <button data-testid="take-copy-test" title="Copy this take as a Vitest file that replays it and asserts what it showed" onClick={() => void copyTakeAsTest(studio)}>
          Copy as test
        </button>
        <ExportPanel editor={editor} studio={studio} />
      </div>
    </Show>
  );
}
