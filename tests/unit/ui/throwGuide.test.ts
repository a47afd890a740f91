/**
 * The stage's throw guide text and marks (ui/state/throwGuide) from real previews: the plan's
 * assumption, the cap and the first contact in the hint, a neutral reason when nothing can be
 * thrown, and the capped-target mark only when the point was capped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../../streams/physics/rapier';
import { releasePreviewWorld } from '../../../streams/preview/previewWorld';
import { throwGuide } from '../../../ui/state/throwGuide';
import { ground, prop, scene } from '../../helpers/scenes';

beforeAll(() => initPhysics());
afterAll(() => releasePreviewWorld());

const wall = { kind: 'terrain', id: 'wall', shape: 'block', position: [1600, 1000], size: [60, 800] };
const doc = (queue: object[], extra: Array<Record<string, unknown>> = [], width = 4000) =>
  scene([ground(1400, width), { kind: 'stickman', id: 'bo', position: [800, 1400], facing: 'RIGHT' }, prop('ball', 'ball', [950, 1370]), ...extra], {
    queues: { bo: queue }, stage: { width, height: 2000, gravity: [0, 980] },
  });
const pick = { id: 'p', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' };

describe('throwGuide', () => {
  it('a throw after a queued pickup: violet arc, the assumption in the hint, no capped mark in range', () => {
    const g = throwGuide(doc([pick]), { rigId: 'bo' }, [1900, 1000]);
    expect(g.overlay.status).toBe('planned');
    expect(g.overlay.arc.length).toBeGreaterThan(10);
    expect(g.overlay.effective).toBeNull();
    expect(g.hint).toBe('Assumes step 1 pickup succeeds');
  });

  it('beyond range and behind a wall: the capped mark, the contact and both in the hint', () => {
    const far = throwGuide(doc([pick], [], 12000), { rigId: 'bo' }, [8800, 600]);
    expect(far.overlay.effective).not.toBeNull();
    expect(far.hint).toContain('target capped at 3600 px from the stickman');
    const blocked = throwGuide(doc([pick], [wall]), { rigId: 'bo' }, [2200, 1000]);
    expect(blocked.overlay.collision).not.toBeNull();
    expect(blocked.overlay.collisionLabel).toBe('hits wall');
    expect(blocked.hint).toBe('Assumes step 1 pickup succeeds · hits wall first');
  });

  it('nothing to throw: a neutral reason and no arc; a rule throw says why', () => {
    const none = throwGuide(doc([]), { rigId: 'bo' }, [1900, 1000]);
    expect(none.overlay.status).toBe('unavailable');
    expect(none.overlay.arc).toEqual([]);
    expect(none.hint).toBe('No throw preview: No prop is held');
    expect(throwGuide(doc([pick]), { rigId: 'bo', rule: true }, [1900, 1000]).hint).toMatch(/^No throw preview: .*a rule's throw uses the prop held when it runs/);
  });

  it('an unreachable target says so', () => {
    const g = throwGuide(doc([pick]), { rigId: 'bo' }, [900, -1400]);
    expect(g.overlay.status).toBe('unreachable');
    expect(g.hint).toMatch(/^Unreachable: /);
  });
});
