import { type StatementResult, type StatementRow, statementApi } from '@ess/contract';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { useFormat } from '@/lib/format/use-format';
import { PeriodLines } from './period-lines';

type Props = { result: StatementResult; onRatio: (row: StatementRow) => void };

/** A row per station with its month's money and shares; expanded, the lines per period and price. */
export function StatementTable({ result, onRatio }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (key: string, title: string, pick: (r: StatementRow) => number) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, r: StatementRow) => (
      <span data-testid={`statement-${key}-${r.stationId}`}>{f.moneyExact(pick(r))}</span>
    ),
  });
  const total = result.total;
  return (
    <Table<StatementRow>
      data-testid="statement-table"
      rowKey="stationId"
      size="small"
      pagination={false}
      scroll={{ x: 1220 }}
      dataSource={result.rows}
      expandable={{
        expandedRowRender: (r) => <PeriodLines lines={r.periods} testId={`statement-periods-${r.stationId}`} />,
        rowExpandable: (r) => r.periods.length > 0,
      }}
      columns={[
        {
          key: 'station',
          title: t('statement.table.station'),
          fixed: 'left',
          width: 200,
          // The name wraps rather than clips; the month in progress says so beneath it.
          render: (_, r) => (
            <Flex vertical gap={2} align="flex-start">
              <span>{r.stationName}</span>
              {r.partial && <Tag>{t('statement.partialTag', { to: r.to })}</Tag>}
            </Flex>
          ),
        },
        { key: 'charge', title: t('statement.table.charge'), align: 'right', render: (_, r) => f.energy(r.chargeKwh) },
        {
          key: 'discharge',
          title: t('statement.table.discharge'),
          align: 'right',
          render: (_, r) => f.energy(r.dischargeKwh),
        },
        money('chargeCost', t('statement.table.chargeCost'), (r) => r.chargeCost),
        money('dischargeIncome', t('statement.table.dischargeIncome'), (r) => r.dischargeIncome),
        money('revenue', t('statement.table.revenue'), (r) => r.revenue),
        {
          key: 'ratio',
          title: t('statement.table.ratio'),
          align: 'right',
          width: 110,
          render: (_, r) => `${f.number(r.settlementRatio, 2)} %`,
        },
        money('ownerShare', t('statement.table.ownerShare'), (r) => r.ownerShare),
        money('investorShare', t('statement.table.investorShare'), (r) => r.investorShare),
        {
          key: 'actions',
          title: t('statement.table.actions'),
          fixed: 'right',
          width: 160,
          render: (_, r) => (
            <Permission endpoint={statementApi.settlementRatioList}>
              <Button
                type="link"
                size="small"
                onClick={() => onRatio(r)}
                data-testid={`statement-ratio-${r.stationId}`}
              >
                {t('statement.ratio.open')}
              </Button>
            </Permission>
          ),
        },
      ]}
      summary={() =>
        result.rows.length > 1 && (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>{t('statement.table.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {f.energy(total.chargeKwh)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {f.energy(total.dischargeKwh)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {f.moneyExact(total.chargeCost)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {f.moneyExact(total.dischargeIncome)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                <span data-testid="statement-total-revenue">{f.moneyExact(total.revenue)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} />
              <Table.Summary.Cell index={8} align="right">
                {f.moneyExact(total.ownerShare)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">
                {f.moneyExact(total.investorShare)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={10} />
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}
