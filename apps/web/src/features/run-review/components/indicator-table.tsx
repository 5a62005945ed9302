import type { ReviewCode, ReviewIndicator } from '@ess/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

/** The nine indicators, the page's own first, each with its value, score, weight and formula. */
export function IndicatorTable({ indicators, focus }: { indicators: ReviewIndicator[]; focus: ReviewCode[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows = [...indicators].sort((a, b) => Number(focus.includes(b.code)) - Number(focus.includes(a.code)));
  return (
    <Table<ReviewIndicator>
      data-testid="review-indicators"
      rowKey="code"
      size="small"
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={rows}
      columns={[
        {
          key: 'code',
          title: t('runReview.columns.indicator'),
          width: 200,
          render: (_, r) =>
            focus.includes(r.code) ? <strong>{t(`runReview.code.${r.code}`)}</strong> : t(`runReview.code.${r.code}`),
        },
        {
          key: 'value',
          title: t('runReview.columns.value'),
          align: 'right',
          width: 120,
          render: (_, r) => (r.value === null ? '-' : `${f.number(r.value, 2)} ${r.unit}`),
        },
        {
          key: 'score',
          title: t('runReview.columns.score'),
          align: 'right',
          width: 100,
          render: (_, r) =>
            r.score === null ? (
              <Tag>{t('runReview.noScore')}</Tag>
            ) : (
              <span data-testid={`score-${r.code}`}>{f.number(r.score, 1)}</span>
            ),
        },
        {
          key: 'weight',
          title: t('runReview.columns.weight'),
          align: 'right',
          width: 90,
          render: (_, r) => `${f.number(r.weight * 100, 1)} %`,
        },
        { key: 'formula', title: t('runReview.columns.formula'), render: (_, r) => t(`runReview.formula.${r.code}`) },
      ]}
    />
  );
}
