/**
 * The scenes whose traces and frames a structural change must leave byte-identical (issues 18, 20):
 * the demo, the take performance and small scenes that reach every system where they meet —
 * landings on ramps and stairs, ledges, ragdolls and stand-ups, pickups, throws, areas, rules with
 * speech, stickman touches and a crowd among props. `tests/golden/hashes.json` holds the hashes;
 * `GOLDEN_UPDATE=1 npx vitest run tests/golden` rewrites it (say why in the commit).
 */
import { readFileSync } from 'node:fs';
import type { SceneDocument } from '../../core/scene/schema';
import { loadSceneText } from '../../core/scene/io';
import { ground, prop, scene } from '../helpers/scenes';

type Obj = Record<string, unknown>;
const man = (id: string, position: [number, number], extra: Obj = {}): Obj => ({ kind: 'stickman', id, position, facing: 'RIGHT', ...extra });
const walk = (id: string, x: number, y = 1400): Obj => ({ id, type: 'walk_to', target_position: [x, y] });

export function demoScene(): SceneDocument {
  const r = loadSceneText(readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('demo scene does not load');
  return r.scene;
}

export const GOLDEN_SCENES: Record<string, { scene: () => SceneDocument; seconds: number }> = {
  demo: { scene: demoScene, seconds: 20 },
  stairsAndRamp: {
    seconds: 8,
    scene: () => scene([
      ground(1400),
      { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [900, 1300], size: [600, 200], rise: 'right' },
      { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1800, 1300], size: [600, 200], steps: 5, rise: 'left' },
      { kind: 'terrain', id: 'ledge', shape: 'block', position: [2800, 1200], size: [400, 400] },
      man('walker', [400, 1400]), man('jumper', [2750, 700]),
    ], { queues: { walker: [walk('w1', 2300)], jumper: [walk('j1', 3400)] } }),
  },
  ragdollAndRecover: {
    seconds: 8,
    scene: () => scene([ground(1400), man('bo', [600, 1300], { auto_recover: true }), man('al', [1400, 1300], { auto_recover: false }), { kind: 'area', id: 'pit', position: [1400, 1300], size: [400, 300] }], {
      queues: {
        bo: [{ id: 'r', type: 'ragdoll' }, { id: 'w', type: 'wait', seconds: 1 }, { id: 'rc', type: 'recover' }, walk('w2', 1000)],
        al: [walk('a1', 1600), { id: 'r2', type: 'ragdoll' }, { id: 'rc2', type: 'recover' }],
      },
      rules: [{ id: 'r1', when: { type: 'state_changed', source: 'al', target: 'any' }, then: [{ actor: 'bo', mode: 'overlay', action: { type: 'speak', text: 'Up!', seconds: 1 } }] }],
    }),
  },
  pickupThrow: {
    seconds: 10,
    scene: () => scene([ground(1400), man('bo', [800, 1300]), man('al', [2000, 1300]), prop('ball', 'ball', [950, 1300]), prop('plank', 'plank', [1300, 1350]), prop('box', 'box', [1600, 1300])], {
      queues: {
        bo: [
          { id: 'p1', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' },
          { id: 't1', type: 'throw_prop', target_position: [1950, 1100] },
          { id: 'p2', type: 'pick_up_prop', target_prop_id: 'plank', hand: 'auto' },
          walk('w', 1500),
          { id: 'd', type: 'drop_prop' },
        ],
      },
      rules: [
        { id: 'hit', when: { type: 'collided', source: 'ball', target: 'al' }, then: [{ actor: 'al', mode: 'takeover', action: { type: 'ragdoll' } }] },
        { id: 'say', when: { type: 'prop_thrown', source: 'any', target: 'any' }, then: [{ actor: 'al', mode: 'overlay', action: { type: 'speak', text: 'Whoa', seconds: 1 } }] },
      ],
    }),
  },
  crowdAmongProps: {
    seconds: 6,
    scene: () => {
      const objects: Obj[] = [ground(1400, 6000), { kind: 'area', id: 'zone', position: [3000, 1300], size: [800, 300] }];
      const queues: Record<string, Obj[]> = {};
      for (let i = 0; i < 10; i += 1) {
        objects.push(man(`m${i}`, [300 + i * 150, 1400]));
        queues[`m${i}`] = [walk(`w${i}`, 3000 + i * 200), { id: `s${i}`, type: 'speak', text: `hi ${i}`, seconds: 0.5 }];
      }
      for (let i = 0; i < 30; i += 1) objects.push(prop(`p${i}`, ['box', 'ball', 'bottle'][i % 3], [1200 + i * 60, 1200 - (i % 4) * 60]));
      return scene(objects, {
        queues,
        rules: [{ id: 'z', when: { type: 'entered_area', source: 'any', target: 'zone' }, then: [{ actor: 'm0', mode: 'overlay', action: { type: 'speak', text: 'in', seconds: 0.2 } }] }],
      });
    },
  },
  stickmanTouch: {
    seconds: 5,
    scene: () => scene([ground(1400), man('a', [800, 1400]), man('b', [1200, 1400], { facing: 'LEFT' })], {
      queues: { a: [walk('wa', 1400)], b: [walk('wb', 600)] },
      rules: [{ id: 't', when: { type: 'collided', source: 'a', target: 'b' }, then: [{ actor: 'b', mode: 'takeover', action: { type: 'ragdoll' } }] }],
    }),
  },
  /**
   * Issue 20: a crowd that meets itself — 24 stickmen walking through each other in two files
   * among 48 props, across two areas (one overlapping the other), with rules on stickman ↔
   * stickman touches, area entries and exits: the passes a crowd optimization changes.
   */
  crossingCrowd: {
    seconds: 6,
    scene: () => {
      const objects: Obj[] = [
        ground(1400),
        { kind: 'area', id: 'plaza', position: [2000, 1300], size: [900, 300] },
        { kind: 'area', id: 'gate', position: [2400, 1300], size: [200, 300] },
      ];
      const queues: Record<string, Obj[]> = {};
      for (let i = 0; i < 24; i += 1) {
        const east = i % 2 === 0;
        const x = east ? 600 + i * 40 : 3400 - i * 40;
        objects.push(man(`c${i}`, [x, 1400], { facing: east ? 'RIGHT' : 'LEFT' }));
        queues[`c${i}`] = [walk(`c${i}a`, east ? 3300 : 700), walk(`c${i}b`, x)];
      }
      for (let i = 0; i < 48; i += 1) objects.push(prop(`q${i}`, ['box', 'ball', 'bottle', 'plank'][i % 4], [900 + i * 50, 1250 - (i % 3) * 70]));
      return scene(objects, {
        queues,
        rules: [
          { id: 'bump', when: { type: 'collided', source: 'c0', target: 'any' }, then: [{ actor: 'c0', mode: 'overlay', action: { type: 'speak', text: 'sorry', seconds: 0.3 } }] },
          { id: 'in', when: { type: 'entered_area', source: 'any', target: 'gate' }, then: [{ actor: 'c1', mode: 'overlay', action: { type: 'speak', text: 'gate', seconds: 0.2 } }] },
          { id: 'out', when: { type: 'exited_area', source: 'any', target: 'plaza' }, then: [{ actor: 'c2', mode: 'overlay', action: { type: 'speak', text: 'bye', seconds: 0.2 } }] },
        ],
      });
    },
  },
  /** Issue 20 (and 24): twelve stickmen stacked on one spot, every pair touching from the first step. */
  stackedCrowd: {
    seconds: 3,
    scene: () => scene([ground(1400), ...Array.from({ length: 12 }, (_, i) => man(`s${i}`, [2000, 1400], { facing: i % 2 ? 'LEFT' : 'RIGHT' }))]),
  },
};
