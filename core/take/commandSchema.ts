/**
 * Runtime commands as they are stored in a take: the same union as streams/runtime/commands.ts
 * (DESIGN.md §6 step 1), as a zod schema, so a replayed take can never hand the runtime anything
 * a typed caller could not. streams/take checks at compile time that the two agree.
 */
import { z } from 'zod';
import { TAKE_LIMITS as L } from './limits';

const finite = () => z.number().refine(Number.isFinite, 'must be a finite number');
const coord = () => finite().refine((v) => Math.abs(v) <= L.maxCoordinate, `must be within ±${L.maxCoordinate}`);
const speed = () => finite().refine((v) => Math.abs(v) <= L.maxVelocity, `must be within ±${L.maxVelocity}`);
const point = () => z.tuple([coord(), coord()]);
const targetId = () => z.string().min(1, 'id must not be empty').max(L.maxIdLength, `id must be at most ${L.maxIdLength} characters`);

export const takeCommandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('prop.setVelocity'), id: targetId(), velocity: z.tuple([speed(), speed()]) }),
  z.strictObject({ type: z.literal('rig.walkTo'), id: targetId(), x: coord(), y: coord().optional() }),
  z.strictObject({ type: z.literal('rig.stopQueue'), id: targetId() }),
  z.strictObject({ type: z.literal('rig.startQueue'), id: targetId() }),
  z.strictObject({ type: z.literal('rig.ragdoll'), id: targetId() }),
  z.strictObject({ type: z.literal('rig.recover'), id: targetId() }),
  z.strictObject({ type: z.literal('grab.start'), id: targetId(), point: point() }),
  z.strictObject({ type: z.literal('grab.move'), point: point() }),
  z.strictObject({ type: z.literal('grab.end') }),
]);

export type TakeCommand = z.infer<typeof takeCommandSchema>;
