/**
 * The key to the overlay lane's look (issue 22): a speech bubble drawn dashed, italic and greyer
 * is speech on the overlay lane — said beside the queue (a rule's overlay reaction), without
 * holding it up. Shown under the queue of a stickman that has such speech: a rule gives it one,
 * or (in PLAY) it is saying one now. A sample bubble in the same style, and the same words as the
 * tooltip, so the style is explained where a director first meets it.
 */
import { createMemo, Show } from 'solid-js';
import { SPEECH_STYLE } from '../../render';
import type { Editor } from '../state/editor';

export const OVERLAY_LANE_TEXT = 'Dashed italic bubble: overlay lane — speech a rule runs beside the queue, without blocking it';

export function OverlayLaneLegend(props: { editor: Editor; rigId: string }) {
  const editor = props.editor;
  const byRule = createMemo(() => editor.doc().rules.some((r) => r.enabled !== false && r.then.some((t) => t.actor === props.rigId && t.mode === 'overlay')));
  const sayingNow = () => editor.mode().mode === 'PLAY' && !!editor.run.liveFrame().rigs.find((r) => r.id === props.rigId)?.speech.some((s) => s.overlay);
  return (
    <Show when={byRule() || sayingNow()}>
      <p class="lane-legend small" data-testid="overlay-lane-legend" title={OVERLAY_LANE_TEXT}>
        <span
          class="lane-sample"
          aria-hidden="true"
          style={{ color: SPEECH_STYLE.overlayText, background: SPEECH_STYLE.overlayBackground, 'border-color': SPEECH_STYLE.defaultBorder }}
        >
          Hi!
        </span>
        <span>
          <b>overlay lane</b>: speech a rule runs beside the queue, without blocking it
        </span>
      </p>
    </Show>
  );
}
