import { defineAction } from '../definition';
import { path } from '../glyph';

const side = (direction: 'LEFT' | 'RIGHT') => (direction === 'LEFT' ? 'left' : 'right');

export const face = defineAction({
  type: 'face',
  label: 'Face',
  icon: [path('M1.5 8h13M4.5 5 1.5 8l3 3M11.5 5l3 3-3 3')],
  overlay: true,
  payload: (s) => ({ direction: s.facing }),
  fields: [{ name: 'direction', label: 'Direction', kind: 'facing', capture: 'choice', default: 'RIGHT' }],
  text: (a) => `Face ${side(a.direction)}`,
  phrase: (a) => `faces ${side(a.direction)}`,
});
