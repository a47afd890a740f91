/**
 * The debug overlay's issue-9 data in frames (only while debug is on): the TerrainMotion label
 * carries the air-pose weight and the fall so far in the air, and the landing's phase, elapsed
 * time and fall height while a hard landing is absorbed; the landing's two locked foot contacts
 * are listed (with where each came from) exactly while LANDING_IMPACT lasts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LANDING_COMPRESS_DURATION, LANDING_TOTAL_DURATION } from '../../core/locomotion';
import { ground } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk } from './rigScenes';

beforeAll(async () => {
  await TestStage.init();
});

// A raised block over x 700..1300 whose top (1100) is 300 px above the ground.
const platform = { kind: 'terrain', id: 'platform', shape: 'block', position: [1000, 1250], size: [600, 300] };
const labelOf = (s: TestStage, id: string) => s.frame().debug!.labels.find((l) => l.text.startsWith(`${id}: `))!.text;

describe('TerrainMotion in the debug block', () => {
  it('airborne: air weight and fall so far; landing: phase, elapsed, fall height and the two locked feet; then neither', () => {
    const s = TestStage.load(sceneWithQueues([ground(), platform, stickman('ada', [1000, 1100])], { ada: [walk('w1', 1600)] })).play();
    s.controller.setDebug(true);
    const rig = s.rig('ada');
    s.stepUntil(() => rig.terrainPhase === 'AIRBORNE', 60 * 5);
    s.step(10);
    const m = rig.motion;
    expect(labelOf(s, 'ada')).toBe(`ada: AIRBORNE · air w ${m.airPoseWeight.toFixed(2)} · fall ${Math.round(m.root[1] - m.fallStartY)} px`);
    expect(m.airPoseWeight).toBeGreaterThan(0);
    expect(s.frame().debug!.footLocks).toEqual([]);

    s.stepUntil(() => rig.terrainPhase === 'LANDING_IMPACT', 60 * 3);
    const l = rig.motion.landing!;
    expect(l.fallHeight).toBeCloseTo(300, 6);
    const seen = new Set<string>();
    while (rig.terrainPhase === 'LANDING_IMPACT') {
      const text = labelOf(s, 'ada');
      const phase = l.elapsed < LANDING_COMPRESS_DURATION ? 'compress' : 'recover';
      expect(text).toBe(`ada: LANDING_IMPACT · landing ${phase} ${l.elapsed.toFixed(2)} / ${LANDING_TOTAL_DURATION.toFixed(2)} s · fall 300 px`);
      seen.add(phase);
      const locks = s.frame().debug!.footLocks!;
      expect(locks.map((f) => f.side)).toEqual(['left', 'right']);
      for (const f of locks) {
        expect(f.id).toBe('ada');
        expect(f.position).toEqual(l.contacts[f.side]);
        expect(f.fromFan).toBe(l.contactFromFan[f.side]);
        // The solved foot stands on its lock.
        const foot = rig.worldPose[`${f.side}_lower_leg`].end;
        expect(Math.hypot(foot[0] - f.position[0], foot[1] - f.position[1])).toBeLessThan(1e-6);
        expect(f.position[1]).toBe(GROUND_TOP);
      }
      s.step(1);
    }
    expect([...seen]).toEqual(['compress', 'recover']);
    expect(rig.terrainPhase).toBe('GROUNDED');
    expect(labelOf(s, 'ada')).toBe('ada: GROUNDED');
    expect(s.frame().debug!.footLocks).toEqual([]);
    s.dispose();
  });

  it('with debug off the frame has no debug block at all', () => {
    const s = TestStage.load(sceneWithQueues([ground(), platform, stickman('ada', [1000, 1100])], { ada: [walk('w1', 1600)] })).play();
    s.stepUntil(() => s.rig('ada').terrainPhase === 'LANDING_IMPACT', 60 * 5);
    expect(s.frame().debug).toBeUndefined();
    s.dispose();
  });
});
