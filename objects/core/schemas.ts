/**
 * Every object kind's part of the document schema, by kind: the `objects` union and the kind
 * names come from here (the models in ./models.ts carry behaviour typed by the document, so the
 * document's types cannot come from them). Core layer.
 */
import { z } from 'zod';
import { areaSchema } from '../area/model';
import { propSchema } from '../prop/model';
import { stickmanSchema } from '../stickman/model';
import { terrainSchema } from '../terrain/model';

export const OBJECT_SCHEMAS = { terrain: terrainSchema, prop: propSchema, stickman: stickmanSchema, area: areaSchema } as const;

export type ObjectKind = keyof typeof OBJECT_SCHEMAS;
export const OBJECT_KINDS = Object.keys(OBJECT_SCHEMAS) as [ObjectKind, ...ObjectKind[]];
type Schema = (typeof OBJECT_SCHEMAS)[ObjectKind];
/** An object of kind K. */
export type ObjectOf<K extends ObjectKind> = z.output<(typeof OBJECT_SCHEMAS)[K]>;

const listed = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names.join(''));
/** "terrain, prop, stickman or area": how errors name the kinds. */
export const OBJECT_KIND_LIST = listed(OBJECT_KINDS);

export const stageObjectSchema = z.discriminatedUnion('kind', Object.values(OBJECT_SCHEMAS) as unknown as [Schema, ...Schema[]], {
  error: (issue) => (issue.code === 'invalid_union' ? `unknown object kind (expected ${OBJECT_KIND_LIST})` : undefined),
});
