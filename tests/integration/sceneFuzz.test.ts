/**
 * Property: nothing a scene file says can crash the stage. Any mutation of the demo scene (see
 * tests/helpers/hostileScene.ts) is either refused with issues that each name a JSON path, or it
 * builds the PLAY runtime and runs 60 steps without an exception, a stall or a non-finite number
 * in the frame. Bounded in `npm test`; set FUZZ_RUNS (e.g. FUZZ_RUNS=2000) for a longer search and FUZZ_SEED
 * for another one (the default seed is fixed).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneText, loadSceneValue, saveSceneText } from '../../core/scene/io';
import { MAX_LISTED_ISSUES, MAX_MESSAGE_CHARS, type SceneIssue } from '../../core/scene/errors';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { applyMutations, mutationArb, toHostileText } from '../helpers/hostileScene';

const DEMO = JSON.parse(readFileSync(fileURLToPath(new URL('../../scenes/demo.scene.json', import.meta.url)), 'utf8'));
/**
 * The demo has no polygons and no embedded assets; this variant adds a polygon terrain, a polygon
 * prop asset and a prop of it, so the fuzz reaches those paths too.
 */
const DEMO_WITH_POLYGONS = {
  ...DEMO,
  objects: [
    ...DEMO.objects,
    { kind: 'terrain', id: 'rock', file_id: 90, shape: 'polygon', position: [2600, 1380], points: [[-80, 20], [80, 20], [10, -40]] },
    { kind: 'prop', id: 'wedge-1', file_id: 91, stage_object_id: 'wedge-1', spawn_id: 'my:wedge', position: [2400, 1300], rotation: 0, scale: [1, 1] },
  ],
  prop_assets: [{ spawn_id: 'my:wedge', name: 'Wedge', shape: { kind: 'polygon', points: [[0, 0], [60, 0], [60, 10], [0, 40]] }, mass: 2 }],
};
const RUNS = Number(process.env.FUZZ_RUNS) || 60;
// A fixed default seed keeps `npm test` repeatable; fast-check prints the seed of a failure, and
// FUZZ_SEED replays it (or searches elsewhere).
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261202;

beforeAll(async () => {
  await initPhysics();
});

/** Paths of the non-finite numbers in `value` (a frame snapshot), for the failure message. */
function nonFinitePaths(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path} = ${value}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => nonFinitePaths(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) nonFinitePaths(v, `${path}.${k}`, out);
  return out;
}

/** At least one issue, at most the cap (plus its "… and N more"), each with a JSON path and a short reason. */
function expectWellFormedRefusal(issues: readonly SceneIssue[]): void {
  expect(issues.length).toBeGreaterThan(0);
  expect(issues.length).toBeLessThanOrEqual(MAX_LISTED_ISSUES + 1);
  for (const issue of issues) {
    expect(issue.path).toMatch(/^\$/);
    expect(issue.message.length).toBeGreaterThan(0);
    expect(issue.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
  }
}

/** Loads `text`; a refusal must be well-formed, an accepted scene must play 60 clean steps. */
function loadAndPlay(text: string): 'refused' | 'played' {
  const result = loadSceneText(text);
  if (!result.ok) {
    expectWellFormedRefusal(result.issues);
    return 'refused';
  }
  const controller = new StageController(result.scene);
  try {
    controller.send({ type: 'ui.play' });
    // Every object of the file is on stage under its own id (none vanished into a prototype).
    const start = controller.frame$.value;
    const shown = new Set([...start.rigs, ...start.props, ...start.areas, ...start.terrain].map((o) => o.id));
    expect(result.scene.objects.filter((o) => !shown.has(o.id)).map((o) => o.id), 'objects missing from the first frame').toEqual([]);
    expect(controller.step(60), 'steps run').toBe(60);
    expect(nonFinitePaths(controller.frame$.value), 'non-finite values in the frame').toEqual([]);
    expect(nonFinitePaths(controller.summary()), 'non-finite values in the summary').toEqual([]);
    return 'played';
  } finally {
    controller.dispose();
  }
}

/** Runs the property on mutations of `base`; returns how often each outcome happened. */
function fuzz(base: unknown, numRuns: number) {
  const outcomes = { refused: 0, played: 0 };
  fc.assert(
    fc.property(fc.array(mutationArb(base), { minLength: 1, maxLength: 3 }), (mutations) => {
      outcomes[loadAndPlay(toHostileText(applyMutations(base, mutations)))] += 1;
    }),
    { numRuns, seed: SEED },
  );
  if (process.env.FUZZ_VERBOSE) console.log(outcomes);
  return outcomes;
}

describe('scene fuzz: hostile mutations of the demo scene', () => {
  it('the unmutated scenes play (so a refusal below is caused by the mutation)', () => {
    expect(loadAndPlay(JSON.stringify(DEMO))).toBe('played');
    expect(loadAndPlay(JSON.stringify(DEMO_WITH_POLYGONS))).toBe('played');
  });

  it(`any mutation of the demo is refused with JSON paths or plays 60 steps cleanly (${RUNS} runs)`, () => {
    const outcomes = fuzz(DEMO, RUNS);
    // Both outcomes happen (about 1 in 4 runs plays): the fuzz reaches the runtime, not only the loader.
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.played).toBeGreaterThan(0);
  });

  it(`loadSceneValue on the mutated JS values (NaN, -0 and all) never throws; what loads saves and loads back (${RUNS * 4} runs)`, () => {
    fc.assert(
      fc.property(fc.array(mutationArb(DEMO_WITH_POLYGONS), { minLength: 1, maxLength: 4 }), (mutations) => {
        const result = loadSceneValue(applyMutations(DEMO_WITH_POLYGONS, mutations));
        if (!result.ok) return expectWellFormedRefusal(result.issues);
        // Compared as saved text: JSON writes -0 as 0, so the values may differ in that alone.
        const saved = saveSceneText(result.scene);
        const reloaded = loadSceneText(saved);
        expect(reloaded.ok && saveSceneText(reloaded.scene)).toBe(saved);
      }),
      { numRuns: RUNS * 4, seed: SEED },
    );
  });

  it(`the same with a polygon terrain and a polygon prop asset added (${Math.ceil(RUNS / 2)} runs)`, () => {
    const outcomes = fuzz(DEMO_WITH_POLYGONS, Math.ceil(RUNS / 2));
    expect(outcomes.refused + outcomes.played).toBe(Math.ceil(RUNS / 2));
  });
});
