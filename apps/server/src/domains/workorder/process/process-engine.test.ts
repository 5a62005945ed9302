import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../../server-root';
import { DefinitionProblem, readDefinition } from './bpmn-read';
import { processEngine } from './process-engine';

const xml = readFileSync(path.join(serverRoot, 'processes', 'fault-repair.bpmn'), 'utf8');
const HOUR = 3_600_000;
const times = (remind: number, due: number) => ({ remindAt: new Date(remind), dueAt: new Date(due) });

describe('process engine boundary timers', () => {
  it('records the SLA timers of the waiting task instead of running them', async () => {
    const now = Date.now();
    const step = await processEngine.start('t1', xml, times(now + 8 * HOUR, now + 10 * HOUR));
    expect(step.activeNodeIds).toEqual(['allocate']);
    expect(step.completedBoundaryIds).toEqual([]);
    expect(step.timers.map((t) => [t.boundaryId, t.attachedTo, t.dueAt.getTime()]).sort()).toEqual(
      [
        ['sla_overdue_allocate', 'allocate', now + 10 * HOUR],
        ['sla_reminder_allocate', 'allocate', now + 8 * HOUR],
      ].sort(),
    );
  });

  it('arms no timer and fires nothing when the template has no SLA', async () => {
    const step = await processEngine.start('t2', xml);
    expect(step.activeNodeIds).toEqual(['allocate']);
    expect(step.timers).toEqual([]);
    expect(step.completedBoundaryIds).toEqual([]);
    const next = await processEngine.step('t2', step.state, { nodeId: 'allocate', route: 'allocate' });
    expect(next.activeNodeIds).toEqual(['accept']);
    expect(next.timers).toEqual([]);
  });

  it('fires a recorded timer once; the task keeps waiting and its other timer stays armed', async () => {
    const now = Date.now();
    const s1 = await processEngine.start('t3', xml, times(now + 8 * HOUR, now + 10 * HOUR));
    const fired = await processEngine.fire('t3', s1.state, 'sla_reminder_allocate');
    expect(fired.completedBoundaryIds).toEqual(['sla_reminder_allocate']);
    expect(fired.activeNodeIds).toEqual(['allocate']);
    expect(fired.timers.map((t) => t.boundaryId)).toEqual(['sla_overdue_allocate']);
    const again = await processEngine.fire('t3', fired.state, 'sla_reminder_allocate');
    expect(again.completedBoundaryIds).toEqual([]);
    const next = await processEngine.step('t3', fired.state, { nodeId: 'allocate', route: 'allocate' });
    expect(next.activeNodeIds).toEqual(['accept']);
    expect(next.timers.map((t) => t.attachedTo)).toEqual(['accept', 'accept']);
  });

  it('keeps the absolute deadline when a task is entered again after "back"', async () => {
    const now = Date.now();
    const due = now + 10 * HOUR;
    let s = await processEngine.start('t4', xml, times(now + 8 * HOUR, due));
    s = await processEngine.step('t4', s.state, { nodeId: 'allocate', route: 'allocate' });
    s = await processEngine.step('t4', s.state, { nodeId: 'accept', route: 'back_allocate' });
    expect(s.activeNodeIds).toEqual(['allocate']);
    expect(s.timers.find((t) => t.boundaryId === 'sla_overdue_allocate')?.dueAt.getTime()).toBe(due);
  });

  it('a timer of a task already left is not fired', async () => {
    const now = Date.now();
    const s1 = await processEngine.start('t5', xml, times(now + 8 * HOUR, now + 10 * HOUR));
    const s2 = await processEngine.step('t5', s1.state, { nodeId: 'allocate', route: 'allocate' });
    const fired = await processEngine.fire('t5', s2.state, 'sla_reminder_allocate');
    expect(fired.completedBoundaryIds).toEqual([]);
    expect(fired.activeNodeIds).toEqual(['accept']);
  });
});

describe('boundary events at import', () => {
  const withBoundary = (inner: string, attached = 'allocate') =>
    xml.replace(
      '  </process>',
      `<boundaryEvent id="b1" attachedToRef="${attached}" cancelActivity="false">${inner}</boundaryEvent></process>`,
    );

  it('takes the shipped SLA timers and refuses repeating timers or other boundary events', async () => {
    expect((await readDefinition(xml)).nodes.map((n) => n.id)).toEqual(['allocate', 'accept', 'handle', 'review']);
    await expect(
      readDefinition(withBoundary('<timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition>')),
    ).rejects.toThrow(DefinitionProblem);
    await expect(readDefinition(withBoundary('<messageEventDefinition />'))).rejects.toThrow(DefinitionProblem);
    await expect(
      readDefinition(
        withBoundary('<timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>', 'start'),
      ),
    ).rejects.toThrow(DefinitionProblem);
    await expect(
      readDefinition(withBoundary('<timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>')),
    ).resolves.toBeTruthy();
  });
});

describe('loops at import', () => {
  const startingWith = (inserted: string) =>
    xml.replace(
      '<sequenceFlow id="f_start" sourceRef="start" targetRef="allocate" />',
      `<sequenceFlow id="f_start" sourceRef="start" targetRef="t1" />${inserted}`,
    );

  it('refuses a loop that passes no user task, naming it (the engine would spin until its stack overflowed)', async () => {
    const events = startingWith(
      '<intermediateThrowEvent id="t1" /><intermediateThrowEvent id="t2" />' +
        '<sequenceFlow id="l1" sourceRef="t1" targetRef="t2" /><sequenceFlow id="l2" sourceRef="t2" targetRef="t1" />' +
        '<sequenceFlow id="l3" sourceRef="t2" targetRef="allocate" />',
    );
    await expect(readDefinition(events)).rejects.toThrow(/a loop without a user task: t1 → t2 → t1/);
    const selfLoop = startingWith(
      '<exclusiveGateway id="t1" default="l1" /><sequenceFlow id="l1" sourceRef="t1" targetRef="t1" />' +
        '<sequenceFlow id="l2" sourceRef="t1" targetRef="allocate" />',
    );
    await expect(readDefinition(selfLoop)).rejects.toThrow(/t1 → t1/);
  });

  it('takes loops through a user task (the shipped "back" routes) and a gateway on the way', async () => {
    const gateway = startingWith(
      '<exclusiveGateway id="t1" /><sequenceFlow id="l1" sourceRef="t1" targetRef="allocate" />',
    );
    expect((await readDefinition(gateway)).nodes.map((n) => n.id)).toEqual(['allocate', 'accept', 'handle', 'review']);
    for (const file of readdirSync(path.join(serverRoot, 'processes'))) {
      await expect(
        readDefinition(readFileSync(path.join(serverRoot, 'processes', file), 'utf8')),
      ).resolves.toBeTruthy();
    }
  });
});
