/**
 * Objects authored inside one another in bulk are refused (issue 24): 1,000 or 4,999 props on one
 * spot (20 s for the first step, then a Rapier panic), 300 or 1,000 stickmen on one spot. A pile
 * resting on itself and a crowd side by side load.
 */
import { describe, expect, it } from 'vitest';
import { loadSceneValue } from '../../../core/scene/io';
import { MAX_OVERLAPPING_PAIRS } from '../../../core/scene/crowding';
import { SCENE_LIMITS } from '../../../core/scene/limits';
import { piledProps, restingPile, stackedStickmen } from '../../bench/abuse/scenarios';
import { expectLoaded, expectRejected, minimalScene } from './fixtures';

const PROPS = /^more than 10000 pairs of props start inside one another \(the physics engine would have to push them all apart at once\): spread them out$/;
const MEN = /^more than 10000 pairs of stickmen start inside one another/;

describe('crowding', () => {
  it.each([1000, SCENE_LIMITS.maxObjects - 1])('%i props on one spot are refused at a prop position', (n) => {
    const issues = expectRejected(loadSceneValue(piledProps(n)));
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toMatch(/^\$\.objects\[\d+\]\.position$/);
    expect(issues[0].message).toMatch(PROPS);
  });

  it('a pile of 4,999 boxes resting on each other (1 px apart) loads', () => {
    expectLoaded(loadSceneValue(restingPile(SCENE_LIMITS.maxObjects - 1)));
  });

  it.each([300, 1000])('%i stickmen on one spot are refused', (n) => {
    const issues = expectRejected(loadSceneValue(stackedStickmen(n)));
    expect(issues[0].message).toMatch(MEN);
  });

  it('300 stickmen side by side, 20 px apart, load', () => {
    const doc = stackedStickmen(300);
    doc.objects = (doc.objects as Array<Record<string, unknown>>).map((o, i) => (o.kind === 'stickman' ? { ...o, position: [20 * i, 2200] } : o));
    expectLoaded(loadSceneValue(doc));
  });

  it('counts at the limit: exactly MAX_OVERLAPPING_PAIRS overlapping pairs load, one more is refused', () => {
    // k boxes on one spot overlap in k(k-1)/2 pairs; the rest stand apart on a long stage.
    const onSpot = (k: number) => {
      const doc = minimalScene();
      doc.stage.width = 200_000;
      for (let i = 0; i < k; i += 1) doc.objects.push({ kind: 'prop', id: `b${i}`, file_id: 100 + i, stage_object_id: `b${i}`, spawn_id: 'builtin:box', position: [1000, 500] });
      return doc;
    };
    // 142 boxes: 10,011 pairs; 141: 9,870.
    expect((141 * 140) / 2).toBeLessThanOrEqual(MAX_OVERLAPPING_PAIRS);
    expect((142 * 141) / 2).toBeGreaterThan(MAX_OVERLAPPING_PAIRS);
    expectLoaded(loadSceneValue(onSpot(141)));
    expect(expectRejected(loadSceneValue(onSpot(142)))[0].message).toMatch(PROPS);
  });
});
