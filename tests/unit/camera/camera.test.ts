import { describe, expect, it } from 'vitest';
import { CAMERA_MIN_WIDTH, defaultCameraView, easeView, followPoint, frameRectView, NOMINAL_ASPECT } from '../../../core/camera/camera';

describe('camera views', () => {
  it('the default view shows the whole stage', () => {
    const v = defaultCameraView({ width: 4000, height: 1600 });
    expect(v.center).toEqual([2000, 800]);
    expect(v.width).toBe(4000);
    expect(defaultCameraView({ width: 1000, height: 1600 }).width).toBeCloseTo(1600 * NOMINAL_ASPECT, 6);
  });

  it('a framed rectangle is centred and shown whole at the nominal aspect', () => {
    expect(frameRectView([1000, 1000, 2600, 1900])).toEqual({ center: [1800, 1450], width: 1600 });
    expect(frameRectView([0, 0, 100, 900]).width).toBeCloseTo(900 * NOMINAL_ASPECT, 6);
    expect(frameRectView([0, 0, 10, 10]).width).toBe(CAMERA_MIN_WIDTH);
  });

  it('eases smoothly from one view to another; 0 s is a cut; a moving target is tracked', () => {
    const a = { center: [0, 0] as [number, number], width: 4000 };
    const b = { center: [1000, 500] as [number, number], width: 1000 };
    expect(easeView(a, b, 0, 2)).toEqual(a);
    expect(easeView(a, b, 1, 2).center).toEqual([500, 250]);
    expect(easeView(a, b, 1, 2).width).toBeCloseTo(2000, 6);
    expect(easeView(a, b, 2, 2)).toEqual(b);
    expect(easeView(a, b, 0, 0)).toEqual(b);
    // Smooth: the first tenth of the time covers under a tenth of the way.
    expect(easeView(a, b, 0.2, 2).center[0]).toBeLessThan(100);
  });

  it('follows a stickman at its chest and a prop at its centre', () => {
    expect(followPoint([500, 1400], true)).toEqual([500, 1100]);
    expect(followPoint([500, 1400], false)).toEqual([500, 1400]);
  });
});
