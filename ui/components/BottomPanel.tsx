/**
 * The bottom panel: the live transition timeline, the rules panel and the statecharts panel, as
 * tabs. All stay mounted (the timeline keeps collecting records while hidden, but publishes
 * nothing until shown; the statecharts panel watches its actor only while shown).
 */
import { createSignal, onCleanup } from 'solid-js';
import type { Editor } from '../state/editor';
import { RulesPanel } from './RulesPanel';
import { Timeline } from './Timeline';
import { PanelDivider } from './PanelDivider';
import { StatechartPanel } from '../statecharts/StatechartPanel';
import { StatechartSession, type BottomTab } from '../statecharts/session';
import { BreakpointCard } from '../statecharts/BreakpointCard';

type Tab = BottomTab;

export function BottomPanel(props: { editor: Editor }) {
  const [tab, setTab] = createSignal<Tab>('timeline');
  // Statecharts: breakpoints and the timeline ↔ chart link outlive either tab being shown.
  const statecharts = new StatechartSession(props.editor);
  statecharts.showTab = setTab;
  onCleanup(() => statecharts.dispose());
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
      <PanelDivider editor={props.editor} />
      <div class="tabs" role="tablist" aria-label="Bottom panel">
        {tabButton('timeline', () => 'Timeline')}
        {tabButton('rules', () => `Rules (${props.editor.doc().rules.length})`)}
        {tabButton('statecharts', () => 'Statecharts')}
        <BreakpointCard editor={props.editor} session={statecharts} />
      </div>
      <div class="tab-body" id="bottom-timeline" role="tabpanel" hidden={tab() !== 'timeline'}>
        <Timeline editor={props.editor} visible={tab() === 'timeline'} statecharts={statecharts} />
      </div>
      <div class="tab-body" id="bottom-rules" role="tabpanel" hidden={tab() !== 'rules'}>
        <RulesPanel editor={props.editor} />
      </div>
      <div class="tab-body" id="bottom-statecharts" role="tabpanel" hidden={tab() !== 'statecharts'}>
        <StatechartPanel editor={props.editor} session={statecharts} visible={tab() === 'statecharts'} />
      </div>
    </section>
  );
}
