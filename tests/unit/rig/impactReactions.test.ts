import { describe, expect, it } from 'vitest';
import { ImpactReactions, REACTION_JOINTS } from '../../../core/rig/impactReactions';
import { cloneData, restoreInto } from '../../../core/data/cloneData';

describe('ImpactReactions', () => {
  it('holds a flinch per joint: set, get (a copy), has, size, delete, clear', () => {
    const r = new ImpactReactions([['Head', { angle: 0.3, strength: 1, decay: 0.5 }]]);
    r.set('LeftLowerArm', { angle: -0.2, strength: 0.5, decay: 0.35 });
    expect(r.size).toBe(2);
    expect(r.has('Head')).toBe(true);
    expect(r.has('Torso')).toBe(false);
    expect(r.get('LeftLowerArm')).toEqual({ angle: -0.2, strength: 0.5, decay: 0.35 });
    r.get('Head')!.angle = 9;
    expect(r.get('Head')!.angle).toBe(0.3);
    r.delete('Head');
    expect(r.get('Head')).toBeUndefined();
    expect(r.size).toBe(1);
    r.clear();
    expect(r.size).toBe(0);
    expect([...r]).toEqual([]);
  });

  it('lists the flinching joints in the order flinches are applied (parents first)', () => {
    const r = new ImpactReactions([['RightLowerLeg', { angle: 1, strength: 1, decay: 1 }], ['Torso', { angle: 2, strength: 1, decay: 1 }], ['Head', { angle: 3, strength: 1, decay: 1 }]]);
    expect(r.keys()).toEqual(['Torso', 'Head', 'RightLowerLeg']);
    expect(REACTION_JOINTS.slice(0, 2)).toEqual(['Torso', 'Head']);
  });

  it('a keyframe copy is its own and restores into a rig as the flinches it saved', () => {
    const rig = { reactions: new ImpactReactions([['LeftUpperLeg', { angle: 0.25, strength: 0.75, decay: 0.4 }]]) };
    const saved = cloneData(rig);
    rig.reactions.set('LeftUpperLeg', { angle: -1, strength: 1, decay: 0.4 });
    rig.reactions.set('Head', { angle: 0.1, strength: 1, decay: 0.5 });
    restoreInto(rig, cloneData(saved));
    expect(rig.reactions).toBeInstanceOf(ImpactReactions);
    expect([...rig.reactions]).toEqual([['LeftUpperLeg', { angle: 0.25, strength: 0.75, decay: 0.4 }]]);
  });
});
