import {
  localDateOf,
  type StatementBody,
  type StatementResult,
  type StatementRow,
  sessionApi,
  shellApi,
  statementApi,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { userWith } from '@/test/session-fixtures';
import { STATEMENT_LOCALE } from '../locale';
import { StatementPage } from './statement-page';

const EN = STATEMENT_LOCALE.en_US.statement;
const month = localDateOf(Date.now(), 'Asia/Shanghai').slice(0, 7);

/** A row made as the server makes it: revenue from the lines, shares by the ratio. */
function row(stationId: number, name: string, ratio: number, partial: boolean): StatementRow {
  const periods = [
    { period: 'valley' as const, chargeKwh: 1000, dischargeKwh: 0, price: 0.3 },
    { period: 'peak' as const, chargeKwh: 0, dischargeKwh: 900, price: 1.1 },
    { period: 'peak' as const, chargeKwh: 0, dischargeKwh: 100, price: 1.2 },
  ];
  const chargeCost = 300;
  const dischargeIncome = 900 * 1.1 + 100 * 1.2;
  const revenue = dischargeIncome - chargeCost;
  const ownerShare = Math.round(revenue * ratio) / 100;
  return {
    stationId,
    stationName: name,
    timeZone: 'Asia/Shanghai',
    chargeKwh: 1000,
    dischargeKwh: 1000,
    chargeCost,
    dischargeIncome,
    revenue,
    settlementRatio: ratio,
    ownerShare,
    investorShare: Math.round((revenue - ownerShare) * 100) / 100,
    periods,
    from: `${month}-01`,
    to: partial ? `${month}-02` : `${month}-28`,
    partial,
    unpricedDays: 0,
  };
}
const resultOf = (rows: StatementRow[]): StatementResult => ({
  rows,
  total: {
    chargeKwh: rows.reduce((s, r) => s + r.chargeKwh, 0),
    dischargeKwh: rows.reduce((s, r) => s + r.dischargeKwh, 0),
    revenue: rows.reduce((s, r) => s + r.revenue, 0),
    chargeCost: rows.reduce((s, r) => s + r.chargeCost, 0),
    dischargeIncome: rows.reduce((s, r) => s + r.dischargeIncome, 0),
    ownerShare: rows.reduce((s, r) => s + r.ownerShare, 0),
    investorShare: rows.reduce((s, r) => s + r.investorShare, 0),
  },
});

const user = userWith(['revenue:statement:query']);

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <StatementPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('earnings statement page', () => {
  let asked: StatementBody[];
  beforeEach(() => {
    asked = [];
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    apiServer.use(
      answer(
        shellApi.stationTree,
        stationTreeOf(stationNode(2, { name: 'Suzhou' }), stationNode(3, { name: 'Nanjing' })),
      ),
      answer(sessionApi.userInfo, user),
      answer(statementApi.statement, (body) => {
        asked.push(body);
        return resultOf(
          body.stationIds.map((id) => row(id, id === 2 ? 'Suzhou' : 'Nanjing', id === 2 ? 70 : 100, true)),
        );
      }),
    );
  });

  it('shows the month to date as partial, the money to the cent and a line per period and price', async () => {
    renderPage();
    const revenue = await screen.findByTestId('statement-tile-revenue');
    await waitFor(() => expect(revenue.textContent).toContain('810.00'));
    expect(revenue.textContent).toContain(EN.partialTag.replace('{{to}}', `${month}-02`));
    expect(screen.getByTestId('statement-partial').textContent).toContain(`${month}-02`);
    expect(screen.getByTestId('statement-ownerShare-2').textContent).toContain('567.00');
    expect(screen.getByTestId('statement-investorShare-2').textContent).toContain('243.00');
    expect(asked.at(-1)).toEqual({ stationIds: [2], month });
    fireEvent.click(within(screen.getByTestId('statement-table')).getAllByRole('button')[0] as HTMLElement);
    const lines = await screen.findByTestId('statement-periods-2');
    // Peak at two prices: two lines.
    expect(within(lines).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(lines.textContent).toContain('1.2000');
  });

  it('asks for every station in scope with "all stations" and sums them; no export or ratio without the right', async () => {
    renderPage();
    await screen.findByTestId('statement-tile-revenue');
    fireEvent.click(within(screen.getByTestId('statement-scope')).getByText(EN.scope.all));
    await waitFor(() => expect(asked.at(-1)).toEqual({ stationIds: [2, 3], month }));
    await waitFor(() => expect(screen.getByTestId('statement-total-revenue').textContent).toContain('1,620.00'));
    expect(screen.queryByTestId('statement-export')).toBeNull();
    expect(screen.queryByTestId('statement-ratio-2')).not.toBeNull();
  });
});
