import { type StatementPeriod, TOU_PERIOD_NAMES } from '@ess/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { palette } from '@/lib/theme/palette';

/** A station's month per TOU period and price: a template change gives a period a line per price. */
export function PeriodLines({ lines, testId }: { lines: StatementPeriod[]; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  return (
    <Table<StatementPeriod>
      data-testid={testId}
      size="small"
      pagination={false}
      rowKey={(l) => `${l.period}-${l.price}`}
      dataSource={lines}
      columns={[
        {
          key: 'period',
          title: t('statement.periods.period'),
          render: (_, l) => <Tag color={palette.touPeriod[l.period]}>{TOU_PERIOD_NAMES[l.period][lang]}</Tag>,
        },
        {
          key: 'price',
          title: t('statement.periods.price'),
          align: 'right',
          render: (_, l) => (l.price === null ? t('statement.periods.unpriced') : f.number(l.price, 4)),
        },
        { key: 'charge', title: t('statement.table.charge'), align: 'right', render: (_, l) => f.energy(l.chargeKwh) },
        {
          key: 'discharge',
          title: t('statement.table.discharge'),
          align: 'right',
          render: (_, l) => f.energy(l.dischargeKwh),
        },
        {
          key: 'revenue',
          title: t('statement.periods.revenue'),
          align: 'right',
          render: (_, l) => (l.price === null ? '-' : f.moneyExact((l.dischargeKwh - l.chargeKwh) * l.price)),
        },
      ]}
    />
  );
}
