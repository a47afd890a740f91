/**
 * A take as a Vitest file (issue 21): the file replays the take headless and asserts what it
 * showed (./takeObservation): each rig's state changes, its TerrainMotion phases, the stage events
 * with their ticks, the final summary. Pure: it only writes text; `npm run sim -- --take F
 * --as-test` (streams/cli) and the transport's **Copy as test** call it.
 *
 * The take is read from its file beside the test (the CLI) or embedded in it (the app's copy,
 * which has no file to point at). Imports are relative to the project root as seen from where
 * the test will live (`rootFromTest`, e.g. `../../..` for tests/integration/takes/).
 */
import type { TakeDocument } from '../../core/take/schema';
import { STEP_SECONDS } from '../trace/records';
import type { TakeObservation } from './takeObservation';

export interface AsTestOptions {
  /** The project root relative to the test file's folder, without a trailing slash. */
  rootFromTest: string;
  /** `file`: read the take from this path, relative to the test file; `embed`: write it into the test. */
  take: { file: string } | { embed: true };
  /** The command that wrote the file (regenerating is running it again), or null. */
  command: string | null;
}

/** Where `npm run sim -- --take F --as-test` writes: beside the take, `walk.take.json` → `walk.take.test.ts`. */
export function testPathOf(takePath: string): string {
  return `${takePath.replace(/\.json$/i, '')}.test.ts`;
}

/** A single-quoted TypeScript string literal (the project's style). */
const str = (s: string) => `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
const indent = (text: string, pad: string) => text.split('\n').map((l, i) => (i === 0 ? l : pad + l)).join('\n');

/** JSON, two-space indented, with arrays of numbers (points, vectors) kept on one line. */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\s*(-?[\d.eE+-]+(?:,\s*-?[\d.eE+-]+)*)\s*\]/g, (_m, nums: string) => `[${nums.split(/,\s*/).join(', ')}]`);
}

/** A string array, one element a line (what a reviewer reads in a diff). */
function lines(items: readonly string[], pad: string): string {
  if (items.length === 0) return '[]';
  return `[\n${items.map((s) => `${pad}  ${str(s)},`).join('\n')}\n${pad}]`;
}

/** A test name that reads well and cannot break out of its quotes. */
function title(s: string): string {
  return str(s.replace(/\s+/g, ' ').slice(0, 120));
}

export function takeTestSource(take: TakeDocument, seen: TakeObservation, options: AsTestOptions): string {
  const name = take.metadata.name || 'take';
  const seconds = (take.length * STEP_SECONDS).toFixed(2);
  const rigIds = [...new Set([...Object.keys(seen.rigs), ...Object.keys(seen.terrain), ...Object.keys((seen.summary?.rigs as object | undefined) ?? {})])].sort();
  const out: string[] = [];
  const where = 'file' in options.take ? `the take file ${options.take.file}` : 'the take embedded below';
  out.push('/**');
  out.push(` * The take "${name}" (${take.length} steps, ${seconds} s, ${take.commands.length} command${take.commands.length === 1 ? '' : 's'}) as a test.`);
  out.push(` * It replays ${where} headless and asserts what the take showed:`);
  out.push(" * each stickman's state changes and TerrainMotion phases, the stage events with their");
  out.push(' * ticks, and the final summary.');
  out.push(' *');
  if (options.command) {
    out.push(` * Written by \`${options.command}\`.`);
    out.push(' * When the behaviour changes on purpose, run that command again and review the diff.');
  } else {
    out.push(' * Written by the app\'s "Copy as test" (the imports assume tests/integration/takes/). When the');
    out.push(' * behaviour changes on purpose, save the take beside it and run');
    out.push(' * `npm run sim -- --take <file> --as-test`, then review the diff.');
  }
  out.push(' */');
  if ('file' in options.take) out.push("import { readFileSync } from 'node:fs';");
  out.push("import { beforeAll, describe, expect, it } from 'vitest';");
  out.push(`import { replayObserved, takeFromValue, type TakeObservation } from ${str(`${options.rootFromTest}/streams/take/takeObservation`)};`);
  out.push('');
  if ('file' in options.take) {
    const file = options.take.file;
    out.push(`const takeFile = new URL(${str(file.startsWith('.') ? file : `./${file}`)}, import.meta.url);`);
    out.push(`const take = takeFromValue(JSON.parse(readFileSync(takeFile, 'utf8')), ${str(file)});`);
  } else {
    out.push(`const take = takeFromValue(${json(take)});`);
  }
  out.push('');
  out.push(`describe(${title(`take ${name}`)}, () => {`);
  out.push('  let seen: TakeObservation;');
  out.push('  beforeAll(async () => {');
  out.push('    seen = await replayObserved(take);');
  out.push('  });');
  for (const id of rigIds) {
    out.push('');
    out.push(`  it(${title(`${id}: state changes`)}, () => {`);
    out.push(`    expect(seen.rigs[${str(id)}] ?? []).toEqual(${lines(seen.rigs[id] ?? [], '    ')});`);
    out.push('  });');
    out.push('');
    out.push(`  it(${title(`${id}: TerrainMotion phases`)}, () => {`);
    out.push(`    expect(seen.terrain[${str(id)}] ?? []).toEqual(${lines(seen.terrain[id] ?? [], '    ')});`);
    out.push('  });');
  }
  out.push('');
  out.push("  it('only these stickmen change state', () => {");
  out.push(`    expect(Object.keys(seen.rigs).sort()).toEqual([${Object.keys(seen.rigs).sort().map(str).join(', ')}]);`);
  out.push(`    expect(Object.keys(seen.terrain).sort()).toEqual([${Object.keys(seen.terrain).sort().map(str).join(', ')}]);`);
  out.push('  });');
  out.push('');
  out.push("  it('stage events, with their ticks', () => {");
  out.push(`    expect(seen.events).toEqual(${lines(seen.events, '    ')});`);
  out.push('  });');
  out.push('');
  out.push("  it('the final summary', () => {");
  out.push(`    expect(seen.summary).toEqual(${indent(json(seen.summary), '    ')});`);
  out.push('  });');
  out.push('});');
  return `${out.join('\n')}\n`;
}
