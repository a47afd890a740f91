/**
 * The scene format's value schemas (numbers, coordinates, ids, colours …): every part of the
 * document, each object kind's own schema included, checks its values with these, so a value
 * reads the same wherever it appears. Kept apart from schema.ts so the object kinds (objects/)
 * can build their parts from them without an import cycle through the whole document schema.
 */
import { z } from 'zod';
import { SCENE_LIMITS as L } from './limits';

export const finite = () => z.number().refine(Number.isFinite, 'must be a finite number');
export const coord = () => finite().refine((v) => Math.abs(v) <= L.maxCoordinate, `must be within ±${L.maxCoordinate}`);
export const positive = (max: number) =>
  finite().refine((v) => v > 0, 'must be greater than 0').refine((v) => v <= max, `must be at most ${max}`);
export const unitRange = () => finite().refine((v) => v >= 0 && v <= 1, 'must be between 0 and 1');

export const vec2Schema = z.tuple([coord(), coord()]);
export const sizeSchema = z.tuple([positive(L.maxSize), positive(L.maxSize)]);
export const idSchema = z
  .string()
  .min(1, 'id must not be empty')
  .max(L.maxIdLength, `id must be at most ${L.maxIdLength} characters`)
  // `*`, not `+`: an empty id is reported once, by the min(1) check above.
  .regex(/^[A-Za-z0-9_:.-]*$/, 'id may only contain letters, digits, _ : . -')
  // Ids key maps and JSON objects (queues); assigning `obj["__proto__"]` sets a prototype instead.
  // Other Object.prototype names (toString, constructor …) are fine ids: lookups use own keys.
  .refine((id) => id !== '__proto__', '"__proto__" cannot be an id');
export const text = () => z.string().max(L.maxStringLength, `must be at most ${L.maxStringLength} characters`);
export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #a1b2c3');
export const fileIdSchema = z.number().int('must be an integer').min(1, 'must be at least 1').max(1e9);
export const rotationSchema = finite().refine((v) => Math.abs(v) <= 1000, 'must be within ±1000 radians');
export const facingSchema = z.enum(['RIGHT', 'LEFT']);
export const riseSchema = z.enum(['left', 'right']);

