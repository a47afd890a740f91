/**
 * The take document (format "stickman-stage/take", version 1.0): one PLAY run as its scene, how
 * PLAY started, every runtime command with the tick it took effect, every pause and resume with
 * the tick it happened after, and how many steps the run reached. Replaying the scene with these
 * gives the run again, step for step (DESIGN.md §4, §9).
 *
 * The envelope is a zod schema; the scene inside is validated by the scene loader (core/scene/io),
 * so a take holds exactly what a scene file may.
 */
import { z } from 'zod';
import type { SceneDocument } from '../scene/schema';
import { takeCommandSchema, type TakeCommand } from './commandSchema';
import { TAKE_LIMITS as L, TAKE_STEPS_PER_SECOND } from './limits';

export const TAKE_FORMAT = 'stickman-stage/take';
export const TAKE_VERSION = '1.0';

/**
 * How the run began (the stage transition that opened it): PLAY entered from EDIT or DIRECT, or a
 * RESET inside PLAY while running or paused. The replay repeats it, so its trace opens the same way.
 */
export const TAKE_STARTS = ['play_from_edit', 'play_from_direct', 'reset_running', 'reset_paused'] as const;
export type TakeStart = (typeof TAKE_STARTS)[number];

/** Stage controls inside PLAY that a take keeps: they appear in the trace as stage transitions. */
export const TAKE_CONTROL_EVENTS = ['ui.pause', 'ui.resume', 'ui.play'] as const;
export type TakeControlEvent = (typeof TAKE_CONTROL_EVENTS)[number];

const tick = () => z.number().int('must be a whole number of steps').min(0, 'must be at least 0').max(L.maxTicks, `must be at most ${L.maxTicks}`);

export const takeCommandEntrySchema = z.strictObject({ tick: tick().min(1, 'a command takes effect in a step: at least 1'), command: takeCommandSchema });
export const takeControlSchema = z.strictObject({ tick: tick(), event: z.enum(TAKE_CONTROL_EVENTS) });

export const takeMetadataSchema = z.strictObject({
  name: z.string().max(L.maxNameLength, `must be at most ${L.maxNameLength} characters`),
  /** When the take was recorded (ISO 8601), as the app saw it; null when unknown. */
  created: z.string().max(40).regex(/^\d{4}-\d\d-\d\dT[0-9:.]+Z$/, 'must be an ISO time like 2025-01-31T12:00:00.000Z').nullable(),
  steps_per_second: z.literal(TAKE_STEPS_PER_SECOND, `must be ${TAKE_STEPS_PER_SECOND} (the fixed step)`),
});

/** Ordered by tick (the order they took effect); ties keep their order. */
const ordered = <T extends { tick: number }>(entries: readonly T[], ctx: z.RefinementCtx, key: string, length: number) => {
  for (let i = 0; i < entries.length; i += 1) {
    const t = entries[i].tick;
    if (i > 0 && t < entries[i - 1].tick) {
      ctx.addIssue({ code: 'custom', path: [key, i, 'tick'], message: `ticks must not go backwards (${entries[i - 1].tick} before it)` });
      return;
    }
    if (t > length) {
      ctx.addIssue({ code: 'custom', path: [key, i, 'tick'], message: `is past the take's length (${length})` });
      return;
    }
  }
};

/** The envelope; `scene` is checked separately by the scene loader. */
export const takeEnvelopeSchema = z
  .strictObject({
    format: z.literal(TAKE_FORMAT),
    version: z.literal(TAKE_VERSION),
    metadata: takeMetadataSchema,
    started_by: z.enum(TAKE_STARTS),
    length: tick(),
    scene: z.unknown(),
    controls: z.array(takeControlSchema).max(L.maxControls, `at most ${L.maxControls} controls`),
    commands: z.array(takeCommandEntrySchema).max(L.maxCommands, `at most ${L.maxCommands} commands`),
  })
  .superRefine((take, ctx) => {
    ordered(take.controls, ctx, 'controls', take.length);
    ordered(take.commands, ctx, 'commands', take.length);
  });

export interface TakeCommandEntry {
  tick: number;
  command: TakeCommand;
}

export interface TakeControl {
  tick: number;
  event: TakeControlEvent;
}

export interface TakeMetadata {
  name: string;
  created: string | null;
  steps_per_second: typeof TAKE_STEPS_PER_SECOND;
}

export interface TakeDocument {
  format: typeof TAKE_FORMAT;
  version: typeof TAKE_VERSION;
  metadata: TakeMetadata;
  started_by: TakeStart;
  /** The last tick the run reached (0: it never stepped). */
  length: number;
  scene: SceneDocument;
  controls: TakeControl[];
  commands: TakeCommandEntry[];
}

export type { TakeCommand };
