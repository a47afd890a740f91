/**
 * The draggable divider above the bottom panel: drag it (or focus it and press ↑ / ↓) to give the
 * panel more or less room; double-click returns to the default height. The height is remembered
 * in browser storage (ui/state/panelLayout).
 */
import type { Editor } from '../state/editor';

const KEY_STEP_PX = 24;

export function PanelDivider(props: { editor: Editor }) {
  const layout = props.editor.layout;
  let el!: HTMLDivElement;
  /** The px the stage and the bottom panel share (the panel may take all but the stage's minimum). */
  const available = () => {
    const panel = el.parentElement!;
    const stage = document.querySelector('.stage-area');
    return panel.getBoundingClientRect().height + (stage?.getBoundingClientRect().height ?? 0);
  };
  const current = () => el.parentElement!.getBoundingClientRect().height;

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const startY = e.clientY;
    const startHeight = current();
    const room = available();
    el.setPointerCapture(e.pointerId);
    el.classList.add('dragging');
    const onMove = (m: PointerEvent) => layout.setBottomHeight(startHeight + (startY - m.clientY), room);
    const onUp = () => {
      el.classList.remove('dragging');
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
      layout.remember();
    };
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    // The arrows are the divider's while it has focus (not the selection's nudge).
    e.preventDefault();
    layout.setBottomHeight(current() + (e.key === 'ArrowUp' ? KEY_STEP_PX : -KEY_STEP_PX), available());
    layout.remember();
  };

  return (
    <div
      ref={el}
      class="panel-divider"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the bottom panel"
      aria-valuenow={layout.bottomHeight() ?? undefined}
      tabindex="0"
      data-testid="panel-divider"
      title="Drag to resize the bottom panel (double-click: default height)"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDblClick={() => layout.reset()}
    />
  );
}
