import type { CarbonResult } from '@ess/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

type Row = CarbonResult['ranking'][number];

/** Stations by net avoided CO2, with the factor each used. */
export function RankingTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table<Row>
      data-testid="carbon-ranking"
      rowKey="stationId"
      size="small"
      pagination={false}
      scroll={{ x: 980 }}
      dataSource={rows}
      columns={[
        { key: 'rank', title: t('carbon.ranking.rank'), width: 60, render: (_, _r, i) => i + 1 },
        {
          key: 'station',
          title: t('carbon.ranking.station'),
          ellipsis: true,
          render: (_, r) => (
            <>
              {r.stationName} {r.partial && <Tag>{t('carbon.toDate')}</Tag>}
            </>
          ),
        },
        {
          key: 'factor',
          title: t('carbon.ranking.factor'),
          render: (_, r) => (r.factor ? `${r.factor.factor} (${r.factor.regionName})` : '-'),
        },
        { key: 'pv', title: t('carbon.ranking.pv'), align: 'right', render: (_, r) => f.energy(r.pvKwh) },
        { key: 'avoided', title: t('carbon.ranking.avoided'), align: 'right', render: (_, r) => f.weight(r.avoidedKg) },
        { key: 'storage', title: t('carbon.ranking.storage'), align: 'right', render: (_, r) => f.weight(r.storageKg) },
        { key: 'aux', title: t('carbon.ranking.aux'), align: 'right', render: (_, r) => f.energy(r.auxKwh) },
        {
          key: 'auxShare',
          title: t('carbon.ranking.auxShare'),
          align: 'right',
          render: (_, r) => (r.auxSharePct === null ? '-' : `${f.number(r.auxSharePct, 2)} %`),
        },
        {
          key: 'net',
          title: t('carbon.ranking.net'),
          align: 'right',
          render: (_, r) => <span data-testid={`carbon-net-${r.stationId}`}>{f.weight(r.netKg)}</span>,
        },
      ]}
    />
  );
}
