/** Export timing (issue 14): frames at a fixed rate of simulation time, GIF frame skipping for long takes. */
import { describe, expect, it } from 'vitest';
import { frameCount, stepsPerFrame, TakeFrameSource } from '../../../streams/take/frameSource';
import { GIF_MAX_FRAMES, gifRate } from '../../../ui/transport/export/exportTake';
import { parseTransform } from '../../../ui/transport/export/overlayComposite';

describe('export frame timing', () => {
  it('a frame rate must divide the 60 steps of a second', () => {
    expect(stepsPerFrame(30)).toBe(2);
    expect(stepsPerFrame(60)).toBe(1);
    expect(stepsPerFrame(15)).toBe(4);
    expect(() => stepsPerFrame(25)).toThrow(/divide 60/);
    expect(() => stepsPerFrame(120)).toThrow(/divide 60/);
  });

  it('2 s of take are 60 frames at 30 fps, each standing for the 1/30 s after it', () => {
    expect(frameCount(0, 120, 30)).toBe(60);
    expect(frameCount(0, 121, 30)).toBe(60);
    expect(frameCount(0, 1, 30)).toBe(0);
    expect([0, 1, 59].map((i) => TakeFrameSource.tickOfFrame(i, 30))).toEqual([0, 2, 118]);
  });

  it('a GIF keeps the asked rate while it fits, and skips frames for a long take (never past the frame cap)', () => {
    expect(gifRate(15, 0, 600)).toBe(15); // 10 s: 150 frames
    expect(gifRate(30, 0, 60 * 60)).toBe(10); // 60 s: 30 fps would be 1800 frames
    expect(frameCount(0, 60 * 60, gifRate(30, 0, 60 * 60))).toBeLessThanOrEqual(GIF_MAX_FRAMES);
    expect(gifRate(20, 0, 10 * 60 * 60)).toBe(1); // 10 min: one frame a second
    expect(gifRate(7, 0, 600)).toBe(6); // never faster than asked
  });
});

describe('overlay transforms', () => {
  it('reads the translate and scale StageView writes on its bubbles and labels', () => {
    expect(parseTransform('translate(120px, -34px) scale(0.85)')).toEqual([120, -34, 0.85]);
    expect(parseTransform('translate(5px, 6px)')).toEqual([5, 6, 1]);
    expect(parseTransform('')).toBeNull();
  });
});
