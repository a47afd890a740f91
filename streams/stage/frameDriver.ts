/**
 * The browser driver: a requestAnimationFrame accumulator that runs whole fixed steps and hands
 * the renderer an interpolation alpha. Real time enters only through the injected `now`, so this
 * file stays testable and the simulation itself never reads a clock.
 */
import { STEP_SECONDS } from '../trace/records';

export const MAX_FRAME_DELTA = 0.25;
export const MAX_STEPS_PER_FRAME = 8;

export interface FrameDriverHost {
  now(): number; // milliseconds
  requestFrame(cb: () => void): number;
  cancelFrame(handle: number): void;
}

export interface Steppable {
  /** Runs up to `count` fixed steps; returns how many actually ran (0 when not running). */
  step(count: number): number;
}

export function startFrameDriver(target: Steppable, host: FrameDriverHost, render: (alpha: number) => void): () => void {
  let last = host.now();
  let accumulator = 0;
  let handle = 0;
  let stopped = false;
  const frame = () => {
    if (stopped) return;
    const now = host.now();
    const delta = Math.min(Math.max((now - last) / 1000, 0), MAX_FRAME_DELTA);
    last = now;
    accumulator += delta;
    let due = Math.floor(accumulator / STEP_SECONDS);
    if (due > MAX_STEPS_PER_FRAME) {
      due = MAX_STEPS_PER_FRAME;
      accumulator = due * STEP_SECONDS; // drop the backlog rather than spiral
    }
    try {
      const ran = due > 0 ? target.step(due) : 0;
      // When nothing ran because the stage is not playing, keep no backlog.
      accumulator = ran < due ? 0 : accumulator - ran * STEP_SECONDS;
      render(ran > 0 || accumulator > 0 ? Math.min(accumulator / STEP_SECONDS, 1) : 1);
    } finally {
      // A failing step or render must not stop the loop; the caller reports the error.
      if (!stopped) handle = host.requestFrame(frame);
    }
  };
  handle = host.requestFrame(frame);
  return () => {
    stopped = true;
    host.cancelFrame(handle);
  };
}
