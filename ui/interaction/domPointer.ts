/**
 * DOM pointer, wheel and context-menu events of the stage canvas → pointer machine events in
 * canvas CSS px. Nothing is decided here.
 */
import type { Vec2 } from '../state/editor';
import type { PointerSession } from './pointerSession';

export function bindCanvasPointer(canvas: HTMLCanvasElement, session: PointerSession): () => void {
  const local = (e: MouseEvent): Vec2 => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const at = (e: PointerEvent) => ({ pointerId: e.pointerId, screen: local(e), shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, alt: e.altKey });
  const onDown = (e: PointerEvent) => {
    // The middle button would start the browser's autoscroll.
    if (e.button === 1) e.preventDefault();
    session.send({ type: 'pointer.down', button: e.button, ...at(e) });
  };
  const onMove = (e: PointerEvent) => session.send({ type: 'pointer.move', ...at(e) });
  const onUp = (e: PointerEvent) => session.send({ type: 'pointer.up', ...at(e) });
  const onCancel = (e: PointerEvent) => session.send({ type: 'pointer.cancel', pointerId: e.pointerId });
  const onLeave = () => session.send({ type: 'pointer.leave' });
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    session.send({ type: 'wheel', screen: local(e), deltaY: e.deltaY, deltaMode: e.deltaMode });
  };
  const noMenu = (e: MouseEvent) => e.preventDefault();
  const noMiddleScroll = (e: MouseEvent) => {
    if (e.button === 1) e.preventDefault();
  };
  const listeners: Array<[string, EventListener, AddEventListenerOptions?]> = [
    ['pointerdown', onDown as EventListener],
    ['pointermove', onMove as EventListener],
    ['pointerup', onUp as EventListener],
    ['pointercancel', onCancel as EventListener],
    ['pointerleave', onLeave],
    ['wheel', onWheel as EventListener, { passive: false }],
    ['contextmenu', noMenu as EventListener],
    ['mousedown', noMiddleScroll as EventListener],
  ];
  for (const [type, fn, opts] of listeners) canvas.addEventListener(type, fn, opts);
  return () => {
    for (const [type, fn] of listeners) canvas.removeEventListener(type, fn);
  };
}
