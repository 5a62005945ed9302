import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { craftZip, deflatedEntry } from '../../../test/crafted-zip';
import { validateProcessUpload } from './process-archive';

/** An expression as BPMN writes it (`${name}`). */
const expr = (name: string) => `\${${name}}`;
const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"';
const definitions = (body: string, ns = NS) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<definitions ${ns} id="defs" targetNamespace="http://ess/test">${body}</definitions>`;
const process = (tasks: string, attrs = 'isExecutable="true"') =>
  `<process id="fault_repair" name="Fault repair" ${attrs}><startEvent id="start" />${tasks}<endEvent id="end" /></process>`;
const GOOD = definitions(
  process(
    `<userTask id="allocate" name="Allocate" camunda:assignee="${expr('initiator')}" />` +
      '<userTask id="handle" name="Repair" camunda:candidateUsers="li, wang" camunda:candidateGroups="maintainers" />',
  ),
);

/** The validator's refusal: its message key and HTTP status. */
async function refusal(bytes: Buffer, name: string) {
  try {
    await validateProcessUpload(bytes, name);
  } catch (e) {
    const err = e as { key: string; status: number; params?: Record<string, unknown> };
    return { key: err.key, status: err.status, params: err.params };
  }
  throw new Error('accepted');
}

describe('process upload validator', () => {
  it('reads a .bpmn, a .bpmn20.xml, a .bar and a .zip to the one process and its assigned user tasks', async () => {
    const expected = {
      key: 'fault_repair',
      name: 'Fault repair',
      userTasks: [
        { id: 'allocate', name: 'Allocate', assignee: expr('initiator'), candidateUsers: [], candidateGroups: [] },
        {
          id: 'handle',
          name: 'Repair',
          assignee: null,
          candidateUsers: ['li', 'wang'],
          candidateGroups: ['maintainers'],
        },
      ],
    };
    const xml = Buffer.from(GOOD);
    expect(await validateProcessUpload(xml, 'repair.bpmn')).toMatchObject({ ...expected, xml: GOOD });
    expect(await validateProcessUpload(xml, 'repair.bpmn20.xml')).toMatchObject(expected);
    const archive = craftZip([
      deflatedEntry('diagrams/repair.png', Buffer.from('png')),
      deflatedEntry('processes/repair.bpmn20.xml', xml),
    ]);
    expect(await validateProcessUpload(archive, 'repair.bar')).toMatchObject(expected);
    expect(await validateProcessUpload(archive, 'repair.ZIP')).toMatchObject(expected);
    // Activiti's namespace under another prefix assigns too.
    const activiti = definitions(
      process('<userTask id="t" xmlns:act="http://activiti.org/bpmn" act:candidateGroups="ops" />'),
      `${NS} xmlns:act="http://activiti.org/bpmn"`,
    );
    expect((await validateProcessUpload(Buffer.from(activiti), 'a.bpmn')).userTasks[0]?.candidateGroups).toEqual([
      'ops',
    ]);
  });

  it('refuses other extensions, malformed XML, DTDs and a count of executable processes other than one', async () => {
    expect(await refusal(Buffer.from(GOOD), 'repair.xml')).toMatchObject({ key: 'processFileType', status: 400 });
    expect(await refusal(Buffer.from(GOOD), 'repair.bpmn.exe')).toMatchObject({ key: 'processFileType' });
    expect(await refusal(Buffer.from(GOOD.replace('</process>', '')), 'r.bpmn')).toMatchObject({
      key: 'processXmlMalformed',
    });
    expect(await refusal(Buffer.from('not xml'), 'r.bpmn')).toMatchObject({ key: 'processXmlMalformed' });
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${GOOD.split('\n')[1]}`;
    expect(await refusal(Buffer.from(xxe), 'r.bpmn')).toMatchObject({ key: 'processDoctype' });
    expect(await refusal(Buffer.from('<a/>'), 'r.bpmn')).toMatchObject({ key: 'processNotBpmn' });
    const none = definitions(process('', 'isExecutable="false"'));
    expect(await refusal(Buffer.from(none), 'r.bpmn')).toMatchObject({
      key: 'processExecutableCount',
      params: { count: 0 },
    });
    const two = definitions(
      process('') + process('').replaceAll('fault_repair', 'other').replace('"start"', '"s2"').replace('"end"', '"e2"'),
    );
    expect(await refusal(Buffer.from(two), 'r.bpmn')).toMatchObject({
      key: 'processExecutableCount',
      params: { count: 2 },
    });
  });

  it('refuses user tasks nobody is assigned to and every element that would run code', async () => {
    const unassigned = definitions(process('<userTask id="review" name="Review" />'));
    expect(await refusal(Buffer.from(unassigned), 'r.bpmn')).toMatchObject({
      key: 'processUnassignedTask',
      params: { task: 'Review' },
    });
    const cases = [
      '<scriptTask id="s" scriptFormat="javascript"><script>require("child_process")</script></scriptTask>',
      `<serviceTask id="svc" camunda:expression="${expr('environment.services.run()')}" />`,
      '<businessRuleTask id="rule" />',
      '<userTask id="u" camunda:assignee="a" camunda:class="org.Evil" />',
      '<userTask id="u" camunda:assignee="a"><extensionElements><camunda:taskListener event="create"><camunda:script scriptFormat="js">x</camunda:script></camunda:taskListener></extensionElements></userTask>',
      '<exclusiveGateway id="g" /><sequenceFlow id="f" sourceRef="g" targetRef="end"><conditionExpression xsi:type="tFormalExpression" language="javascript" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">next(null, true)</conditionExpression></sequenceFlow>',
    ];
    for (const task of cases) {
      const r = await refusal(Buffer.from(definitions(process(task))), 'r.bpmn');
      expect(r, task).toMatchObject({ key: 'processCodeElement', status: 400 });
    }
  });

  it('holds archives to the guard: one BPMN file, sizes and ratio before inflating, no unsafe names', async () => {
    const xml = Buffer.from(GOOD);
    const twoFiles = craftZip([deflatedEntry('a.bpmn', xml), deflatedEntry('b.bpmn', xml)]);
    expect(await refusal(twoFiles, 'p.zip')).toMatchObject({
      key: 'processArchiveBpmnCount',
      params: { count: 2, types: '.bpmn, .bpmn20.xml' },
    });
    const noFile = craftZip([deflatedEntry('readme.txt', Buffer.from('x'))]);
    expect(await refusal(noFile, 'p.bar')).toMatchObject({
      key: 'processArchiveBpmnCount',
      params: { count: 0, types: '.bpmn, .bpmn20.xml' },
    });

    // Declares 6 MB: refused from the directory, before a byte is inflated.
    const oversized = craftZip([{ ...deflatedEntry('big.bpmn', xml), size: 6 * 1024 * 1024 }]);
    expect(await refusal(oversized, 'p.zip')).toMatchObject({ key: 'archiveEntryTooLarge', status: 413 });
    // 4 MB of zeros deflate about 1,000:1: a bomb's ratio.
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const bomb = craftZip([{ ...deflatedEntry('bomb.bpmn', zeros), body: deflateRawSync(zeros, { level: 9 }) }]);
    expect(await refusal(bomb, 'p.zip')).toMatchObject({ key: 'archiveRatio', status: 413 });
    const many = craftZip(Array.from({ length: 51 }, (_, i) => deflatedEntry(`f${i}.txt`, Buffer.from('x'))));
    expect(await refusal(many, 'p.zip')).toMatchObject({ key: 'archiveTooManyEntries', status: 413 });

    for (const name of ['../evil.bpmn', '/etc/evil.bpmn', 'dir\\..\\..\\evil.bpmn']) {
      expect(await refusal(craftZip([deflatedEntry(name, xml)]), 'p.zip'), name).toMatchObject({
        key: 'archiveUnsafeEntry',
      });
    }
    const link = craftZip([
      deflatedEntry('p.bpmn', Buffer.from('/etc/passwd'), { externalAttributes: (0o120777 << 16) >>> 0 }),
    ]);
    expect(await refusal(link, 'p.zip')).toMatchObject({ key: 'archiveUnsafeEntry' });
    expect(await refusal(Buffer.from('PK not a zip'), 'p.zip')).toMatchObject({ key: 'archiveMalformed' });
  });
});
