import { defineAction } from '../definition';
import { path } from '../glyph';

export const dropProp = defineAction({
  type: 'drop_prop',
  label: 'Drop Prop',
  icon: [path('M3 1.5h10v5H3zM8 8.5v6M5.5 12 8 14.5l2.5-2.5')],
  overlay: false,
  supported: false,
  payload: () => ({}),
  fields: [],
  text: () => 'Drop the prop',
  phrase: () => 'drops the prop',
});
