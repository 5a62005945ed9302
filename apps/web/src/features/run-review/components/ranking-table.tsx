import type { ReviewCode, ReviewRankingRow } from '@ess/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

/** Stations in scope by weighted total, with the page's own indicator scores beside it. */
export function RankingTable({ rows, focus }: { rows: ReviewRankingRow[]; focus: ReviewCode[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const scoreOf = (r: ReviewRankingRow, code: ReviewCode) => r.indicators.find((i) => i.code === code)?.score ?? null;
  return (
    <Table<ReviewRankingRow>
      data-testid="review-ranking"
      rowKey="stationId"
      size="small"
      pagination={false}
      scroll={{ x: 700 }}
      dataSource={rows}
      columns={[
        { key: 'rank', title: t('runReview.ranking.rank'), width: 60, render: (_, _r, i) => i + 1 },
        {
          key: 'station',
          title: t('runReview.ranking.station'),
          ellipsis: true,
          render: (_, r) => (
            <>
              {r.stationName} {r.partial && <Tag>{t('runReview.ranking.partial')}</Tag>}
            </>
          ),
        },
        {
          key: 'total',
          title: t('runReview.total'),
          align: 'right',
          render: (_, r) => f.number(r.total, 1),
        },
        ...focus.map((code) => ({
          key: code,
          title: t(`runReview.code.${code}`),
          align: 'right' as const,
          render: (_: unknown, r: ReviewRankingRow) => f.number(scoreOf(r, code), 1),
        })),
      ]}
    />
  );
}
