import { SCENE_LIMITS } from '../../scene/limits';
import { defineAction } from '../definition';
import { path } from '../glyph';
import { num, quote } from '../phrasing';

/** Speech without an explicit duration lasts long enough to read. */
export function defaultSpeechSeconds(text: string): number {
  return Math.min(8, Math.max(1.5, 0.3 + text.length * 0.06));
}

export const speak = defineAction({
  type: 'speak',
  label: 'Speak…',
  icon: [path('M2 3.5a1.5 1.5 0 0 1 1.5-1.5h9a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3.5 3v-3h0A1.5 1.5 0 0 1 2 9.5z')],
  overlay: true,
  payload: (s) => ({ text: s.text, seconds: s.seconds.optional() }),
  fields: [
    { name: 'text', label: 'Text', kind: 'text', capture: 'typed', default: 'Hello!', placeholder: 'What they say' },
    { name: 'seconds', label: 'Seconds', kind: 'number', capture: 'typed', min: 0, max: SCENE_LIMITS.maxSeconds, unit: 's', default: 2, optional: true },
  ],
  text: (a) => `${quote(a.text)}${a.seconds !== undefined ? ` ${num(a.seconds)} s` : ''}`,
  phrase: (a) => `says ${quote(a.text)}`,
});
