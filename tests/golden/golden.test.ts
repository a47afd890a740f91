/**
 * Structural changes keep every trace and frame byte-identical: each golden scene is run by the
 * headless runner (trace and every frame) and the take performance is played live; their SHA-256
 * hashes must equal `hashes.json`. A behaviour change regenerates it with GOLDEN_UPDATE=1.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it, afterAll } from 'vitest';
import { runCli } from '../../streams/cli/runCli';
import { saveSceneText } from '../../core/scene/io';
import { memoryIo } from '../helpers/cliIo';
import { livePerformance } from '../integration/takeScenario';
import { GOLDEN_SCENES } from './goldenScenes';

const HASHES = new URL('./hashes.json', import.meta.url);
const expected: Record<string, string> = JSON.parse(readFileSync(HASHES, 'utf8'));
const actual: Record<string, string> = {};
const update = process.env.GOLDEN_UPDATE === '1';
const sha = (lines: string[]) => createHash('sha256').update(lines.join('\n')).digest('hex');

describe('golden traces and frames', () => {
  for (const [name, { scene, seconds }] of Object.entries(GOLDEN_SCENES)) {
    it(`${name}: trace and frames unchanged`, async () => {
      const { io, outputs } = memoryIo({ 'scene.json': saveSceneText(scene()) });
      const code = await runCli(['scene.json', '--seconds', String(seconds), '--trace', 'trace', '--frames', 'frames'], io);
      expect(code).toBe(0);
      actual[`${name}.trace`] = sha(outputs.trace);
      actual[`${name}.frames`] = sha(outputs.frames);
      if (!update) {
        expect(actual[`${name}.trace`], `${name} trace`).toBe(expected[`${name}.trace`]);
        expect(actual[`${name}.frames`], `${name} frames`).toBe(expected[`${name}.frames`]);
      }
    });
  }
  it('take performance: live trace and frames unchanged', async () => {
    const live = await livePerformance();
    actual['performance.trace'] = sha(live.lines);
    actual['performance.frames'] = sha(live.frames);
    if (!update) {
      expect(actual['performance.trace']).toBe(expected['performance.trace']);
      expect(actual['performance.frames']).toBe(expected['performance.frames']);
    }
  });
  afterAll(() => {
    if (update) writeFileSync(HASHES, JSON.stringify(actual, null, 2) + '\n');
  });
});
