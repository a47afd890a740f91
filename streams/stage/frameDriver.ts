/**
 * The browser driver: a requestAnimationFrame accumulator that runs whole fixed steps and hands
 * the renderer an interpolation alpha. Real time enters only through the injected `now`, so this
 * file stays testable and the simulation itself never reads a clock.
 *
 * Playback speed scales the simulated time a frame asks for (¼× … 2×): the fixed step never
 * changes, only how many steps run per frame, so a run at any speed is the same run.
 *
 * While the stage is not running (EDIT, DIRECT, PAUSED) the alpha is exactly 1 on every frame,
 * so identical frames hand the view identical inputs and it can skip drawing them (draw on
 * demand, render/redrawGate.ts).
 */
import { MAX_STEPS_PER_FRAME } from '../../core/stepsPerFrame';
import { STEP_SECONDS } from '../trace/records';

export const MAX_FRAME_DELTA = 0.25;

export interface FrameDriverHost {
  now(): number; // milliseconds
  requestFrame(cb: () => void): number;
  cancelFrame(handle: number): void;
}

export interface Steppable {
  /** Runs up to `count` fixed steps; returns how many actually ran (0 when not running). */
  step(count: number): number;
}

export interface FrameDriverOptions {
  /** Simulated seconds per real second (read every frame); 1 when absent. */
  speed?: () => number;
}

export function startFrameDriver(target: Steppable, host: FrameDriverHost, render: (alpha: number) => void, options: FrameDriverOptions = {}): () => void {
  let last = host.now();
  let accumulator = 0;
  let handle = 0;
  let stopped = false;
  /** The last step call ran fewer steps than were due: the stage is not running. */
  let idle = true;
  const frame = () => {
    if (stopped) return;
    const now = host.now();
    const delta = Math.min(Math.max((now - last) / 1000, 0), MAX_FRAME_DELTA);
    last = now;
    const speed = options.speed?.() ?? 1;
    accumulator += delta * (Number.isFinite(speed) && speed > 0 ? speed : 1);
    let due = Math.floor(accumulator / STEP_SECONDS);
    if (due > MAX_STEPS_PER_FRAME) {
      due = MAX_STEPS_PER_FRAME;
      accumulator = due * STEP_SECONDS; // drop the backlog rather than spiral
    }
    try {
      const ran = due > 0 ? target.step(due) : 0;
      // A frame shorter than a step asks nothing of the stage: keep what the last call said.
      if (due > 0) idle = ran < due;
      // When nothing ran because the stage is not playing, keep no backlog.
      accumulator = ran < due ? 0 : accumulator - ran * STEP_SECONDS;
      render(idle ? 1 : Math.min(accumulator / STEP_SECONDS, 1));
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
