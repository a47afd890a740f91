import { defineAction } from '../definition';
import { circle, path } from '../glyph';

export const ragdoll = defineAction({
  type: 'ragdoll',
  label: 'Ragdoll',
  icon: [circle(12.5, 10.5, 1.8), path('M10.5 11.5 5 13 1.5 11M5 13l-1.5 1.5M8 12.2 7 9.5M7.5 12.4 9 14.5')],
  overlay: false,
  payload: () => ({}),
  fields: [],
  text: () => 'Ragdoll',
  phrase: () => 'goes ragdoll',
  // Going ragdoll disarms the rig (seed §4), and the pose it recovers into is not known.
  plan(_a, fold) {
    if (fold.held.kind === 'held') fold.held = { kind: 'empty', why: `Step ${fold.step} ragdoll drops the prop` };
    fold.uncertain.push(`Step ${fold.step} ragdolls; the pose after recovery is an estimate`);
  },
});
