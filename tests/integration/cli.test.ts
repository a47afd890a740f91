import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../streams/cli/runCli';
import { memoryIo } from '../helpers/cliIo';
import { PART_NAMES } from '../../core/rig/skeleton';
import { MARKER_NAMES } from '../../core/rig/markers';

const demoText = readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8');

/** The CLI's I/O in memory; `traces` are its outputs by name. */
function fakeIo(files: Record<string, string>, onStart?: CliIo['onStart']) {
  const { io, outputs, err } = memoryIo(files, onStart);
  return { io, traces: outputs, err };
}

describe('npm run sim', () => {
  it('writes a JSON Lines trace ending in a summary and exits 0', async () => {
    const { io, traces } = fakeIo({ 'demo.json': demoText });
    expect(await runCli(['demo.json', '--seconds', '3', '--trace', '-'], io)).toBe(0);
    const records = traces['-'].map((l) => JSON.parse(l));
    expect(records.at(-1).type).toBe('summary');
    expect(records.at(-1).tick).toBe(180);
    expect(records.at(-1).t).toBe(3);
    expect(records[0]).toMatchObject({ type: 'transition', actor: 'stage', from: 'EDIT', to: 'PLAY.RUNNING', event: 'ui.play' });
    for (const r of records) expect(['transition', 'event', 'action', 'rule', 'warning', 'summary']).toContain(r.type);
    expect(records.some((r) => r.type === 'event' && r.event.type === 'collided')).toBe(true);
  });

  it('without --trace the trace goes to stdout (the frames too only when they ask for it, and then the trace does not)', async () => {
    const plain = fakeIo({ 'demo.json': demoText });
    expect(await runCli(['demo.json', '--seconds', '1'], plain.io)).toBe(0);
    expect(Object.keys(plain.traces)).toEqual(['-']);
    expect(JSON.parse(plain.traces['-'].at(-1)!).type).toBe('summary');
    const framesToFile = fakeIo({ 'demo.json': demoText });
    await runCli(['demo.json', '--seconds', '1', '--frames', 'f.jsonl'], framesToFile.io);
    expect(Object.keys(framesToFile.traces).sort()).toEqual(['-', 'f.jsonl']);
    expect(JSON.parse(framesToFile.traces['-'].at(-1)!).type).toBe('summary');
    const framesToStdout = fakeIo({ 'demo.json': demoText });
    await runCli(['demo.json', '--seconds', '1', '--frames', '-'], framesToStdout.io);
    expect(Object.keys(framesToStdout.traces)).toEqual(['-']);
    expect(JSON.parse(framesToStdout.traces['-'][0])).toHaveProperty('rigs');
  });

  it('two runs of the demo scene produce byte-identical traces', async () => {
    const a = fakeIo({ 'demo.json': demoText });
    const b = fakeIo({ 'demo.json': demoText });
    await runCli(['demo.json', '--seconds', '6', '--trace', 'out.jsonl'], a.io);
    await runCli(['demo.json', '--seconds', '6', '--trace', 'out.jsonl'], b.io);
    expect(a.traces['out.jsonl'].length).toBeGreaterThan(5);
    expect(a.traces['out.jsonl'].join('\n')).toBe(b.traces['out.jsonl'].join('\n'));
  });

  it('exits 2 with one line naming the path and reason for an invalid scene', async () => {
    const broken = JSON.parse(demoText);
    broken.objects[1].position = [1, 'x'];
    const { io, err, traces } = fakeIo({ 'bad.json': JSON.stringify(broken) });
    expect(await runCli(['bad.json'], io)).toBe(2);
    expect(err.join('')).toMatch(/^bad\.json: invalid scene: \$\.objects\[1\]\.position\[1\]: .+\n$/);
    expect(traces).toEqual({});
  });

  it('exits 2 for bad arguments and unreadable files', async () => {
    expect(await runCli([], fakeIo({}).io)).toBe(2);
    expect(await runCli(['x.json', '--seconds', 'lots'], fakeIo({ 'x.json': demoText }).io)).toBe(2);
    expect(await runCli(['missing.json'], fakeIo({}).io)).toBe(2);
  });

  it('exits 2 when --frames or --frame-every is malformed, before opening anything', async () => {
    const cases: string[][] = [
      ['--frames', '-', '--frame-every', '0'],
      ['--frames', '-', '--frame-every', '-1'],
      ['--frames', '-', '--frame-every', '1.5'],
      ['--frames', '-', '--frame-every', '1e3'],
      ['--frames', '-', '--frame-every', 'lots'],
      ['--frames', '-', '--frame-every'],
      ['--frames'],
      ['--frame-every', '5'],
      ['--frames', '-', '--trace', '-'],
      ['--frames', 'same.jsonl', '--trace', 'same.jsonl'],
    ];
    for (const extra of cases) {
      const { io, err, traces } = fakeIo({ 'demo.json': demoText });
      expect(await runCli(['demo.json', '--seconds', '1', ...extra], io), extra.join(' ')).toBe(2);
      expect(err.join(''), extra.join(' ')).toMatch(/--frame|--trace/);
      expect(traces, extra.join(' ')).toEqual({});
    }
    const { io, err } = fakeIo({ 'demo.json': demoText });
    await runCli(['demo.json', '--frames', '-', '--frame-every', '0'], io);
    expect(err.join('')).toBe('--frame-every must be a whole number of steps, 1 or more, got 0\n');
  });

  it('exits 1 and names the object when a position becomes non-finite', async () => {
    const { io, err } = fakeIo({ 'demo.json': demoText }, (controller) => {
      const physics = controller.currentRuntime!.physics;
      const real = physics.readPoses.bind(physics);
      const victim = controller.document.objects.find((o) => o.kind === 'prop')!.id;
      physics.readPoses = (ids, out) => {
        real(ids, out);
        if (controller.tick > 30) out[ids.indexOf(victim) * 3 + 1] = Number.POSITIVE_INFINITY;
      };
    });
    expect(await runCli(['demo.json', '--seconds', '2'], io)).toBe(1);
    expect(err.join('')).toMatch(/runtime failure: step 31 \(stepPhysics\): object ".+" has a non-finite position/);
  });
});

