/**
 * The ELK layout of every machine's chart, in Node (elkjs runs here as it does in the browser's
 * worker): every state gets a box, nested and parallel states sit inside their parents below the
 * parent's header, siblings never overlap, every drawn edge runs from its source box to its target
 * box and has its label, initial markers sit inside their compound state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { chartModel, type ChartModel } from '../../../ui/statecharts/chartModel';
import { machineDefinitions } from '../../../ui/statecharts/actorCatalog';
import { elkGraph, layoutChart, ROOT_LAYOUT_OPTIONS, type ChartLayout, type Point, type StateBox } from '../../../ui/statecharts/chartLayout';
import { boxSize, stateLines } from '../../../ui/statecharts/chartText';
import { terrainMotionMachine } from '../../../machines/terrainMotionMachine';
import { actionRunnerMachine } from '../../../machines/actionRunnerMachine';

/** Every machine the stage system runs (a machine added to a rig later is covered too). */
const MACHINES: AnyStateMachine[] = machineDefinitions();
const EPS = 1;

const inside = (inner: StateBox, outer: StateBox) =>
  inner.x >= outer.x - EPS && inner.y >= outer.y - EPS && inner.x + inner.width <= outer.x + outer.width + EPS && inner.y + inner.height <= outer.y + outer.height + EPS;

const overlap = (a: StateBox, b: StateBox) => a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;

/** Distance from a point to a box's outline. */
function toBorder([x, y]: Point, b: StateBox): number {
  const dx = Math.max(b.x - x, 0, x - (b.x + b.width));
  const dy = Math.max(b.y - y, 0, y - (b.y + b.height));
  const outside = Math.hypot(dx, dy);
  if (outside > 0) return outside;
  return Math.min(x - b.x, b.x + b.width - x, y - b.y, b.y + b.height - y);
}

describe('chart layout (ELK layered, hierarchical)', () => {
  const elk = new ELK();
  const layouts = new Map<string, { model: ChartModel; layout: ChartLayout }>();

  beforeAll(async () => {
    for (const m of MACHINES) {
      const model = chartModel(m);
      layouts.set(m.id, { model, layout: await layoutChart(model, elk) });
    }
  });

  it('asks ELK for one layered layout over the whole hierarchy, with absolute coordinates', () => {
    const graph = elkGraph(chartModel(actionRunnerMachine));
    expect(graph.layoutOptions).toMatchObject({
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    });
    expect(ROOT_LAYOUT_OPTIONS['elk.edgeLabels.placement']).toBe('CENTER');
    // Nested states are nested ELK nodes: running → lane → idle.
    const running = graph.children!.find((c) => c.id === 's:running')!;
    const lane = running.children!.find((c) => c.id === 's:running.lane')!;
    expect(lane.children!.map((c) => c.id)).toContain('s:running.lane.idle');
    // Internal (targetless) transitions are text in their box, not ELK edges.
    expect(graph.edges!.some((e) => e.id.includes('|queue.rigState|running.lane.walking'))).toBe(false);
  });

  for (const machine of MACHINES) {
    describe(machine.id, () => {
      const get = () => layouts.get(machine.id)!;

      it('gives every state a box at least as big as its text, inside its parent and below its header', () => {
        const { model, layout } = get();
        expect(Object.keys(layout.states).sort()).toEqual(model.states.map((s) => s.path).sort());
        for (const s of model.states) {
          const box = layout.states[s.path];
          const min = boxSize(s, stateLines(model, s));
          expect(box.width, s.path).toBeGreaterThanOrEqual(Math.min(min.width, box.width) - EPS);
          if (s.children.length === 0) {
            expect(box.width, s.path).toBeGreaterThanOrEqual(min.width - EPS);
            expect(box.height, s.path).toBeGreaterThanOrEqual(min.height - EPS);
          }
          if (s.parent === null) continue;
          const parent = layout.states[s.parent];
          expect(inside(box, parent), `${s.path} inside ${s.parent}`).toBe(true);
          expect(box.y, `${s.path} below the header of ${s.parent}`).toBeGreaterThanOrEqual(parent.y + parent.header - EPS);
        }
        expect(layout.width).toBeGreaterThanOrEqual(layout.states[''].width);
        expect(layout.height).toBeGreaterThanOrEqual(layout.states[''].height);
      });

      it('never overlaps sibling boxes', () => {
        const { model, layout } = get();
        for (const s of model.states) {
          const kids = s.children.map((c) => layout.states[c]);
          for (let i = 0; i < kids.length; i += 1) for (let j = i + 1; j < kids.length; j += 1) {
            expect(overlap(kids[i], kids[j]), `${kids[i].path} / ${kids[j].path}`).toBe(false);
          }
        }
      });

      it('routes every edge with a target from its source box to its target box, with its label placed', () => {
        const { model, layout } = get();
        const drawn = model.edges.filter((e) => !e.internal);
        expect(Object.keys(layout.edges).sort()).toEqual(drawn.map((e) => e.id).sort());
        for (const e of drawn) {
          const route = layout.edges[e.id];
          expect(route.paths.length, e.id).toBe(e.targets.length);
          route.paths.forEach((pts, i) => {
            expect(pts.length, e.id).toBeGreaterThanOrEqual(2);
            expect(toBorder(pts[0], layout.states[e.source]), `${e.id} starts on ${e.source}`).toBeLessThan(3);
            expect(toBorder(pts[pts.length - 1], layout.states[e.targets[i]]), `${e.id} ends on ${e.targets[i]}`).toBeLessThan(3);
          });
          expect(route.label, e.id).not.toBeNull();
          expect(route.label!.width).toBeGreaterThan(e.label.length * 5);
        }
      });

      it('puts one initial marker in every compound state, pointing at its initial child', () => {
        const { model, layout } = get();
        const compounds = model.states.filter((s) => s.initial);
        expect(layout.initials.map((m) => m.parent).sort()).toEqual(compounds.map((s) => s.path).sort());
        for (const m of layout.initials) {
          const parent = layout.states[m.parent];
          const [x, y] = m.center;
          expect(x > parent.x && x < parent.x + parent.width && y > parent.y && y < parent.y + parent.height, m.parent).toBe(true);
          const initial = layout.states[model.byPath.get(m.parent)!.initial!];
          expect(toBorder(m.points[m.points.length - 1], initial)).toBeLessThan(3);
        }
      });
    });
  }

  it('lays the parallel regions of the action runner inside `running`, apart, each holding its own states', () => {
    const { layout } = layouts.get('actionRunner')!;
    const running = layout.states.running;
    const lane = layout.states['running.lane'];
    const overlay = layout.states['running.overlay'];
    expect(inside(lane, running) && inside(overlay, running)).toBe(true);
    expect(overlap(lane, overlay)).toBe(false);
    for (const p of ['idle', 'walking', 'ragdolling', 'recovering', 'waiting', 'speaking', 'blocked']) expect(inside(layout.states[`running.lane.${p}`], lane)).toBe(true);
    for (const p of ['quiet', 'talking']) expect(inside(layout.states[`running.overlay.${p}`], overlay)).toBe(true);
  });

  it('is deterministic: the same machine lays out the same way twice', async () => {
    const again = await layoutChart(chartModel(terrainMotionMachine), new ELK());
    expect(again).toEqual(layouts.get('terrainMotion')!.layout);
  });
});
