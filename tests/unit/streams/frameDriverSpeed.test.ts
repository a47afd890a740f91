/** Playback speed in the browser frame driver: the same fixed steps, more or fewer of them per frame. */
import { describe, expect, it } from 'vitest';
import { startFrameDriver } from '../../../streams/stage/frameDriver';
import { fakeFrameHost } from '../../helpers/fakeFrameHost';

const fakeHost = fakeFrameHost;

/** Steps run over `frames` frames of 1/60 s at `speed`. */
function stepsAt(speed: number | (() => number), frames: number): number[] {
  const fake = fakeHost();
  const steps: number[] = [];
  const stop = startFrameDriver({ step: (n) => (steps.push(n), n) }, fake.host, () => {}, { speed: typeof speed === 'function' ? speed : () => speed });
  for (let i = 0; i < frames; i++) fake.frame(1000 / 60);
  stop();
  return steps;
}

const total = (steps: number[]) => steps.reduce((a, b) => a + b, 0);

describe('frame driver speed', () => {
  it.each([
    [0.25, 15],
    [0.5, 30],
    [1, 60],
    [2, 120],
  ])('at %s× one real second runs %i fixed steps', (speed, expected) => {
    expect(Math.abs(total(stepsAt(speed, 60)) - expected)).toBeLessThanOrEqual(1);
  });

  it('2× runs about two steps a frame; ¼× one step every fourth frame', () => {
    // 1000/60 ms is not exact in floating point: a frame may run one step early or late.
    const double = stepsAt(2, 30);
    expect(double.every((n) => n >= 1 && n <= 3)).toBe(true);
    expect(Math.abs(total(double) - 60)).toBeLessThanOrEqual(1);
    const quarter = stepsAt(0.25, 16);
    expect(quarter.every((n) => n === 1)).toBe(true);
    expect(quarter.length).toBeGreaterThanOrEqual(3);
  });

  it('the speed is read every frame, so a change takes effect at once', () => {
    let speed = 1;
    const fake = fakeHost();
    const steps: number[] = [];
    startFrameDriver({ step: (n) => (steps.push(n), n) }, fake.host, () => {}, { speed: () => speed });
    for (let i = 0; i < 30; i++) fake.frame(1000 / 60);
    const atOne = total(steps);
    speed = 2;
    for (let i = 0; i < 30; i++) fake.frame(1000 / 60);
    expect(Math.abs(total(steps) - atOne - 60)).toBeLessThanOrEqual(1);
  });

  it('a nonsensical speed counts as 1×', () => {
    expect(Math.abs(total(stepsAt(Number.NaN, 60)) - 60)).toBeLessThanOrEqual(1);
    expect(Math.abs(total(stepsAt(-2, 60)) - 60)).toBeLessThanOrEqual(1);
  });
});
