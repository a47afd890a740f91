/**
 * resolveProp's grips and placeholders (seed phase 11 §3.1, §6): authored anchors reach the
 * runtime scaled by the instance scale, props without anchors get one generated centre grip, and
 * a custom prop whose asset is missing resolves to an inert placeholder instead of throwing.
 */
import { describe, expect, it } from 'vitest';
import { GENERATED_GRIP_ID, gripToStage, scaleGrip, visualCenter } from '../../../core/props/grips';
import { PLACEHOLDER, findPropTemplate, resolveProp } from '../../../core/props/resolve';
import { BUILTIN_PROP_IDS } from '../../../core/scene/builtinProps';
import { propAssetSchema, propSchema, type PropAsset, type PropObject } from '../../../core/scene/schema';

const prop = (spawn_id: string, extra: Partial<PropObject> = {}): PropObject =>
  propSchema.parse({ kind: 'prop', id: 'p-1', file_id: 1, stage_object_id: 'p-1', spawn_id, position: [500, 500], ...extra });

const crate: PropAsset = propAssetSchema.parse({
  spawn_id: 'my:crate',
  name: 'Crate',
  shape: { kind: 'box', size: [90, 70] },
  mass: 5,
  anchors: [
    { id: 'side', hands: ['left'], position: [45, 0], rotation: 0 },
    { id: 'top', role: 'handle', hands: ['right'], position: [0, -35], rotation: Math.PI / 4, z_offset: -1, primary_grip: true },
  ],
});

describe('grips of built-in props', () => {
  it.each(BUILTIN_PROP_IDS)('%s has one generated, primary, either-hand grip at its centre', (spawnId) => {
    const r = resolveProp({ prop_assets: [] }, prop(spawnId));
    expect(r.placeholder).toBe(false);
    expect(r.grips).toEqual([{ id: GENERATED_GRIP_ID, role: 'grip', hands: ['left', 'right'], position: [0, 0], rotation: 0, z_offset: 0, primary: true }]);
  });
});

describe('grips of custom props', () => {
  it('authored anchors become grips in file order; only primary_grip is primary', () => {
    const r = resolveProp({ prop_assets: [crate] }, prop('my:crate'));
    expect(r.grips).toEqual([
      { id: 'side', role: 'grip', hands: ['left'], position: [45, 0], rotation: 0, z_offset: 0, primary: false },
      { id: 'top', role: 'handle', hands: ['right'], position: [0, -35], rotation: Math.PI / 4, z_offset: -1, primary: true },
    ]);
  });

  it('the instance scale moves grip positions per axis and turns them with the stretched shape', () => {
    const r = resolveProp({ prop_assets: [crate] }, prop('my:crate', { scale: [2, 0.5] }));
    expect(r.shape).toEqual({ kind: 'box', size: [180, 35] });
    expect(r.grips[0].position).toEqual([90, 0]);
    expect(r.grips[1].position).toEqual([0, -17.5]);
    // 45° stretched 2× in x and squashed ½ in y: the axis (2, 0.5) → atan2(0.5, 2).
    expect(r.grips[1].rotation).toBeCloseTo(Math.atan2(0.5, 2), 12);
    // A uniform scale keeps rotations exactly.
    expect(resolveProp({ prop_assets: [crate] }, prop('my:crate', { scale: [3, 3] })).grips[1].rotation).toBe(Math.PI / 4);
  });

  it('scaling never shares arrays with the template (the runtime may keep grips)', () => {
    const template = findPropTemplate('my:crate', [crate])!;
    const r = resolveProp({ prop_assets: [crate] }, prop('my:crate'));
    expect(r.grips[0].position).not.toBe(template.grips[0].position);
    expect(r.grips[0].hands).not.toBe(template.grips[0].hands);
    expect(scaleGrip(template.grips[0], [1, 1])).toEqual(template.grips[0]);
  });

  it('an asset without anchors gets the generated grip at the centre of its visual bounds', () => {
    const wedge = propAssetSchema.parse({ spawn_id: 'my:wedge', name: 'Wedge', shape: { kind: 'polygon', points: [[0, 0], [40, 0], [0, 30]] }, mass: 1 });
    expect(visualCenter(wedge.shape)).toEqual([20, 15]);
    const r = resolveProp({ prop_assets: [wedge] }, prop('my:wedge', { scale: [2, 1] }));
    expect(r.grips).toEqual([{ id: 'center', role: 'grip', hands: ['left', 'right'], position: [40, 15], rotation: 0, z_offset: 0, primary: true }]);
  });

  it('the first of several primary anchors is the primary one (documents built in code)', () => {
    const two = { ...crate, anchors: crate.anchors.map((a) => ({ ...a, primary_grip: true })) };
    expect(resolveProp({ prop_assets: [two] }, prop('my:crate')).grips.map((g) => g.primary)).toEqual([true, false]);
  });

  it('physics overrides and the colour still apply as before', () => {
    const r = resolveProp({ prop_assets: [crate] }, prop('my:crate', { physics: { mass: 9 }, color: '#102030' }));
    expect(r).toMatchObject({ name: 'Crate', mass: 9, gravity_scale: 1, colors: { fill: '#102030' } });
  });
});

describe('placeholders', () => {
  it('a custom prop whose asset is missing resolves to an inert grey box without grips, keeping its spawn_id', () => {
    const r = resolveProp({ prop_assets: [] }, prop('my:crate'));
    expect(r).toEqual({
      spawn_id: 'my:crate',
      name: 'Missing prop my:crate',
      shape: { kind: 'box', size: PLACEHOLDER.size },
      mass: 1,
      gravity_scale: 1,
      friction: 0.6,
      restitution: 0.1,
      colors: PLACEHOLDER.colors,
      grips: [],
      placeholder: true,
    });
  });

  it('a placeholder takes the instance scale (it stands where the real prop will) but not its colour', () => {
    const r = resolveProp({ prop_assets: [] }, prop('my:crate', { scale: [1.5, 0.5], color: '#ff0000' }));
    expect(r.shape).toEqual({ kind: 'box', size: [120, 40] });
    expect(r.colors).toEqual(PLACEHOLDER.colors);
  });

  it('importing the asset makes the same object resolve for real', () => {
    expect(resolveProp({ prop_assets: [crate] }, prop('my:crate')).placeholder).toBe(false);
  });
});

describe('gripToStage', () => {
  it('places a prop-local grip on the stage: turned with the prop, then moved to its position', () => {
    const g = { position: [45, 0] as [number, number], rotation: 0.25 };
    expect(gripToStage(g, [500, 400], 0)).toEqual({ position: [545, 400], rotation: 0.25 });
    const turned = gripToStage(g, [500, 400], Math.PI / 2);
    // +90° (clockwise on screen, +Y down): local +X points down the stage.
    expect(turned.position[0]).toBeCloseTo(500, 9);
    expect(turned.position[1]).toBeCloseTo(445, 9);
    expect(turned.rotation).toBeCloseTo(0.25 + Math.PI / 2, 12);
  });
});
