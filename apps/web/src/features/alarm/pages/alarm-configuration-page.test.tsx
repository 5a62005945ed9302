import { ALARM_PERMS, type AlarmEffectiveRule, type AlarmStationOverrideBody, alarmApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '../test/alarm-fixtures';
import { AlarmConfigurationPage } from './alarm-configuration-page';

const SLOW = { timeout: 5000 };

const rule = (definitionId: number, over: Partial<AlarmEffectiveRule> = {}): AlarmEffectiveRule => ({
  definitionId,
  name: `Rule ${definitionId}`,
  deviceId: null,
  deviceName: null,
  deviceType: 'bms',
  pointCode: 'cellTmax',
  condition: 'gt',
  holdSeconds: 10,
  deadband: 10,
  content: '{device} {value} > {limit}',
  threshold: 55,
  threshold2: null,
  level: 1,
  enabled: true,
  override: null,
  deviceCount: 4,
  ...over,
});

describe('alarm configuration', () => {
  let saved: AlarmStationOverrideBody[];
  let asked: unknown[];
  beforeEach(() => {
    saved = [];
    asked = [];
    apiServer.use(
      ...sessionHandlers([ALARM_PERMS.configEdit]),
      answer(alarmApi.alarmStationRules, (q) => {
        asked.push(q);
        return [
          rule(1),
          rule(2, {
            name: 'Rule 2',
            threshold: 45,
            level: 2,
            override: { threshold: 45, threshold2: null, level: 2, enabled: null },
          }),
        ];
      }),
      answer(alarmApi.alarmStationOverrideSave, (body) => {
        saved.push(body);
        return null;
      }),
    );
  });

  it("shows the station's effective rules and where each comes from; an override keeps unset fields from the group", async () => {
    renderWithClient(<AlarmConfigurationPage />);
    const table = await screen.findByTestId('alarm-station-rules', {}, SLOW);
    await within(table).findByText('Rule 2', {}, SLOW);
    expect(asked[0]).toEqual({ stationId: 5 });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Rule 1')).getByText('Group default')).toBeTruthy();
    expect(within(row('Rule 1')).getByText('> 55 °C')).toBeTruthy();
    expect(within(row('Rule 2')).getByText('Station override')).toBeTruthy();
    expect(within(row('Rule 2')).getByText('> 45 °C')).toBeTruthy();

    // The buttons show once the user's permissions are in.
    fireEvent.click(await within(row('Rule 1')).findByRole('button', { name: 'Override' }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Threshold'), { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { stationId: 5, definitionId: 1, threshold: 45, threshold2: null, level: null, enabled: null },
      ]),
    );
  }, 20_000);
});
