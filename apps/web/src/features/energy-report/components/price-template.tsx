import { TOU_PERIODS, type TouPeriod, type TouTemplateInfo } from '@ess/contract';
import { Alert, Card, Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import styles from './energy-report.module.css';
import { PERIOD_COLORS } from './period-colors';

const minutes = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

type PriceRow = { period: TouPeriod; hours: string; price: number };

/** The price template the revenue was computed with: its cut of the day as a timeline and the price of each period. */
export function PriceTemplateCard({ template }: { template: TouTemplateInfo | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!template) {
    return (
      <Card title={t('energyReport.template.title')} className={styles.card} data-testid="price-template">
        <Alert type="warning" showIcon message={t('energyReport.earnings.noTemplate')} />
      </Card>
    );
  }
  const segments = [...template.segments].sort((a, b) => minutes(a.start) - minutes(b.start));
  const rows: PriceRow[] = TOU_PERIODS.filter((p) => segments.some((s) => s.period === p)).map((p) => ({
    period: p,
    hours: segments
      .filter((s) => s.period === p)
      .map((s) => `${s.start}–${s.end}`)
      .join(', '),
    price: template.prices[p],
  }));
  const validity =
    template.validFrom && template.validTo
      ? t('energyReport.template.range', { from: template.validFrom, to: template.validTo })
      : template.validFrom
        ? t('energyReport.template.openEnd', { from: template.validFrom })
        : template.validTo
          ? t('energyReport.template.openStart', { to: template.validTo })
          : t('energyReport.template.always');
  return (
    <Card title={t('energyReport.template.title')} className={styles.card} data-testid="price-template">
      {/* One item a row: three to a row in this narrow card broke "Always" into "Alway / s". */}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('energyReport.template.name')}>{template.name}</Descriptions.Item>
        <Descriptions.Item label={t('energyReport.template.code')}>{template.code}</Descriptions.Item>
        <Descriptions.Item label={t('energyReport.template.validity')}>{validity}</Descriptions.Item>
      </Descriptions>
      <div className={styles.tileLabel}>{t('energyReport.template.timeline')}</div>
      <div className={styles.timeline} data-testid="price-timeline">
        {segments.map((s) => (
          <div
            key={s.start}
            className={styles.segment}
            style={{
              width: `${((minutes(s.end) - minutes(s.start)) / 1440) * 100}%`,
              background: PERIOD_COLORS[s.period],
            }}
            title={`${t(`energyReport.period.${s.period}`)} ${s.start}–${s.end}`}
          >
            {t(`energyReport.period.${s.period}`)}
          </div>
        ))}
      </div>
      <div className={styles.hours}>
        {[0, 6, 12, 18, 24].map((h) => (
          <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
            {`${String(h).padStart(2, '0')}:00`}
          </span>
        ))}
      </div>
      <Table<PriceRow>
        size="small"
        rowKey="period"
        pagination={false}
        dataSource={rows}
        style={{ marginTop: 12 }}
        columns={[
          {
            title: t('energyReport.template.hours'),
            dataIndex: 'period',
            render: (p: TouPeriod, r) => (
              <span>
                <span className={styles.legendDot} style={{ background: PERIOD_COLORS[p] }} />
                {t(`energyReport.period.${p}`)} <span className={styles.muted}>{r.hours}</span>
              </span>
            ),
          },
          {
            title: t('energyReport.earnings.price'),
            dataIndex: 'price',
            className: styles.num,
            render: (v: number) => t('energyReport.template.perKwh', { price: f.money(v) }),
          },
        ]}
      />
    </Card>
  );
}
