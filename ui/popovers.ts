/**
 * Open popovers (the Export panel, menus): each registers how to close itself while it is open,
 * so Esc closes the one opened last wherever the focus is (ui/commandContext.ts, the "cancel"
 * command), without the key handler knowing which popovers exist.
 */
const open: Array<() => void> = [];

/** Registers an open popover's close; returns the unregister (call it when the popover closes). */
export function popoverOpened(close: () => void): () => void {
  open.push(close);
  return () => {
    const i = open.lastIndexOf(close);
    if (i >= 0) open.splice(i, 1);
  };
}

/** Closes the popover opened last. False when none is open. */
export function closeTopPopover(): boolean {
  const close = open.pop();
  if (!close) return false;
  close();
  return true;
}
