import { ALARM_PERMS, type AlarmDefinitionBody, alarmApi, deviceApi, ResultCode } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '../test/alarm-fixtures';
import { DefinitionForm } from './definition-form';

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
// Under a loaded test run antd's forms take their time: wait longer than the default second.
const SLOW = { timeout: 5000 };
const findInDialog = (text: string) => within(dialog()).findByText(text, {}, SLOW);
const ok = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));

async function pick(label: string, option: string, search?: string) {
  fireEvent.mouseDown(field(label));
  // A long list renders only its first options: search narrows it to the one wanted.
  if (search) fireEvent.change(field(label), { target: { value: search } });
  const items = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(items.at(-1) as HTMLElement);
}

describe('alarm definition form', () => {
  let added: AlarmDefinitionBody[];
  const errors = vi.fn();
  const onClose = vi.fn();
  beforeEach(() => {
    added = [];
    installNotifier({ warning: vi.fn(), error: errors, success: vi.fn() });
    apiServer.use(
      ...sessionHandlers([ALARM_PERMS.definitionAdd]),
      answer(deviceApi.deviceTree, []),
      answer(alarmApi.alarmDefinitionAdd, (body) => {
        if (body.name === 'Taken') {
          return {
            fail: { status: 409, code: ResultCode.CONFLICT, msg: 'An alarm definition named "Taken" already exists' },
          };
        }
        added.push(body);
        return { id: 99 };
      }),
    );
  });
  afterEach(() => {
    installNotifier(null);
    errors.mockReset();
    onClose.mockReset();
  });

  it("says what is missing or out of range before calling, the server's rules between fields included", async () => {
    renderWithClient(<DefinitionForm open editing={null} stationId={5} onClose={onClose} />);
    await screen.findByTestId('alarm-definition-form', {}, SLOW);
    fireEvent.change(field('Content template'), { target: { value: '  ' } });
    ok();
    expect(await findInDialog('Enter Name')).toBeTruthy();
    expect(within(dialog()).getByText('Enter Point')).toBeTruthy();
    expect(within(dialog()).getByText('Enter Threshold')).toBeTruthy();
    expect(within(dialog()).getByText('Enter Content template')).toBeTruthy();

    fireEvent.change(field('Name'), { target: { value: 'Hot cell' } });
    await pick('Point', 'Max cell temperature (cellTmax)', 'cellTmax');
    fireEvent.change(field('Threshold'), { target: { value: '123456789' } });
    fireEvent.change(field('Content template'), { target: { value: '{device} {value} > {limit}' } });
    ok();
    expect(await findInDialog('Threshold must be from -99999999 to 99999999')).toBeTruthy();

    // Outside a range needs an upper limit above the lower one (the contract's shared rule).
    await pick('Condition', 'Outside a range');
    fireEvent.change(await within(dialog()).findByLabelText('Lower limit', {}, SLOW), { target: { value: '20' } });
    fireEvent.change(field('Upper limit'), { target: { value: '10' } });
    ok();
    expect(await findInDialog('The upper limit must be greater than the lower limit')).toBeTruthy();

    await pick('Condition', 'Status bit set');
    fireEvent.change(await within(dialog()).findByLabelText('Status bit (0–31)', {}, SLOW), {
      target: { value: '40' },
    });
    ok();
    expect(await findInDialog('The status bit must be a whole number from 0 to 31')).toBeTruthy();
    expect(added).toEqual([]);

    fireEvent.change(field('Status bit (0–31)'), { target: { value: '3' } });
    ok();
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      name: 'Hot cell',
      deviceType: 'bms',
      deviceId: null,
      pointCode: 'cellTmax',
      condition: 'bit',
      threshold: 3,
      threshold2: null,
      holdSeconds: 10,
      level: 2,
      content: '{device} {value} > {limit}',
      enabled: true,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 30_000);

  it("shows the server's message for a taken name under the field and stays open", async () => {
    renderWithClient(<DefinitionForm open editing={null} stationId={5} onClose={onClose} />);
    await screen.findByTestId('alarm-definition-form', {}, SLOW);
    fireEvent.change(field('Name'), { target: { value: 'Taken' } });
    await pick('Point', 'Max cell temperature (cellTmax)', 'cellTmax');
    fireEvent.change(field('Threshold'), { target: { value: '55' } });
    ok();
    expect(await findInDialog('An alarm definition named "Taken" already exists')).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  }, 15_000);
});
