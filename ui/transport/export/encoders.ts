/**
 * Where exported frames go: a video through WebCodecs (mediabunny: WebM/VP9 or MP4/H.264), or a
 * GIF (gifenc: one palette for the whole export, a byte cap). Each takes the export canvas once
 * per frame, in order, with the frame's time in seconds.
 */
import { BufferTarget, CanvasSource, canEncodeVideo, Mp4OutputFormat, Output, QUALITY_HIGH, WebMOutputFormat } from 'mediabunny';
import { applyPalette, GIFEncoder, quantize, type Palette } from 'gifenc';

export interface FrameSink {
  add(canvas: HTMLCanvasElement, seconds: number, duration: number): Promise<void>;
  finish(): Promise<Blob>;
  cancel(): Promise<void>;
}

export type VideoContainer = 'webm' | 'mp4';

const CODEC: Record<VideoContainer, 'vp9' | 'avc'> = { webm: 'vp9', mp4: 'avc' };

/** Can this browser encode `container` at this size? (The Debian Chromium here does both.) */
export async function canExportVideo(container: VideoContainer, width: number, height: number): Promise<boolean> {
  try {
    return await canEncodeVideo(CODEC[container], { width, height });
  } catch {
    return false;
  }
}

export async function videoSink(canvas: HTMLCanvasElement, container: VideoContainer, fps: number): Promise<FrameSink> {
  const target = new BufferTarget();
  const output = new Output({ format: container === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  // A key frame every second keeps a scrub through the file cheap.
  const source = new CanvasSource(canvas, { codec: CODEC[container], bitrate: QUALITY_HIGH, keyFrameInterval: 1 });
  output.addVideoTrack(source, { frameRate: fps });
  await output.start();
  return {
    add: (_canvas, seconds, duration) => source.add(seconds, duration),
    finish: async () => {
      await output.finalize();
      const buffer = target.buffer;
      if (!buffer) throw new Error('the video encoder produced no data');
      return new Blob([buffer], { type: container === 'webm' ? 'video/webm' : 'video/mp4' });
    },
    cancel: () => output.cancel(),
  };
}

export interface GifOptions {
  /** Frames sampled to build the one palette of the export (RGBA, export size). */
  paletteSamples: Uint8ClampedArray[];
  /** Stop adding frames once the file would pass this many bytes. */
  maxBytes: number;
}

export interface GifSink extends FrameSink {
  /** The time (s) of the first frame left out to stay under the byte cap, or null when all fit. */
  readonly cappedAt: number | null;
}

/** One palette for the whole export, from sampled frames (a flat-coloured stage needs few). */
export function gifPalette(samples: readonly Uint8ClampedArray[]): Palette {
  const pixels = samples.reduce((n, s) => n + s.length / 4, 0);
  // Every `stride`-th pixel is plenty for the quantizer and keeps it fast at any export size.
  const stride = Math.max(1, Math.ceil(pixels / PALETTE_PIXELS));
  const all = new Uint8ClampedArray(Math.ceil(pixels / stride) * 4 + 4);
  let at = 0;
  for (const s of samples) {
    for (let p = 0; p < s.length; p += 4 * stride) {
      all[at] = s[p];
      all[at + 1] = s[p + 1];
      all[at + 2] = s[p + 2];
      all[at + 3] = s[p + 3];
      at += 4;
    }
  }
  return quantize(all.subarray(0, at), 256);
}

/** Pixels the palette is built from, at most. */
const PALETTE_PIXELS = 400_000;

export function gifSink(options: GifOptions): GifSink {
  const gif = GIFEncoder();
  const palette = gifPalette(options.paletteSamples);
  let frames = 0;
  let lastFrameBytes = 0;
  let cappedAt: number | null = null;
  return {
    get cappedAt() {
      return cappedAt;
    },
    add: async (canvas, seconds, duration) => {
      if (cappedAt !== null) return;
      const before = gif.bytesView().length;
      // Frames of one take cost about the same: stop before one would pass the cap.
      if (frames > 0 && before + lastFrameBytes > options.maxBytes) {
        cappedAt = seconds;
        return;
      }
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const index = applyPalette(data, palette);
      gif.writeFrame(index, canvas.width, canvas.height, { palette: frames === 0 ? palette : undefined, delay: Math.round(duration * 1000), repeat: 0 });
      lastFrameBytes = Math.max(lastFrameBytes, gif.bytesView().length - before);
      frames += 1;
    },
    finish: async () => {
      gif.finish();
      return new Blob([gif.bytes() as Uint8Array<ArrayBuffer>], { type: 'image/gif' });
    },
    cancel: async () => {},
  };
}
