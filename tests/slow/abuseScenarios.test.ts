/**
 * The issue 24 scenarios at the loader's limits (tests/bench/abuse/scenarios.ts), as regression
 * tests: each is refused with a JSON path, or plays its simulated seconds without a failure and
 * with a bounded trace — the reaction and contact budgets hold every step. (The wall time and
 * memory are measured by `npm run bench:abuse`, never asserted.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { MAX_CONTACT_EVENTS_PER_STEP } from '../../streams/runtime/contactBudget';
import { MAX_REACTIONS_PER_STEP } from '../../streams/runtime/ruleDispatcher';
import { liveWorldCount } from '../../streams/physics/world';
import { loadScenario, SCENARIOS } from '../bench/abuse/scenarios';

beforeAll(async () => {
  await initPhysics();
});

const REFUSED = new Set(['stacked-stickmen-300', 'stacked-stickmen-1000', 'piled-props-1000', 'piled-props-4999']);

describe('abuse scenarios at the loader limits', () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: ${REFUSED.has(scenario.name) ? 'refused with a path' : `plays ${scenario.seconds} s with a bounded trace`}`, () => {
      const loaded = loadScenario(scenario);
      if (REFUSED.has(scenario.name)) {
        expect(loaded.ok).toBe(false);
        if (!loaded.ok) expect(loaded.issues[0].path).toMatch(/^\$\.objects\[\d+\]\.position$/);
        return;
      }
      expect(loaded.ok ? [] : loaded.issues).toEqual([]);
      if (!loaded.ok) return;
      const live = liveWorldCount();
      const controller = new StageController(loaded.scene);
      const perTick = new Map<number, { events: number; rules: number }>();
      controller.records$.subscribe((r) => {
        const t = perTick.get(r.tick) ?? { events: 0, rules: 0 };
        if (r.type === 'event') t.events += 1;
        if (r.type === 'rule') t.rules += 1;
        perTick.set(r.tick, t);
      });
      controller.send({ type: 'ui.play' });
      const steps = Math.round(scenario.seconds * 60);
      expect(controller.step(steps)).toBe(steps);
      const worst = [...perTick.values()].reduce((w, t) => ({ events: Math.max(w.events, t.events), rules: Math.max(w.rules, t.rules) }), { events: 0, rules: 0 });
      expect(worst.rules).toBeLessThanOrEqual(MAX_REACTIONS_PER_STEP + 49);
      // Contact events within their budget, plus the handful of other stage events a step raises.
      expect(worst.events).toBeLessThanOrEqual(MAX_CONTACT_EVENTS_PER_STEP + 4 * MAX_REACTIONS_PER_STEP);
      controller.dispose();
      expect(liveWorldCount()).toBe(live);
    });
  }
});
