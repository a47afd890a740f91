/**
 * The transport bar (issues 14 and 22): the one set of playback controls, under the stage in
 * every mode. Play / pause (from EDIT or DIRECT it starts PLAY), one step back or forward, the
 * take's start and end, speed, reset, the scrubber and the clock; then what is done with the take
 * (save, copy as a test, export). In PLAY the stage shows exactly the frame the live run showed at
 * the tick under the thumb (re-simulated: ui/transport/takeStudio.ts). Its controls are the same
 * in every mode and its readouts have fixed widths, so it never changes height (the stage above
 * it holds still); a branch notice sits over the stage's corner instead (TakeBranchChip).
 */
import { createMemo, For, Show } from 'solid-js';
import { SPEEDS, speedLabel } from '../state/playback';
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
  const inPlay = () => editor.mode().mode === 'PLAY';
  const playing = () => (inPlay() && !editor.mode().paused) || studio.seekTarget() !== null;
  const thumb = () => (inPlay() ? (studio.seekTarget() ?? studio.tick()) : 0);
  const length = () => (inPlay() ? studio.length() : 0);
  const end = () => Math.max(length(), thumb(), 1);
  const seconds = (t: number) => (t / 60).toFixed(2);
  const state = () => (studio.seekTarget() !== null ? 'seeking' : !inPlay() ? editor.mode().mode.toLowerCase() : editor.mode().paused ? 'paused' : 'playing');
  const markers = createMemo(() => {
    const ticks = inPlay() ? studio.commandTicks() : [];
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
    <div class="transport" data-testid="transport" classList={{ seeking: studio.seekTarget() !== null, live: inPlay() }}>
      <div class="transport-row">
        <div class="transport-buttons" role="group" aria-label="Playback">
          <CommandButton editor={editor} command="seek-start" testid="transport-start">
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M3 2h2v12H3zM14 2v12L6 8z" fill="currentColor" /></svg>
          </CommandButton>
          <CommandButton editor={editor} command="step-back" testid="transport-step-back">
            ◀❚
          </CommandButton>
          <CommandButton editor={editor} command="play-pause" class="play" title={playing() ? 'Pause (Space)' : inPlay() ? 'Play from here: behind the end the take replays; a new command there starts a branch (Space)' : 'Play the scene (P)'}>
            {playing() ? '❚❚' : '▶'}
          </CommandButton>
          <CommandButton editor={editor} command="step-frame">
            ❚▶
          </CommandButton>
          <CommandButton editor={editor} command="seek-end" testid="transport-end">
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M11 2h2v12h-2zM2 2v12l8-6z" fill="currentColor" /></svg>
          </CommandButton>
        </div>
        <select
          class="speed"
          data-testid="speed"
          title="Playback speed ([ slower, ] faster): the simulation step stays 1/60 s, only how many run per frame changes"
          value={String(editor.playback.speed())}
          onChange={(e) => editor.playback.setSpeed(Number(e.currentTarget.value))}
        >
          <For each={SPEEDS}>{(s) => <option value={String(s)}>{speedLabel(s)}</option>}</For>
        </select>
        <CommandButton editor={editor} command="reset">
          ⟲
        </CommandButton>
        <div class="transport-track">
          <svg class="transport-markers" viewBox={`0 0 ${MARKER_BUCKETS} 1`} preserveAspectRatio="none" aria-hidden="true">
            <For each={markers()}>{(b) => <rect x={b} y="0" width="0.6" height="1" />}</For>
          </svg>
          <div class="transport-recorded" style={{ width: `${(length() / end()) * 100}%` }} />
          <input
            type="range"
            class="transport-scrub"
            data-testid="transport-scrub"
            aria-label="Take position (steps)"
            min="0"
            max={String(end())}
            step="1"
            value={String(thumb())}
            disabled={!inPlay()}
            onInput={(e) => studio.seekTo(Number(e.currentTarget.value))}
          />
        </div>
        <span class="transport-clock" data-testid="clock" title={`Simulation time and step; after the slash the take's length${lastSeekText()}`}>
          <span class="transport-time" data-testid="transport-time">
            t = <span data-testid="clock-time">{seconds(thumb())}</span> s #<span data-testid="transport-tick">{thumb()}</span>
          </span>
          <span class="transport-length muted"> / {length()}</span>
          <span class="transport-state" data-run-state={state()}>
            {state()}
          </span>
        </span>
        <div class="transport-take" role="group" aria-label="Take">
          <button data-testid="take-save" disabled={!inPlay()} title="Download this take as .take.json (scene + commands; npm run sim -- --take replays it)" onClick={() => downloadTake(studio)}>
            Save take
          </button>
          <button data-testid="take-copy-test" disabled={!inPlay()} title="Copy this take as a Vitest file that replays it and asserts what it showed" onClick={() => void copyTakeAsTest(studio)}>
            Copy as test
          </button>
          <ExportPanel editor={editor} studio={studio} disabled={!inPlay()} />
        </div>
      </div>
    </div>
  );
}

/** Where a command behind the take's end branched it, with Undo: over the stage's bottom-left corner, so the transport never grows. */
export function TakeBranchChip(props: { editor: Editor; studio: TakeStudio }) {
  return (
    <Show when={props.editor.mode().mode === 'PLAY' && props.studio.branch()}>
      {(b) => (
        <span class="transport-branch" data-testid="transport-branch" title="A command behind the end of the take started a new branch there">
          Branched at #{b().tick} · {b().dropped} later command{b().dropped === 1 ? '' : 's'} dropped
          <button class="link" data-testid="transport-undo-branch" onClick={() => props.studio.undoBranch()}>
            Undo
          </button>
        </span>
      )}
    </Show>
  );
}
