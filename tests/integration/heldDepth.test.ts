/**
 * Issue 19 "Truthful frames" / seed 11 §3.2: the grip's z_offset orders the held prop against
 * its holder when drawn. The frame carries the held grip's z_offset on the holder's view, and
 * the renderer's decision (render/rigDepth heldPropLayers) puts a z_offset > 0 prop in front of
 * the stickman, a z_offset < 0 one behind it, and a prop let go back among the others.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { heldPropLayers } from '../../render/rigDepth';
import { TestStage } from '../helpers/testStage';
import { heldDepthScene } from './rigScenes';

beforeAll(() => TestStage.init());

describe('a held prop drawn against its holder', () => {
  it('the frame carries the held grip\'s z_offset: in front of Ada, behind Bo, back among the props once dropped', () => {
    const s = TestStage.load(heldDepthScene()).play();
    s.stepUntil(() => s.rigView('ada').heldProp === 'front' && s.rigView('bo').heldProp === 'behind', 60 * 6);
    expect(s.rigView('ada')).toMatchObject({ heldProp: 'front', heldZOffset: 1 });
    expect(s.rigView('bo')).toMatchObject({ heldProp: 'behind', heldZOffset: -1 });
    expect([...heldPropLayers(s.frame().rigs)].sort()).toEqual([['behind', 'behind'], ['front', 'front']]);
    // Settled into the carry pose, each plank lies over its holder's forearm: which one is on top is what a viewer sees.
    s.step(24);
    for (const [rig, id] of [['ada', 'front'], ['bo', 'behind']] as const) {
      const forearm = s.rigView(rig).parts.find((p) => p.name === 'right_lower_arm')!;
      const mid = [(forearm.start[0] + forearm.end[0]) / 2, (forearm.start[1] + forearm.end[1]) / 2];
      const plank = s.runtime.propState(id)!;
      const dx = mid[0] - plank.position[0];
      const dy = mid[1] - plank.position[1];
      const c = Math.cos(-plank.rotation);
      const n = Math.sin(-plank.rotation);
      expect(Math.abs(dx * c - dy * n), `${rig}'s forearm across the plank`).toBeLessThan(15);
      expect(Math.abs(dx * n + dy * c), `${rig}'s forearm along the plank`).toBeLessThan(80);
    }
    s.stepUntil(() => s.rigView('ada').heldProp === null && s.rigView('bo').heldProp === null, 60 * 4);
    expect(s.actionLog('ada')).toEqual(['pa started', 'pa finished completed', 'wa started', 'wa finished completed', 'da started', 'da finished completed']);
    expect(s.rigView('ada').heldZOffset).toBe(0);
    expect(heldPropLayers(s.frame().rigs).size).toBe(0);
    s.dispose();
  });
});
