/**
 * The abuse scenarios of issue 24, at the loader's limits: scene documents the loader accepts
 * (or refuses), built in code. Shared by `npm run bench:abuse` (figures) and the slow suite
 * (behaviour: bounded records, no crash).
 */
import { readFileSync } from 'node:fs';
import { loadSceneValue, type SceneLoadResult } from '../../../core/scene/io';
import { SCENE_LIMITS } from '../../../core/scene/limits';

type Json = Record<string, unknown>;

const base = (objects: Json[], extra: Json = {}): Json => ({
  format: 'stickman-stage/scene',
  version: '1.1',
  stage: { width: 6000, height: 2400, gravity: [0, 980] },
  objects: objects.map((o, i) => ({ file_id: i + 1, ...o, ...(o.kind === 'prop' ? { stage_object_id: o.id } : {}) })),
  ...extra,
});
const ground: Json = { kind: 'terrain', id: 'ground', shape: 'block', position: [3000, 2300], size: [6000, 200] };

/** `count` stickmen on one spot (the issue: 50·N² collided events in the first step). */
export function stackedStickmen(count: number): Json {
  const men = Array.from({ length: count }, (_, i) => ({ kind: 'stickman', id: `s${i}`, position: [3000, 2200], facing: i % 2 ? 'LEFT' : 'RIGHT' }));
  return base([ground, ...men]);
}

/** `count` boxes dropped on one spot, inside one another (the pile: 4,999 props plus the ground is the object limit). */
export function piledProps(count: number): Json {
  const props = Array.from({ length: count }, (_, i) => ({ kind: 'prop', id: `p${i}`, spawn_id: 'builtin:box', position: [3000, 2000] }));
  return base([ground, ...props]);
}

/** `count` 80 px boxes in a grid 1 px apart, 70 to a row: they fall onto each other and settle as a pile that plays. */
export function restingPile(count: number): Json {
  const perRow = 70;
  const props = Array.from({ length: count }, (_, i) => ({
    kind: 'prop', id: `p${i}`, spawn_id: 'builtin:box', position: [100 + (i % perRow) * 81, 2159 - Math.floor(i / perRow) * 81],
  }));
  return base([{ ...ground, size: [6000, 200] }, ...props], { stage: { width: 6000, height: 8000, gravity: [0, 980] } });
}

/** `rules` rules × `actions` `wait 0` reactions on `collided any → any`, with 10 balls dropped touching each other. */
export function ruleStorm(rules: number, actions: number): Json {
  const balls = Array.from({ length: 10 }, (_, i) => ({ kind: 'prop', id: `b${i}`, spawn_id: 'builtin:ball', position: [2800 + i * 40, 2150 - (i % 2) * 40] }));
  const man = { kind: 'stickman', id: 'actor', position: [1000, 2200] };
  const ruleList = Array.from({ length: rules }, (_, r) => ({
    id: `r${r}`,
    when: { type: 'collided', source: 'any', target: 'any' },
    then: Array.from({ length: actions }, () => ({ actor: 'actor', mode: 'sequential', action: { type: 'wait', seconds: 0 } })),
  }));
  return base([ground, man, ...balls], { rules: ruleList });
}

/**
 * The demo plus three speech rules that feed each other: every finished speech and every finished
 * action make both stickmen speak again (overlay), and every contact makes one speak. Each
 * reaction's events belong to its chain, but every contact starts a new chain, so the per-chain
 * cap alone cannot hold it; without a budget its work doubles every step.
 */
export function ruleCycleOnDemo(): Json {
  const demo = JSON.parse(readFileSync(new URL('../../../scenes/demo.scene.json', import.meta.url), 'utf8')) as Json & { rules: Json[] };
  const both = (id: string, type: string) => ({
    id,
    when: { type, source: 'any', target: 'any' },
    then: ['stick-1', 'stick-2'].map((actor) => ({ actor, mode: 'overlay', action: { type: 'speak', text: id, seconds: 0.05 } })),
  });
  return {
    ...demo,
    rules: [
      ...demo.rules,
      both('talk-on-speech', 'speech_finished'),
      both('talk-on-finish', 'action_finished'),
      { id: 'talk-on-contact', when: { type: 'collided', source: 'any', target: 'any' }, then: [{ actor: 'stick-1', mode: 'overlay', action: { type: 'speak', text: 'ow', seconds: 0.05 } }] },
    ],
  };
}

export interface Scenario {
  name: string;
  seconds: number;
  build(): Json;
}

export const SCENARIOS: readonly Scenario[] = [
  { name: 'stacked-stickmen-300', seconds: 1, build: () => stackedStickmen(300) },
  { name: 'stacked-stickmen-1000', seconds: 1, build: () => stackedStickmen(1000) },
  { name: 'piled-props-1000', seconds: 1, build: () => piledProps(1000) },
  { name: 'piled-props-4999', seconds: 1, build: () => piledProps(SCENE_LIMITS.maxObjects - 1) },
  { name: 'resting-pile-4999', seconds: 1, build: () => restingPile(SCENE_LIMITS.maxObjects - 1) },
  { name: 'rule-storm-500x50', seconds: 1, build: () => ruleStorm(SCENE_LIMITS.maxRules, SCENE_LIMITS.maxRuleActions) },
  { name: 'rule-cycle-demo-10s', seconds: 10, build: ruleCycleOnDemo },
];

export const loadScenario = (s: Scenario): SceneLoadResult => loadSceneValue(s.build());
