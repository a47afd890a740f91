/**
 * Small line icons for the registry's action and trigger kinds. The registries carry an emoji per
 * kind, but emoji fonts are not on every system (the test Chromium has none and draws empty
 * boxes), so the known kinds get an inline SVG and any other kind falls back to the registry's
 * emoji. The kinds themselves still come only from the registries.
 */
import type { JSX } from 'solid-js';
import { actionSpec, triggerSpec } from '../../core/actions/registry';

const P = (d: string) => <path d={d} />;

const GLYPHS: Record<string, () => JSX.Element> = {
  // actions
  walk_to: () => (
    <>
      <circle cx="9" cy="2.8" r="1.8" />
      {P('M8.5 5.5 7 10 l-2.5 4.5 M7 10 l3 1.5 1 3.5 M8.5 5.5 l3 2.5 2 -1 M8.5 5.5 5 7.5 4 10')}
    </>
  ),
  wait: () => P('M4 1.5h8M4 14.5h8M5 1.5c0 4 6 4 6 6.5S5 11 5 14.5M11 1.5c0 4-6 4-6 6.5s6 3 6 6.5'),
  speak: () => P('M2 3.5a1.5 1.5 0 0 1 1.5-1.5h9a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3.5 3v-3h0A1.5 1.5 0 0 1 2 9.5z'),
  face: () => P('M1.5 8h13M4.5 5 1.5 8l3 3M11.5 5l3 3-3 3'),
  ragdoll: () => (
    <>
      <circle cx="12.5" cy="10.5" r="1.8" />
      {P('M10.5 11.5 5 13 1.5 11M5 13l-1.5 1.5M8 12.2 7 9.5M7.5 12.4 9 14.5')}
    </>
  ),
  recover: () => (
    <>
      <circle cx="8" cy="2.8" r="1.8" />
      {P('M8 5v5l-2.5 4.5M8 10l2.5 4.5M8 6.5l-3 2.5M8 6.5l3 2.5')}
    </>
  ),
  pick_up_prop: () => P('M3 9.5h10v5H3zM8 7.5V1.5M5.5 4 8 1.5 10.5 4'),
  drop_prop: () => P('M3 1.5h10v5H3zM8 8.5v6M5.5 12 8 14.5l2.5-2.5'),
  throw_prop: () => (
    <>
      <circle cx="3" cy="12.5" r="1.6" />
      {P('M3.5 10c1.5-6 7-8 10-5M14 2.5l-.5 3-3-.5')}
    </>
  ),
  // triggers
  collided: () => P('M8 1.5l1.2 3.8 3.6-1.6-1.6 3.6 3.8 1.2-3.8 1.2 1.6 3.6-3.6-1.6L8 15.5l-1.2-3.8-3.6 1.6 1.6-3.6L1 8.5l3.8-1.2-1.6-3.6 3.6 1.6z'),
  separated: () => P('M6 3.5v9M10 3.5v9M6 8H1.5M3.5 6 1.5 8l2 2M10 8h4.5M12.5 6l2 2-2 2'),
  entered_area: () => P('M7 2.5h6.5v11H7M1.5 8h8M7 5.5 9.5 8 7 10.5'),
  exited_area: () => P('M9 2.5H2.5v11H9M6 8h8.5M12 5.5 14.5 8 12 10.5'),
  arrived: () => P('M3.5 14.5v-13M3.5 2h9l-2 3 2 3h-9'),
  action_started: () => P('M4.5 2.5v11l9-5.5z'),
  action_finished: () => P('M3.5 3.5h9v9h-9z'),
  queue_finished: () => P('M2 8.5 6 12.5 14 3.5'),
  speech_finished: () => P('M2 3.5a1.5 1.5 0 0 1 1.5-1.5h9a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3.5 3v-3A1.5 1.5 0 0 1 2 9.5zM5.5 6.5l1.8 1.8 3.2-3.3'),
  state_changed: () => P('M13.5 6.5A5.5 5.5 0 0 0 3.2 5M2.5 9.5A5.5 5.5 0 0 0 12.8 11M3 2v3.2h3.2M13 14v-3.2H9.8'),
  // UI
  target: () => (
    <>
      <circle cx="8" cy="8" r="5" />
      <circle cx="8" cy="8" r="1.2" />
      {P('M8 .5v3M8 12.5v3M.5 8h3M12.5 8h3')}
    </>
  ),
};

/** The icon of an action or trigger kind (or `target` for "pick on stage"). */
export function ActionIcon(props: { type: string; title?: string }) {
  const glyph = () => GLYPHS[props.type];
  const fallback = () => actionSpec(props.type)?.icon ?? triggerSpec(props.type)?.icon ?? '•';
  return (
    <span class="action-icon" title={props.title} aria-hidden={props.title ? undefined : 'true'}>
      {glyph() ? (
        <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">
          {glyph()!()}
        </svg>
      ) : (
        fallback()
      )}
    </span>
  );
}
