/** The demo scene the app opens with: it loads cleanly and its set pieces are where they should be. */
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROPS } from '../../../core/scene/builtinProps';
import { checkReferences, loadSceneText, saveSceneText } from '../../../core/scene/io';
import type { PropObject, SceneDocument, StageObject, TerrainObject } from '../../../core/scene/schema';
import { demoText, expectLoaded } from './fixtures';

const GROUND_TOP = 1400;
const load = (): SceneDocument => expectLoaded(loadSceneText(demoText()));
const byId = (scene: SceneDocument, id: string): StageObject => {
  const o = scene.objects.find((x) => x.id === id);
  if (!o) throw new Error(`demo has no object "${id}"`);
  return o;
};
/** Axis-aligned box of a sized object: [left, top, right, bottom]. */
const box = (o: { position: [number, number]; size?: [number, number] }) => {
  const [w, h] = o.size!;
  return [o.position[0] - w / 2, o.position[1] - h / 2, o.position[0] + w / 2, o.position[1] + h / 2];
};

describe('scenes/demo.scene.json', () => {
  it('loads with loadSceneText without any issue, as version 1.1 (no migration)', () => {
    const result = loadSceneText(demoText());
    expect(result.ok ? [] : result.issues).toEqual([]);
    expect(result.ok && result.migratedFrom).toBeUndefined();
    expect(load().version).toBe('1.1');
    expect(checkReferences(load())).toEqual([]);
  });

  it('is stored in the canonical saved form', () => {
    expect(saveSceneText(load())).toBe(demoText());
  });

  it('is a 4000 × 1600 stage with gravity [0, 980]', () => {
    expect(load().stage).toMatchObject({ width: 4000, height: 1600, gravity: [0, 980] });
  });

  it('has readable ids everywhere', () => {
    const scene = load();
    for (const o of scene.objects) expect(o.id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
  });

  it('has a ground block across the whole width with its top at y = 1400', () => {
    const ground = byId(load(), 'ground') as TerrainObject;
    expect(ground).toMatchObject({ kind: 'terrain', shape: 'block' });
    expect(box(ground)).toEqual([0, GROUND_TOP, 4000, 1600]);
  });

  it('has a raised platform, top at y = 1100, reached by a ramp rising right, with a drop-off at its right edge', () => {
    const scene = load();
    const platform = byId(scene, 'platform') as TerrainObject;
    const ramp = byId(scene, 'ramp-1') as TerrainObject;
    expect(platform).toMatchObject({ shape: 'block' });
    const [pl, pt, pr, pb] = box(platform);
    expect(pr - pl).toBe(700);
    expect(pt).toBe(1100);
    expect(pb).toBe(GROUND_TOP); // stands on the ground
    expect(ramp).toMatchObject({ shape: 'ramp', rise: 'right' });
    const [rl, rt, rr, rb] = box(ramp);
    expect(rb).toBe(GROUND_TOP); // low end at ground level
    expect([rr, rt]).toEqual([pl, pt]); // high end meets the platform's top-left corner
    expect(rl).toBeGreaterThan(0);
    // nothing solid right of the platform above the ground: a real drop-off
    const terrainRightOfLedge = scene.objects.filter(
      (o) => o.kind === 'terrain' && o.id !== 'ground' && o.size && box(o)[0] < pr + 200 && box(o)[2] > pr,
    );
    expect(terrainRightOfLedge).toEqual([]);
  });

  it('has 5–6 stairs rising toward an upper deck holding the goal area', () => {
    const scene = load();
    const stairs = byId(scene, 'stairs-1') as TerrainObject;
    expect(stairs.shape).toBe('stairs');
    expect(stairs.steps).toBeGreaterThanOrEqual(5);
    expect(stairs.steps).toBeLessThanOrEqual(6);
    expect(stairs.rise).toBe('right');
    const [, st, sr, sb] = box(stairs);
    expect(sb).toBe(GROUND_TOP);
    const deck = byId(scene, 'upper-deck') as TerrainObject;
    const [dl, dt] = box(deck);
    expect([sr, st]).toEqual([dl, dt]);
    const goal = byId(scene, 'goal');
    expect(goal.kind).toBe('area');
    expect(goal.kind === 'area' && goal.size).toEqual([300, 400]);
    const [gl, , gr, gb] = box(goal as { position: [number, number]; size: [number, number] });
    expect(gb).toBe(dt); // sits on the deck
    expect(gl).toBeGreaterThanOrEqual(dl);
    expect(gr).toBeLessThanOrEqual(4000);
  });

  it('has a ball, a bottle, a plank, and a ball dropping onto the ramp', () => {
    const scene = load();
    const props = scene.objects.filter((o): o is PropObject => o.kind === 'prop');
    const spawns = new Set(props.map((p) => p.spawn_id));
    for (const s of ['builtin:ball', 'builtin:bottle', 'builtin:plank', 'builtin:box']) expect(spawns).toContain(s);
    const ramp = box(byId(scene, 'ramp-1') as TerrainObject);
    const dropper = props.find((p) => p.position[0] > ramp[0] && p.position[0] < ramp[2] && p.position[1] < ramp[1] - 100);
    expect(dropper, 'a prop in the air above the ramp').toBeDefined();
  });

  describe('the box stack', () => {
    const stack = () =>
      load()
        .objects.filter((o): o is PropObject => o.kind === 'prop' && o.spawn_id === 'builtin:box')
        .sort((a, b) => b.position[1] - a.position[1]); // bottom first
    const half = (BUILTIN_PROPS['builtin:box'].shape as { size: [number, number] }).size[0] / 2;

    it('has 4–5 boxes of 80 × 80, each resting exactly on the one below, the bottom one on the ground', () => {
      const boxes = stack();
      expect(boxes.length).toBeGreaterThanOrEqual(4);
      expect(boxes.length).toBeLessThanOrEqual(5);
      expect(half).toBe(40);
      expect(boxes[0].position[1]).toBe(GROUND_TOP - 40);
      for (let i = 1; i < boxes.length; i++) {
        expect(boxes[i - 1].position[1] - boxes[i].position[1]).toBe(80);
        expect(Math.abs(boxes[i].position[0] - boxes[i - 1].position[0])).toBe(30);
        expect(boxes[i].rotation).toBe(0);
      }
    });

    it('leans one way so it topples: the boxes above some box have their centre of mass beyond its edge', () => {
      const boxes = stack();
      const dir = Math.sign(boxes[1].position[0] - boxes[0].position[0]);
      for (let i = 1; i < boxes.length; i++) expect(Math.sign(boxes[i].position[0] - boxes[i - 1].position[0])).toBe(dir);
      const unstable = boxes.slice(0, -1).some((support, i) => {
        const above = boxes.slice(i + 1);
        const comX = above.reduce((s, b) => s + b.position[0], 0) / above.length;
        return dir > 0 ? comX > support.position[0] + half : comX < support.position[0] - half;
      });
      expect(unstable).toBe(true);
    });

    it('does not start overlapping other terrain', () => {
      const scene = load();
      const [bottom] = stack();
      for (const t of scene.objects.filter((o): o is TerrainObject => o.kind === 'terrain' && o.id !== 'ground' && !!o.size)) {
        const [l, , r] = box(t);
        const overlaps = stack().some((b) => b.position[0] + half > l && b.position[0] - half < r);
        expect(overlaps, `stack overlaps ${t.id}`).toBe(false);
      }
      expect(bottom.position[1] + half).toBe(GROUND_TOP);
    });
  });

  it('has two stickmen standing on the ground, each with a short queue; together they walk, wait, speak, pick up and throw', () => {
    const scene = load();
    for (const id of ['stick-1', 'stick-2']) {
      const s = byId(scene, id);
      expect(s.kind).toBe('stickman');
      expect(s.position[1]).toBe(GROUND_TOP);
      const queue = scene.queues[id];
      expect(queue.length).toBeGreaterThanOrEqual(2);
      expect(queue.length).toBeLessThanOrEqual(6);
    }
    const types = new Set(Object.values(scene.queues).flat().map((i) => i.type));
    for (const t of ['walk_to', 'wait', 'speak', 'pick_up_prop', 'throw_prop']) expect(types).toContain(t);
  });

  it('tells a story with rules on several triggers (collision, area entry, queue end, a state change, a throw) and every reactive mode', () => {
    const scene = load();
    expect(new Set(scene.rules.map((r) => r.when.type))).toEqual(new Set(['entered_area', 'collided', 'queue_finished', 'state_changed', 'prop_thrown']));
    expect(new Set(scene.rules.flatMap((r) => r.then.map((t) => t.mode)))).toEqual(new Set(['overlay', 'sequential', 'takeover']));
  });

  describe('the throw (issue 22)', () => {
    const ada = () => load().queues['stick-1'];
    it('Ada picks up the ball beside her, walks off the platform\'s ledge and throws it at Bo standing on the ground', () => {
      const scene = load();
      const [pick, walk, throw_] = ada();
      expect(pick.type).toBe('pick_up_prop');
      const ball = byId(scene, pick.type === 'pick_up_prop' ? pick.target_prop_id : '') as PropObject;
      expect(ball.spawn_id).toBe('builtin:ball');
      expect(Math.abs(ball.position[0] - byId(scene, 'stick-1').position[0])).toBeLessThan(250);
      // The walk ends on the ground right of the platform: over the ramp and off the ledge.
      const platform = box(byId(scene, 'platform') as TerrainObject);
      expect(walk).toMatchObject({ type: 'walk_to' });
      const [wx, wy] = walk.type === 'walk_to' ? walk.target_position : [0, 0];
      expect(wx).toBeGreaterThan(platform[2]);
      expect(wy).toBe(GROUND_TOP);
      // The throw aims at Bo's chest (he stands there waiting for it).
      const bo = byId(scene, 'stick-2');
      expect(throw_.type).toBe('throw_prop');
      const [tx, ty] = throw_.type === 'throw_prop' ? throw_.target_position : [0, 0];
      expect(Math.abs(tx - bo.position[0])).toBeLessThan(40);
      expect(bo.position[1] - ty).toBeGreaterThan(150);
      expect(bo.position[1] - ty).toBeLessThan(450);
      expect(scene.queues['stick-2'].map((i) => i.type)).toEqual(expect.arrayContaining(['wait']));
    });

    it('the hit knocks Bo over (takeover ragdoll), he gets up on his own, and rules have them speak', () => {
      const scene = load();
      const pick = ada()[0];
      const ball = pick.type === 'pick_up_prop' ? pick.target_prop_id : '';
      const knock = scene.rules.find((r) => r.when.type === 'collided' && r.when.target === ball);
      expect(knock).toMatchObject({ enabled: true, when: { source: 'stick-2' }, then: [{ actor: 'stick-2', mode: 'takeover', action: { type: 'ragdoll' } }] });
      expect((byId(scene, 'stick-2') as { auto_recover?: boolean }).auto_recover).toBe(true);
      const up = scene.rules.find((r) => r.when.type === 'state_changed');
      expect(up).toMatchObject({ enabled: true, when: { source: 'stick-2', state: 'ANIMATED' }, then: [{ actor: 'stick-2', mode: 'overlay', action: { type: 'speak' } }] });
      const thrown = scene.rules.find((r) => r.when.type === 'prop_thrown');
      expect(thrown).toMatchObject({ enabled: true, when: { source: 'stick-1' }, then: [{ actor: 'stick-1', mode: 'overlay', action: { type: 'speak' } }] });
    });
  });

  it('sends a stickman to a point inside the goal, and a rule makes it speak on entering', () => {
    const scene = load();
    const goal = byId(scene, 'goal') as { position: [number, number]; size: [number, number] };
    const [gl, , gr, gb] = box(goal);
    const walker = Object.entries(scene.queues).find(([, items]) =>
      items.some((i) => i.type === 'walk_to' && i.target_position[0] > gl && i.target_position[0] < gr && i.target_position[1] === gb),
    );
    expect(walker, 'a walk_to ending in the goal').toBeDefined();
    const rule = scene.rules.find((r) => r.when.type === 'entered_area')!;
    expect(rule.enabled).toBe(true);
    expect(rule.when).toEqual({ type: 'entered_area', source: walker![0], target: 'goal' });
    expect(rule.then).toEqual([{ actor: walker![0], mode: 'overlay', action: expect.objectContaining({ type: 'speak' }) }]);
  });
});
