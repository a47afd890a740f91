/**
 * The icon of an action or trigger kind, drawn as inline SVG from the glyph its definition
 * carries (core/actions/kinds, the TriggerRegistry), so a new kind brings its own icon. The
 * only glyph kept here is the UI's own `target` ("pick on stage").
 */
import { For } from 'solid-js';
import { actionSpec, triggerSpec } from '../../core/actions/registry';
import { circle, path, type Glyph } from '../../core/actions/glyph';

const TARGET: Glyph = [circle(8, 8, 5), circle(8, 8, 1.2), path('M8 .5v3M8 12.5v3M.5 8h3M12.5 8h3')];

const glyphOf = (type: string): Glyph | undefined => (type === 'target' ? TARGET : (actionSpec(type)?.icon ?? triggerSpec(type)?.icon));

/** The icon of an action or trigger kind (or `target` for "pick on stage"); a dot for an unknown kind. */
export function ActionIcon(props: { type: string; title?: string }) {
  const glyph = () => glyphOf(props.type);
  return (
    <span class="action-icon" title={props.title} aria-hidden={props.title ? undefined : 'true'}>
      {glyph() ? (
        <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">
          <For each={glyph()}>{(part) => ('path' in part ? <path d={part.path} /> : <circle cx={part.circle[0]} cy={part.circle[1]} r={part.circle[2]} />)}</For>
        </svg>
      ) : (
        '•'
      )}
    </span>
  );
}
