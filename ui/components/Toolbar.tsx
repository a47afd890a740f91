/**
 * The toolbar: mode, playback (play/pause, frame step, speed, reset, the clock), history, files
 * and view. It wraps onto more rows when the window is narrow (styles.css), so every command
 * stays reachable at any width; the clock is always shown.
 */
import { For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { openFile } from '../files';
import { CommandButton } from './CommandButton';
import { SPEEDS, speedLabel } from '../state/playback';

export function Toolbar(props: { editor: Editor; time: number; tick: number }) {
  const editor = props.editor;
  let fileInput!: HTMLInputElement;
  const mode = () => editor.mode().mode;
  const playing = () => editor.mode().mode === 'PLAY' && !editor.mode().paused;

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
        <CommandButton editor={editor} command="mode-edit" class="mode" classList={{ active: mode() === 'EDIT' }} />
        <CommandButton editor={editor} command="mode-direct" class="mode" classList={{ active: mode() === 'DIRECT' }} />
        <CommandButton editor={editor} command="mode-play" class="mode" classList={{ active: mode() === 'PLAY' }} />
      </div>

      <div class="group" role="group" aria-label="Playback">
        <CommandButton editor={editor} command="play-pause" class="play-pause">
          {playing() ? '❚❚ Pause' : '▶ Play'}
        </CommandButton>
        <CommandButton editor={editor} command="step-frame">
          ❚▶<span class="label"> Step</span>
        </CommandButton>
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
          ⟲ Reset
        </CommandButton>
        <span class="clock" data-testid="clock" title="Simulation time and step" classList={{ muted: mode() !== 'PLAY' }}>
          t = <span data-testid="clock-time">{(mode() === 'PLAY' ? props.time : 0).toFixed(2)}</span> s <span class="muted">#<span data-testid="clock-tick">{mode() === 'PLAY' ? props.tick : 0}</span></span>
          <Show when={editor.mode().paused}>
            <span class="badge">paused</span>
          </Show>
        </span>
      </div>

      <div class="group" role="group" aria-label="History">
        <CommandButton editor={editor} command="undo">
          ↶<span class="label"> Undo</span>
        </CommandButton>
        <CommandButton editor={editor} command="redo">
          ↷<span class="label"> Redo</span>
        </CommandButton>
      </div>

      <div class="group" role="group" aria-label="File">
        <CommandButton editor={editor} command="new" />
        <CommandButton editor={editor} command="open" />
        <input ref={fileInput} type="file" accept=".json,application/json" class="hidden-input" data-testid="open-input" onChange={() => void onFile()} />
        <CommandButton editor={editor} command="save" />
      </div>

      <div class="group" role="group" aria-label="View">
        <CommandButton editor={editor} command="fit" />
        <span class="muted zoom" data-testid="zoom">{Math.round(editor.zoom() * 100)}%</span>
        <CommandButton
          editor={editor}
          command="follow"
          testid="follow-toggle"
          classList={{ toggled: editor.playback.followOn(), held: editor.playback.followOn() && editor.playback.followHeld() }}
          pressed={editor.playback.followOn() && !editor.playback.followHeld()}
          title={editor.playback.followOn() && editor.playback.followHeld() ? 'Camera follow is held by your pan: click (or C) to follow again' : undefined}
        >
          {editor.playback.followOn() && editor.playback.followHeld() ? 'Follow ⏸' : 'Follow'}
        </CommandButton>
        <CommandButton editor={editor} command="snap" testid="snap-toggle" classList={{ toggled: editor.prefs.snapOn() }} pressed={editor.prefs.snapOn()} />
        <CommandButton editor={editor} command="debug" testid="debug-toggle" classList={{ toggled: editor.prefs.debugOn() }} pressed={editor.prefs.debugOn()} />
        <CommandButton editor={editor} command="help" testid="help-button">
          ?
        </CommandButton>
      </div>

      <div class="spacer" />
      <span class="muted autosave" data-testid="autosave-status" title={editor.prefs.lastSaved() ? `Autosaved to this browser at ${editor.prefs.lastSaved()}` : 'Changes are autosaved to this browser'}>
        {editor.prefs.lastSaved() ? '✓ autosaved' : 'autosave on'}
      </span>
    </header>
  );
}
