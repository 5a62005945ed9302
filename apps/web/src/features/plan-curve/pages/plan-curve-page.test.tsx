import {
  PLAN_CURVE_PERMS,
  type PlanCurveBody,
  type PlanCurveCopyBody,
  type PlanCurveTemplate,
  planCurveApi,
  planCurveMessages,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { PlanCurvePage } from './plan-curve-page';

// The form says the server's words (the contract's messages); the tests run in English.
const OVERLAP = planCurveMessages.planCurveSegmentsOverlap.en_US;

vi.mock('@/lib/charts/echart', () => ({ EChart: () => <div data-testid="echart" /> }));

const SLOW = { timeout: 5000 };

const template = (id: number, over: Partial<PlanCurveTemplate> = {}): PlanCurveTemplate => ({
  id,
  code: `PC-${id}`,
  name: `Plan ${id}`,
  stationId: null,
  stationName: null,
  segments: [
    { start: '00:00', end: '06:00', powerKw: -200, socMax: 95, socMin: 10 },
    { start: '18:00', end: '21:00', powerKw: 250, socMax: 95, socMin: 20 },
  ],
  enabled: true,
  editable: true,
  modifyTime: Date.UTC(2026, 10, 20, 8, 0),
  modifiedBy: 'Olga Operator',
  createTime: Date.UTC(2026, 10, 1),
  ...over,
});

async function choose(row: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(row).getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items.at(-1) as HTMLElement);
}