describe('npm run sim --frames', () => {
  it('writes one frame line per step by default, ticks 1..N', async () => {
    const { io, traces } = fakeIo({ 'demo.json': demoText });
    expect(await runCli(['demo.json', '--seconds', '1', '--frames', 'frames.jsonl'], io)).toBe(0);
    const frames = traces['frames.jsonl'].map((l) => JSON.parse(l));
    expect(frames.map((f) => f.tick)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(frames.at(-1).t).toBe(1);
  });

  it('--frame-every N writes every Nth step only (a partial last chunk writes nothing)', async () => {
    const { io, traces } = fakeIo({ 'demo.json': demoText });
    expect(await runCli(['demo.json', '--seconds', '3', '--frames', 'f', '--frame-every', '7'], io)).toBe(0);
    const ticks = traces.f.map((l) => JSON.parse(l).tick);
    expect(ticks).toEqual(Array.from({ length: Math.floor(180 / 7) }, (_, i) => (i + 1) * 7));
  });

  it('each line holds every rig and prop of the scene with the documented fields, part names and 0.01 rounding', async () => {
    const demo = JSON.parse(demoText) as { objects: Array<{ kind: string; id: string }> };
    const rigIds = demo.objects.filter((o) => o.kind === 'stickman').map((o) => o.id);
    const propIds = demo.objects.filter((o) => o.kind === 'prop').map((o) => o.id);
    const { io, traces } = fakeIo({ 'demo.json': demoText });
    await runCli(['demo.json', '--seconds', '2', '--frames', 'f', '--frame-every', '30'], io);
    expect(traces.f).toHaveLength(4);
    for (const line of traces.f) {
      const f = JSON.parse(line);
      expect(Object.keys(f)).toEqual(['tick', 't', 'rigs', 'props', 'camera']);
      expect(f.rigs.map((r: { id: string }) => r.id)).toEqual(rigIds);
      expect(f.props.map((p: { id: string }) => p.id)).toEqual(propIds);
      for (const r of f.rigs) {
        expect(Object.keys(r)).toEqual(['id', 'root', 'facing', 'state', 'terrain', 'markers', 'parts', 'head', 'held_prop']);
        expect(['ANIMATED', 'RAGDOLL', 'RECOVERING']).toContain(r.state);
        expect(['DISABLED', 'AIRBORNE', 'GROUNDED', 'LANDING_IMPACT']).toContain(r.terrain);
        expect(Object.keys(r.markers).sort()).toEqual([...MARKER_NAMES].sort());
        expect(r.parts.map((p: { name: string }) => p.name).sort()).toEqual([...PART_NAMES].sort());
        // The demo's Ada carries the ball she picks up at the start; nobody else holds anything.
        expect(r.held_prop).toBe(f.tick >= 30 && r.id === 'stick-1' ? 'ball-2' : null);
      }
      for (const p of f.props) expect(Object.keys(p)).toEqual(['id', 'position', 'rotation', 'velocity']);
      // Every number is rounded to 0.01: no more than two decimals in the text.
      expect(line).not.toMatch(/\d\.\d{3}/);
    }
    // The frames follow the simulation: the demo's props move.
    const first = JSON.parse(traces.f[0]).props.map((p: { position: number[] }) => p.position);
    const last = JSON.parse(traces.f.at(-1)!).props.map((p: { position: number[] }) => p.position);
    expect(last).not.toEqual(first);
  });

  it('frames agree with the summary at the last step and leave the trace byte-identical', async () => {
    const plain = fakeIo({ 'demo.json': demoText });
    const framed = fakeIo({ 'demo.json': demoText });
    await runCli(['demo.json', '--seconds', '3', '--trace', 't'], plain.io);
    await runCli(['demo.json', '--seconds', '3', '--trace', 't', '--frames', 'f', '--frame-every', '4'], framed.io);
    expect(framed.traces.t.join('\n')).toBe(plain.traces.t.join('\n'));
    const summary = JSON.parse(framed.traces.t.at(-1)!);
    const last = JSON.parse(framed.traces.f.at(-1)!);
    expect(last.tick).toBe(summary.tick);
    for (const r of last.rigs) {
      expect(r.root).toEqual(summary.rigs[r.id].root);
      expect(r.terrain).toBe(summary.rigs[r.id].terrain);
    }
    for (const p of last.props) {
      expect(p.position).toEqual(summary.props[p.id].position);
      expect(p.velocity).toEqual(summary.props[p.id].velocity);
    }
  });

  it('`--frames -` writes the frame lines to stdout of the real command', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const { stdout } = await promisify(execFile)(tsx, ['streams/cli/sim.ts', 'scenes/demo.scene.json', '--seconds', '0.5', '--frames', '-', '--frame-every', '5'], { cwd: root });
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((f) => f.tick)).toEqual([5, 10, 15, 20, 25, 30]);
    expect(lines[0].rigs.length).toBeGreaterThan(0);
  });
});

