/** Side-view depth of a stickman's limbs: which are far for each facing, the order they are drawn in, the far shade. */
import { describe, expect, it } from 'vitest';
import { PART_NAMES } from '../../../core/rig/skeleton';
import { FAR_LIMB_SHADE, drawOrder, farColor, heldPropLayer, heldPropLayers, partDepth } from '../../../render/rigDepth';

const parts = PART_NAMES.map((name) => ({ name }));

describe('rig depth', () => {
  it('facing RIGHT the left limbs are far and the right ones near; facing LEFT the other way round', () => {
    for (const name of ['left_upper_arm', 'left_lower_arm', 'left_upper_leg', 'left_lower_leg']) {
      expect(partDepth(name, 'RIGHT')).toBe('far');
      expect(partDepth(name, 'LEFT')).toBe('near');
    }
    for (const name of ['right_upper_arm', 'right_lower_arm', 'right_upper_leg', 'right_lower_leg']) {
      expect(partDepth(name, 'RIGHT')).toBe('near');
      expect(partDepth(name, 'LEFT')).toBe('far');
    }
    for (const name of ['head', 'torso']) for (const facing of ['RIGHT', 'LEFT'] as const) expect(partDepth(name, facing)).toBe('body');
  });

  it('draws back to front: every far limb, then the torso and neck, then every near limb, each part once', () => {
    for (const facing of ['RIGHT', 'LEFT'] as const) {
      const order = drawOrder(parts, facing).map((i) => parts[i].name);
      expect([...order].sort()).toEqual([...PART_NAMES].sort());
      const depths = order.map((n) => partDepth(n, facing));
      expect(depths).toEqual([...depths].sort((a, b) => ['far', 'body', 'near'].indexOf(a) - ['far', 'body', 'near'].indexOf(b)));
      expect(depths.filter((d) => d === 'far')).toHaveLength(4);
      expect(depths.filter((d) => d === 'near')).toHaveLength(4);
      // Within a layer the given order stays (upper before lower: a joint's cap is covered alike).
      const far = order.filter((n) => partDepth(n, facing) === 'far');
      expect(far).toEqual(PART_NAMES.filter((n) => partDepth(n, facing) === 'far'));
    }
  });

  it('reuses the scratch array it is given', () => {
    const scratch = [99, 98];
    expect(drawOrder(parts, 'RIGHT', scratch)).toBe(scratch);
    expect(scratch).toHaveLength(PART_NAMES.length);
  });

  it('the far colour is the same hue a shade darker, alpha kept', () => {
    const c = [0.4, 0.6, 0.8, 0.5] as const;
    const f = farColor(c);
    expect(f[3]).toBe(0.5);
    for (let i = 0; i < 3; i++) expect(f[i]).toBeCloseTo(c[i] * (1 - FAR_LIMB_SHADE), 12);
    expect(FAR_LIMB_SHADE).toBeGreaterThan(0.2); // visibly darker, not a rounding error
    expect(FAR_LIMB_SHADE).toBeLessThan(0.6); // still the stickman's own colour
  });
});

describe('a held prop against its holder (seed 11 §3.2: the grip z_offset is relative to the rig draw order)', () => {
  it('z_offset > 0 is drawn in front of the stickman, < 0 behind its body, 0 among the other props', () => {
    expect(heldPropLayer(1)).toBe('front');
    expect(heldPropLayer(0.5)).toBe('front');
    expect(heldPropLayer(-1)).toBe('behind');
    expect(heldPropLayer(0)).toBe('level');
    expect(heldPropLayer(Number.NaN)).toBe('level');
  });

  it('only props a stickman holds move out of the props layer, each by its own holder\'s grip', () => {
    const out = heldPropLayers([
      { heldProp: 'sword', heldZOffset: 1 },
      { heldProp: 'shield', heldZOffset: -1 },
      { heldProp: 'ball', heldZOffset: 0 },
      { heldProp: null, heldZOffset: 0 },
    ]);
    expect([...out]).toEqual([['sword', 'front'], ['shield', 'behind']]);
    // Reused per frame: last frame's held props do not linger once let go.
    heldPropLayers([{ heldProp: null, heldZOffset: 0 }], out);
    expect(out.size).toBe(0);
  });
});
