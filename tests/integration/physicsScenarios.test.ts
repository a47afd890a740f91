import { beforeAll, describe, expect, it } from 'vitest';
import { StageController } from '../../streams/stage/stageController';
import { initPhysics } from '../../streams/physics/rapier';
import type { StageEvent } from '../../core/events';
import type { ContactEvent } from '../../streams/physics/entities';
import { ground, prop, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

function play(doc: ReturnType<typeof scene>) {
  const controller = new StageController(doc);
  const events: StageEvent[] = [];
  controller.records$.subscribe((r) => {
    if (r.type === 'event') events.push(r.event);
  });
  controller.send({ type: 'ui.play' });
  return { controller, events, runtime: controller.currentRuntime! };
}

const propPos = (c: StageController, id: string) => c.frame$.value.props.find((p) => p.id === id)!.position;

describe('props on terrain', () => {
  it('a box dropped on a ramp slides off and comes to rest on the ground', () => {
    const doc = scene([
      ground(1400),
      // Ramp rising to the right: its slope runs from (1000,1400) up to (1600,1000).
      { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1200], size: [600, 400], rise: 'right' },
      prop('crate', 'box', [1400, 1000], { physics: { friction: 0.05 } }),
    ]);
    const { controller, events } = play(doc);
    controller.step(60 * 8);
    const [x, y] = propPos(controller, 'crate');
    const state = controller.currentRuntime!.propState('crate')!;
    expect(x).toBeLessThan(1000); // left the ramp past its low end
    expect(y).toBeCloseTo(1400 - 40, 0); // resting on the ground (box half-height 40)
    expect(Math.hypot(...state.velocity)).toBeLessThan(5);
    expect(events.some((e) => e.type === 'collided' && e.source === 'crate' && e.target === 'ramp')).toBe(true);
    expect(events.some((e) => e.type === 'collided' && e.source === 'crate' && e.target === 'ground')).toBe(true);
    controller.dispose();
  });

  it('an offset stack of boxes topples', () => {
    const boxes = [0, 1, 2, 3, 4].map((i) => prop(`box-${i}`, 'box', [1000 + i * 30, 1400 - 40 - i * 80]));
    const { controller } = play(scene([ground(1400), ...boxes]));
    controller.step(60 * 6);
    const top = propPos(controller, 'box-4');
    // Upright, the top box would sit at y = 1040. Toppled, it lies near the ground.
    expect(top[1]).toBeGreaterThan(1250);
    const heights = [0, 1, 2, 3, 4].map((i) => propPos(controller, `box-${i}`)[1]);
    expect(Math.min(...heights)).toBeGreaterThan(1150); // nothing is still stacked 3 high
    controller.dispose();
  });

  it('a ball thrown into an area fires entered_area exactly once', () => {
    const doc = scene([
      ground(1400),
      prop('ball', 'ball', [400, 1300]),
      { kind: 'area', id: 'goal', position: [1200, 1250], size: [300, 300] },
    ]);
    const { controller, events, runtime } = play(doc);
    runtime.enqueue({ type: 'prop.setVelocity', id: 'ball', velocity: [900, -500] });
    controller.step(60 * 3);
    const entered = events.filter((e) => e.type === 'entered_area');
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({ source: 'ball', target: 'goal' });
    controller.dispose();
  });

  it('contact normals point from the source to the target', () => {
    const doc = scene([
      ground(1400),
      { kind: 'terrain', id: 'wall', shape: 'block', position: [1500, 1200], size: [100, 400] },
      prop('ball', 'ball', [1000, 1369]),
      prop('falling', 'box', [700, 1000]),
      prop('under', 'box', [700, 1360]),
    ]);
    const { controller, events, runtime } = play(doc);
    const contacts: ContactEvent[] = [];
    runtime.contact$.subscribe((c) => contacts.push(c));
    runtime.enqueue({ type: 'prop.setVelocity', id: 'ball', velocity: [800, 0] });
    controller.step(90);
    const hitWall = events.find((e) => e.type === 'collided' && e.source === 'ball' && e.target === 'wall')!;
    expect(hitWall.normal![0]).toBeGreaterThan(0.9); // ball → wall points right
    const onBox = events.find((e) => e.type === 'collided' && e.source === 'falling' && e.target === 'under')!;
    expect(onBox.normal![1]).toBeGreaterThan(0.9); // falling → under points down
    const reverse = events.find((e) => e.type === 'collided' && e.source === 'under' && e.target === 'falling')!;
    expect(reverse.normal![1]).toBeLessThan(-0.9); // under → falling points up
    const onGround = events.find((e) => e.type === 'collided' && e.source === 'under' && e.target === 'ground')!;
    expect(onGround.normal![1]).toBeGreaterThan(0.9);
    // The raw stream agrees: normal points from a to b.
    for (const c of contacts.filter((c) => c.type === 'started')) {
      const pa = runtime.physics.bodyState(c.a.id)?.position;
      const pb = runtime.physics.bodyState(c.b.id)?.position;
      if (!pa || !pb || c.a.kind === 'terrain' || c.b.kind === 'terrain') continue;
      expect(c.normal[0] * (pb[0] - pa[0]) + c.normal[1] * (pb[1] - pa[1])).toBeGreaterThan(0);
    }
    controller.dispose();
  });
});

