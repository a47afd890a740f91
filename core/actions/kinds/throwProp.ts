import { defineAction } from '../definition';
import { path } from '../glyph';
import { point } from '../phrasing';

/**
 * Seed phase 11 §1.2, §3.3: throw the held prop to a fixed stage point (its landing target).
 * With nothing held it is a skipped no-op.
 */
export const throwProp = defineAction({
  type: 'throw_prop',
  label: 'Throw Prop…',
  // 🏹: a bow, its string, and an arrow across them.
  icon: [path('M4.5 1.5A11 11 0 0 1 14.5 11.5M4.5 1.5 14.5 11.5M1.5 14.5l10-10M8 4.5h3.5V8')],
  overlay: false,
  payload: (s) => ({ target_position: s.point }),
  fields: [{ name: 'target_position', label: 'Target', kind: 'point', capture: 'stage_point' }],
  text: (a) => `Throw the prop to ${point(a.target_position)}`,
  phrase: (a) => `throws the prop to ${point(a.target_position)}`,
  plan(_a, fold) {
    if (fold.held.kind !== 'held') return;
    fold.held = { kind: 'empty', why: `Step ${fold.step} throws the prop first` };
    fold.uncertain.push(`Step ${fold.step} throws a prop; where it lands is an estimate`);
  },
});
