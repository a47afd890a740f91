/** Camera follow eases toward its target at the same rate per second whatever the frame rate. */
import { describe, expect, it } from 'vitest';
import { Camera2D } from '../../../render/camera';
import { FOLLOW_MAX_DT, FOLLOW_RATE, followStep } from '../../../render/cameraFollow';

const camera = () => {
  const c = new Camera2D(800, 600);
  c.centerX = 0;
  c.centerY = 0;
  return c;
};

describe('followStep', () => {
  it('covers 1 − e^(−rate) of the way per second, in 60 small frames as in 10 big ones', () => {
    const a = camera();
    const b = camera();
    for (let i = 0; i < 60; i++) followStep(a, [1000, -500], 1 / 60);
    for (let i = 0; i < 10; i++) followStep(b, [1000, -500], 1 / 10);
    const share = 1 - Math.exp(-FOLLOW_RATE);
    expect(a.centerX).toBeCloseTo(1000 * share, 6);
    expect(a.centerY).toBeCloseTo(-500 * share, 6);
    expect(b.centerX).toBeCloseTo(a.centerX, 6);
  });

  it('never overshoots, even after a long pause', () => {
    const c = camera();
    followStep(c, [1000, 0], 30);
    expect(c.centerX).toBeCloseTo(1000 * (1 - Math.exp(-FOLLOW_RATE * FOLLOW_MAX_DT)), 6);
    expect(c.centerX).toBeLessThan(1000);
  });

  it('stops moving once on target (so an idle view can stop drawing), and ignores bad input', () => {
    const c = camera();
    c.centerX = 999.9;
    expect(followStep(c, [1000, 0], 1 / 60)).toBe(false);
    expect(c.centerX).toBe(999.9);
    expect(followStep(c, [Number.NaN, 0], 1 / 60)).toBe(false);
    expect(followStep(c, [0, 0], Number.NaN)).toBe(false);
    expect(c.centerX).toBe(999.9);
  });

  it('keeps the zoom', () => {
    const c = camera();
    c.zoom = 2.5;
    followStep(c, [400, 400], 0.1);
    expect(c.zoom).toBe(2.5);
  });
});
