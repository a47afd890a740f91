import { beforeAll, describe, expect, it } from 'vitest';
import { StageController } from '../../streams/stage/stageController';
import type { ContactEvent } from '../../streams/physics/entities';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

const propPos = (s: TestStage, id: string) => s.frame().props.find((p) => p.id === id)!.position;

describe('props on terrain', () => {
  it('a box dropped on a ramp slides off and comes to rest on the ground', () => {
    const doc = scene([
      ground(1400),
      // Ramp rising to the right: its slope runs from (1000,1400) up to (1600,1000).
      { kind: 'terrain', id: 'ramp', shape: 'ramp', position: [1300, 1200], size: [600, 400], rise: 'right' },
      prop('crate', 'box', [1400, 1000], { physics: { friction: 0.05 } }),
    ]);
    const s = TestStage.load(doc).play().step(60 * 8);
    const [x, y] = propPos(s, 'crate');
    const state = s.runtime.propState('crate')!;
    expect(x).toBeLessThan(1000); // left the ramp past its low end
    expect(y).toBeCloseTo(1400 - 40, 0); // resting on the ground (box half-height 40)
    expect(Math.hypot(...state.velocity)).toBeLessThan(5);
    s.expectEvent({ type: 'collided', source: 'crate', target: 'ramp' });
    s.expectEvent({ type: 'collided', source: 'crate', target: 'ground' });
    s.dispose();
  });

  it('an offset stack of boxes topples', () => {
    const boxes = [0, 1, 2, 3, 4].map((i) => prop(`box-${i}`, 'box', [1000 + i * 30, 1400 - 40 - i * 80]));
    const s = TestStage.load(scene([ground(1400), ...boxes])).play().step(60 * 6);
    const top = propPos(s, 'box-4');
    // Upright, the top box would sit at y = 1040. Toppled, it lies near the ground.
    expect(top[1]).toBeGreaterThan(1250);
    const heights = [0, 1, 2, 3, 4].map((i) => propPos(s, `box-${i}`)[1]);
    expect(Math.min(...heights)).toBeGreaterThan(1150); // nothing is still stacked 3 high
    s.dispose();
  });

  it('a ball thrown into an area fires entered_area exactly once', () => {
    const doc = scene([
      ground(1400),
      prop('ball', 'ball', [400, 1300]),
      { kind: 'area', id: 'goal', position: [1200, 1250], size: [300, 300] },
    ]);
    const s = TestStage.load(doc).play().command({ type: 'prop.setVelocity', id: 'ball', velocity: [900, -500] }).step(60 * 3);
    const entered = s.events('entered_area');
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({ source: 'ball', target: 'goal' });
    s.dispose();
  });

  it('contact normals point from the source to the target', () => {
    const doc = scene([
      ground(1400),
      { kind: 'terrain', id: 'wall', shape: 'block', position: [1500, 1200], size: [100, 400] },
      prop('ball', 'ball', [1000, 1369]),
      prop('falling', 'box', [700, 1000]),
      prop('under', 'box', [700, 1360]),
    ]);
    const s = TestStage.load(doc).play();
    const runtime = s.runtime;
    const contacts: ContactEvent[] = [];
    runtime.contact$.subscribe((c) => contacts.push(c));
    s.command({ type: 'prop.setVelocity', id: 'ball', velocity: [800, 0] }).step(90);
    const events = s.events();
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
    s.dispose();
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
    const s = TestStage.load(doc).play();
    const authored = s.frame();
    s.step(300);
    expect(propPos(s, 'ball')).not.toEqual([700, 900]);
    for (const leave of ['ui.edit', 'ui.direct'] as const) {
      s.send({ type: 'ui.play' }).step(300).send({ type: leave });
      const f = s.frame();
      for (const o of doc.objects) {
        if (o.kind === 'prop') {
          const p = f.props.find((x) => x.id === o.id)!;
          expect(p.position).toEqual(o.position);
          expect(p.rotation).toBe(o.rotation);
        }
        if (o.kind === 'stickman') expect(f.rigs.find((r) => r.id === o.id)!.root).toEqual(o.position);
      }
      expect(s.controller.document).toBe(doc);
    }
    void authored;
    s.dispose();
  });

  it('RESET rebuilds from the document and holds at t = 0', () => {
    const doc = chaos();
    const s = TestStage.load(doc).play().step(200).send({ type: 'ui.reset' });
    expect(s.controller.mode).toEqual({ mode: 'PLAY', paused: true });
    expect(s.tick).toBe(0);
    for (const o of doc.objects) if (o.kind === 'prop') expect(propPos(s, o.id)).toEqual(o.position);
    s.send({ type: 'ui.resume' }).step(10);
    expect(s.tick).toBe(10);
    s.dispose();
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
    // The trace inspector forgets stopped actors: stage + 1 rig with its 3 children (terrainMotion,
    // actionRunner, propInteractor), no more.
    expect(controller.inspectedActors).toBe(5);
    const last = controller.currentRuntime!.physics;
    controller.send({ type: 'ui.edit' });
    expect(last.isDisposed).toBe(true);
    expect(last.counts()).toEqual({ bodies: 0, colliders: 0, joints: 0 });
    expect(liveWorldCount()).toBe(baselineWorlds);
    controller.dispose();
  });

  it('a non-finite position stops the step and names the object', () => {
    const s = TestStage.load(chaos()).play().step(2);
    const runtime = s.runtime;
    const real = runtime.physics.readPoses.bind(runtime.physics);
    runtime.physics.readPoses = (ids, out) => {
      real(ids, out);
      out[ids.indexOf('bottle') * 3] = Number.NaN;
    };
    expect(() => s.step(1)).toThrow(/"bottle".*non-finite/);
    s.dispose();
  });

  it('a non-finite stickman root stops the step and names the stickman', () => {
    const s = TestStage.load(chaos()).play().step(2);
    s.rig('stick').motion.root[0] = Number.NaN;
    expect(() => s.step(1)).toThrow(/"stick".*non-finite root/);
    s.dispose();
  });

  it('refuses a NaN velocity with a warning before it reaches physics; the step goes on', () => {
    const s = TestStage.load(chaos()).play().step(1);
    s.command({ type: 'prop.setVelocity', id: 'ball', velocity: [Number.NaN, 0] });
    expect(() => s.step(1)).not.toThrow();
    expect(s.warnings().map((w) => w.message).join('\n')).toMatch(/velocity/);
    expect(s.records('command').some((r) => r.command.type === 'prop.setVelocity')).toBe(false);
    const ball = s.frame().props.find((p) => p.id === 'ball')!;
    expect(ball.position.every(Number.isFinite)).toBe(true);
    s.dispose();
  });
});
