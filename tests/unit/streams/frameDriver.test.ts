import { describe, expect, it } from 'vitest';
import { MAX_STEPS_PER_FRAME } from '../../../core/stepsPerFrame';
import { MAX_FRAME_DELTA, startFrameDriver } from '../../../streams/stage/frameDriver';
import { fakeFrameHost } from '../../helpers/fakeFrameHost';

const fakeHost = fakeFrameHost;

describe('browser frame driver', () => {
  it('runs whole fixed steps from real time and carries the remainder as alpha', () => {
    const fake = fakeHost();
    const steps: number[] = [];
    const alphas: number[] = [];
    const stop = startFrameDriver({ step: (n) => (steps.push(n), n) }, fake.host, (a) => alphas.push(a));
    fake.frame(25); // 1.5 steps
    fake.frame(25); // 1.5 more → 3 in total
    expect(steps).toEqual([1, 2]);
    expect(alphas[0]).toBeCloseTo(0.5, 5);
    expect(alphas[1]).toBeCloseTo(0, 5);
    stop();
    expect(fake.scheduled).toBe(false);
  });

  it('clamps a long frame (tab in background) instead of spiralling', () => {
    const fake = fakeHost();
    const steps: number[] = [];
    startFrameDriver({ step: (n) => (steps.push(n), n) }, fake.host, () => {});
    fake.frame(10_000);
    expect(steps).toEqual([Math.min(MAX_STEPS_PER_FRAME, Math.floor(MAX_FRAME_DELTA * 60))]);
    fake.frame(16);
    expect(steps.length).toBeLessThanOrEqual(2);
  });

  it('keeps no backlog while the stage is not playing', () => {
    const fake = fakeHost();
    const alphas: number[] = [];
    let playing = false;
    const steps: number[] = [];
    startFrameDriver({ step: (n) => (playing ? (steps.push(n), n) : 0) }, fake.host, (a) => alphas.push(a));
    fake.frame(100);
    fake.frame(100);
    playing = true;
    fake.frame(17);
    expect(steps).toEqual([1]); // not 13 steps of stale backlog
    expect(alphas.slice(0, 2)).toEqual([1, 1]);
  });

  it('hands the view alpha 1 on every frame while the stage is not running, even frames shorter than a step', () => {
    // At a 100 Hz display most frames are shorter than a 1/60 s step; a stage in EDIT or PAUSED
    // must still get identical render inputs each frame, so the view can skip redrawing them.
    const fake = fakeHost();
    const alphas: number[] = [];
    let playing = false;
    const steps: number[] = [];
    startFrameDriver({ step: (n) => (playing ? (steps.push(n), n) : 0) }, fake.host, (a) => alphas.push(a));
    for (let i = 0; i < 10; i += 1) fake.frame(10);
    expect(alphas).toEqual(Array(10).fill(1));
    // PLAY starts: the accumulator still fills and steps run on schedule, then alpha interpolates.
    playing = true;
    for (let i = 0; i < 5; i += 1) fake.frame(12); // 60 ms: 3.6 steps
    expect(steps).toEqual([1, 1, 1]);
    expect(alphas[alphas.length - 1]).toBeCloseTo(0.6, 5);
  });
});
