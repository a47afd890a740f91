/**
 * The toolbar: mode, playback (play/pause, frame step, speed, reset, the clock), history, files
 * and view. It wraps onto more rows when the window is narrow (styles.css), so every command
 * stays reachable at any width; the clock is always shown.
 */
import { For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { downloadText, openFile } from '../files';
import { SPEEDS, speedLabel } from '../state/playback';

export function Toolbar(props: { editor: Editor; time: number; tick: number }) {
  const editor = props.editor;
  let fileInput!: HTMLInputElement;
  const mode = () => editor.mode().mode;
  const playing = () => editor.mode().mode === 'PLAY' && !editor.mode().paused;
  const canUndo = () => editor.mode().mode !== 'PLAY';

  const onFile = async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (file) await openFile(editor, file);
  };

  return (
    <header class="toolbar" data-testid="toolbar">
      <div class="brand" title="Stickman Stage">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="5" r="3" fill="none" stroke="currentColor" stroke-width="2" />
          <path d="M12 8v7M12 15l-4 6M12 15l4 6M12 10l-5 3M12 10l5 3" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
        <span>Stickman Stage</span>
      </div>

      <div class="group" role="group" aria-label="Mode">
        <button class="mode" classList={{ active: mode() === 'EDIT' }} data-testid="mode-edit" title="Edit: place and change objects (E)" onClick={() => editor.enterEdit()}>
          EDIT
        </button>
        <button class="mode" classList={{ active: mode() === 'DIRECT' }} data-testid="mode-direct" title="Direct: select stickmen, preview their plans (D)" onClick={() => editor.enterDirect()}>
          DIRECT
        </button>
        <button class="mode" classList={{ active: mode() === 'PLAY' }} data-testid="mode-play" title="Play the scene (P)" onClick={() => void editor.play()}>
          PLAY
        </button>
      </div>

      <div class="group" role="group" aria-label="Playback">
        <button class="play-pause" data-testid="play-pause" title="Play / pause (Space in PLAY)" onClick={() => editor.togglePlayPause()}>
          {playing() ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button data-testid="step-frame" title="Step one frame, 1/60 s, and hold there (.)" onClick={() => void editor.stepFrame()}>
          ❚▶<span class="label"> Step</span>
        </button>
        <select
          class="speed"
          data-testid="speed"
          title="Playback speed ([ slower, ] faster): the simulation step stays 1/60 s, only how many run per frame changes"
          value={String(editor.playback.speed())}
          onChange={(e) => editor.playback.setSpeed(Number(e.currentTarget.value))}
        >
          <For each={SPEEDS}>{(s) => <option value={String(s)}>{speedLabel(s)}</option>}</For>
        </select>
        <button data-testid="reset" title="Reset to the authored scene (R)" disabled={mode() !== 'PLAY'} onClick={() => editor.reset()}>
          ⟲ Reset
        </button>
        <span class="clock" data-testid="clock" title="Simulation time and step" classList={{ muted: mode() !== 'PLAY' }}>
          t = <span data-testid="clock-time">{(mode() === 'PLAY' ? props.time : 0).toFixed(2)}</span> s <span class="muted">#<span data-testid="clock-tick">{mode() === 'PLAY' ? props.tick : 0}</span></span>
          <Show when={editor.mode().paused}>
            <span class="badge">paused</span>
          </Show>
        </span>
      </div>

      <div class="group" role="group" aria-label="History">
        <button data-testid="undo" title="Undo (Ctrl+Z)" disabled={!canUndo() || editor.historyDepth().undo === 0} onClick={() => editor.undo()}>
          ↶<span class="label"> Undo</span>
        </button>
        <button data-testid="redo" title="Redo (Ctrl+Shift+Z / Ctrl+Y)" disabled={!canUndo() || editor.historyDepth().redo === 0} onClick={() => editor.redo()}>
          ↷<span class="label"> Redo</span>
        </button>
      </div>

      <div class="group" role="group" aria-label="File">
        <button data-testid="new" title="New empty scene (undoable)" onClick={() => editor.newScene()}>
          New
        </button>
        <button data-testid="open" title="Open a .scene.json file (or a .take.json take: it opens in PLAY, ready to play back)" onClick={() => fileInput.click()}>
          Open…
        </button>
        <input ref={fileInput} type="file" accept=".json,application/json" class="hidden-input" data-testid="open-input" onChange={() => void onFile()} />
        <button data-testid="save" title="Download the scene as .scene.json (Ctrl+S)" onClick={() => downloadText(editor)}>
          Save
        </button>
      </div>

      <div class="group" role="group" aria-label="View">
        <button data-testid="fit" title="Fit the stage in view (F)" onClick={() => editor.fit()}>
          Fit
        </button>
        <span class="muted zoom" data-testid="zoom">{Math.round(editor.zoom() * 100)}%</span>
        <button
          data-testid="follow-toggle"
          classList={{ toggled: editor.playback.followOn(), held: editor.playback.followOn() && editor.playback.followHeld() }}
          aria-pressed={editor.playback.followOn() && !editor.playback.followHeld()}
          title={
            editor.playback.followOn() && editor.playback.followHeld()
              ? 'Camera follow is held by your pan: click (or C) to follow again'
              : 'Camera follows the selected stickman in PLAY (C); a pan holds it'
          }
          onClick={() => editor.toggleFollow()}
        >
          {editor.playback.followOn() && editor.playback.followHeld() ? 'Follow ⏸' : 'Follow'}
        </button>
        <button
          data-testid="snap-toggle"
          classList={{ toggled: editor.snapOn() }}
          aria-pressed={editor.snapOn()}
          title="Snap placing, moving and resizing to a 20 px grid (S); hold Ctrl while dragging to place freely"
          onClick={() => editor.toggleSnap()}
        >
          Snap
        </button>
        <button
          data-testid="debug-toggle"
          classList={{ toggled: editor.debugOn() }}
          aria-pressed={editor.debugOn()}
          title="Debug overlay: probe rays, collision proxies, TerrainMotion state (G). Data appears in PLAY."
          onClick={() => editor.toggleDebug()}
        >
          Debug
        </button>
        <button data-testid="help-button" title="Keyboard shortcuts (?)" onClick={() => editor.toggleHelp()}>
          ?
        </button>
      </div>

      <div class="spacer" />
      <span class="muted autosave" data-testid="autosave-status" title={editor.lastSaved() ? `Autosaved to this browser at ${editor.lastSaved()}` : 'Changes are autosaved to this browser'}>
        {editor.lastSaved() ? '✓ autosaved' : 'autosave on'}
      </span>
    </header>
  );
}
