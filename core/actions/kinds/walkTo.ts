import { defineAction } from '../definition';
import { circle, path } from '../glyph';
import { point } from '../phrasing';

export const walkTo = defineAction({
  type: 'walk_to',
  label: 'Walk to…',
  icon: [circle(9, 2.8, 1.8), path('M8.5 5.5 7 10 l-2.5 4.5 M7 10 l3 1.5 1 3.5 M8.5 5.5 l3 2.5 2 -1 M8.5 5.5 5 7.5 4 10')],
  overlay: false,
  payload: (s) => ({ target_position: s.point }),
  fields: [{ name: 'target_position', label: 'Target', kind: 'point', capture: 'stage_point' }],
  text: (a) => `Walk to ${point(a.target_position)}`,
  phrase: (a) => `walks to ${point(a.target_position)}`,
  plan(a, fold) {
    if (!a.target_position) return;
    fold.root = fold.predictWalk(fold.root, [a.target_position[0], a.target_position[1]]);
    fold.rootPredicted = true;
  },
});
