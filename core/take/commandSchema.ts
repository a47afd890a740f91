/**
 * Runtime commands as a take stores them: the union of every command's schema
 * (core/commands/definitions.ts), so a replayed take can never hand the runtime anything a typed
 * caller could not.
 */
import { z } from 'zod';
import { COMMAND_SCHEMAS, type RuntimeCommand } from '../commands/definitions';

export const takeCommandSchema = z.discriminatedUnion('type', COMMAND_SCHEMAS);

export type TakeCommand = RuntimeCommand;
