/**
 * The bottom panel: the live transition timeline, the rules panel and the statecharts panel, as
 * tabs. All stay mounted (the timeline keeps collecting records while hidden, but publishes
 * nothing until shown; the statecharts panel watches its actor only while shown). Side by side
 * (`B`, remembered) the Statecharts panel sits to the right of the timeline or the rules, so a
 * developer watches a chart and the transitions that drive it at once.
 */
import { createSignal, onCleanup } from 'solid-js';
import type { Editor } from '../state/editor';
import { RulesPanel } from './RulesPanel';
import { Timeline } from './Timeline';
import { PanelDivider } from './PanelDivider';
import { StatechartPanel } from '../statecharts/StatechartPanel';
import { StatechartSession, type BottomTab } from '../statecharts/session';
import { BreakpointCard } from '../statecharts/BreakpointCard';
import { CommandButton } from './CommandButton';

type Tab = BottomTab;
type SideTab = Exclude<Tab, 'statecharts'>;

export function BottomPanel(props: { editor: Editor }) {
  const [tab, setTab] = createSignal<Tab>('timeline');
  // The tab the left pane shows side by side: the last timeline or rules tab picked.
  const [sideTab, setSideTab] = createSignal<SideTab>('timeline');
  const beside = () => props.editor.prefs.statechartsBeside();
  const select = (id: Tab) => {
    if (id !== 'statecharts') setSideTab(id);
    setTab(id);
  };
  const shown = (id: Tab) => (beside() ? id === 'statecharts' || id === sideTab() : tab() === id);
  // Statecharts: breakpoints and the timeline ↔ chart link outlive either tab being shown.
  const statecharts = new StatechartSession(props.editor);
  statecharts.showTab = select;
  onCleanup(() => statecharts.dispose());
  const tabButton = (id: Tab, label: () => string) => (
    <button
      type="button"
      role="tab"
      class="tab"
      classList={{ active: shown(id) }}
      aria-selected={shown(id)}
      aria-controls={`bottom-${id}`}
      data-testid={`tab-${id}`}
      onClick={() => select(id)}
    >
      {label()}
    </button>
  );
  return (
    <section class="bottom-panel" classList={{ beside: beside() }} data-testid="bottom-panel">
      <PanelDivider editor={props.editor} />
      <div class="tabs" role="tablist" aria-label="Bottom panel">
        {tabButton('timeline', () => 'Timeline')}
        {tabButton('rules', () => `Rules (${props.editor.doc().rules.length})`)}
        {tabButton('statecharts', () => 'Statecharts')}
        <BreakpointCard editor={props.editor} session={statecharts} />
        <CommandButton editor={props.editor} command="statecharts-beside" class="tab-side small-btn" pressed={beside()} />
      </div>
      <div class="tab-bodies">
        <div class="tab-body" id="bottom-timeline" role="tabpanel" hidden={!shown('timeline')}>
          <Timeline editor={props.editor} visible={shown('timeline')} statecharts={statecharts} />
        </div>
        <div class="tab-body" id="bottom-rules" role="tabpanel" hidden={!shown('rules')}>
          <RulesPanel editor={props.editor} />
        </div>
        <div class="tab-body" id="bottom-statecharts" role="tabpanel" hidden={!shown('statecharts')}>
          <StatechartPanel editor={props.editor} session={statecharts} visible={shown('statecharts')} />
        </div>
      </div>
    </section>
  );
}
