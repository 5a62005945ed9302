import {
  SEQUENCE_PERMS,
  type SequenceRun,
  type SequenceRunBody,
  type SequenceRunStep,
  type SequenceTemplate,
  type SequenceTemplateBody,
  type SequenceTemplateCopyBody,
  sequenceApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { confirmControlPassword } from '@/test/control-password';
import { emptySnapshot, liveSocket } from '@/test/live-socket';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { SequentialControlPage } from './sequential-control-page';

// Sealing is the login cipher's (tested with the password dialog); here a sealed secret is its base64 text.
vi.mock('@/lib/session/api/public-key', () => ({
  seal: async (secret: string) => ({ cipher: btoa(secret), aesKey: 'aw==', iv: 'aw==' }),
  withSealed: <T,>(run: () => Promise<T>) => run(),
}));

const SLOW = { timeout: 8000 };
const STATION = 5;

const template: SequenceTemplate = {
  id: 1,
  name: 'Black start',
  stationId: null,
  stationName: null,
  builtIn: true,
  // As an operator sees a built-in template: administrators alone change it.
  editable: false,
  updateTime: 1_000,
  steps: [
    {
      name: 'Close DC breaker',
      deviceType: 'pcs',
      index: null,
      sn: null,
      pointCode: 'dcBreaker',
      value: 1,
      check: null,
      timeoutS: 30,
    },
    {
      name: 'Start PCS',
      deviceType: 'pcs',
      index: null,
      sn: null,
      pointCode: 'startStop',
      value: 1,
      check: null,
      timeoutS: 30,
    },
    {
      name: 'Release power',
      deviceType: 'pcs',
      index: null,
      sn: null,
      pointCode: 'pSet',
      value: 200,
      check: null,
      timeoutS: 30,
    },
  ],
};

const step = (index: number, state: SequenceRunStep['state'], message: string | null = null): SequenceRunStep => ({
  index,
  name: template.steps[index - 1]?.name ?? '',
  state,
  deviceSns: ['JS-5-PCS1'],
  commandIds: state === 'notRun' ? [] : [100 + index],
  startTime: state === 'notRun' ? null : 2_000,
  endTime: state === 'success' || state === 'failed' ? 3_000 : null,
  message,
});

const runOf = (
  state: SequenceRun['state'],
  steps: SequenceRunStep[],
  failedStep: number | null = null,
): SequenceRun => ({
  id: 9,
  templateId: 1,
  templateName: template.name,
  stationId: STATION,
  stationName: 'Station 5',
  state,
  issuedBy: 'Olga Operator',
  startTime: 2_000,
  endTime: state === 'running' ? null : 4_000,
  failedStep,
  message: null,
  steps,
});

describe('sequential control page', { timeout: 60_000 }, () => {
  let runs: SequenceRunBody[];
  let live: ReturnType<typeof liveSocket>;

  beforeEach(() => {
    runs = [];
    tokenStore.set('tok');
    live = liveSocket(emptySnapshot);
    apiServer.use(
      ...sessionHandlers([SEQUENCE_PERMS.run]),
      live.handler,
      answer(sequenceApi.templates, [template]),
      answer(sequenceApi.runPage, () => ({ rows: [], total: 0 })),
      answer(sequenceApi.runDetail, runOf('running', [step(1, 'running'), step(2, 'notRun'), step(3, 'notRun')])),
      answer(sequenceApi.run, (body) => {
        runs.push(body);
        return { id: 9 };
      }),
    );
  });
  afterEach(() => {
    tokenStore.clear();
    useSession.setState({ token: null });
  });

  it('runs a template after the password and names the step the run failed at', async () => {
    renderWithClient(<SequentialControlPage />);
    fireEvent.click(await screen.findByTestId('template-run-1', {}, SLOW));
    const dialog = await confirmControlPassword();
    expect(within(dialog).getByText('Run the sequence "Black start" at Station 5')).toBeTruthy();
    await waitFor(() => expect(runs).toHaveLength(1), SLOW);
    expect(runs[0]).toEqual({
      templateId: 1,
      stationId: STATION,
      password: btoa('right-pass-1'),
      aesKey: 'aw==',
      iv: 'aw==',
    });

    const progress = screen.getByTestId('run-progress');
    expect((await within(progress).findByTestId('step-1', {}, SLOW)).dataset.state).toBe('running');
    expect(within(progress).getAllByText('Waiting')).toHaveLength(2);

    await waitFor(() => expect(live.followers(STATION)).toBeGreaterThan(0), SLOW);
    live.push({
      type: 'sequence',
      stationId: STATION,
      run: runOf('failed', [step(1, 'success'), step(2, 'failed', 'PCS did not answer in 30 s'), step(3, 'notRun')], 2),
    });
    expect((await within(progress).findByTestId('run-failed', {}, SLOW)).textContent).toBe(
      'Failed at step 2 "Start PCS": PCS did not answer in 30 s',
    );
    expect(within(progress).getByTestId('step-2').dataset.state).toBe('failed');
    expect(within(progress).getByTestId('step-3').dataset.state).toBe('notRun');
    expect(within(progress).getByText('Not run')).toBeTruthy();
    expect(within(progress).getByTestId('run-state').textContent).toBe('Failed');
  });

  it('offers a copy of a built-in template instead of edit and delete, and opens the copy in the editor', async () => {
    const copies: SequenceTemplateCopyBody[] = [];
    apiServer.use(
      ...sessionHandlers([SEQUENCE_PERMS.run, SEQUENCE_PERMS.add, SEQUENCE_PERMS.edit, SEQUENCE_PERMS.delete]),
      answer(sequenceApi.copyTemplate, (body) => {
        copies.push(body);
        return { id: 7 };
      }),
    );
    renderWithClient(<SequentialControlPage />);
    fireEvent.click(await screen.findByTestId('template-copy-1', {}, SLOW));
    expect(screen.queryByTestId('template-edit-1')).toBeNull();
    expect(screen.queryByTestId('template-delete-1')).toBeNull();
    await waitFor(() => expect(copies).toEqual([{ id: 1, stationId: STATION }]), SLOW);
    const editor = await screen.findByTestId('template-editor', {}, SLOW);
    expect(within(editor).getByText('Edit sequence template')).toBeTruthy();
    expect((within(editor).getByLabelText('Name') as HTMLInputElement).value).toBe('Black start');
  });

  it("edits steps: values outside the point's range are held in the form, steps move up, the order is saved", async () => {
    const added: SequenceTemplateBody[] = [];
    apiServer.use(
      ...sessionHandlers([SEQUENCE_PERMS.run, SEQUENCE_PERMS.add]),
      answer(sequenceApi.addTemplate, (body) => {
        added.push(body);
        return { id: 2 };
      }),
    );
    renderWithClient(<SequentialControlPage />);
    fireEvent.click(await screen.findByTestId('template-add', {}, SLOW));
    const editor = await screen.findByTestId('template-editor', {}, SLOW);
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Start up' } });

    const fill = async (row: number, name: string, point: string, value: string) => {
      const r = within(editor).getByTestId(`step-row-${row}`);
      fireEvent.change(within(r).getByLabelText('Step name'), { target: { value: name } });
      fireEvent.mouseDown(within(r).getByLabelText('Control point'));
      fireEvent.click((await screen.findAllByTitle(point, {}, SLOW)).at(-1) as HTMLElement);
      fireEvent.change(within(r).getByLabelText('Value'), { target: { value } });
    };
    // The case: 60,000 kW for a PCS whose setpoint range is ±1,250.
    await fill(0, 'Release power', 'Power setpoint (pSet)', '60000');
    fireEvent.click(within(editor).getByText('Save'));
    expect(await within(editor).findByText('Step 1: the value must be between -1250 and 1250', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(within(editor).getByTestId('step-row-0')).getByLabelText('Value'), {
      target: { value: '200' },
    });

    fireEvent.click(within(editor).getByTestId('step-add'));
    await fill(1, 'Start PCS', 'Start/stop (startStop)', '1');
    fireEvent.click(within(within(editor).getByTestId('step-row-1')).getByLabelText('Move up'));
    fireEvent.click(within(editor).getByText('Save'));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]?.name).toBe('Start up');
    // A new template is the station's own (generic ones are administrators').
    expect(added[0]?.stationId).toBe(STATION);
    expect(added[0]?.steps.map((s) => [s.name, s.pointCode, s.value])).toEqual([
      ['Start PCS', 'startStop', 1],
      ['Release power', 'pSet', 200],
    ]);
  });
});
