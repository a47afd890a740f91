/**
 * Issue 19 / DESIGN.md §7 (areas through a ragdoll): a ragdoll's bodies count for area
 * membership — they fire no collision rules (seed 4.5) — so ragdolling inside an area is not an
 * exit and standing up in it is not an entry. A rule "when X enters the gap → ragdoll" knocks X
 * down once: X stands up and walks on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

const doc = scene([
  ground(),
  stickman('bo', [600, 1400], { auto_recover: true }),
  { kind: 'area', id: 'gap', position: [1100, 1250], size: [500, 300] },
], {
  queues: { bo: [{ id: 'a1', type: 'walk_to', target_position: [2400, 1400] }, { id: 'a2', type: 'walk_to', target_position: [2400, 1400] }] },
  rules: [{ id: 'trip', when: { type: 'entered_area', source: 'bo', target: 'gap' }, then: [{ actor: 'bo', mode: 'takeover', action: { type: 'ragdoll' } }] }],
});

describe('an area through a ragdoll', () => {
  it('the trip rule knocks the stickman down once; down and up again it stays inside, then walks on out', () => {
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.finished('a2') !== undefined, 60 * 40);
    const downs = s.events('state_changed', 'bo').filter((e) => e.state === 'RAGDOLL');
    expect(downs).toHaveLength(1);
    expect(s.finished('a2')?.outcome).toBe('completed');
    const area = s.events().filter((e) => (e.type === 'entered_area' || e.type === 'exited_area') && e.source === 'bo').map((e) => e.type);
    expect(area).toEqual(['entered_area', 'exited_area']);
    // The one exit is the walk out past the area's far edge, after standing up.
    const exit = s.events('exited_area', 'bo')[0];
    const up = s.events('state_changed', 'bo').find((e) => e.previous === 'RECOVERING')!;
    expect(exit.tick).toBeGreaterThan(up.tick);
    expect(exit.position![0]).toBeGreaterThan(1300);
    s.dispose();
  });
});
