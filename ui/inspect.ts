/**
 * `?inspect=stately`: @statelyai/inspect's browser inspector on the stage's actor system. Its
 * viewer is a page hosted at stately.ai, opened in a pop-up: it needs the network. The notices say
 * so and point to the built-in Statecharts panel, which works offline. "Connected" is reported
 * only when the viewer itself says it loaded (its `@statelyai.connected` message); without the
 * network, or when the pop-up is blocked, the app says it did not connect instead.
 */
import type { Editor } from './state/editor';

export const STATELY_VIEWER = 'https://stately.ai/inspect';
/** How long the hosted viewer gets to answer before the app says it did not connect. */
export const STATELY_CONNECT_TIMEOUT_MS = 10_000;
const CONNECTED_MESSAGE = '@statelyai.connected';
const BUILT_IN = 'The built-in Statecharts panel (bottom panel → Statecharts) shows every actor live and works offline.';

export async function attachStatelyInspector(editor: Editor, timeoutMs = STATELY_CONNECT_TIMEOUT_MS): Promise<(() => void) | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    editor.notices.notify('warning', 'The Stately inspector needs the network: this browser is offline', [
      `Its viewer is a hosted page (${STATELY_VIEWER}); it was not opened.`,
      BUILT_IN,
    ]);
    return null;
  }
  let inspector: { inspect: Parameters<Editor['controller']['actor']['system']['inspect']>[0]; stop(): void };
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspector = createBrowserInspector({ autoStart: true });
  } catch (e) {
    editor.notices.notify('warning', 'The Stately inspector could not be started', [String((e as Error)?.message ?? e), BUILT_IN]);
    return null;
  }
  const sub = editor.controller.actor.system.inspect(inspector.inspect);
  editor.notices.notify('info', 'Opening the Stately inspector: its viewer is a hosted page and needs the network', [
    `It opens ${STATELY_VIEWER} in a new window; allow pop-ups if nothing appears.`,
    BUILT_IN,
  ]);
  let connected = false;
  const onMessage = (e: MessageEvent) => {
    if (connected || (e.data as { type?: unknown } | null)?.type !== CONNECTED_MESSAGE) return;
    connected = true;
    editor.notices.notify('info', 'The Stately inspector is connected', []);
  };
  window.addEventListener('message', onMessage);
  const timer = setTimeout(() => {
    if (connected) return;
    editor.notices.notify('warning', 'The Stately inspector did not connect', [
      `Its viewer (${STATELY_VIEWER}) needs the network, and a pop-up blocker can stop it opening.`,
      BUILT_IN,
    ]);
  }, timeoutMs);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
    sub.unsubscribe();
    inspector.stop();
  };
}
