import { describe, expect, it } from 'vitest';
import { BUILTIN_GESTURES, findGesture, GESTURE_BLEND_SECONDS, gesturePlaySeconds, gestureWeight, overlayGesture, sampleGesture, type Gesture } from '../../../core/gestures';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { defaultStandingPose } from '../../../core/rig/markers';

const wave = findGesture('builtin:wave')!;
const bow = findGesture('builtin:bow')!;

describe('gesture sampling', () => {
  it('interpolates each marker between the keys that give it, easing at each key', () => {
    const g: Gesture = { id: 'g', name: 'g', body: 'arms', loop: false, keys: [{ t: 0, markers: { Left_Hand: [0, 0] } }, { t: 1, markers: { Left_Hand: [100, -100], Right_Hand: [5, 5] } }] };
    expect(sampleGesture(g, 0).markers.Left_Hand).toEqual({ at: [0, 0], weight: 1 });
    expect(sampleGesture(g, 0.5).markers.Left_Hand!.at).toEqual([50, -50]);
    // Eased: a quarter of the time covers less than a quarter of the way.
    expect(sampleGesture(g, 0.25).markers.Left_Hand!.at[0]).toBeLessThan(25);
    // A marker first given at 1 s eases in from the pose underneath until then; past the end the last key holds.
    expect(sampleGesture(g, 0).markers.Right_Hand).toEqual({ at: [5, 5], weight: 0 });
    expect(sampleGesture(g, 0.5).markers.Right_Hand).toEqual({ at: [5, 5], weight: 0.5 });
    expect(sampleGesture(g, 7).markers.Left_Hand).toEqual({ at: [100, -100], weight: 1 });
  });

  it('a looping gesture wraps; arms gestures never move the pelvis or the feet', () => {
    const period = wave.keys[wave.keys.length - 1].t;
    const a = sampleGesture(wave, 0.2).markers.Right_Hand!.at;
    const b = sampleGesture(wave, 0.2 + 3 * period).markers.Right_Hand!.at;
    expect(b[0]).toBeCloseTo(a[0], 6);
    expect(b[1]).toBeCloseTo(a[1], 6);
    const g: Gesture = { id: 'g', name: 'g', body: 'arms', loop: false, keys: [{ t: 0, markers: { Torso: [0, -100], Left_Leg: [50, 0], Left_Hand: [1, 1] } }] };
    expect(Object.keys(sampleGesture(g, 0).markers)).toEqual(['Left_Hand']);
  });

  it('the wave raises the hand above the crown and swings it', () => {
    const crown = -(257 + DEFAULT_PROPORTIONS.torso + DEFAULT_PROPORTIONS.neckToHead + DEFAULT_PROPORTIONS.headRadius);
    const xs = [0, 0.1, 0.2, 0.35, 0.5, 0.6].map((t) => sampleGesture(wave, t).markers.Right_Hand!.at);
    for (const [, y] of xs) expect(y).toBeLessThan(crown + 40);
    expect(Math.max(...xs.map((v) => v[0])) - Math.min(...xs.map((v) => v[0]))).toBeGreaterThan(60);
  });

  it('the bow leans the torso forward and keeps it there, whole body only', () => {
    expect(sampleGesture(bow, 0).lean).toBe(0);
    expect(sampleGesture(bow, 0).markers.Torso!.weight).toBe(0);
    expect(sampleGesture(bow, 0.25).lean).toBeCloseTo(0.475, 5);
    expect(sampleGesture(bow, 0.8).lean).toBeCloseTo(0.95, 5);
    const arms: Gesture = { ...bow, body: 'arms' };
    expect(sampleGesture(arms, 0.8).lean).toBe(0);
  });

  it('every built-in keeps its hands within arm reach of the shoulder', () => {
    const reach = DEFAULT_PROPORTIONS.upperArm + DEFAULT_PROPORTIONS.lowerArm;
    for (const g of BUILTIN_GESTURES) {
      for (const k of g.keys) {
        const pelvis = k.markers.Torso ?? [0, -257];
        const lean = k.lean ?? 0;
        const shoulder = [pelvis[0] + Math.sin(lean) * DEFAULT_PROPORTIONS.torso, pelvis[1] - Math.cos(lean) * DEFAULT_PROPORTIONS.torso];
        for (const h of ['Left_Hand', 'Right_Hand'] as const) {
          const v = k.markers[h];
          if (v) expect(Math.hypot(v[0] - shoulder[0], v[1] - shoulder[1]), `${g.id} ${h} at ${k.t}`).toBeLessThanOrEqual(reach);
        }
      }
    }
  });
});

describe('gesture weight and overlay', () => {
  it('blends in over the blend time, holds, and blends out by the end', () => {
    expect(gestureWeight(0, 2)).toBe(0);
    expect(gestureWeight(GESTURE_BLEND_SECONDS / 2, 2)).toBeCloseTo(0.5, 5);
    expect(gestureWeight(1, 2)).toBe(1);
    expect(gestureWeight(2, 2)).toBe(0);
    // Too short for two full blends: it never reaches full weight but still returns to 0.
    expect(gestureWeight(0.1, 0.2)).toBe(1);
    expect(gestureWeight(0.2, 0.2)).toBe(0);
  });

  it('blends each moved marker from the pose underneath and leaves a holding hand alone', () => {
    const base = defaultStandingPose(DEFAULT_PROPORTIONS);
    const sample = sampleGesture(findGesture('builtin:cheer')!, 0);
    const half = overlayGesture(base, sample, 0.5, null);
    expect(half.markers.Left_Hand![1]).toBeCloseTo((base.Left_Hand[1] + sample.markers.Left_Hand!.at[1]) / 2, 6);
    const holding = overlayGesture(base, sample, 1, 'right');
    expect(holding.markers.Right_Hand).toBeUndefined();
    expect(holding.markers.Left_Hand).toEqual(sample.markers.Left_Hand!.at);
  });

  it('plays `seconds` when given, else one pass with its blends', () => {
    expect(gesturePlaySeconds(wave, 3)).toBe(3);
    expect(gesturePlaySeconds(bow, undefined)).toBeCloseTo(1.1 + 2 * GESTURE_BLEND_SECONDS, 6);
    expect(findGesture('nope')).toBeUndefined();
    expect(findGesture('mine', [{ ...wave, id: 'mine' }])!.id).toBe('mine');
  });
});
