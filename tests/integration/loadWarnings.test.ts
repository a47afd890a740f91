/**
 * Issue 19 (headless honesty, DESIGN.md §9): what the loader warns about — a custom prop whose
 * asset is missing (an inert placeholder) and a prop reference inside an action that names
 * nothing — is in the trace as `warning` records at tick 0 and on `npm run sim`'s stderr.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../streams/cli/runCli';
import { memoryIo } from '../helpers/cliIo';
import { ground, prop, scene } from '../helpers/scenes';
import { stickman } from './rigScenes';
import { TestStage } from '../helpers/testStage';

const doc = scene([
  ground(),
  stickman('bo', [600, 1400]),
  prop('crate', 'box', [900, 1380]),
  { kind: 'prop', id: 'ghost', spawn_id: 'custom:ghost', position: [1200, 1380], rotation: 0, scale: [1, 1] },
], { queues: { bo: [{ id: 'grab', type: 'pick_up_prop', target_prop_id: 'nobody', hand: 'auto' }] } });

beforeAll(() => TestStage.init());

describe('loader warnings in a headless run', () => {
  it('are warning records at tick 0, one per warning, naming the JSON path', () => {
    const s = TestStage.load(doc).play().step(2);
    const atStart = s.warnings().filter((w) => w.tick === 0);
    expect(atStart.map((w) => w.message)).toEqual([
      expect.stringMatching(/^\$\.objects\[3\]\.spawn_id: asset "custom:ghost" is missing/),
      expect.stringMatching(/^\$\.queues\.bo\[0\]\.target_prop_id: refers to missing prop "nobody"/),
    ]);
    expect(atStart.every((w) => w.t === 0)).toBe(true);
    expect(atStart[0].object).toBe('ghost');
    expect(atStart[1].object).toBe('bo');
    s.dispose();
  });

  it('npm run sim writes them to the trace and prints them on stderr; a clean scene prints nothing', async () => {
    const { io, outputs, err } = memoryIo({ 'w.json': JSON.stringify(doc) });
    expect(await runCli(['w.json', '--seconds', '0.5', '--trace', 't.jsonl'], io)).toBe(0);
    const warnings = outputs['t.jsonl'].map((l) => JSON.parse(l)).filter((r) => r.type === 'warning' && r.tick === 0);
    expect(warnings).toHaveLength(2);
    const printed = err.join('');
    expect(printed).toMatch(/warning: \$\.objects\[3\]\.spawn_id: asset "custom:ghost" is missing/);
    expect(printed).toMatch(/warning: \$\.queues\.bo\[0\]\.target_prop_id: refers to missing prop "nobody"/);
    const clean = memoryIo({ 'c.json': JSON.stringify(scene([ground(), stickman('bo', [600, 1400])])) });
    expect(await runCli(['c.json', '--seconds', '0.2', '--trace', 't.jsonl'], clean.io)).toBe(0);
    expect(clean.err.join('')).toBe('');
    expect(clean.outputs['t.jsonl'].some((l) => JSON.parse(l).type === 'warning')).toBe(false);
  });
});
