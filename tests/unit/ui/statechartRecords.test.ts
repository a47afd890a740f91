/**
 * Transition records read against the charts: every transition a real headless run traces is
 * explained by an edge of its actor's chart (the timeline link, the flash and breakpoints rely on
 * it), and the ambiguous cases resolve the way the machines really went.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chartModel } from '../../../ui/statecharts/chartModel';
import { machineForActorId } from '../../../ui/statecharts/actorCatalog';
import { matchRecord } from '../../../ui/statecharts/recordMatch';
import { stageMachine } from '../../../machines/stageMachine';
import { actionRunnerMachine } from '../../../machines/actionRunnerMachine';
import { initPhysics } from '../../../streams/physics/rapier';
import { StageController } from '../../../streams/stage/stageController';
import type { TraceRecord } from '../../../streams/trace/records';
import { ledgeScene } from './statechartScenes';

type Transition = Extract<TraceRecord, { type: 'transition' }>;

describe('transition records on the chart', () => {
  const runner = chartModel(actionRunnerMachine);
  const stage = chartModel(stageMachine);
  const ids = (from: string, to: string, event: string, model = runner) => matchRecord(model, { from, to, event }).edges.map((e) => e.id);

  it('a block from idle is the lane-level edge, not the eventless edge it also looks like', () => {
    expect(ids('running.lane.idle,overlay.quiet', 'running.lane.blocked,overlay.quiet', 'queue.block')).toEqual(['running.lane|queue.block|running.lane.blocked']);
  });

  it('an eventless edge taken in the same macrostep as the event is found beside it', () => {
    const m = matchRecord(runner, { from: 'running.lane.speaking,overlay.talking', to: 'running.lane.idle,overlay.quiet', event: 'step' });
    expect(m.edges.map((e) => e.id)).toEqual(['running.lane.speaking|step|running.lane.idle', 'running.overlay.talking|always|running.overlay.quiet']);
    expect(m.entered).toEqual(['running.lane.idle', 'running.overlay.quiet']);
    expect(m.exited).toEqual(['running.lane.speaking', 'running.overlay.talking']);
  });

  it('edges declared on a parent state match when a child was active', () => {
    expect(ids('PLAY.RUNNING', 'PLAY.PAUSED', 'stage.restore', stage)).toEqual(['PLAY|stage.restore|PLAY.PAUSED']);
    expect(ids('PLAY.RUNNING', 'PLAY.PAUSED', 'ui.reset', stage)).toEqual(['PLAY.RUNNING|ui.reset|PLAY.PAUSED']);
    expect(ids('PLAY.RUNNING', 'PLAY.PAUSED', 'ui.pause', stage)).toEqual(['PLAY.RUNNING|ui.pause|PLAY.PAUSED']);
    expect(ids('PLAY.PAUSED', 'EDIT', 'ui.edit', stage)).toEqual(['PLAY|ui.edit|EDIT']);
    expect(ids('running.lane.walking,overlay.quiet', 'stopped', 'queue.stop')).toEqual(['running|queue.stop|stopped']);
    // Entering PLAY enters its initial child too.
    expect(matchRecord(stage, { from: 'EDIT', to: 'PLAY.RUNNING', event: 'ui.play' }).entered).toEqual(['PLAY', 'PLAY.RUNNING']);
  });

  it('an event that no edge of the source takes explains nothing', () => {
    expect(ids('PLAY.RUNNING', 'PLAY.PAUSED', 'ui.play', stage)).toEqual([]);
  });

  describe('a real run: a walk off a ledge, a hard landing, the queue blocked and unblocked', () => {
    const records: Transition[] = [];

    beforeAll(async () => {
      await initPhysics();
      const controller = new StageController(ledgeScene());
      controller.records$.subscribe((r) => {
        if (r.type === 'transition') records.push(r);
      });
      controller.send({ type: 'ui.play' });
      controller.step(400);
      controller.send({ type: 'ui.reset' });
      controller.send({ type: 'ui.edit' });
      controller.dispose();
    });

    it('traces every machine of the system, including the ledge transitions', () => {
      expect(new Set(records.map((r) => r.actor))).toEqual(new Set(['stage', 'rig:walker/terrainMotion', 'rig:walker/actionRunner']));
      const terrain = records.filter((r) => r.actor === 'rig:walker/terrainMotion').map((r) => `${r.from}>${r.to}`);
      expect(terrain).toContain('GROUNDED>AIRBORNE');
      expect(terrain).toContain('AIRBORNE>LANDING_IMPACT');
    });

    it('explains every traced transition with edges of its actor\'s chart that listen to the event or are eventless', () => {
      expect(records.length).toBeGreaterThan(8);
      for (const r of records) {
        const model = chartModel(machineForActorId(r.actor)!);
        const m = matchRecord(model, r);
        expect(m.edges.length, `${r.actor} ${r.from} → ${r.to} on ${r.event} at ${r.tick}`).toBeGreaterThan(0);
        expect(m.entered.length).toBeGreaterThan(0);
        for (const e of m.edges) expect(e.event === r.event || e.eventless, e.id).toBe(true);
      }
    });
  });
});