describe('npm run sim -- --take FILE --as-test', () => {
  const takePath = 'tests/integration/takes/walk-fall-stand-up.take.json';
  const testPath = 'tests/integration/takes/walk-fall-stand-up.take.test.ts';
  const takeText = readFileSync(new URL(`../../${takePath}`, import.meta.url), 'utf8');

  it('writes the committed example test beside its take, byte for byte (regenerating is this command)', async () => {
    const { io, outputs, err } = memoryIo({ [takePath]: takeText });
    expect(await runCli(['--take', takePath, '--as-test'], io)).toBe(0);
    expect(Object.keys(outputs)).toEqual([testPath]);
    expect(`${outputs[testPath].join('\n')}\n`).toBe(readFileSync(new URL(`../../${testPath}`, import.meta.url), 'utf8'));
    expect(err.join('')).toBe(`wrote ${testPath}\n`);
  });

  it('writes to stdout with -, and refuses what does not fit', async () => {
    const out = memoryIo({ [takePath]: takeText });
    expect(await runCli(['--take', takePath, '--as-test', '-'], out.io)).toBe(0);
    expect(out.outputs['-'].join('\n')).toContain("describe('take walk-fall-stand-up'");
    for (const argv of [['scene.json', '--as-test'], ['--take', takePath, '--as-test', '--trace', '-']]) {
      const bad = memoryIo({ [takePath]: takeText, 'scene.json': demoText });
      expect(await runCli(argv, bad.io)).toBe(2);
      expect(bad.err.join('')).toMatch(/--as-test/);
    }
  });
});
