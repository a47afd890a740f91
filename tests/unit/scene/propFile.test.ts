/**
 * `.prop.json` files (DESIGN.md §8): validated like scenes, so a bad asset is refused with the
 * JSON path and the reason of each issue, and a good one round-trips.
 */
import { describe, expect, it } from 'vitest';
import { loadPropAssetText, loadPropAssetValue, MAX_PROP_FILE_BYTES, savePropAssetText } from '../../../core/scene/propFile';
import type { Json } from './fixtures';

function crateFile(): Json {
  return {
    format: 'stickman-stage/prop',
    version: '1.0',
    spawn_id: 'my:crate',
    name: 'Crate',
    shape: { kind: 'box', size: [90, 70] },
    mass: 5,
    colors: { fill: '#123456', stroke: '#654321' },
    anchors: [
      { id: 'top', role: 'handle', hands: ['right'], position: [0, -35], rotation: 0.5, z_offset: 1, primary_grip: true },
      { id: 'side', position: [45, 0] },
    ],
  };
}

function issues(raw: Json) {
  const r = loadPropAssetValue(raw);
  expect(r.ok, 'expected the asset to be refused').toBe(false);
  return r.ok ? [] : r.issues;
}

describe('loading a prop asset', () => {
  it('a valid file gives the asset with defaults filled in (format and version tags dropped)', () => {
    const r = loadPropAssetText(JSON.stringify(crateFile()));
    expect(r).toEqual({
      ok: true,
      asset: {
        spawn_id: 'my:crate', name: 'Crate', shape: { kind: 'box', size: [90, 70] }, mass: 5, gravity_scale: 1, friction: 0.6, restitution: 0.1,
        colors: { fill: '#123456', stroke: '#654321' },
        anchors: [
          { id: 'top', role: 'handle', hands: ['right'], position: [0, -35], rotation: 0.5, z_offset: 1, primary_grip: true },
          { id: 'side', role: 'grip', hands: ['left', 'right'], position: [45, 0], rotation: 0, z_offset: 0, primary_grip: false },
        ],
      },
    });
  });

  it('the tags are optional: a bare embedded asset is a valid file', () => {
    const { format: _f, version: _v, ...bare } = crateFile();
    expect(loadPropAssetValue(bare).ok).toBe(true);
  });

  it('save → load gives the same asset', () => {
    const first = loadPropAssetValue(crateFile());
    if (!first.ok) throw new Error('fixture invalid');
    const text = savePropAssetText(first.asset);
    expect(JSON.parse(text)).toMatchObject({ format: 'stickman-stage/prop', version: '1.0', spawn_id: 'my:crate' });
    expect(loadPropAssetText(text)).toEqual(first);
  });

  it.each<[string, (d: Json) => void, string, RegExp]>([
    ['a wrong format tag', (d) => (d.format = 'stickman-stage/scene'), '$.format', /stickman-stage\/prop/],
    ['an unknown version', (d) => (d.version = '2.0'), '$.version', /1\.0/],
    ['no name', (d) => delete d.name, '$.name', /required/],
    ['a negative box size', (d) => (d.shape.size[1] = -3), '$.shape.size[1]', /greater than 0/],
    ['an unknown shape', (d) => (d.shape = { kind: 'star', points: 5 }), '$.shape.kind', /./],
    ['a zero mass', (d) => (d.mass = 0), '$.mass', /greater than 0/],
    ['a grip without hands', (d) => (d.anchors[1].hands = []), '$.anchors[1].hands', /at least one allowed hand/],
    ['a grip for a third hand', (d) => (d.anchors[1].hands = ['tail']), '$.anchors[1].hands[0]', /./],
    ['a grip at a non-finite position', (d) => (d.anchors[0].position = [0, '1e999']), '$.anchors[0].position[1]', /./],
    ['two grips with one id', (d) => (d.anchors[1].id = 'top'), '$.anchors[1].id', /^duplicate grip id "top"$/],
    ['two primary grips', (d) => (d.anchors[1].primary_grip = true), '$.anchors[1].primary_grip', /^only one grip may be primary \(anchors\[0\] already is\)$/],
    ['a reserved builtin: spawn_id', (d) => (d.spawn_id = 'builtin:box'), '$.spawn_id', /reserved/],
    ['a concave polygon', (d) => (d.shape = { kind: 'polygon', points: [[0, 0], [100, 0], [50, 20], [100, 100], [0, 100]] }), '$.shape.points', /^polygon is not convex$/],
    ['an unknown key', (d) => (d.handles = []), '$', /handles/],
  ])('refuses %s, naming the path', (_name, mutate, path, reason) => {
    const d = crateFile();
    mutate(d);
    expect(issues(d)).toContainEqual({ path, message: expect.stringMatching(reason) });
  });

  it('refuses text that is not JSON, not an object, nested too deep or too big', () => {
    expect(loadPropAssetText('{ "spawn_id": ')).toMatchObject({ ok: false, issues: [{ path: '$', message: expect.stringMatching(/^not valid JSON/) }] });
    expect(loadPropAssetText('[1, 2]')).toEqual({ ok: false, issues: [{ path: '$', message: 'a prop asset must be a JSON object' }] });
    expect(loadPropAssetText(`{"name": ${'['.repeat(5000)}${']'.repeat(5000)}}`).ok).toBe(false);
    const big = JSON.stringify({ ...crateFile(), name: 'x'.repeat(MAX_PROP_FILE_BYTES) });
    expect(loadPropAssetText(big)).toMatchObject({ ok: false, issues: [{ path: '$', message: expect.stringMatching(/bytes; the limit for a prop asset is/) }] });
  });
});
