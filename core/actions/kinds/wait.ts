import { SCENE_LIMITS } from '../../scene/limits';
import { defineAction } from '../definition';
import { path } from '../glyph';
import { num } from '../phrasing';

export const wait = defineAction({
  type: 'wait',
  label: 'Wait',
  icon: [path('M4 1.5h8M4 14.5h8M5 1.5c0 4 6 4 6 6.5S5 11 5 14.5M11 1.5c0 4-6 4-6 6.5s6 3 6 6.5')],
  overlay: false,
  performer: 'both',
  payload: (s) => ({ seconds: s.seconds }),
  fields: [{ name: 'seconds', label: 'Seconds', kind: 'number', capture: 'typed', min: 0, max: SCENE_LIMITS.maxSeconds, unit: 's', default: 1 }],
  text: (a) => `Wait ${num(a.seconds)} s`,
  phrase: (a) => `waits ${num(a.seconds)} s`,
});
