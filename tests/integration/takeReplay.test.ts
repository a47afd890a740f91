/**
 * Issue 14, takes: a live run recorded as a take and replayed headless by `npm run sim -- --take`
 * gives the live trace byte for byte, with grabs, ragdolls and a throw in it; the take survives
 * save and open; a malformed take is refused with its JSON path; a take started by RESET replays
 * from that RESET.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTakeText, saveTakeText } from '../../core/take/io';
import { runCli } from '../../streams/cli/runCli';
import { memoryIo } from '../helpers/cliIo';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession } from '../../streams/take/session';
import { toJsonLine } from '../../streams/trace/records';
import { livePerformance, performanceScene, PERFORMANCE_TICKS, type LivePerformance } from './takeScenario';

let live: LivePerformance;
let takeText: string;

beforeAll(async () => {
  await initPhysics();
  live = await livePerformance();
  takeText = saveTakeText(live.session.take()!);
});

describe('a recorded take', () => {
  it('holds the scene, every command at the tick it took effect, the pause and resume, and the length', () => {
    const take = live.session.take()!;
    expect(take.length).toBe(PERFORMANCE_TICKS);
    expect(take.started_by).toBe('play_from_edit');
    const commandRecords = live.records.filter((r) => r.type === 'command');
    expect(take.commands).toEqual(commandRecords.map((r) => ({ tick: r.tick, command: r.command })));
    expect(take.controls).toEqual([{ tick: 100, event: 'ui.pause' }, { tick: 102, event: 'ui.resume' }]);
    // The walk asked for while paused took effect in the first step after it (a frame step).
    expect(take.commands.find((c) => c.command.type === 'rig.walkTo' && c.command.x === 2600)?.tick).toBe(101);
    // The doubled cursor moves of a step were coalesced: one grab.move per step.
    const moveTicks = take.commands.filter((c) => c.command.type === 'grab.move').map((c) => c.tick);
    expect(new Set(moveTicks).size).toBe(moveTicks.length);
  });

  it('has grabs, ragdolls and a throw in its trace (what the byte-for-byte check covers)', () => {
    const events = live.records.flatMap((r) => (r.type === 'event' ? [r.event] : []));
    expect(events.some((e) => e.type === 'prop_thrown' && e.source === 'bo')).toBe(true);
    expect(events.filter((e) => e.type === 'state_changed' && e.source === 'al').map((e) => (e as { state?: string }).state)).toContain('RAGDOLL');
    expect(events.filter((e) => e.type === 'state_changed' && e.source === 'bo').map((e) => (e as { state?: string }).state)).toContain('RAGDOLL');
    expect(live.ragdollTicks.get('al')?.length).toBeGreaterThan(30);
    expect(live.landingTicks.length).toBeGreaterThan(0);
    const types = new Set(live.records.flatMap((r) => (r.type === 'command' ? [r.command.type] : [])));
    expect([...types].sort()).toEqual(['grab.end', 'grab.move', 'grab.start', 'rig.ragdoll', 'rig.recover', 'rig.walkTo']);
  });

  it('replayed by `npm run sim -- --take` writes the live trace byte for byte', async () => {
    const { io, outputs, err } = memoryIo({ 'perf.take.json': takeText });
    expect(await runCli(['--take', 'perf.take.json', '--trace', 'out.jsonl'], io)).toBe(0);
    expect(err).toEqual([]);
    const replayed = outputs['out.jsonl'];
    expect(replayed.length).toBe(live.lines.length);
    // Line by line first, so a failure names the first line that differs.
    for (let i = 0; i < live.lines.length; i += 1) expect(replayed[i], `line ${i + 1}`).toBe(live.lines[i]);
    expect(replayed.join('\n')).toBe(live.lines.join('\n'));
  });

  it('survives save and open: the same take, and saving it again gives the same bytes', () => {
    const opened = loadTakeText(takeText);
    if (!opened.ok) throw new Error(JSON.stringify(opened.issues));
    expect(opened.take.commands).toEqual(live.session.take()!.commands);
    expect(opened.take.scene).toEqual(performanceScene());
    expect(saveTakeText(opened.take)).toBe(takeText);
  });

  it('a malformed take is refused with the JSON path and reason (exit 2, nothing written)', async () => {
    const bad = JSON.parse(takeText);
    bad.commands[3].command.point = [1, 'x'];
    const { io, outputs, err } = memoryIo({ 'bad.take.json': JSON.stringify(bad) });
    expect(await runCli(['--take', 'bad.take.json', '--trace', '-'], io)).toBe(2);
    expect(err.join('')).toMatch(/^bad\.take\.json: invalid take: \$\.commands\[3\]\.command\.point\[1\]: .+\n$/);
    expect(outputs).toEqual({});
    // A scene file is not a take.
    const scene = memoryIo({ 's.json': JSON.stringify(bad.scene) });
    expect(await runCli(['--take', 's.json'], scene.io)).toBe(2);
    expect(scene.err.join('')).toMatch(/\$\.format: must be "stickman-stage\/take" \(this is a scene file, not a take\)/);
  });

  it('--take takes no scene and no --seconds', async () => {
    for (const argv of [['--take', 'a.take.json', 'demo.json'], ['--take', 'a.take.json', '--seconds', '3'], ['--take']]) {
      const { io, err } = memoryIo({});
      expect(await runCli(argv, io)).toBe(2);
      expect(err.join('')).toMatch(/--take/);
    }
  });
});

describe('a take started by RESET', () => {
  it('starts at the RESET (a new take) and replays from it byte for byte', async () => {
    const controller = new StageController(performanceScene());
    const session = new TakeSession(controller);
    controller.send({ type: 'ui.play' });
    controller.step(50);
    controller.walkTo('al', 2400);
    controller.step(10);
    const first = session.take()!;
    expect(first.commands).toHaveLength(1);
    const lines: string[] = [];
    controller.send({ type: 'ui.pause' });
    controller.records$.subscribe((r) => lines.push(toJsonLine(r)));
    controller.send({ type: 'ui.reset' });
    controller.send({ type: 'ui.resume' });
    controller.step(30);
    controller.ragdoll('al');
    controller.step(90);
    lines.push(toJsonLine(controller.summary()));
    const take = session.take()!;
    expect(take.started_by).toBe('reset_paused');
    expect(take.commands.map((c) => [c.tick, c.command.type])).toEqual([[31, 'rig.ragdoll']]);
    expect(take.controls).toEqual([{ tick: 0, event: 'ui.resume' }]);
    const { io, outputs } = memoryIo({ 'r.take.json': saveTakeText(take) });
    expect(await runCli(['--take', 'r.take.json', '--trace', '-'], io)).toBe(0);
    expect(outputs['-'].join('\n')).toBe(lines.join('\n'));
    controller.dispose();
  });
});
