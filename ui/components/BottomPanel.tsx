/**
 * The bottom panel: the live transition timeline and the rules panel, as tabs. Both stay mounted
 * (the timeline keeps collecting records while hidden, but publishes nothing until shown).
 */
import { createSignal } from 'solid-js';
import type { Editor } from '../state/editor';
import { RulesPanel } from './RulesPanel';
import { Timeline } from './Timeline';

type Tab = 'timeline' | 'rules';

export function BottomPanel(props: { editor: Editor }) {
  const [tab, setTab] = createSignal<Tab>('timeline');
  const tabButton = (id: Tab, label: () => string) => (
    <button
      type="button"
      role="tab"
      class="tab"
      classList={{ active: tab() === id }}
      aria-selected={tab() === id}
      aria-controls={`bottom-${id}`}
      data-testid={`tab-${id}`}
      onClick={() => setTab(id)}
    >
      {label()}
    </button>
  );
  return (
    <section class="bottom-panel" data-testid="bottom-panel">
      <div class="tabs" role="tablist" aria-label="Bottom panel">
        {tabButton('timeline', () => 'Timeline')}
        {tabButton('rules', () => `Rules (${props.editor.doc().rules.length})`)}
      </div>
      <div class="tab-body" id="bottom-timeline" role="tabpanel" hidden={tab() !== 'timeline'}>
        <Timeline editor={props.editor} visible={tab() === 'timeline'} />
      </div>
      <div class="tab-body" id="bottom-rules" role="tabpanel" hidden={tab() !== 'rules'}>
        <RulesPanel editor={props.editor} />
      </div>
    </section>
  );
}