describe('plan curve templates', () => {
  let added: PlanCurveBody[];
  let copied: PlanCurveCopyBody[];
  beforeEach(() => {
    added = [];
    copied = [];
    apiServer.use(
      ...sessionHandlers([PLAN_CURVE_PERMS.add, PLAN_CURVE_PERMS.edit, PLAN_CURVE_PERMS.delete]),
      answer(planCurveApi.page, {
        rows: [template(1), template(2, { enabled: false }), template(3, { editable: false })],
        total: 3,
      }),
      answer(planCurveApi.add, (b) => {
        added.push(b);
        return template(9, { ...b, stationId: b.stationId ?? null, enabled: b.enabled ?? true });
      }),
      answer(planCurveApi.copy, (b) => {
        copied.push(b);
        return template(10, { code: 'PC-3-JS-5', name: 'Plan 3', stationId: b.stationId, stationName: 'Station 5' });
      }),
    );
  });

  it('offers a copy for the current station instead of edit and delete of a shared template the user may not change', async () => {
    renderWithClient(<PlanCurvePage />);
    const row = await screen.findByTestId('plan-row-PC-3', {}, SLOW);
    expect(within(row).getByText('Every station')).toBeTruthy();
    expect(within(row).queryByTestId('plan-edit-PC-3')).toBeNull();
    expect(within(row).queryByTestId('plan-delete-PC-3')).toBeNull();
    expect((within(row).getByTestId('plan-enabled-PC-3') as HTMLButtonElement).disabled).toBe(true);
    expect(within(await screen.findByTestId('plan-row-PC-1')).getByTestId('plan-edit-PC-1')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('plan-copy-PC-3'));
    await waitFor(() => expect(copied).toEqual([{ id: 3, stationId: 5 }]), SLOW);
    const editor = await screen.findByTestId('plan-editor', {}, SLOW);
    await waitFor(() =>
      expect((within(editor).getByTestId('plan-editor-code') as HTMLInputElement).value).toBe('PC-3-JS-5'),
    );
  }, 60_000);

  it('lists templates with their segment count; only a disabled one may be deleted', async () => {
    renderWithClient(<PlanCurvePage />);
    const row = await screen.findByTestId('plan-row-PC-1', {}, SLOW);
    expect(within(row).getByText('Plan 1')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(((await screen.findByTestId('plan-delete-PC-1')) as HTMLButtonElement).disabled).toBe(true);
    expect(((await screen.findByTestId('plan-delete-PC-2')) as HTMLButtonElement).disabled).toBe(false);
  }, 60_000);

  it("shows the contract's words on the rows (overlap, SOC), refuses to save, then saves the fixed plan", async () => {
    renderWithClient(<PlanCurvePage />);
    fireEvent.click(await screen.findByTestId('plan-add', {}, SLOW));
    const editor = await screen.findByTestId('plan-editor', {}, SLOW);
    fireEvent.change(within(editor).getByTestId('plan-editor-code'), { target: { value: 'PC-NEW' } });
    fireEvent.change(within(editor).getByTestId('plan-editor-name'), { target: { value: 'Night charge' } });

    // The second row (18:00–22:00) moved to start at 05:00 overlaps the first (00:00–06:00).
    await choose(within(editor).getByTestId('plan-segment-1'), 'Start time 2', '05:00');
    await waitFor(() => expect(within(editor).getByTestId('plan-segment-0').dataset.problem).toBe('segmentsOverlap'));
    expect(within(editor).getByTestId('plan-segment-1').dataset.problem).toBe('segmentsOverlap');
    expect(within(editor).getAllByText(OVERLAP).length).toBeGreaterThanOrEqual(2);
    fireEvent.click(within(editor).getByTestId('plan-editor-save'));
    await waitFor(() => expect(within(editor).getAllByText(OVERLAP).length).toBeGreaterThanOrEqual(3));
    expect(added).toHaveLength(0);

    await choose(within(editor).getByTestId('plan-segment-1'), 'Start time 2', '18:00');
    // SOC lower above upper on the first row.
    fireEvent.change(within(editor).getByLabelText('SOC lower limit (%) 1'), { target: { value: '97' } });
    await waitFor(() => expect(within(editor).getByTestId('plan-segment-0').dataset.problem).toBe('socOrder'));
    expect(within(editor).getAllByText(planCurveMessages.planCurveSocOrder.en_US).length).toBeGreaterThan(0);
    fireEvent.change(within(editor).getByLabelText('SOC lower limit (%) 1'), { target: { value: '15' } });
    // Power outside ±99,999,999.
    fireEvent.change(within(editor).getByLabelText('Planned power (kW) 2'), { target: { value: '100000000' } });
    await waitFor(() => expect(within(editor).getByTestId('plan-segment-1').dataset.problem).toBe('valueRange'));
    fireEvent.change(within(editor).getByLabelText('Planned power (kW) 2'), { target: { value: '300' } });
    await waitFor(() => expect(within(editor).getByTestId('plan-segment-1').dataset.problem).toBe(''));

    fireEvent.click(within(editor).getByTestId('plan-editor-save'));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toEqual({
      code: 'PC-NEW',
      name: 'Night charge',
      // The current station's own template by default.
      stationId: 5,
      enabled: true,
      segments: [
        { start: '00:00', end: '06:00', powerKw: -100, socMax: 95, socMin: 15 },
        { start: '18:00', end: '22:00', powerKw: 300, socMax: 95, socMin: 10 },
      ],
    });
  }, 60_000);

  it('asks "please save or exit editing first" when leaving with unsaved edits', async () => {
    renderWithClient(<PlanCurvePage />);
    fireEvent.click(await screen.findByTestId('plan-edit-PC-1', {}, SLOW));
    const editor = await screen.findByTestId('plan-editor', {}, SLOW);
    await waitFor(() =>
      expect((within(editor).getByTestId('plan-editor-name') as HTMLInputElement).value).toBe('Plan 1'),
    );
    fireEvent.change(within(editor).getByTestId('plan-editor-name'), { target: { value: 'Plan 1 b' } });
    fireEvent.click(within(editor).getByTestId('plan-editor-cancel'));
    const ask = await screen.findByTestId('plan-unsaved');
    expect(within(ask).getAllByText('Please save or exit editing first').length).toBeGreaterThan(0);
    fireEvent.click(within(ask).getByText('Keep editing'));
    await waitFor(() =>
      expect((within(editor).getByTestId('plan-editor-name') as HTMLInputElement).value).toBe('Plan 1 b'),
    );
    fireEvent.click(within(editor).getByTestId('plan-editor-cancel'));
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    fireEvent.click(within(await screen.findByTestId('plan-unsaved')).getByText('Discard and exit'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  }, 60_000);
});
