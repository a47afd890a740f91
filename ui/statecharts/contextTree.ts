/**
 * An actor's context as a collapsible tree: plain values with previews, actor references shown by
 * their id (never walked: they are other actors), functions as ƒ. Only the levels that are open
 * are built, and each level lists a bounded number of entries, so a big context stays cheap.
 */
export interface TreeNode {
  /** Dotted key path from the root (the open-state key). */
  path: string;
  key: string;
  /** One line: the value, or a summary of a container. */
  preview: string;
  kind: 'object' | 'array' | 'actor' | 'function' | 'primitive';
  /** Children when this node is open; null when closed or not a container. */
  children: TreeNode[] | null;
  /** Child count of a container (shown even when closed). */
  size: number;
}

export const MAX_TREE_ENTRIES = 60;
const MAX_PREVIEW = 80;

const isActorRef = (v: unknown): v is { id: string; sessionId: string; options?: { systemId?: string } } =>
  !!v && typeof v === 'object' && typeof (v as { send?: unknown }).send === 'function' && typeof (v as { getSnapshot?: unknown }).getSnapshot === 'function';

function primitiveText(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > MAX_PREVIEW ? `${v.slice(0, MAX_PREVIEW - 1)}…` : v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e4) / 1e4);
  return String(v);
}

function entriesOf(v: object): Array<[string, unknown]> {
  return Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
}

/** A short inline preview of a container (`{ id, lane, … }`, `[3]`). */
function containerPreview(v: object): string {
  if (Array.isArray(v)) return `Array(${v.length})`;
  const keys = Object.keys(v);
  const shown = keys.slice(0, 4).join(', ');
  return `{ ${shown}${keys.length > 4 ? ', …' : ''} }`;
}

/** Builds the tree; `open` holds the paths of expanded nodes ('' is the root, always open). */
export function contextTree(value: unknown, open: ReadonlySet<string>, key = 'context', path = ''): TreeNode {
  if (isActorRef(value)) {
    const name = value.options?.systemId ?? value.id;
    return { path, key, preview: `actor ${name}`, kind: 'actor', children: null, size: 0 };
  }
  if (typeof value === 'function') return { path, key, preview: 'ƒ', kind: 'function', children: null, size: 0 };
  if (value === null || typeof value !== 'object') return { path, key, preview: primitiveText(value), kind: 'primitive', children: null, size: 0 };
  const entries = entriesOf(value);
  const isOpen = path === '' || open.has(path);
  let children: TreeNode[] | null = null;
  if (isOpen) {
    children = entries.slice(0, MAX_TREE_ENTRIES).map(([k, v]) => contextTree(v, open, k, path ? `${path}.${k}` : k));
    if (entries.length > MAX_TREE_ENTRIES) {
      children.push({ path: `${path}.…`, key: '…', preview: `${entries.length - MAX_TREE_ENTRIES} more`, kind: 'primitive', children: null, size: 0 });
    }
  }
  return { path, key, preview: containerPreview(value), kind: Array.isArray(value) ? 'array' : 'object', children, size: entries.length };
}