describe('PLAY lifecycle', () => {
  const chaos = () =>
    scene([
      ground(1400),
      { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [800, 1300], size: [400, 200], rise: 'left' },
      ...[0, 1, 2, 3].map((i) => prop(`b${i}`, 'box', [1200 + i * 25, 1360 - i * 80], { rotation: i * 0.1 })),
      prop('ball', 'ball', [700, 900]),
      prop('plank', 'plank', [1250, 800], { rotation: 0.3 }),
      prop('bottle', 'bottle', [1500, 700]),
      { kind: 'stickman', id: 'stick', position: [300, 1400], facing: 'LEFT' },
      { kind: 'area', id: 'zone', position: [1000, 1300], size: [400, 200] },
    ]);

  it('leaving PLAY restores every authored transform exactly after 5 s of chaos', () => {
    const doc = chaos();
    const { controller } = play(doc);
    const authored = controller.frame$.value;
    controller.step(300);
    expect(propPos(controller, 'ball')).not.toEqual([700, 900]);
    for (const leave of ['ui.edit', 'ui.direct'] as const) {
      controller.send({ type: 'ui.play' });
      controller.step(300);
      controller.send({ type: leave });
      const f = controller.frame$.value;
      for (const o of doc.objects) {
        if (o.kind === 'prop') {
          const p = f.props.find((x) => x.id === o.id)!;
          expect(p.position).toEqual(o.position);
          expect(p.rotation).toBe(o.rotation);
        }
        if (o.kind === 'stickman') expect(f.rigs.find((r) => r.id === o.id)!.root).toEqual(o.position);
      }
      expect(controller.document).toBe(doc);
    }
    void authored;
    controller.dispose();
  });

  it('RESET rebuilds from the document and holds at t = 0', () => {
    const doc = chaos();
    const { controller } = play(doc);
    controller.step(200);
    controller.send({ type: 'ui.reset' });
    expect(controller.mode).toEqual({ mode: 'PLAY', paused: true });
    expect(controller.tick).toBe(0);
    for (const o of doc.objects) if (o.kind === 'prop') expect(propPos(controller, o.id)).toEqual(o.position);
    controller.send({ type: 'ui.resume' });
    controller.step(10);
    expect(controller.tick).toBe(10);
    controller.dispose();
  });

  it('100 PLAY/RESET cycles leave no bodies or worlds behind', async () => {
    const { liveWorldCount } = await import('../../streams/physics/world');
    const doc = chaos();
    const baselineWorlds = liveWorldCount();
    const controller = new StageController(doc);
    controller.send({ type: 'ui.play' });
    const expected = controller.currentRuntime!.physics.counts();
    for (let i = 0; i < 100; i += 1) {
      controller.step(5);
      controller.send({ type: i % 2 ? 'ui.reset' : 'ui.edit' });
      if (i % 2 === 0) controller.send({ type: 'ui.play' });
      expect(liveWorldCount()).toBe(baselineWorlds + 1);
      expect(controller.currentRuntime!.physics.counts()).toEqual(expected);
    }
    // The trace inspector forgets stopped actors: stage + 1 rig with its 2 children, no more.
    expect(controller.inspectedActors).toBe(4);
    const last = controller.currentRuntime!.physics;
    controller.send({ type: 'ui.edit' });
    expect(last.isDisposed).toBe(true);
    expect(last.counts()).toEqual({ bodies: 0, colliders: 0 });
    expect(liveWorldCount()).toBe(baselineWorlds);
    controller.dispose();
  });

  it('a non-finite position stops the step and names the object', () => {
    const { controller, runtime } = play(chaos());
    controller.step(2);
    const real = runtime.physics.readPoses.bind(runtime.physics);
    runtime.physics.readPoses = (ids, out) => {
      real(ids, out);
      out[ids.indexOf('bottle') * 3] = Number.NaN;
    };
    expect(() => controller.step(1)).toThrow(/"bottle".*non-finite/);
    controller.dispose();
  });

  it('a non-finite stickman root stops the step and names the stickman', () => {
    const { controller, runtime } = play(chaos());
    controller.step(2);
    runtime.rig('stick')!.motion.root[0] = Number.NaN;
    expect(() => controller.step(1)).toThrow(/"stick".*non-finite root/);
    controller.dispose();
  });

  it('refuses to pass a NaN velocity to physics', () => {
    const { controller, runtime } = play(chaos());
    runtime.enqueue({ type: 'prop.setVelocity', id: 'ball', velocity: [Number.NaN, 0] });
    expect(() => controller.step(1)).toThrow(/ball velocity is not finite/);
    controller.dispose();
  });
});
