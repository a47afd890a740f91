/**
 * The take "walk-fall-stand-up" (480 steps, 8.00 s, 1 command) as a test.
 * It replays the take file ./walk-fall-stand-up.take.json headless and asserts what the take showed:
 * each stickman's state changes and TerrainMotion phases, the stage events with their
 * ticks, and the final summary.
 *
 * Written by `npm run sim -- --take tests/integration/takes/walk-fall-stand-up.take.json --as-test`.
 * When the behaviour changes on purpose, run that command again and review the diff.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayObserved, takeFromValue, type TakeObservation } from '../../../streams/take/takeObservation';

const takeFile = new URL('./walk-fall-stand-up.take.json', import.meta.url);
const take = takeFromValue(JSON.parse(readFileSync(takeFile, 'utf8')), './walk-fall-stand-up.take.json');

describe('take walk-fall-stand-up', () => {
  let seen: TakeObservation;
  beforeAll(async () => {
    seen = await replayObserved(take);
  });

  it('ada: state changes', () => {
    expect(seen.rigs['ada'] ?? []).toEqual([
      '#151 ANIMATED → RAGDOLL.FREE (rig.setRagdoll)',
      '#317 RAGDOLL.FREE → RECOVERING (physics.ragdollAtRest)',
      '#389 RECOVERING → ANIMATED (rig.standUpFinished)',
    ]);
  });

  it('ada: TerrainMotion phases', () => {
    expect(seen.terrain['ada'] ?? []).toEqual([
      '#1 DISABLED → AIRBORNE (rig.beginTerrainFall)',
      '#16 AIRBORNE → LANDING_IMPACT (physics.landed)',
      '#34 LANDING_IMPACT → GROUNDED (physics.landingFinished)',
      '#389 DISABLED → AIRBORNE (rig.beginTerrainFall)',
      '#390 AIRBORNE → GROUNDED (physics.landed)',
    ]);
  });

  it('only these stickmen change state', () => {
    expect(Object.keys(seen.rigs).sort()).toEqual(['ada']);
    expect(Object.keys(seen.terrain).sort()).toEqual(['ada']);
  });

  it('stage events, with their ticks', () => {
    expect(seen.events).toEqual([
      '#1 action_started ada (action w1)',
      '#97 entered_area ada → goal',
      '#151 state_changed ada (state RAGDOLL, from ANIMATED)',
      '#317 state_changed ada (state RECOVERING, from RAGDOLL)',
      '#376 exited_area ada → goal',
      '#389 state_changed ada (state ANIMATED, from RECOVERING)',
      '#393 entered_area ada → goal',
      '#402 arrived ada',
      '#402 action_finished ada (outcome completed, action w1)',
      '#403 queue_finished ada',
    ]);
  });

  it('the final summary', () => {
    expect(seen.summary).toEqual({
      "t": 8,
      "tick": 480,
      "rigs": {
        "ada": {
          "root": [1402.71, 1400],
          "facing": "LEFT",
          "state": "ANIMATED",
          "terrain": "GROUNDED",
          "feet": {
            "left": [1376, 1400],
            "right": [1426.71, 1400]
          },
          "held_prop": null
        }
      },
      "props": {}
    });
  });
});
