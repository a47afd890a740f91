/**
 * Runtime commands (DESIGN.md §6 step 1): what the UI, the CLI or a grab asks of a running stage,
 * each defined once here — its `type`, the seed's name for it (what its warnings say) and its zod
 * schema. The typed `RuntimeCommand` union, the take file's command schema (core/take) and the
 * runtime's check of every command before it is applied (streams/runtime/commands) all come from
 * this list; the apply part lives in streams (core stays pure), joined to this list by an
 * exhaustive record keyed by `CommandType`, so a command without its apply fails the type check.
 *
 * The bounds are the take's (a live run never accepts what its take could not hold).
 */
import { z } from 'zod';
import { TAKE_LIMITS as L } from '../take/limits';

// zod 4 refuses NaN and ±Infinity as numbers; the message says so in the director's words.
const finite = () => z.number({ error: 'is not a finite number' });
const coord = () => finite().refine((v) => Math.abs(v) <= L.maxCoordinate, `must be within ±${L.maxCoordinate}`);
const speed = () => finite().refine((v) => Math.abs(v) <= L.maxVelocity, `must be within ±${L.maxVelocity}`);
const point = () => z.tuple([coord(), coord()]);
const targetId = () => z.string().min(1, 'id must not be empty').max(L.maxIdLength, `id must be at most ${L.maxIdLength} characters`);

function command<T extends string, S extends z.ZodRawShape>(type: T, label: string, shape: S) {
  return { type, label, schema: z.strictObject({ type: z.literal(type), ...shape }) };
}

const DEFINITIONS = [
  command('prop.setVelocity', 'set_velocity', { id: targetId(), velocity: z.tuple([speed(), speed()]) }),
  /** `y` defaults to the stickman's current root height. */
  command('rig.walkTo', 'walk_to', { id: targetId(), x: coord(), y: coord().optional() }),
  command('rig.stopQueue', 'stop_queue', { id: targetId() }),
  command('rig.startQueue', 'start_queue', { id: targetId() }),
  /** Direct calls: go ragdoll now / stand up now (seed 4.5: set_ragdoll, recover). */
  command('rig.ragdoll', 'ragdoll', { id: targetId() }),
  command('rig.recover', 'recover', { id: targetId() }),
  /**
   * The director's grab in PLAY: take hold of a prop or a stickman (which goes ragdoll, held by
   * the part nearest `point`) at `point`, drag the hold to `point`, let go.
   */
  command('grab.start', 'grab', { id: targetId(), point: point() }),
  command('grab.move', 'grab', { point: point() }),
  command('grab.end', 'grab', {}),
] as const;

type Definition = (typeof DEFINITIONS)[number];
export type CommandType = Definition['type'];
export type CommandDefinition<K extends CommandType = CommandType> = Extract<Definition, { type: K }>;
export type RuntimeCommand = z.infer<Definition['schema']>;
export type CommandOf<K extends CommandType> = Extract<RuntimeCommand, { type: K }>;

/** Every command's definition by its type. */
export const COMMAND_DEFINITIONS = Object.freeze(Object.fromEntries(DEFINITIONS.map((d) => [d.type, d]))) as { readonly [K in CommandType]: CommandDefinition<K> };

/** The definition of `type`, or undefined for anything that is not a command type (own keys only). */
export function commandDefinition(type: unknown): CommandDefinition | undefined {
  return typeof type === 'string' && Object.hasOwn(COMMAND_DEFINITIONS, type) ? COMMAND_DEFINITIONS[type as CommandType] : undefined;
}

type Schemas<D extends readonly Definition[]> = { -readonly [I in keyof D]: D[I]['schema'] };

/** Every command's schema, in definition order (a tuple, as a discriminated union wants it). */
export const COMMAND_SCHEMAS = DEFINITIONS.map((d) => d.schema) as Schemas<typeof DEFINITIONS>;
