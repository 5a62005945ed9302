import { BACKTEST_MAX_DAYS, type LoadBacktest } from '@ess/contract';
import { Alert, Card, Empty, InputNumber, Skeleton, Space, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { useBacktest } from '../api/strategy-calls';
import { backtestChartOption } from './backtest-chart-option';

const DEFAULT_DAYS = 30;

/** MAPE of the load forecast over the last days (each forecast from the data before it). */
export function BacktestCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [days, setDays] = useState(DEFAULT_DAYS);
  const backtest = useBacktest(stationId, days);
  const data = backtest.data;
  return (
    <Card
      title={t('strategy.backtest.title')}
      extra={
        <Space>
          <Typography.Text>{t('strategy.backtest.days')}</Typography.Text>
          <InputNumber
            aria-label={t('strategy.backtest.days')}
            data-testid="backtest-days"
            min={1}
            max={BACKTEST_MAX_DAYS}
            precision={0}
            value={days}
            onChange={(v) => {
              if (typeof v === 'number' && v >= 1 && v <= BACKTEST_MAX_DAYS) setDays(v);
            }}
          />
        </Space>
      }
      data-testid="strategy-backtest"
    >
      {backtest.isError ? (
        <Alert type="error" showIcon title={backtest.error.message || t('strategy.loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Statistic
            title={t('strategy.backtest.mape')}
            value={data.mape === null ? '-' : `${f.number(data.mape)} %`}
            data-testid="backtest-mape"
          />
          <Typography.Text type="secondary">
            {t('strategy.backtest.floor', { kw: f.number(data.floorKw) })}
          </Typography.Text>
          {data.days.every((d) => d.mape === null) ? (
            <Empty description={t('strategy.backtest.empty')} />
          ) : (
            <BacktestChart data={data} />
          )}
        </Space>
      )}
    </Card>
  );
}

function BacktestChart({ data }: { data: LoadBacktest }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => backtestChartOption(data, { dayMape: t('strategy.backtest.dayMape'), overall: 'MAPE' }),
    [data, t],
  );
  return <EChart option={option} height={240} notMerge />;
}
