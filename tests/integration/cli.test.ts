import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../streams/cli/runCli';

const demoText = readFileSync(new URL('../../scenes/demo.scene.json', import.meta.url), 'utf8');

function fakeIo(files: Record<string, string>, onStart?: CliIo['onStart']) {
  const traces: Record<string, string[]> = {};
  const err: string[] = [];
  const io: CliIo = {
    readFile: (p) => {
      if (!(p in files)) throw new Error('ENOENT');
      return files[p];
    },
    openTrace: (t) => {
      traces[t] = [];
      return { write: (l) => traces[t].push(l), close: async () => {} };
    },
    stderr: (t) => err.push(t),
    onStart,
  };
  return { io, traces, err };
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
    expect(err.join('')).toMatch(/runtime failure: object ".+" has a non-finite position/);
  });
});
