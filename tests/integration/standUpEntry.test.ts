/**
 * Issue 19 (seed 4.5 RECOVERING, "no marker snap"): a stand-up starts where the ragdoll lies.
 * The first frame standing up draws every part where the ragdoll's last frame had it (no entry
 * pop over 2 px), and the blend away from it has no jump either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RigView } from '../../streams/frame/frame';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

/** The largest move of any part end between two views of one stickman. */
function largestMove(a: RigView, b: RigView): { d: number; where: string } {
  let best = { d: 0, where: '' };
  for (const p of a.parts) {
    const q = b.parts.find((x) => x.name === p.name);
    if (!q) continue;
    for (const [end, u, v] of [['start', p.start, q.start], ['end', p.end, q.end]] as const) {
      const d = Math.hypot(u[0] - v[0], u[1] - v[1]);
      if (d > best.d) best = { d, where: `${p.name}.${end}` };
    }
  }
  return best;
}

function standUpFrom(x: number, extra: Record<string, unknown>[] = [], push: [number, number] = [0, 0]) {
  const s = TestStage.load(scene([ground(), stickman('bo', [x, 1400], { auto_recover: true }), ...extra])).play().step(30);
  s.command({ type: 'rig.ragdoll', id: 'bo' }).step(1);
  if (push[0] !== 0 || push[1] !== 0) s.step(1);
  let last = s.rigView('bo');
  let entry: { d: number; where: string } | null = null;
  let blend = 0;
  let k = 0;
  for (let i = 0; i < 60 * 12 && k < 25; i += 1) {
    s.step(1);
    const v = s.rigView('bo');
    if (entry === null && v.state === 'RECOVERING') entry = largestMove(last, v);
    else if (entry !== null) {
      blend = Math.max(blend, largestMove(last, v).d);
      k += 1;
    }
    last = v;
  }
  s.dispose();
  return { entry, blend };
}

describe('stand-up entry', () => {
  it('a stickman knocked down on flat ground starts standing up from the pose it lies in', () => {
    const r = standUpFrom(1000);
    expect(r.entry, 'it stood up').not.toBeNull();
    expect(r.entry!.d, `pop at ${r.entry!.where}`).toBeLessThan(2);
    expect(r.blend).toBeLessThan(25);
  });

  it('the same, lying across a box', () => {
    const r = standUpFrom(1000, [prop('crate', 'box', [1150, 1360])]);
    expect(r.entry).not.toBeNull();
    expect(r.entry!.d, `pop at ${r.entry!.where}`).toBeLessThan(2);
    expect(r.blend).toBeLessThan(25);
  });
});
