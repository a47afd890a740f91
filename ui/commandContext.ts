/**
 * The editor's side of the UI commands (ui/commands.ts): what each command reads and does in the
 * app. One context per editor, shared by the key handler, the toolbar and the transport bar, so
 * a button and its key run the very same thing.
 */
import { moveObject } from '../core/scene/edit';
import type { Editor } from './state/editor';
import { downloadText } from './files';
import type { CommandContext } from './commands';
import { takeStudioFor } from './transport/takeStudio';
import { closeTopPopover } from './popovers';
import { handMovedView } from './state/directorView';
import { sceneDirectsCamera } from '../core/camera/actions';
import { oneEach } from '../core/data/oneEach';

const pageTextSelected = () => (window.getSelection()?.toString() ?? '').length > 0;

/** Opens the toolbar's file chooser (its hidden input). */
const openFileDialog = () => document.querySelector<HTMLInputElement>('[data-testid="open-input"]')?.click();

function createContext(editor: Editor): CommandContext {
  const studio = () => takeStudioFor(editor);
  const inPlay = () => editor.mode().mode === 'PLAY';
  return {
    mode: () => editor.mode().mode,
    paused: () => editor.mode().paused,
    history: () => editor.historyDepth(),
    take: () => ({ tick: studio().seekTarget() ?? studio().tick(), length: studio().length() }),
    enterEdit: () => editor.enterEdit(),
    enterDirect: () => editor.enterDirect(),
    play: () => void editor.run.play(),
    // The transport's play knows about a seek in progress (it arrives, then plays on).
    togglePlayPause: () => (inPlay() ? studio().togglePlay() : void editor.run.play()),
    setSpaceHeld: (held) => editor.setSpaceHeld(held),
    reset: () => editor.run.reset(),
    cancelOrDeselect: () => {
      if (editor.helpOpen()) editor.toggleHelp(false);
      else if (closeTopPopover()) return;
      else if (editor.tools.capture()) editor.tools.cancelCapture();
      else if (editor.isTransient) editor.cancelTransient();
      else if (editor.tools.tool().type === 'place') editor.tools.setTool({ type: 'select' });
      else if (editor.directPopup()) editor.closeDirectPopup();
      else editor.tools.select([]);
    },
    deleteSelection: () => editor.tools.deleteSelection(),
    flipSelection: () => editor.tools.flipSelection(),
    toggleDebug: () => editor.prefs.toggleDebug(),
    duplicateSelection: () => editor.tools.duplicateSelection(),
    selectAll: () => void editor.tools.selectAll(),
    copySelection: () => {
      // Text selected on the page (a timeline row, a notice) is the browser's to copy.
      if (pageTextSelected() || !editor.tools.selection().length) return false;
      void editor.clipboard.copySelection();
      return true;
    },
    cutSelection: () => void editor.clipboard.cutSelection(),
    paste: () => void editor.clipboard.paste(),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    newScene: () => editor.files.newScene(),
    save: () => downloadText(editor),
    openFile: openFileDialog,
    nudgeSelection: (dx, dy) => {
      const ids = editor.tools.selection();
      if (!ids.length || editor.mode().mode !== 'EDIT') return false;
      editor.edit('Nudging', (doc) =>
        ids.reduce((d, id) => {
          const o = d.objects.find((x) => x.id === id);
          return o ? moveObject(d, id, [o.position[0] + dx, o.position[1] + dy]) : d;
        }, doc),
      );
      return true;
    },
    // In PLAY, Fit and a zoom key are a view by hand: the free camera takes over from the director's.
    fit: () => {
      handMovedView(editor);
      editor.fit();
    },
    zoomBy: (factor) => {
      handMovedView(editor);
      editor.view?.zoomBy(factor);
    },
    toggleHelp: () => editor.toggleHelp(),
    // Behind the take's end a step replays the take; at its end (or outside PLAY) it is a live step.
    stepFrame: () => (inPlay() ? studio().stepForward() : void editor.run.stepFrame()),
    stepBack: () => studio().stepBack(),
    seekStart: () => studio().seekTo(0),
    seekEnd: () => studio().seekTo(studio().length()),
    changeSpeed: (by) => editor.playback.stepSpeed(by),
    toggleFollow: () => editor.playback.toggleFollow(),
    sceneDirectsCamera: () => sceneDirectsCamera(editor.doc()),
    toggleDirectorCamera: () => editor.playback.toggleDirector(),
    toggleSnap: () => editor.prefs.toggleSnap(),
    toggleStatechartsBeside: () => editor.prefs.toggleStatechartsBeside(),
    savePoseAsGesture: () => void editor.gestures.openPrompt(),
    canSavePose: () => editor.gestures.poseSource() !== null,
  };
}

/** The one command context of an editor. */
export const commandContextFor = oneEach((editor: Editor): CommandContext => createContext(editor));
