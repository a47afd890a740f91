/**
 * `?inspect=stately`: attaches @statelyai/inspect's browser inspector to the stage's actor
 * system. The inspector's viewer is a hosted page, so it needs the network; it is loaded lazily
 * and any failure only produces a notice (the in-app timeline never depends on it).
 */
import type { Editor } from './state/editor';

export async function attachStatelyInspector(editor: Editor): Promise<(() => void) | null> {
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector({ autoStart: true });
    const sub = editor.controller.actor.system.inspect(inspector.inspect);
    editor.notify('info', 'Stately inspector attached', ['It opens in a new window; allow pop-ups if nothing appears.']);
    return () => {
      sub.unsubscribe();
      inspector.stop();
    };
  } catch (e) {
    editor.notify('warning', 'The Stately inspector could not be attached (it needs the network)', [String((e as Error)?.message ?? e)]);
    return null;
  }
}
