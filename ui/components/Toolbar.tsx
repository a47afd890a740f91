/**
 * The toolbar: the mode switch (a segmented control, unlike the transport's round play button),
 * history, files and view. Playback lives in the transport bar under the stage, the one set of
 * playback controls. Nothing in it changes size in PLAY (no clock, fixed-width readouts), so it
 * keeps one row at 1280, 1024 and 800 px and the workspace under it never moves (issue 22).
 */
import type { Editor } from '../state/editor';
import { openFile } from '../files';
import { CommandButton } from './CommandButton';
import { sceneDirectsCamera } from '../../core/camera/actions';

export function Toolbar(props: { editor: Editor }) {
  const editor = props.editor;
  const directs = () => sceneDirectsCamera(editor.doc());
  let fileInput!: HTMLInputElement;
  const mode = () => editor.mode().mode;

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

      <div class="group modes" role="group" aria-label="Mode">
        <CommandButton editor={editor} command="mode-edit" class="mode" classList={{ active: mode() === 'EDIT' }} pressed={mode() === 'EDIT'} />
        <CommandButton editor={editor} command="mode-direct" class="mode" classList={{ active: mode() === 'DIRECT' }} pressed={mode() === 'DIRECT'} />
        <CommandButton editor={editor} command="mode-play" class="mode" classList={{ active: mode() === 'PLAY' }} pressed={mode() === 'PLAY'} />
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
        <CommandButton
          editor={editor}
          command="director-camera"
          testid="director-toggle"
          classList={{ toggled: directs() && editor.playback.directorOn() }}
          pressed={directs() && editor.playback.directorOn()}
          title={!directs() ? 'The scene directs no camera: give the camera a queue in DIRECT (Camera queue) or a rule reaction' : editor.playback.directorOn() ? undefined : 'Free camera: click (or V) to show the director’s camera again'}
        >
          {/* A movie camera (an icon, not an emoji: not every system has an emoji font). */}
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" style={{ 'vertical-align': '-3px' }}>
            <rect x="1.5" y="4.5" width="9" height="7" rx="1" fill="none" stroke="currentColor" stroke-width="1.5" />
            <path d="M10.5 7l4-2.2v6.4l-4-2.2z" fill="currentColor" />
          </svg>
          <span class="label"> Director</span>
        </CommandButton>
        <CommandButton editor={editor} command="snap" testid="snap-toggle" classList={{ toggled: editor.prefs.snapOn() }} pressed={editor.prefs.snapOn()} />
        <CommandButton editor={editor} command="debug" testid="debug-toggle" classList={{ toggled: editor.prefs.debugOn() }} pressed={editor.prefs.debugOn()} />
        <CommandButton editor={editor} command="help" testid="help-button">
          ?
        </CommandButton>
      </div>

      <div class="spacer" />
      <span class="muted autosave" data-testid="autosave-status" title={editor.prefs.lastSaved() ? `Autosaved to this browser at ${editor.prefs.lastSaved()}` : 'Changes are autosaved to this browser'}>
        <span aria-hidden="true">{editor.prefs.lastSaved() ? '✓' : '○'}</span>
        <span class="label"> {editor.prefs.lastSaved() ? 'autosaved' : 'autosave on'}</span>
      </span>
    </header>
  );
}
