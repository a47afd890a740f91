/**
 * The take's command schema (core/take) and the runtime's command union (streams/runtime) are
 * written twice, once as data and once as a type: this file fails to compile when they drift.
 */
import type { TakeCommand } from '../../core/take/schema';
import type { RuntimeCommand } from '../runtime/commands';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const TAKE_COMMANDS_MATCH_RUNTIME: Same<TakeCommand, RuntimeCommand> = true;
