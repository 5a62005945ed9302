import {
  localDateTime,
  nextCronRuns,
  WORKORDER_PERMS as P,
  parseCron,
  type TemplateRow,
  workorderApi,
  workorderMessages,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { ProcessTemplatePage } from './process-template-page';

const SLOW = { timeout: 8000 };

const template = (id: number, name: string, over: Partial<TemplateRow> = {}): TemplateRow => ({
  id,
  name,
  orderType: 1,
  definitionKey: 'faultRepair',
  executorPostIds: [],
  executorUserIds: [],
  slaHours: 24,
  formFields: [],
  enabled: true,
  definitionName: 'Fault repair process',
  updatedAt: Date.UTC(2026, 11, 1),
  ...over,
});

describe('process template page', { timeout: 60_000 }, () => {
  let ruleSaves: unknown[];
  let templateAdds: unknown[];
  const templates = [template(1, 'Repair on alarm'), template(2, 'Monthly patrol', { orderType: 2, slaHours: null })];

  beforeEach(() => {
    ruleSaves = [];
    templateAdds = [];
    apiServer.use(
      ...sessionHandlers([P.templateQuery, P.templateEdit]),
      answer(workorderApi.workorderTemplatePage, { rows: templates, total: templates.length }),
      answer(workorderApi.workorderRulePage, { rows: [], total: 0 }),
      answer(workorderApi.workorderSchedulePage, { rows: [], total: 0 }),
      answer(workorderApi.workorderTemplateAdd, (b) => {
        templateAdds.push(b);
        return { id: 3 };
      }),
      answer(workorderApi.workorderRuleSave, (b) => {
        ruleSaves.push(b);
        return { id: 9 };
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const pick = async (testId: string, option: string) => {
    fireEvent.mouseDown(within(await screen.findByTestId(testId, {}, SLOW)).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle(option, {}, SLOW)).at(-1) as HTMLElement);
  };
  /** The shared station picker: province, then station (the session's stations are Jiangsu's). */
  const pickStation = async (testId: string, station: string) => {
    await pick(testId, 'Jiangsu');
    fireEvent.click((await screen.findAllByTitle(station, {}, SLOW)).at(-1) as HTMLElement);
  };

  it('lists the templates with their kind of order in the server’s words', async () => {
    renderWithClient(<ProcessTemplatePage />);
    const table = await screen.findByTestId('template-table', {}, SLOW);
    await waitFor(() => expect(within(table).getByText('Repair on alarm')).toBeTruthy(), SLOW);
    expect(within(table).getByText(workorderMessages.workorderType1.en_US)).toBeTruthy();
    expect(within(table).getByText(workorderMessages.workorderType2.en_US)).toBeTruthy();
    expect(within(table).getByText('No limit')).toBeTruthy();
  });

  it('adds a template with an extra form field', async () => {
    renderWithClient(<ProcessTemplatePage />);
    fireEvent.click(await screen.findByTestId('template-add', {}, SLOW));
    const dialog = within(await screen.findByTestId('template-form', {}, SLOW));
    fireEvent.change(dialog.getByLabelText('Template name'), { target: { value: 'Quarterly cleaning' } });
    fireEvent.change(dialog.getByLabelText('Process'), { target: { value: 'stationCleaning' } });
    fireEvent.click(dialog.getByTestId('form-field-add'));
    fireEvent.change(dialog.getByPlaceholderText('Field key'), { target: { value: '1panel' } });
    fireEvent.change(dialog.getByPlaceholderText('Label'), { target: { value: 'Panels washed' } });
    fireEvent.click(dialog.getByText('Save'));
    expect(
      await dialog.findByText('Starts with a letter; letters, digits and _ only; at most 32 characters', {}, SLOW),
    ).toBeTruthy();
    fireEvent.change(dialog.getByPlaceholderText('Field key'), { target: { value: 'panels' } });
    fireEvent.click(dialog.getByText('Save'));
    await waitFor(() => expect(templateAdds).toHaveLength(1), SLOW);
    expect(templateAdds[0]).toEqual({
      name: 'Quarterly cleaning',
      orderType: 1,
      definitionKey: 'stationCleaning',
      executorPostIds: [],
      executorUserIds: [],
      slaHours: null,
      formFields: [{ key: 'panels', label: 'Panels washed', type: 'text', required: false }],
      enabled: true,
    });
  });

  it('saves an alarm rule with the fixed body', async () => {
    renderWithClient(<ProcessTemplatePage />, '/?tab=rules');
    fireEvent.click(await screen.findByTestId('rule-add', {}, SLOW));
    await pickStation('rule-station', 'Station 5');
    // Only fault-repair templates open orders from alarms.
    fireEvent.mouseDown(within(screen.getByTestId('rule-template')).getByRole('combobox'));
    expect(screen.queryByTitle('Monthly patrol')).toBeNull();
    fireEvent.click((await screen.findAllByTitle('Repair on alarm', {}, SLOW)).at(-1) as HTMLElement);
    fireEvent.click(within(screen.getByTestId('rule-form')).getByText('Save'));
    await waitFor(() => expect(ruleSaves).toEqual([{ stationId: 5, minLevel: 1, templateId: 1, enabled: true }]), SLOW);
  });

  it('previews a schedule’s next runs on the station’s clock and names a wrong field', async () => {
    // A fixed now (only the date: antd and the queries keep their timers): Wednesday 09:30 in Shanghai.
    const now = Date.UTC(2026, 11, 2, 1, 30);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    renderWithClient(<ProcessTemplatePage />, '/?tab=schedules');
    fireEvent.click(await screen.findByTestId('schedule-add', {}, SLOW));
    await pickStation('schedule-station', 'Station 5');
    const cron = screen.getByTestId('schedule-cron');
    fireEvent.change(cron, { target: { value: '0 25 * * *' } });
    expect(await screen.findByText('The “hour” field is wrong', {}, SLOW)).toBeTruthy();

    fireEvent.change(cron, { target: { value: '30 8 * * 1' } });
    const preview = await screen.findByTestId('cron-preview', {}, SLOW);
    const parsed = parseCron('30 8 * * 1');
    if (!parsed.ok) throw new Error('the cron of the test');
    const expected = nextCronRuns(parsed.spec, 'Asia/Shanghai', now, 5).map((ms) =>
      localDateTime(ms, 'Asia/Shanghai').slice(0, 16),
    );
    expect([...preview.querySelectorAll('li')].map((li) => li.textContent)).toEqual(expected);
    expect(expected[0]).toBe('2026-12-07 08:30');
    // An inspection schedule offers the inspection templates only.
    fireEvent.mouseDown(within(screen.getByTestId('schedule-template')).getByRole('combobox'));
    expect((await screen.findAllByTitle('Monthly patrol', {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('Repair on alarm')).toBeNull();
  });
});
