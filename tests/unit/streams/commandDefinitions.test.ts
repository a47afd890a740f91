/**
 * Runtime commands are defined once (core/commands/definitions.ts): the take's command schema and
 * the runtime's apply record are derived from that list, so they hold the same commands — one
 * sample of each (a record keyed by every CommandType, so a new command must add one here too).
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_DEFINITIONS, type CommandOf, type CommandType } from '../../../core/commands/definitions';
import { takeCommandSchema } from '../../../core/take/commandSchema';
import { COMMAND_APPLY } from '../../../streams/runtime/commands/apply';

const SAMPLES: { [K in CommandType]: CommandOf<K> } = {
  'prop.setVelocity': { type: 'prop.setVelocity', id: 'ball', velocity: [10, -20] },
  'rig.walkTo': { type: 'rig.walkTo', id: 's', x: 900 },
  'rig.stopQueue': { type: 'rig.stopQueue', id: 's' },
  'rig.startQueue': { type: 'rig.startQueue', id: 's' },
  'rig.ragdoll': { type: 'rig.ragdoll', id: 's' },
  'rig.recover': { type: 'rig.recover', id: 's' },
  'grab.start': { type: 'grab.start', id: 'ball', point: [1, 2] },
  'grab.move': { type: 'grab.move', point: [3, 4] },
  'grab.end': { type: 'grab.end' },
};

describe('runtime command definitions', () => {
  const types = Object.keys(COMMAND_DEFINITIONS).sort();

  it('the apply record and the samples name exactly the defined commands', () => {
    expect(Object.keys(COMMAND_APPLY).sort()).toEqual(types);
    expect(Object.keys(SAMPLES).sort()).toEqual(types);
    for (const t of types) expect(typeof COMMAND_APPLY[t as CommandType]).toBe('function');
  });

  it('the take schema accepts each command as it is and refuses a type it does not define', () => {
    for (const [type, sample] of Object.entries(SAMPLES)) {
      expect(takeCommandSchema.parse(sample), type).toEqual(sample);
      expect(COMMAND_DEFINITIONS[type as CommandType].schema.safeParse(sample).success).toBe(true);
    }
    expect(takeCommandSchema.safeParse({ type: 'grab.teleport' }).success).toBe(false);
  });

  it('each schema holds a command to its own fields and finite numbers', () => {
    expect(COMMAND_DEFINITIONS['rig.walkTo'].schema.safeParse({ type: 'rig.walkTo', id: 's', x: Number.NaN }).error?.issues[0]).toMatchObject({ path: ['x'], message: 'is not a finite number' });
    expect(COMMAND_DEFINITIONS['grab.end'].schema.safeParse({ type: 'grab.move' }).success).toBe(false);
    expect(COMMAND_DEFINITIONS['prop.setVelocity'].schema.safeParse({ ...SAMPLES['prop.setVelocity'], velocity: [2e6, 0] }).error?.issues[0].message).toBe('must be within ±1000000');
  });
});
