import { defineAction } from '../definition';
import { circle, path } from '../glyph';
import { point } from '../phrasing';

export const throwProp = defineAction({
  type: 'throw_prop',
  label: 'Throw Prop…',
  icon: [circle(3, 12.5, 1.6), path('M3.5 10c1.5-6 7-8 10-5M14 2.5l-.5 3-3-.5')],
  overlay: false,
  supported: false,
  payload: (s) => ({ target_position: s.point }),
  fields: [{ name: 'target_position', label: 'Target', kind: 'point', capture: 'stage_point' }],
  text: (a) => `Throw the prop to ${point(a.target_position)}`,
  phrase: (a) => `throws the prop to ${point(a.target_position)}`,
});
