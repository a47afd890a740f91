import { defineAction } from '../definition';
import { circle, path } from '../glyph';

export const recover = defineAction({
  type: 'recover',
  label: 'Recover',
  icon: [circle(8, 2.8, 1.8), path('M8 5v5l-2.5 4.5M8 10l2.5 4.5M8 6.5l-3 2.5M8 6.5l3 2.5')],
  overlay: false,
  payload: () => ({}),
  fields: [],
  text: () => 'Recover',
  phrase: () => 'recovers',
});
