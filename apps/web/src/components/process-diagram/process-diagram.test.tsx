import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DiagramViewer, drawDiagram, markNodes } from './draw-diagram';
import { ProcessDiagram } from './process-diagram';

// bpmn-js loads on first use: seconds on a worker busy with other files.
const SLOW = { timeout: 15_000 };

const PROCESS = `<bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="start" /><bpmn:userTask id="accept" /><bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="accept" />
    <bpmn:sequenceFlow id="f2" sourceRef="accept" targetRef="end" />
  </bpmn:process>`;
const LAYOUT = `<bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="pl" bpmnElement="p">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="0" y="0" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="accept_di" bpmnElement="accept"><dc:Bounds x="100" y="0" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="260" y="0" width="36" height="36" /></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;
const definitions = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  id="defs" targetNamespace="http://ess">${body}</bpmn:definitions>`;

/** bpmn-js as drawing sees it, for the steps jsdom cannot lay out (no SVG geometry there). */
function recordingViewer(ids: string[], fail?: 'parse' | 'import') {
  const calls: string[] = [];
  const viewer: DiagramViewer = {
    parse: async () => {
      if (fail === 'parse') throw new Error('unparsable content');
      return { diagrams: [{}] };
    },
    importDefinitions: async () => {
      if (fail === 'import') throw new Error('getBBox');
      calls.push('import');
    },
    canvas: () => ({
      zoom: (level) => {
        calls.push(`zoom ${level}`);
        return 1;
      },
      addMarker: (id, marker) => calls.push(`+${marker} ${id}`),
      removeMarker: (id, marker) => calls.push(`-${marker} ${id}`),
    }),
    has: (id) => ids.includes(id),
  };
  return { viewer, calls };
}
const CLASSES = { active: 'A', done: 'D' };

describe('process diagram', () => {
  it('says so, in the language, when the XML is not BPMN (bpmn-js parses it)', async () => {
    render(<ProcessDiagram xml="<bpmn:definitions" />);
    expect(
      await screen.findByText('The diagram cannot be read: the file is not valid BPMN 2.0', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByTestId('process-diagram').dataset.outcome).toBe('unreadable');
  });

  it('tells a definition without a layout apart', async () => {
    render(<ProcessDiagram xml={definitions(PROCESS)} />);
    expect(await screen.findByText('This process definition has no diagram layout to show', {}, SLOW)).toBeTruthy();
  });

  it('reads a good file and, in a DOM that cannot lay out SVG (jsdom), says so instead of crashing', async () => {
    render(<ProcessDiagram xml={definitions(PROCESS + LAYOUT)} activeNodeIds={['accept']} doneNodeIds={['start']} />);
    await waitFor(() => expect(screen.getByTestId('process-diagram').dataset.outcome).toBe('unsupported'), SLOW);
    expect(screen.getByText('This browser cannot draw the process diagram')).toBeTruthy();
    expect(screen.getByText('Current step')).toBeTruthy();
  });

  it('draws, fits the viewport and marks the waiting and passed nodes, leaving out unknown ids', async () => {
    const { viewer, calls } = recordingViewer(['start', 'accept', 'end']);
    const outcome = await drawDiagram(viewer, 'xml', { active: ['accept', 'gone'], done: ['start'] }, CLASSES, true);
    expect(outcome).toEqual({ kind: 'drawn', unknownIds: ['gone'] });
    expect(calls).toEqual(['import', 'zoom fit-viewport', '+D start', '+A accept']);
  });

  it('moves the marks when the order moves on', () => {
    const { viewer, calls } = recordingViewer(['start', 'accept', 'end']);
    markNodes(viewer, { active: ['accept'], done: ['start'] }, { active: ['end'], done: ['start', 'accept'] }, CLASSES);
    expect(calls).toEqual(['-A accept', '-D start', '+D start', '+D accept', '+A end']);
  });

  it('tells a parse failure from a drawing failure', async () => {
    const marks = { active: [], done: [] };
    expect(await drawDiagram(recordingViewer([], 'parse').viewer, 'x', marks, CLASSES, true)).toEqual({
      kind: 'unreadable',
    });
    expect(await drawDiagram(recordingViewer([], 'import').viewer, 'x', marks, CLASSES, true)).toEqual({
      kind: 'failed',
    });
  });
});
