/** The selected actor's context as a collapsible tree (rebuilt a few times a second, open levels only). */
import { createMemo, createSignal, Index, Show, type Accessor } from 'solid-js';
import { contextTree, type TreeNode } from './contextTree';

function Row(props: { node: TreeNode; open: Accessor<ReadonlySet<string>>; toggle: (path: string) => void }) {
  const container = () => props.node.kind === 'object' || props.node.kind === 'array';
  const isOpen = () => props.node.children !== null;
  return (
    <li class="sc-tree-row" data-path={props.node.path}>
      <Show when={container()} fallback={<span class="sc-tree-leaf" />}>
        <button type="button" class="sc-tree-toggle" aria-expanded={isOpen()} onClick={() => props.toggle(props.node.path)} title={isOpen() ? 'Collapse' : 'Expand'}>
          {isOpen() ? '▾' : '▸'}
        </button>
      </Show>
      <span class="sc-tree-key">{props.node.key}</span>
      <span class={`sc-tree-value sc-${props.node.kind}`}>
        {container() && !isOpen() ? `${props.node.preview} ${props.node.kind === 'array' ? '' : `(${props.node.size})`}` : container() ? (props.node.kind === 'array' ? `Array(${props.node.size})` : '') : props.node.preview}
      </span>
      <Show when={props.node.children}>
        {(children) => (
          <ul class="sc-tree">
            <Index each={children()}>{(child) => <Row node={child()} open={props.open} toggle={props.toggle} />}</Index>
          </ul>
        )}
      </Show>
    </li>
  );
}

export function ContextTreeView(props: { context: Accessor<unknown> }) {
  const [open, setOpen] = createSignal<ReadonlySet<string>>(new Set());
  const toggle = (path: string) => {
    const next = new Set(open());
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setOpen(next);
  };
  const tree = createMemo(() => (props.context() === undefined ? null : contextTree(props.context(), open())));
  return (
    <Show when={tree()} fallback={<p class="note small">No context: the actor is not running.</p>}>
      {(t) => (
        <ul class="sc-tree sc-tree-root" data-testid="statechart-context">
          <Index each={t().children ?? []}>{(child) => <Row node={child()} open={open} toggle={toggle} />}</Index>
        </ul>
      )}
    </Show>
  );
}
