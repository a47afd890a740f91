import { CAMERA_MAX_WIDTH, CAMERA_MIN_WIDTH } from '../../camera/camera';
import { DEFAULT_EASE_SECONDS, DEFAULT_FOLLOW_WIDTH } from '../../camera/actions';
import { SCENE_LIMITS } from '../../scene/limits';
import { defineAction } from '../definition';
import { circle, path } from '../glyph';
import { num } from '../phrasing';

const ease = (s: number) => (s === 0 ? 'cut' : `ease ${num(s)} s`);

/** The directed camera (issue 23) keeps a stickman or a prop in the middle of a view `width` px wide. */
export const cameraFollow = defineAction({
  type: 'camera_follow',
  label: 'Follow…',
  // 🎥 with a target: a camera body, its lens, and the followed point.
  icon: [path('M1.5 5.5h8v6h-8zM9.5 7.5l3-2v6l-3-2'), circle(14, 3, 1.2)],
  overlay: false,
  performer: 'camera',
  payload: (s) => ({ target_id: s.objectId, width: s.viewWidth.default(DEFAULT_FOLLOW_WIDTH), ease_seconds: s.seconds.default(DEFAULT_EASE_SECONDS) }),
  fields: [
    { name: 'target_id', label: 'Follow', kind: 'object', capture: 'stage_prop' },
    { name: 'width', label: 'View width', kind: 'number', capture: 'typed', min: CAMERA_MIN_WIDTH, max: CAMERA_MAX_WIDTH, unit: 'px', default: DEFAULT_FOLLOW_WIDTH, optional: true },
    { name: 'ease_seconds', label: 'Ease', kind: 'number', capture: 'typed', min: 0, max: SCENE_LIMITS.maxSeconds, unit: 's', default: DEFAULT_EASE_SECONDS, optional: true },
  ],
  text: (a, name = (id) => id) => `Follow ${name(a.target_id)} (${num(a.width)} px, ${ease(a.ease_seconds)})`,
  phrase: (a, name = (id) => id) => `follows ${name(a.target_id)}`,
});
