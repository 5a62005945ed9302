import type { ReviewDay } from '@ess/contract';
import { Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

/** The days behind the scores: energies, demonstrated power, whole or not, outage hours. */
export function DayTable({ days }: { days: ReviewDay[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table<ReviewDay>
      data-testid="review-days"
      rowKey="date"
      size="small"
      pagination={{ pageSize: 10, showSizeChanger: false }}
      scroll={{ x: 900 }}
      dataSource={days}
      columns={[
        { key: 'date', title: t('runReview.days.date'), dataIndex: 'date', width: 120 },
        { key: 'charge', title: t('runReview.days.charge'), align: 'right', render: (_, d) => f.energy(d.chargeKwh) },
        {
          key: 'discharge',
          title: t('runReview.days.discharge'),
          align: 'right',
          render: (_, d) => f.energy(d.dischargeKwh),
        },
        { key: 'aux', title: t('runReview.days.aux'), align: 'right', render: (_, d) => f.energy(d.auxKwh) },
        {
          key: 'maxCharge',
          title: t('runReview.days.maxCharge'),
          align: 'right',
          render: (_, d) => f.value(d.maxChargeKw, 'kW'),
        },
        {
          key: 'maxDischarge',
          title: t('runReview.days.maxDischarge'),
          align: 'right',
          render: (_, d) => f.value(d.maxDischargeKw, 'kW'),
        },
        {
          key: 'whole',
          title: t('runReview.days.whole'),
          render: (_, d) => (d.whole ? t('runReview.days.yes') : t('runReview.days.no')),
        },
        {
          key: 'soc',
          title: t('runReview.days.soc'),
          align: 'right',
          render: (_, d) =>
            d.socStart === null || d.socEnd === null ? '-' : `${f.number(d.socStart)} → ${f.number(d.socEnd)} %`,
        },
        {
          key: 'lost',
          title: t('runReview.days.lost'),
          align: 'right',
          render: (_, d) =>
            d.lostHours === 0 ? (
              f.number(0, 2)
            ) : (
              <Tooltip
                title={t('runReview.days.lostBy', {
                  offline: f.number(d.lostBy.offline, 2),
                  alarm: f.number(d.lostBy.alarm, 2),
                  workOrder: f.number(d.lostBy.workOrder, 2),
                })}
              >
                <span data-testid={`review-lost-${d.date}`}>{f.number(d.lostHours, 2)}</span>
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
