/**
 * The planner's verdict on one pending queue item (issue 22): an icon, its reason as the tooltip
 * and the accessible label. The verdicts come from streams/preview/queuePlan (the throw
 * preview's own planner), recomputed whenever the document — the queue or the stage — changes.
 */
import type { StepPlan, StepVerdict } from '../../streams/preview/queuePlan';

const GLYPH: Record<StepVerdict, string> = {
  ok: '✓',
  uncertain: '?',
  skipped: '⊘',
  blocked: '⛔',
  unreachable: '✗',
};

const WORD: Record<StepVerdict, string> = {
  ok: 'Planner',
  uncertain: 'Planner (uncertain)',
  skipped: 'Planner: skipped',
  blocked: 'Planner: blocked',
  unreachable: 'Planner: unreachable',
};

export function PlanIcon(props: { plan: StepPlan }) {
  const text = () => `${WORD[props.plan.verdict]}: ${props.plan.reason}`;
  return (
    <span class={`qplan plan-${props.plan.verdict}`} data-testid="queue-plan" data-verdict={props.plan.verdict} title={text()} aria-label={text()} role="img">
      {GLYPH[props.plan.verdict]}
    </span>
  );
}
