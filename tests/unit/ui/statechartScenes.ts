/** Scenes for the statechart tests: a stickman that walks off a platform edge. */
import type { SceneDocument } from '../../../core/scene/schema';
import { ground, scene } from '../../helpers/scenes';

/**
 * `walker` starts on a platform (x 700..1300, top 1100) and walks to x 1700 on the ground (top
 * 1400): a terrain fall at PLAY start, then a 300 px drop off the edge (a hard landing).
 */
export function ledgeScene(): SceneDocument {
  return scene(
    [
      ground(),
      { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300], rotation: 0 },
      { kind: 'stickman', id: 'walker', position: [900, 1100], facing: 'RIGHT', auto_recover: true },
    ],
    { queues: { walker: [{ id: 'w1', type: 'walk_to', target_position: [1700, 1400] }] }, rules: [], prop_assets: [] },
  );
}
