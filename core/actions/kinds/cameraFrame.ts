import { DEFAULT_EASE_SECONDS } from '../../camera/actions';
import { SCENE_LIMITS } from '../../scene/limits';
import { defineAction } from '../definition';
import { path } from '../glyph';
import { num } from '../phrasing';

const ease = (s: number) => (s === 0 ? 'cut' : `ease ${num(s)} s`);

/** The directed camera (issue 23) eases to show a stage rectangle whole. */
export const cameraFrame = defineAction({
  type: 'camera_frame',
  label: 'Frame…',
  // A viewfinder: four corners.
  icon: [path('M1.5 5V1.5H5M11 1.5h3.5V5M14.5 11v3.5H11M5 14.5H1.5V11')],
  overlay: false,
  performer: 'camera',
  payload: (s) => ({ rect: s.rect, ease_seconds: s.seconds.default(DEFAULT_EASE_SECONDS) }),
  fields: [
    { name: 'rect', label: 'Rectangle', kind: 'rect', capture: 'stage_rect' },
    { name: 'ease_seconds', label: 'Ease', kind: 'number', capture: 'typed', min: 0, max: SCENE_LIMITS.maxSeconds, unit: 's', default: DEFAULT_EASE_SECONDS, optional: true },
  ],
  text: (a) => `Frame (${num(a.rect[0])}, ${num(a.rect[1])})–(${num(a.rect[2])}, ${num(a.rect[3])}) (${ease(a.ease_seconds)})`,
  phrase: () => 'frames the stage',
});
