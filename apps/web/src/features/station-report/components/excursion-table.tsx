import { deviationPct, type Excursion, type Limits } from '@ess/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { signedDifference } from '@/lib/format/signed-difference';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { useStationTime } from '@/lib/station/station-time';
import { useSpanText } from '../hooks/use-span-text';

export type ExcursionRow = Excursion & { key: string; phase: string; unit: string; decimals: number; limits: Limits };

/** Every stretch outside the limits in the range, newest first; start times on the station's clock. */
export function ExcursionTable({ rows }: { rows: ExcursionRow[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const lang = useLang();
  const clock = useStationTime();
  const span = useSpanText();
  return (
    <Table<ExcursionRow>
      data-testid="pq-excursions"
      size="small"
      rowKey="key"
      dataSource={[...rows].sort((a, b) => b.start - a.start)}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('powerQuality.noExcursions') }}
      columns={[
        { key: 'phase', title: t('powerQuality.col.phase'), dataIndex: 'phase' },
        {
          key: 'side',
          title: t('powerQuality.col.side'),
          render: (_: unknown, r) => (
            <Tag color={r.side === 'high' ? 'red' : 'blue'}>{t(`powerQuality.side.${r.side}`)}</Tag>
          ),
        },
        {
          key: 'start',
          title: clock.withZone(t('powerQuality.col.start')),
          render: (_: unknown, r) => clock.dateTime(r.start),
        },
        { key: 'duration', title: t('powerQuality.col.duration'), render: (_: unknown, r) => span(r.end - r.start) },
        {
          key: 'extreme',
          title: t('powerQuality.col.extreme'),
          align: 'right',
          render: (_: unknown, r) => fmt.value(r.extreme, r.unit, r.decimals),
        },
        {
          key: 'deviation',
          title: t('powerQuality.col.deviation'),
          align: 'right',
          render: (_: unknown, r) => {
            const d = deviationPct(r.extreme, r.limits);
            return signedDifference(d, lang, 2, '%').text;
          },
        },
      ]}
    />
  );
}
