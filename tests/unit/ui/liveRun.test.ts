/**
 * The queue panel's view of a run: every action record of a step lands, but the panel is woken
 * once per burst of records rather than once per record (a crowd's step streams dozens).
 */
import { describe, expect, it } from 'vitest';
import { BehaviorSubject, Subject } from 'rxjs';
import { LiveRun } from '../../../ui/state/liveRun';
import type { StageController } from '../../../streams';

function fakeController() {
  const records$ = new Subject<Record<string, unknown>>();
  const frame$ = new BehaviorSubject({ tick: 0, rigs: [] });
  return { records$, controller: { records$, frame$ } as unknown as StageController };
}

const action = (tick: number, rig: string, id: string, phase: 'started' | 'finished', outcome?: string) => ({ t: tick / 60, tick, type: 'action', rig, id, action: 'wait', phase, ...(outcome ? { outcome } : {}) });

describe('LiveRun', () => {
  it('publishes a burst of action records once, with all of them', async () => {
    const { records$, controller } = fakeController();
    const live = new LiveRun(controller);
    const before = live.actionRuns();
    for (let i = 0; i < 50; i += 1) records$.next(action(3, `s${i}`, 'a1', 'started'));
    records$.next(action(3, 's7', 'a1', 'finished', 'completed'));
    // Still the view from before the burst: nothing was published per record.
    expect(live.actionRuns()).toBe(before);
    expect(before.size).toBe(0);
    await Promise.resolve();
    const runs = live.actionRuns();
    expect(runs).not.toBe(before);
    expect(runs.size).toBe(50);
    expect(runs.get('s7/a1')).toEqual({ phase: 'finished', outcome: 'completed' });
    expect(runs.get('s8/a1')).toEqual({ phase: 'started' });

    live.rewindTo(2);
    expect(live.actionRuns().size).toBe(0);
    records$.next(action(3, 's1', 'a1', 'started'));
    await Promise.resolve();
    expect([...live.actionRuns().keys()]).toEqual(['s1/a1']);
    live.clearRuns();
    expect(live.actionRuns().size).toBe(0);
  });
});
