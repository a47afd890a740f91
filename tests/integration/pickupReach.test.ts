/**
 * Issue 19 (seed 11 §3.1): the pickup's stand point is chosen so the grip is reachable from it,
 * the crouch included. A grip near floor level is walked to and picked up, not walked to and
 * then skipped as out of reach.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

function pickFar(spawn: string, at: [number, number], from = 600) {
  const doc = scene([ground(), stickman('bo', [from, 1400]), prop('p', spawn, at)], {
    queues: { bo: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'p', hand: 'auto' }] },
  });
  const s = TestStage.load(doc).play();
  s.stepUntil(() => s.finished('pick') !== undefined, 60 * 15);
  const out = { finished: s.finished('pick'), held: s.rigView('bo').heldProp, warnings: s.warnings().map((w) => w.message) };
  s.dispose();
  return out;
}

describe('pickup stand point', () => {
  for (const [spawn, y] of [['ball', 1380], ['bottle', 1370], ['plank', 1390], ['box', 1360]] as const) {
    it(`a ${spawn} lying on the floor far ahead is walked to and picked up`, () => {
      const r = pickFar(spawn, [1300, y]);
      expect(r.warnings).toEqual([]);
      expect(r.finished?.outcome).toBe('completed');
      expect(r.held).toBe('p');
    });
  }

  it('the same from the other side (the stand point is on the rig\'s side of the prop)', () => {
    const r = pickFar('ball', [700, 1380], 1500);
    expect(r.finished?.outcome).toBe('completed');
    expect(r.held).toBe('p');
  });
});
