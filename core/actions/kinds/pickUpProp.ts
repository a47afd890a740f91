import { defineAction } from '../definition';
import { path } from '../glyph';

export const pickUpProp = defineAction({
  type: 'pick_up_prop',
  label: 'Pick Up Prop…',
  icon: [path('M3 9.5h10v5H3zM8 7.5V1.5M5.5 4 8 1.5 10.5 4')],
  overlay: false,
  supported: false,
  payload: (s) => ({ target_prop_id: s.objectId }),
  fields: [{ name: 'target_prop_id', label: 'Prop', kind: 'prop', capture: 'stage_prop' }],
  text: (a) => `Pick up ${a.target_prop_id}`,
  phrase: (a) => `picks up ${a.target_prop_id}`,
});
