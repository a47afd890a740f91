/**
 * Exporting a take (issue 14): the take is re-simulated on a stage of its own and drawn offline
 * at a fixed frame rate and size (TakeFrameSource, ExportView), independent of how fast this
 * machine plays it, into a video (WebCodecs through mediabunny) or a GIF (gifenc). The work
 * yields to the page after every frame, so the app stays usable; an AbortSignal cancels it.
 */
import type { TakeDocument } from '../../../core/take/schema';
import { frameCount, stepsPerFrame, TakeFrameSource } from '../../../streams/take/frameSource';
import { gifSink, videoSink, type FrameSink, type VideoContainer } from './encoders';
import { ExportView, type ExportCamera } from './exportView';

export interface ExportSettings {
  kind: 'video' | 'gif';
  /** Video only. */
  container: VideoContainer;
  /** Frames per second of simulation time; must divide 60. */
  fps: number;
  width: number;
  height: number;
  camera: ExportCamera;
  /** Draw the debug overlay (probe rays, proxies, ragdoll bodies, labels). */
  debug: boolean;
  /** Ticks of the take to export, [from, to) (default: all of it). */
  from?: number;
  to?: number;
}

export interface ExportResult {
  blob: Blob;
  frames: number;
  fps: number;
  /** Seconds of the take the file covers. */
  seconds: number;
  /** GIF: the time where the size cap cut it, or null. */
  cappedAt: number | null;
  /** Output frames per second of wall time this export ran at. */
  framesPerSecond: number;
  /** Speech bubbles and labels drawn into the frames, counted over all of them. */
  overlaysDrawn: number;
}

export interface ExportHooks {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** GIF frame rates (their delays are whole centiseconds or close), fastest first. */
export const GIF_RATES = [30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1] as const;
export const GIF_MAX_FRAMES = 600;
export const GIF_MAX_BYTES = 20 * 1024 * 1024;
/** Frames sampled (evenly over the export) to build a GIF's one palette. */
export const GIF_PALETTE_SAMPLES = 8;

/** The GIF rate actually used: the asked one, lowered until a long take fits GIF_MAX_FRAMES (frame skipping). */
export function gifRate(asked: number, from: number, to: number, maxFrames = GIF_MAX_FRAMES): number {
  for (const r of GIF_RATES) if (r <= asked && frameCount(from, to, r) <= maxFrames) return r;
  return 1;
}

export class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled');
    this.name = 'ExportCancelled';
  }
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function exportTake(take: TakeDocument, settings: ExportSettings, hooks: ExportHooks = {}): Promise<ExportResult> {
  const from = Math.max(0, Math.min(take.length, settings.from ?? 0));
  const to = Math.max(from, Math.min(take.length, settings.to ?? take.length));
  const fps = settings.kind === 'gif' ? gifRate(settings.fps, from, to) : settings.fps;
  const steps = stepsPerFrame(fps);
  const total = frameCount(from, to, fps);
  if (total === 0) throw new Error('the take is shorter than one frame: nothing to export');
  const check = () => {
    if (hooks.signal?.aborted) throw new ExportCancelled();
  };
  const started = performance.now();
  const sink = settings.kind === 'gif' ? await gifSinkFor(take, settings, from, to, hooks) : null;
  const view = new ExportView(settings.width, settings.height, settings.camera, settings.debug);
  const source = await TakeFrameSource.open(take, { debug: settings.debug });
  let out: FrameSink | null = sink;
  try {
    out ??= await videoSink(view.canvas, settings.container, fps);
    for (let i = 0; i < total; i += 1) {
      check();
      view.draw(source.frameAt(from + i * steps), 1 / fps);
      await out.add(view.canvas, i / fps, 1 / fps);
      hooks.onProgress?.(i + 1, total);
      await yieldToPage();
    }
    check();
    const blob = await out.finish();
    const seconds = (performance.now() - started) / 1000;
    return { blob, frames: total, fps, seconds: (total * steps) / 60, cappedAt: sink?.cappedAt ?? null, framesPerSecond: total / Math.max(seconds, 1e-3), overlaysDrawn: view.overlaysDrawn };
  } catch (e) {
    await out?.cancel().catch(() => undefined);
    throw e;
  } finally {
    source.dispose();
    view.dispose();
  }
}

/** A GIF's palette comes from frames sampled over the export (a first, light pass). */
async function gifSinkFor(take: TakeDocument, settings: ExportSettings, from: number, to: number, hooks: ExportHooks) {
  const view = new ExportView(settings.width, settings.height, settings.camera, settings.debug);
  const source = await TakeFrameSource.open(take, { debug: settings.debug });
  const samples: Uint8ClampedArray[] = [];
  try {
    const ctx = view.canvas.getContext('2d', { willReadFrequently: true })!;
    let last = from;
    for (let k = 0; k < GIF_PALETTE_SAMPLES; k += 1) {
      if (hooks.signal?.aborted) throw new ExportCancelled();
      const tick = Math.round(from + ((to - from) * k) / Math.max(1, GIF_PALETTE_SAMPLES - 1));
      view.draw(source.frameAt(tick), (tick - last) / 60);
      last = tick;
      samples.push(ctx.getImageData(0, 0, settings.width, settings.height).data);
      await yieldToPage();
    }
  } finally {
    source.dispose();
    view.dispose();
  }
  return gifSink({ paletteSamples: samples, maxBytes: GIF_MAX_BYTES });
}
