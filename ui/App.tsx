import { onCleanup, onMount } from 'solid-js';
import type { Editor } from './state/editor';
import { StageCanvas } from './canvas/StageCanvas';
import { Toolbar } from './components/Toolbar';
import { Palette } from './components/Palette';
import { PropertyPanel } from './components/PropertyPanel';
import { BottomPanel } from './components/BottomPanel';
import { Notices } from './components/Notices';
import { HelpOverlay } from './components/HelpOverlay';
import { installShortcuts } from './keyboard';
import { TakeBranchChip, TransportBar } from './transport/TransportBar';
import { takeStudioFor } from './transport/takeStudio';

export function App(props: { editor: Editor }) {
  const editor = props.editor;

  onMount(() => {
    const uninstall = installShortcuts(editor);
    const flush = () => editor.prefs.flushAutosave();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    onCleanup(() => {
      uninstall();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    });
  });

  return (
    <div
      class="app"
      classList={{ playing: editor.mode().mode === 'PLAY', capturing: !!editor.tools.capture() }}
      data-mode={editor.mode().mode}
      // The bottom panel's height, once its divider was dragged (styles.css has the default).
      style={editor.layout.bottomHeight() !== null ? { '--bottom-panel-height': `${editor.layout.bottomHeight()}px` } : {}}
    >
      <Toolbar editor={editor} />
      <Palette editor={editor} />
      <main class="stage-area">
        <StageCanvas editor={editor} />
        <Notices editor={editor} />
        <TakeBranchChip editor={editor} studio={takeStudioFor(editor)} />
        <div class="mode-banner" data-testid="mode-banner">
          {editor.mode().mode}
          {editor.mode().paused ? ' · paused' : ''}
        </div>
      </main>
      {/* Under the stage, beside it (never over it): the one set of playback controls. */}
      <TransportBar editor={editor} studio={takeStudioFor(editor)} />
      <PropertyPanel editor={editor} />
      <BottomPanel editor={editor} />
      <HelpOverlay editor={editor} />
    </div>
  );
}
