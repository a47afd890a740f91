/**
 * The frames of a take, re-simulated on a stage of their own (an export renders these): the app's
 * stage is left alone, so the director can keep working while a take exports. Frames come at a
 * fixed rate in simulation time (`stepsPerFrame` fixed steps apart), whatever the machine's speed.
 */
import type { TakeDocument } from '../../core/take/schema';
import type { FrameSnapshot } from '../frame/frame';
import { initPhysics } from '../physics/rapier';
import { openReplayStage, type ReplayStage } from './replayStage';

export class TakeFrameSource {
  private constructor(private readonly stage: ReplayStage, readonly take: TakeDocument) {}

  static async open(take: TakeDocument, options: { debug?: boolean } = {}): Promise<TakeFrameSource> {
    await initPhysics();
    const stage = openReplayStage(take);
    if (options.debug) stage.controller.setDebug(true);
    return new TakeFrameSource(stage, take);
  }

  get tick(): number {
    return this.stage.controller.tick;
  }

  /** The frame at `tick` (forward only: a frame source never goes back), clamped to the take. */
  frameAt(tick: number): FrameSnapshot {
    const target = Math.min(this.take.length, Math.max(this.tick, Math.round(tick)));
    if (target > this.tick) this.stage.controller.advance(target - this.tick);
    return this.stage.controller.frame$.value;
  }

  /** Output frame `index` at `fps` frames per simulated second (60 must be a multiple of fps). */
  static tickOfFrame(index: number, fps: number): number {
    return index * stepsPerFrame(fps);
  }

  dispose(): void {
    this.stage.dispose();
  }
}

/** Fixed steps between two output frames at `fps` (60 steps per second). */
export function stepsPerFrame(fps: number): number {
  const steps = 60 / fps;
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`an export rate must divide 60 steps per second, got ${fps} fps`);
  return steps;
}

/**
 * How many frames an export of ticks [from, to) at `fps` has: each frame stands for the
 * 1/fps s after it, so 2 s of take at 30 fps are 60 frames (ticks from, from + 2, …, to − 2).
 */
export function frameCount(from: number, to: number, fps: number): number {
  return Math.max(0, Math.floor((to - from) / stepsPerFrame(fps)));
}
