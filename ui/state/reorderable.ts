/**
 * Drag-and-drop and keyboard reordering for a vertical list of items with ids (the queue panel
 * and the rules panel). Rows get `row(id, index)` handlers; the list gets `list` handlers.
 */
import { createSignal, type Accessor } from 'solid-js';

export interface ReorderableOptions {
  ids: Accessor<readonly string[]>;
  /** Moves item `id` to index `to` (in the list after removal); the caller records undo. */
  move(id: string, to: number): void;
  remove(id: string): void;
  edit(id: string): void;
  readOnly: Accessor<boolean>;
}

export function createReorderable(opts: ReorderableOptions) {
  const [dragId, setDragId] = createSignal<string | null>(null);
  const [dropAt, setDropAt] = createSignal<number | null>(null);

  const reset = () => {
    setDragId(null);
    setDropAt(null);
  };

  const list = {
    onDragOver(e: DragEvent) {
      if (dragId()) e.preventDefault();
    },
    onDragLeave(e: DragEvent) {
      if (e.currentTarget === e.target) setDropAt(null);
    },
    onDrop(e: DragEvent) {
      e.preventDefault();
      const id = dragId() ?? e.dataTransfer?.getData('text/plain');
      const at = dropAt();
      reset();
      if (!id || at === null) return;
      const from = opts.ids().indexOf(id);
      if (from < 0) return;
      // `at` is an insertion slot (0..n) in the list as shown; convert to the index after removal.
      const to = at > from ? at - 1 : at;
      if (to !== from) opts.move(id, to);
    },
  };

  const row = (id: string, index: Accessor<number>) => ({
    onDragStart(e: DragEvent) {
      setDragId(id);
      e.dataTransfer?.setData('text/plain', id);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    },
    onDragEnd: reset,
    onDragOver(e: DragEvent) {
      if (!dragId()) return;
      e.preventDefault();
      const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
      setDropAt(e.clientY < r.top + r.height / 2 ? index() : index() + 1);
    },
    onKeyDown(e: KeyboardEvent) {
      if (opts.readOnly() || e.target !== e.currentTarget) return;
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        opts.remove(id);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        opts.edit(id);
      } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
        e.preventDefault();
        opts.move(id, index() + (e.key === 'ArrowUp' ? -1 : 1));
      }
    },
  });

  /** Row classes for drag feedback. */
  const rowClasses = (id: string, index: number, count: number) => ({
    dragging: dragId() === id,
    'drop-before': dropAt() === index,
    'drop-after': dropAt() === index + 1 && index === count - 1,
  });

  return { list, row, rowClasses };
}
